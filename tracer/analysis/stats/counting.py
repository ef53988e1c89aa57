"""Statistics counted by the search itself (``gametrace run --record counters``), and the
minimal tree a perfectly ordered alpha-beta would visit (Knuth & Moore 1975), per ply.

Counting runs the fast tier's counting loops (search/fast/, ``minimax_counters`` and
``alpha_beta_counters``): no event is made, each ply's inner nodes and leaves and each
cut's rank are counted in place.  They exist for two-function minimax and fail-soft and
fail-hard alpha-beta in the ``natural`` or ``reverse`` order; any other search is refused
here (record it in full and read the trace instead).

The minimal tree is found by searching the same tree again with the ``best`` ordering
(each node's children best first, from their minimax values) and counting that search's
events into a :class:`~.reading.Tally`: the number of nodes a perfectly ordered
alpha-beta visits at each ply, for any tree, not only uniform ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import LimitExceeded, UsageError
from ...header import Header
from ...limits import NO_LIMITS, Limits
from ...said import Said, said
from ...search import run_search
from ...search.fast.tally import CountingRecorder
from ...sources import resolve, resolve_content
from ...spec import SearchSpec
from ...trace import Result
from ...trees import Tree
from .classes import of_game
from .reading import Tally, make_stats
from .rebuilding import rebuilt_game
from .table import SearchStats

__all__ = ["COUNTED", "count_search", "count_source", "fails_high", "minimal_tree",
           "tally_search"]

def fails_high(*, cutoff: bool) -> bool:
    """Whether a search of a node counts as a fail-high, the one definition the
    statistics of an engine's trace use: a child's value ended the node's loop (the search
    said so with a ``cutoff``), whatever that child's rank, the node's last child
    included, as engines count it.  A version-1 trace has a ``cut`` event only for a node
    that left children unsearched, so its statistics count those nodes, and a fail-high
    by the last child is not among them."""
    return cutoff


COUNTED = ("minimax (two-function)", "alphabeta fail-soft", "alphabeta fail-hard")
"""The searches ``--record counters`` counts, in the natural or reverse order."""


def count_search(game: Any, state: Any, *, spec: SearchSpec, name: str,
                 source: dict[str, Any] | None = None) -> tuple[SearchStats, Result]:
    """Search ``state`` as ``spec`` says, counting instead of recording."""
    variant = spec.shown_variant
    fast = ((spec.algorithm == "minimax" and variant == "two-function")
            or (spec.algorithm == "alphabeta" and variant in ("fail-soft", "fail-hard")))
    if not fast or spec.order not in ("natural", "reverse"):
        raise UsageError(said("--record counters counts {counted} in the natural or reverse "
                              "order, not {algorithm} {variant} in the {order} order: record "
                              "it in full (--record full) and run gametrace stats on the trace",
                              counted=", ".join(COUNTED), algorithm=spec.algorithm,
                              variant=variant, order=spec.order))
    recorder = CountingRecorder()
    result = run_search(game, state, spec=spec, recorder=recorder, source=source)
    tally = recorder.tally
    assert tally.counted, "the search did not take its counting loop"
    inner, leaves = tally.trimmed(result.stats.max_depth)
    header = Header(spec.algorithm, variant, "", source={"name": name})
    return make_stats(header, inner, leaves, tally.cut_ranks(), recorded="counters"), result


def count_source(source: str, *, spec: SearchSpec, params: Mapping[str, str] | None = None
                 ) -> tuple[SearchStats, Result]:
    """:func:`count_search` on what ``source`` names (a tree file, an example, a game)."""
    resolved = resolve(source, root_player=spec.root_player, params=params)
    game, state, block = resolved.game()
    return count_search(game, state, spec=spec, name=resolved.name, source=block)


def tally_search(source: Tree | str, *, spec: SearchSpec,
                 params: Mapping[str, str] | None = None, by_class: bool = False
                 ) -> tuple[SearchStats, Header]:
    """Search what ``source`` names (a tree already read, or a built-in example or game:
    never a file) as ``spec`` says, every event counted into a :class:`Tally` and none
    kept (``POST /v1/stats``); ``by_class``: by move class too.  A search that a budget
    stopped is refused: the statistics of part of a search would pass for the whole."""
    made = resolve_content(source, root_player=spec.root_player, params=params)
    game, state, block = made.game()
    tally = Tally(file="search", classes=of_game(game, state) if by_class else None)
    result = run_search(game, state, spec=spec, recorder=tally, source=block)
    _complete(result, said("the search"))
    assert tally.header is not None
    return tally.stats(), tally.header


def _complete(result: Result, what: Said) -> None:
    if not result.complete:
        raise LimitExceeded(said("{what} stopped at its {budget} budget before the end: "
                                 "statistics of part of a search would pass for the whole "
                                 "(search less deep, or give it a larger budget)",
                                 what=what, budget=result.stopped))


def _same_evaluation(header: Header, *, file: str) -> tuple[Any, Any, dict[str, Any]]:
    """The game a trace's header names, made again for the minimal tree, when its
    evaluation is the one the trace's search used: a header that names an evaluation the
    game does not have (an engine's own), or none where the game has one, is refused, as
    the tool's evaluation would give another tree."""
    named = (header.source.get("params") or {}).get("eval") \
        if header.source.get("kind") == "game" else None
    try:
        game, state, block = rebuilt_game(header, file=file, purpose=said("the minimal tree"))
    except UsageError as exc:
        if named is None:
            raise
        raise UsageError(said("{file}: the minimal tree searches the game again with the "
                              "tool's evaluation, and the trace's evaluation {eval!r} is not "
                              "the game's: {reason}", file=file, eval=str(named),
                              reason=exc.said)) from None
    if named is None and "eval" in (block.get("params") or {}):
        raise UsageError(said("{file}: the minimal tree searches the game again with an "
                              "evaluation, and the trace's header names none "
                              "(header.source.params.eval): the tool's default would pass "
                              "for the search's own", file=file))
    return game, state, block


def minimal_tree(header: Header, *, file: str, limits: Limits = NO_LIMITS) -> list[int]:
    """Nodes per ply that a perfectly ordered alpha-beta visits on the tree or built-in
    game a trace's header names, to the same depth limit and with the same cut test,
    within ``limits`` (a search they stop is a :class:`LimitExceeded`)."""
    if header.algorithm == "expectiminimax":
        raise UsageError(said("{file}: the minimal tree is alpha-beta's: not for "
                              "expectiminimax", file=file))
    game, state, block = _same_evaluation(header, file=file)
    options = header.options
    depth = options.get("depth")
    cut_on = options.get("cut_on") or "ge"
    tally = Tally(file=file)
    result = run_search(game, state, algorithm="alphabeta", variant="fail-soft",
                        order="best", depth=depth if isinstance(depth, int) else None,
                        cut_on=cut_on if cut_on in ("ge", "gt") else "ge", recorder=tally,
                        source=block, limits=limits)
    _complete(result, said("the minimal tree's search"))
    return [d.nodes for d in tally.stats().depths]
