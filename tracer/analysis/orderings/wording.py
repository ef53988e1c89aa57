"""The words of a comparison's titles, one table per language, in the form of the
checker's (:mod:`tracer.analysis.check.wording`): a key, and an English and an Italian
template with the same ``{fields}``.  Analysis jobs do not import one another, so the
orderings keep this small table of their own.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LANGS", "Words"]

LANGS = ("en", "it")
"""The languages a comparison's titles are written in (those of the checker)."""


@dataclass(frozen=True)
class Words:
    """A comparison's words in one language: ``w("compare.on", search=..., where=...)``."""

    lang: str = "en"

    def __call__(self, key: str, **fmt: object) -> str:
        return _TABLES[self.lang][key].format(**fmt)


EN = {
    "compare.depth": "{name}, depth {depth}",
    "compare.on": "{search} on {where}",
    "compare.techniques": "techniques on {where}",
    "compare.alphabeta": "alpha-beta on {where}",
}

IT = {
    "compare.depth": "{name}, profondità {depth}",
    "compare.on": "{search} su {where}",
    "compare.techniques": "tecniche su {where}",
    "compare.alphabeta": "alfa-beta su {where}",
}

_TABLES = {"en": EN, "it": IT}
