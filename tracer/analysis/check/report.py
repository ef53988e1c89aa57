"""Compare an answer with the expected trace, item by item, and score it.

Every item the answer gives is judged on its own: right, or wrong with what was
expected and what was given, and a score between 0 and 1 (lists earn partial
credit).  A wrong item carries the reason in terms of the expected trace ("at C,
after leaf H = 2: beta = 2 <= alpha = 3, so C's remaining children (I = 4, J = 6) are
pruned; you evaluated them") and the event that decides it, so the first mistake is
the wrong item whose deciding event comes first.  The sentences come from
:class:`~tracer.analysis.check.explain.Explainer`; the items are compared in
:mod:`~tracer.analysis.check.items` (A* items in :mod:`~tracer.analysis.check.astar_items`), and
this module scores the whole answer and finds the trace it is checked against.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...display import HTML, shown
from ...errors import InputError, LimitExceeded, UsageError
from ...limits import NO_LIMITS, Limits
from ...said import said
from ...trace import Trace
from ...windows import WINDOW_DEFAULT
from .diagnose import Finding, diagnose
from .explain import Explainer
from .items import compare
from .solution import Conventions, Solution, extract_solution
from .verdict import Item
from .wording import Words

__all__ = ["CHECKED_ALGORITHMS", "Report", "answer_conventions", "astar_trace", "check_solution",
           "describe_conventions", "expected_trace", "recorded_source", "require_items"]


CHECKED_ALGORITHMS = ("minimax", "alphabeta", "astar")
"""The searches an answer can be checked against (``gametrace check -a``)."""


@dataclass
class Report:
    """The verdict on a whole answer."""

    title: str
    """What the answer was checked against."""
    conventions: Conventions
    items: list[Item]
    diagnosis: list[Finding] = field(default_factory=list)
    lang: str = "en"
    """The language of the reasons, the diagnosis and :meth:`to_text` (``en``, ``it``)."""

    @property
    def correct(self) -> bool:
        return all(i.right for i in self.items)

    @property
    def score(self) -> float:
        return sum(i.score for i in self.items)

    @property
    def mistakes(self) -> list[Item]:
        """The wrong items, in the order of the events that decide them."""
        wrong = [(i.seq if i.seq is not None else 1 << 60, n, i)
                 for n, i in enumerate(self.items) if not i.right]
        return [i for _, _, i in sorted(wrong)]

    @property
    def first(self) -> Item | None:
        mistakes = self.mistakes
        return mistakes[0] if mistakes else None

    def _repr_html_(self) -> str | None:
        """Jupyter shows the verdict and a table of the items, as the notebook layer
        registers it with :mod:`tracer.display` (the table: :mod:`.report_html`)."""
        return shown(self, HTML)

    def to_text(self, *, solution: str | None = None) -> str:
        """The readable verdict ``gametrace check`` prints: one line per item, the score,
        the first mistake explained in terms of the search, the diagnosis; ``solution``
        names the answer in the first line (``the answer`` by default)."""
        return _report_text(self, solution or Words(self.lang)("check.report.answer"))

    def to_json(self) -> dict[str, Any]:
        first = self.first
        return {
            "correct": self.correct,
            "score": round(self.score, 4),
            "max_score": len(self.items),
            "percent": round(100 * self.score / len(self.items), 1) if self.items else 100.0,
            "checked_against": self.title,
            "conventions": self.conventions.to_json(),
            "items": [i.to_json() for i in self.items],
            "first_mistake": None if first is None else first.to_json(),
            "diagnosis": [f.to_json(lang=self.lang) for f in self.diagnosis],
        }


def check_solution(given: Solution, expected: Trace, *, title: str | None = None,
                   diagnosis: bool = True, lang: str = "en") -> Report:
    """Judge ``given`` against the ``expected`` trace; with ``diagnosis``, name the
    misconceptions behind the mistakes (this searches the tree again a few times).
    ``lang`` (``en``, ``it``) is the language the reasons are written in."""
    header = expected.header
    title = title or Words(lang)("check.title", algorithm=header.algorithm,
                                 variant=header.variant, source=header.source.get("name"))
    window = given.conventions.window or (WINDOW_DEFAULT if given.alphabeta else None)
    report = Report(title, Conventions.from_header(header).merged(window=window),
                    compare(given, extract_solution(expected, leaves=True, window=window),
                            Explainer(expected, lang=lang)), lang=lang)
    if diagnosis and not report.correct:
        report.diagnosis = diagnose(given, report.items, expected)
    return report


def answer_conventions(answer: Solution, *, params: Mapping[str, str] | None = None,
                       recorded: bool = False, **overrides: Any) -> Conventions:
    """The conventions ``answer`` is checked with: ``overrides`` (the command line's
    options, ``None`` for not given) over the answer's own block; the algorithm is
    alphabeta by default, astar when the answer has A* items.  An override (or
    ``params``, a problem's) that the algorithm does not take is refused
    (:data:`tracer.option_rules.OPTION_RULES`), before anything is searched; ``recorded``: the
    answer is checked against a recorded trace, as it was searched, which takes none."""
    from ...option_rules import refuse_inapplicable

    astar_items = any(x is not None for x in (answer.expanded, answer.discarded,
                                               answer.path, answer.cost)) or answer.nodes
    given = [f"--{name.replace('_', '-')}" for name, value in overrides.items()
             if value is not None]
    algorithm = overrides.pop("algorithm", None) or answer.conventions.algorithm \
        or ("astar" if astar_items else "alphabeta")
    refuse_inapplicable("check", [*given, *(["--param"] if params else [])],
                        {"algorithm": "trace" if recorded else algorithm})
    return answer.conventions.merged(algorithm=algorithm, **overrides)


def require_items(answer: Solution, file: str) -> None:
    """An :class:`InputError` when ``answer`` gives nothing to check."""
    if not set(answer.to_json()) - {"exercise", "conventions"}:
        raise InputError(said("the answer gives no items to check (value, move, values, "
                              "evaluated, pruned, alphabeta, ...: see docs/checking.md)"),
                         file=file)


def astar_trace(name: str, conventions: Conventions, params: Mapping[str, str] | None = None,
                limits: Limits = NO_LIMITS, *, files: bool = False,
                lang: str = "en") -> tuple[Trace, str]:
    """The A* trace of problem ``name`` under ``conventions`` (variant, heuristic), and a
    title; a search stopped by ``limits`` is a :class:`LimitExceeded` (an answer is not
    checked against half a search).  With ``files`` (the command line), ``name`` may
    also be a graph file."""
    from ...problems import choose_heuristic, find_problem, make_problem
    from ...record import MemoryRecorder
    from ...search.astar import astar

    c = conventions
    rec = MemoryRecorder()
    problem = (find_problem if files else make_problem)(name, params or {})
    heuristic = choose_heuristic(problem, c.heuristic)
    result = astar(problem, heuristic=heuristic, variant=c.variant or "graph", recorder=rec,
                   limits=limits)
    if not result.complete:
        raise LimitExceeded(said("the A* search of {problem} stopped ({stopped}) before its "
                                 "end: check an answer on a smaller problem", problem=name,
                                 stopped=result.stopped))
    return rec.trace, Words(lang)("astar.title", variant=c.variant or "graph",
                                  heuristic=heuristic, source=name)


def recorded_source(source: str) -> bool:
    """Whether ``source`` (what ``gametrace check`` takes) is a recorded trace, which an
    answer is checked against as it is."""
    import os

    from ...sources import is_trace_file

    return os.path.isfile(source) and is_trace_file(source)


def expected_trace(source: str, conventions: Conventions,
                   params: dict[str, str] | None = None, *,
                   lang: str = "en") -> tuple[Trace, str]:
    """The trace an answer is checked against, and a title for the verdict (in ``lang``).

    ``source`` is a recorded trace (``.jsonl``, or ``.json`` with ``"format":
    "gametree-trace"``), which is used as it is; a tree file or built-in example, searched
    with ``conventions``; or, for ``astar``, a problem name or a graph file with
    ``params``."""
    import os

    from ...record import MemoryRecorder
    from ...sources import is_trace_file, resolve

    c = conventions
    if c.algorithm == "astar" and os.path.isfile(source) and not is_trace_file(source):
        return astar_trace(source, c, params, files=True, lang=lang)  # a graph file
    named = resolve(source, root_player=c.root_player, traces=True) \
        if c.algorithm != "astar" or os.path.isfile(source) else None
    if named is not None and named.kind == "trace":
        trace = named.trace()
        h = trace.header
        return trace, Words(lang)("check.title.trace", source=source, algorithm=h.algorithm,
                                  variant=h.variant)
    if c.algorithm == "astar":
        return astar_trace(source, c, params, lang=lang)
    assert named is not None
    if named.tree is None:
        raise UsageError(said("{source} is a game: check answers against a tree file, an "
                              "example or a recorded trace", source=source))
    from ...search import ALGORITHMS, run_search
    from ...spec import check_options

    algorithm = c.algorithm or "alphabeta"
    check_options(algorithm, c.variant or ALGORITHMS.get(algorithm, ("",))[0],
                  order=c.order or "natural", given={"cut_on": c.cut_on, "seed": c.seed})
    rec = MemoryRecorder()
    game, state, block = named.game()
    run_search(game, state, algorithm=c.algorithm or "alphabeta", variant=c.variant,
               order=c.order or "natural", seed=c.seed, depth=c.depth, cut_on=c.cut_on,
               recorder=rec, source=block)
    h = rec.trace.header
    return rec.trace, Words(lang)("check.title", algorithm=h.algorithm, variant=h.variant,
                                  source=named.name)


# ------------------------------------------------------------------ the verdict as text


def _report_text(report: Report, solution: str) -> str:
    w = Words(report.lang)
    lines = [w("check.report.checking", solution=solution, title=report.title),
             w("check.report.conventions",
               conventions=describe_conventions(report.conventions, lang=report.lang)), ""]
    width = max((len(i.key) for i in report.items), default=4)
    # Both verdict words padded to the longer one, so that the keys line up.
    right, wrong = w("check.report.right"), w("check.report.wrong")
    pad = max(len(right), len(wrong))
    def shown(value: str) -> str:
        """``(none)``, ``(not searched)``, ``(no such node)`` in the report's language (the
        JSON keeps them as they are: the pages read them)."""
        return w(f"check.shown.{value}") if value in _SHOWN else value

    for item in report.items:
        if item.right:
            note = f"  ({item.note})" if item.note else ""
            lines.append(f"  {right:<{pad}}  {item.key:<{width}}  {shown(item.given)}{note}")
        else:
            part = "" if item.score == 0 else w("check.report.partly",
                                                 score=f"{item.score:.2f}")
            said = w("check.report.expected", expected=shown(item.expected),
                     given=shown(item.given), part=part) if item.answered \
                else w("check.report.blank", expected=shown(item.expected))
            lines.append(f"  {wrong:<{pad}}  {item.key:<{width}}  {said}")
    n = len(report.items)
    if not n:
        return "\n".join([*lines, w("check.report.empty")])
    lines += ["", w("check.report.score", score=f"{report.score:.2f}", n=n,
                    percent=f"{100 * report.score / n:.0f}")]
    first = report.first
    if first is None:
        return "\n".join([*lines, w("check.report.all.right")])
    where = w("check.report.at.event", seq=first.seq) if first.seq else ""
    lines += ["", w("check.report.first", item=first.key, where=where),
              *_wrap(first.why or w("check.report.expected.only",
                                    expected=shown(first.expected)))]
    others = [i for i in report.mistakes[1:] if i.why]
    if others:
        lines += ["", w("check.report.others")]
        for item in others:
            lines += _wrap(f"{item.key}: {item.why}", bullet=True)
    if report.diagnosis:
        lines += ["", w("check.report.diagnosis")]
        for finding in report.diagnosis:
            lines += _wrap(finding.describe(lang=report.lang))
    return "\n".join(lines)


_SHOWN = ("(none)", "(not searched)", "(no such node)")
"""What a verdict writes where there is no value (:mod:`.verdict`)."""

_CAPITALISE = ("at ", "the ", "after ", "you", "selection ", "minimax ", "alphabeta ", "it ",
               "no ",
               # the Italian reasons' first words
               "in ", "dopo ", "hai ", "non ", "la ", "l'", "valuta ", "un ", "nessun ",
               "finisce ", "selezione ")


def _wrap(text: str, width: int = 88, *, bullet: bool = False) -> list[str]:
    """A sentence (capitalised unless it starts with a node id), wrapped and indented."""
    if text.startswith(_CAPITALISE):
        text = text[:1].upper() + text[1:]
    text = text if text.endswith(".") else text + "."
    # Keep "J = 6" and "alpha = 3" on one line.
    glued = text.replace(" = ", "\u00a0=\u00a0")
    return [line.replace("\u00a0", " ") for line in
            textwrap.wrap(glued, width, initial_indent="  - " if bullet else "  ",
                          subsequent_indent="    " if bullet else "  ",
                          break_on_hyphens=False, break_long_words=False)]


def describe_conventions(c: Conventions, *, lang: str = "en") -> str:
    """``fail-soft alphabeta, children left to right, cut when alpha >= beta``."""
    w = Words(lang)
    algorithm = c.algorithm or "alphabeta"
    if algorithm == "astar":
        return w("check.conv.astar", variant=c.variant or "graph")
    parts = [w("check.conv.algorithm", variant=c.variant or w("check.conv.default"),
               algorithm=algorithm)]
    order = c.order or "natural"
    parts.append(w(f"check.conv.{order}") if order in ("natural", "reverse")
                 else w("check.conv.order", order=order))
    if algorithm == "alphabeta":
        parts.append(w("check.conv.ge") if (c.cut_on or "ge") == "ge" else w("check.conv.gt"))
    if c.depth is not None:
        parts.append(w("check.conv.depth", depth=c.depth))
    if c.root_player not in (None, "max"):
        parts.append(w("check.conv.first", player=c.root_player.upper()))
    if c.window is not None and algorithm == "alphabeta":
        parts.append(w(f"check.conv.window.{c.window}"))
    return ", ".join(parts)
