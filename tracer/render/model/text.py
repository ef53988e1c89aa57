"""The words and numbers of a drawing, in English and Italian.

The Italian follows the course's vocabulary: *taglio alfa* / *taglio beta*, *potato*
for pruned, *valore*, *passo* for step, MAX / MIN (the notes also say Più / Meno).
Numbers are written the way each language writes them (``2.5`` / ``2,5``,
``1,234`` / ``1.234``), infinities as +∞ / −∞.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...said import plural_form
from .wording import EN as _EN
from .wording import IT as _IT
from .wording import POSITIONS as _POSITIONS
from .wording import VARIANTS_IT as _VARIANTS_IT

__all__ = ["Words", "words"]

Number = float | int

_TABLES = {"en": _EN, "it": _IT}

_ALGORITHMS = {
    "en": {"alphabeta": "alpha-beta", "minimax": "minimax", "astar": "A*", "andor": "AND/OR",
           "enhanced": "alpha-beta", "pns": "proof-number search"},
    "it": {"alphabeta": "alfa-beta", "minimax": "minimax", "astar": "A*", "andor": "AND/OR",
           "enhanced": "alfa-beta", "pns": "ricerca per numeri di prova"},
}


_ACTION = re.compile(r"(fill|empty|pour)(\d+)(?:-(\d+))?")


@dataclass(frozen=True)
class Words:
    """Wording and number spelling for one language and symbol set."""

    lang: str = "en"
    ascii: bool = False

    def __call__(self, key: str, **fmt: object) -> str:
        text = _TABLES[self.lang][key]
        text = text.format(**fmt) if fmt else text
        return text.replace("→", "->").replace("←", "<-") if self.ascii else text

    def n(self, key: str, count: int, **fmt: object) -> str:
        """The words ``key.one`` or ``key.many``, as the language's plural rule picks
        for ``count`` (its catalog's ``Plural-Forms``), with ``{n}`` the count written
        as the language writes it."""
        form = ("one", "many")[min(plural_form(self.lang, count), 1)]
        return self(f"{key}.{form}", n=self.count(count), **fmt)

    # symbols ------------------------------------------------------------------------

    @property
    def alpha(self) -> str:
        return "alpha" if self.ascii else "α"

    @property
    def beta(self) -> str:
        return "beta" if self.ascii else "β"

    @property
    def ge(self) -> str:
        return ">=" if self.ascii else "≥"

    @property
    def le(self) -> str:
        return "<=" if self.ascii else "≤"

    @property
    def dot(self) -> str:
        return "-" if self.ascii else "·"

    # numbers ------------------------------------------------------------------------

    def number(self, x: Number | Fraction) -> str:
        """``3``, ``2.5`` (``2,5`` in Italian), ``+∞`` / ``−∞``; integral floats drop ``.0``.

        An exact :class:`Fraction` (a probability written ``1/3``, a value computed from
        such probabilities) is drawn as a fraction, ``7/3``, unless it is a finite
        decimal (``1/4`` is ``0.25``)."""
        if isinstance(x, Fraction):
            if x.denominator == 1:
                x = int(x)
            elif _finite_decimal(x.denominator):
                x = float(x)
            else:
                text = f"{abs(x.numerator)}/{x.denominator}"
                return text if x > 0 else ("-" if self.ascii else "−") + text
        if isinstance(x, float):
            if math.isinf(x):
                if self.ascii:
                    return "+inf" if x > 0 else "-inf"
                return "+∞" if x > 0 else "−∞"
            if x.is_integer() and abs(x) < 1e15:
                x = int(x)
        if isinstance(x, int):
            text = str(x)
        else:
            text = f"{x:.4g}" if abs(x) >= 1e-3 or x == 0 else f"{x:.3g}"
            if self.lang == "it":
                text = text.replace(".", ",")
        if text.startswith("-") and not self.ascii:
            text = "−" + text[1:]
        return text

    def decimal(self, x: float, places: int) -> str:
        """``x`` with ``places`` decimals: ``0.50`` / ``0,50``."""
        text = f"{x:.{places}f}"
        return text.replace(".", ",") if self.lang == "it" else text

    def count(self, n: int) -> str:
        """A count with thousands separators: ``1,234`` / ``1.234``."""
        text = f"{n:,}"
        return text.replace(",", ".") if self.lang == "it" else text

    def bound(self, relation: str, x: Number | Fraction) -> str:
        """``≥ 3`` (relation ``ge``), ``≤ 2`` (``le``) or the bare number (``eq``)."""
        if relation == "ge":
            return f"{self.ge} {self.number(x)}"
        if relation == "le":
            return f"{self.le} {self.number(x)}"
        return self.number(x)

    def names(self, items: Sequence[str]) -> str:
        """``I``, ``I and J``, ``I, J and K`` (``e`` in Italian)."""
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self('and')} {items[-1]}"

    def to(self, node: str) -> str:
        """``to A`` / ``a B``, ``ad A`` (Italian writes *ad* before a vowel)."""
        vowel = node[:1].lower() in "aeiou" and node[:1] != ""
        return self("to.vowel" if vowel else "to", node=node)

    def variant(self, name: str) -> str:
        """A variant's name: ``fail-soft`` (Italian ``morbida``), ``plain``..."""
        return _VARIANTS_IT.get(name, name) if self.lang == "it" else name

    def action(self, name: str) -> str:
        """A puzzle's action: ``fill1`` -> ``fill 1`` / ``riempi 1``, ``pour1-2`` ->
        ``pour 1→2``; other names as they are."""
        m = _ACTION.fullmatch(name)
        if m is None:
            return name
        kind, jug, into = m.groups()
        return self(f"action.{kind}", jug=jug, into=into or "")

    def position(self, text: str) -> str:
        """A recorded position in the language: the game of 5's ``said 3`` is
        ``scelto 3`` in Italian; boards, piles and positions of other games as they
        are."""
        for pattern, wording in _POSITIONS.get(self.lang, ()):
            found = pattern.fullmatch(text)
            if found:
                return wording.format(**found.groupdict())
        return text

    def algorithm(self, name: str) -> str:
        return _ALGORITHMS[self.lang].get(name, name)

    def player(self, player: str | None) -> str:
        if player == "max":
            return self("MAX")
        if player == "min":
            return self("MIN")
        return self("chance") if player == "chance" else "?"


def words(lang: str = "en", *, ascii: bool = False) -> Words:
    """The :class:`Words` for ``lang`` (``en`` or ``it``)."""
    return Words(lang, ascii)


def _finite_decimal(denominator: int) -> bool:
    """True when 1/denominator has a finite decimal expansion (only 2s and 5s divide it)."""
    for p in (2, 5):
        while denominator % p == 0:
            denominator //= p
    return denominator == 1
