"""What every search shares: its opening (:func:`open_search`), options, child ordering,
node ids, counters, the header.

A :class:`Run` holds the per-search state (game, recorder, counters) so that the
algorithms themselves read as the textbook loops they implement.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from json.encoder import encode_basestring as _json_str
from typing import Any

from ..errors import LimitExceeded, UsageError
from ..events import Backup, Cut, Evaluate, Expand
from ..games.base import Game, Player, check_search_bounds
from ..limits import NO_LIMITS, Limits
from ..lines import line_formatter
from ..record import MemoryRecorder, Recorder, Stopped, StreamRecorder
from ..said import said
from ..spec import SearchSpec
from ..trace import Header, Result, Stats
from .ordering import Child, make_ordering
from .switch import Switch

__all__ = [
    "INF",
    "Stopped",
    "PV",
    "Run",
    "SearchOptions",
    "flatten_pv",
    "no_chance",
    "open_search",
    "path_result",
]

INF = float("inf")


def no_chance(node_id: str) -> UsageError:
    """The error of a two-player search (minimax, alpha-beta) meeting a chance node."""
    return UsageError(said("node {node} is a chance node: minimax and alpha-beta need a game "
                           "without chance (use expectiminimax)", node=node_id))


PV = tuple[str, "PV"] | None
"""A principal variation as a linked list (node id, rest): O(1) to extend at each level."""


def flatten_pv(pv: PV) -> tuple[str, ...]:
    out: list[str] = []
    while pv is not None:
        out.append(pv[0])
        pv = pv[1]
    return tuple(out)


@dataclass(frozen=True)
class SearchOptions:
    """What the node bodies read of a spec (checked when it was made): its defaults
    filled in, as the header records them."""

    order: str = "natural"
    """Child ordering: natural, reverse, random (seeded), best or worst (oracle orderings)."""
    seed: int | None = None
    """Seed of the random ordering; each node shuffles with its own seeded generator."""
    depth: int | None = None
    """Depth limit: nodes at this ply are scored by the static evaluation."""
    cut_on: str = "ge"
    """Cut test: ``ge`` cuts when alpha >= beta, ``gt`` only when alpha > beta."""

    @classmethod
    def of(cls, spec: SearchSpec) -> SearchOptions:
        """The options ``spec`` asks for; the random ordering's seed is 0 unless given."""
        seed = 0 if spec.order == "random" and spec.seed is None else spec.seed
        return cls(order=spec.order, seed=seed, depth=spec.depth,
                   cut_on=spec.cut_on or "ge")

    def to_json(self) -> dict[str, Any]:
        return {"order": self.order, "seed": self.seed, "depth": self.depth,
                "cut_on": self.cut_on}


_FIRST_STEP = 16
"""Nodes visited before the clock is first read (a budget or progress being timed)."""
_MAX_STEP = 1 << 16
_CHECK_SECONDS = 0.02
"""How often a timed search reads the clock: the number of nodes between two readings
grows while they come sooner than this and shrinks in proportion when they come later,
so that a search whose nodes are expensive (wide nodes, long ids) still stops within
a small fraction of a second of its time limit."""


class Run:
    """One search in progress: the game, the recorder, the counters."""

    def __init__(self, game: Game[Any, Any], recorder: Recorder, options: SearchOptions,
                 limits: Limits = NO_LIMITS, *, quoted_ids: bool = False) -> None:
        """``quoted_ids``: the algorithm reports every node only through the typed
        emitters below (``leaf``, ``evaluate``, ``expand``, ``backup``, ``cut``), so
        when the run streams lines its node keys may be ids already spelt as JSON
        strings (see ``quoted``)."""
        self.game = game
        self.limits = limits
        self.visited = 0
        self._started = time.monotonic()
        self._last_report = self._started
        self._last_check = self._started
        timed = limits.time_limit is not None or limits.progress is not None
        # The visit that would go past the budget is the one that stops the search.
        self._node_cap = (limits.max_nodes + 1 if limits.max_nodes is not None
                          else float("inf"))
        self._timed = timed
        self._step = _FIRST_STEP
        """Nodes between two readings of the clock (see ``_CHECK_SECONDS``)."""
        self.next_check: float = min(self._node_cap, _FIRST_STEP if timed else float("inf"))
        self.charged = 0
        """Positions valued off the trace (``charge``)."""
        self.next_charge = self.next_check
        if limits.max_trace_bytes is not None and isinstance(
                recorder, (StreamRecorder, MemoryRecorder)):
            # before the recorder's writers are looked up below: they are replaced
            recorder.limit_bytes(limits.max_trace_bytes)
        self.rec = recorder
        self.on = recorder.enabled
        self.emit = recorder.emit  # type: ignore[method-assign]  # one call less per event
        # A stream recorder takes the hottest events as formatted lines: no objects.
        self.lines = recorder.write_line if isinstance(recorder, StreamRecorder) else None
        self.quoted = (self.lines is not None and quoted_ids
                       and options.order in ("natural", "reverse"))
        """Node keys are ids spelt as JSON strings (``'"a1/b2"'``): each id is escaped
        once, when its node is made, instead of in every line that names it.  Only
        for orderings that do not read ids (random seeds by id, the oracles memoise)."""
        self._quoted_names = _QuotedNames()
        self.opts = options
        self.depth_limit = options.depth
        self.depth_cap = options.depth if options.depth is not None else 1 << 62
        """Nodes at this ply are leaves (a huge number when there is no depth limit)."""
        self.named = game.capabilities.named_nodes
        # Without events or id-based orderings, children are keyed by their action and
        # ids are computed for the principal variation only: no string per node.
        self.ids = self.on or options.order in ("random", "best", "worst")
        self.bare = not self.ids
        """No events and an ordering that reads no ids: minimax and alpha-beta may run
        their fast loops (search/fast/loops.py), keyed by actions."""
        self._reverse = options.order == "reverse"
        self.root_state: Any = None
        self.root_key: Any = None
        """The key the search passes for the root: its id, or its id quoted."""
        # the event numbers and the counters of the result, all from 0
        self.seq = self.expanded = self.evaluated = self.cuts = self.pruned = 0
        self.max_depth = 0
        self.max_list_length: int | None = None
        self._order = make_ordering(self)
        if isinstance(recorder, Switch):  # a capture turns the events on and off itself
            recorder.attach(self)

    # The line formatters of the general emitters, compiled on first use: the streamed
    # loops (search/fast/) and unrecorded searches never need them.
    _fmt_expand: Callable[..., str]
    _fmt_expand_ab: Callable[..., str]
    _fmt_evaluate: Callable[..., str]
    _fmt_backup: Callable[..., str]
    _fmt_backup_ab: Callable[..., str]
    _fmt_cut: Callable[..., str]

    def __getattr__(self, name: str) -> Any:
        """Called only for attributes not set yet: the formatters, on first use."""
        if not name.startswith("_fmt_"):
            raise AttributeError(name)
        self._formatters()
        return self.__dict__[name]

    def _formatters(self) -> None:
        label = () if self.named else ("label",)
        q = self.quoted
        self._fmt_expand = line_formatter(Expand, ("value", *label), quoted_ids=q)
        self._fmt_expand_ab = line_formatter(Expand, ("value", "alpha", "beta", *label),
                                             quoted_ids=q)
        self._fmt_evaluate = line_formatter(Evaluate, label, quoted_ids=q)
        self._fmt_backup = line_formatter(Backup, quoted_ids=q)
        self._fmt_backup_ab = line_formatter(Backup, ("alpha", "beta"), quoted_ids=q)
        self._fmt_cut = line_formatter(Cut, quoted_ids=q)

    # ids and children -------------------------------------------------------------

    def root_id(self, state: Any) -> str:
        """The root's node id; also sets ``root_key``, the key to search it with."""
        self.root_state = state
        root = str(self.game.node_id(state)) if self.named else "root"
        self.root_key = _json_str(root) if self.quoted else root
        return root

    def plain_id(self, key: Any) -> str:
        """The node id of a node key (for messages)."""
        return str(json.loads(key)) if self.quoted else str(key)

    def name(self, state: Any, key: Any) -> str:
        """A node's id for messages, also where the search keys nodes by their action."""
        if self.named:
            return str(self.game.node_id(state))
        return self.plain_id(key) if self.ids else self.game.describe(state)

    def child_id(self, parent_id: str, state: Any, action: Any, child: Any) -> str:
        if self.named:
            return str(self.game.node_id(child))
        name = self.game.move_name(state, action)
        return name if parent_id == "root" else f"{parent_id}/{name}"

    def children(self, state: Any, node_id: Any, player: Player, ply: int) -> list[Child]:
        """The children of ``state`` in the order the search will visit them, each with
        its key: the node id, or the action when ids are not needed (see ``ids``)."""
        game = self.game
        if not self.ids:
            result = game.result
            acts = game.actions(state)
            if self._reverse:
                acts = acts[::-1]
            return [(result(state, a), a) for a in acts]
        if self.quoted:
            if self.named:
                kids = [(c, _json_str(str(game.node_id(c))))
                        for c in [game.result(state, a) for a in game.actions(state)]]
            else:  # the quoted path of a child is its parent's, a "/" and its move
                prefix = '"' if node_id == self.root_key else node_id[:-1] + "/"
                names = self._quoted_names
                kids = [(game.result(state, a), prefix + names[game.move_name(state, a)])
                        for a in game.actions(state)]
        elif self.named:
            kids = [(c, game.node_id(c))
                    for c in [game.result(state, a) for a in game.actions(state)]]
        else:
            prefix = "" if node_id == "root" else node_id + "/"
            kids = [(game.result(state, a), prefix + game.move_name(state, a))
                    for a in game.actions(state)]
        return self._order(kids, node_id, player, ply)

    def is_leaf(self, state: Any, ply: int) -> bool:
        return self.game.is_terminal(state) or ply >= self.depth_cap

    def leaf(self, state: Any, node_id: Any, parent: Any, ply: int, *,
             negamax: bool = False) -> float | None:
        """If ``state`` is a leaf (terminal, or at the depth limit), score, count and
        report it and return its value (MAX's view); otherwise return None."""
        game = self.game
        if game.is_terminal(state):
            value, reason = game.utility(state), "terminal"
        elif ply >= self.depth_cap:
            value, reason = game.evaluate(state), "depth-limit"
        else:
            return None
        self._scored(state, node_id, parent, ply, value, reason, negamax)
        return value

    def scored(self, ply: int) -> None:
        """Count a leaf: the budget, the leaves evaluated, the deepest ply."""
        self._visit(ply)
        self.evaluated += 1

    def _visit(self, ply: int) -> None:
        """Count a node visited against the budgets (which may stop the search here,
        before it is counted as a leaf or an expansion), and the deepest ply."""
        self.visited += 1
        if self.visited >= self.next_check:
            self.check_limits()
        if ply > self.max_depth:
            self.max_depth = ply

    def _scored(self, state: Any, node_id: Any, parent: Any, ply: int, value: float,
                reason: str, negamax: bool) -> None:
        self.scored(ply)
        if self.on:
            player = self.game.to_move(state)
            self.seq += 1
            if self.lines is not None and not negamax:
                args = (self.seq, node_id, parent, ply, player, value, reason)
                self.lines(self._fmt_evaluate(*args) if self.named else
                           self._fmt_evaluate(*args, self.game.describe(state)))
                return
            self.emit(Evaluate(
                self.seq, node_id, parent, ply, player.value, value, reason,
                score=player.sign * value if negamax else None,
                label=None if self.named else self.game.describe(state)))

    def leaf_value(self, state: Any, ply: int) -> tuple[float, str]:
        """The value of a leaf and why: ``terminal`` or ``depth-limit``."""
        game = self.game
        if game.is_terminal(state):
            return game.utility(state), "terminal"
        return game.evaluate(state), "depth-limit"

    def evaluate(self, state: Any, node_id: Any, parent: Any, ply: int, *,
                 negamax: bool = False) -> float:
        """Score a node that has no successors though the game is not over (the
        lectures treat it as deep enough): its static evaluation."""
        value, reason = self.leaf_value(state, ply)
        self._scored(state, node_id, parent, ply, value, reason, negamax)
        return value

    def check_limits(self) -> None:
        """Called when ``visited`` reaches ``next_check``: at the node budget, and every
        ``_step`` nodes while a time budget or progress is timed: stop or report."""
        if self.visited >= self._node_cap:
            raise Stopped("max-nodes")
        if self._timed:
            self._clock()
            self.next_check = min(self._node_cap, self.visited + self._step)

    def charge(self, positions: int = 1) -> None:
        """Count positions valued or kept off the trace (the exact values the ``best``
        and ``worst`` orderings sort by, the children proof-number search keeps): such
        work is bounded as visits are, by the node budget (on its own count) and the
        clock."""
        self.charged += positions
        if self.charged >= self.next_charge:
            if self.charged >= self._node_cap:
                raise Stopped("max-nodes")
            self._clock()
            self.next_charge = min(self._node_cap, self.charged + self._step)

    def _clock(self) -> None:
        """Read the clock: stop at the time limit, report progress, and set the stride
        to the next reading from how long this one took to come."""
        now = time.monotonic()
        limits = self.limits
        if limits.time_limit is not None and now - self._started >= limits.time_limit:
            raise Stopped("time-limit")
        if limits.progress is not None and now - self._last_report >= 0.5:
            self._last_report = now
            limits.progress(self.visited, now - self._started)
        took, self._last_check = now - self._last_check, now
        if took > _CHECK_SECONDS:  # expensive nodes: read the clock sooner
            self._step = max(1, int(self._step * _CHECK_SECONDS / took))
        elif took < _CHECK_SECONDS / 2:
            self._step = min(self._step * 2, _MAX_STEP)

    def opened(self, ply: int) -> None:
        """Count an inner node: the budget, the nodes expanded, the deepest ply."""
        self._visit(ply)
        self.expanded += 1

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def emit(self, event: Any) -> None:
        self.rec.emit(event)

    # The events of the hottest loops (minimax, alpha-beta), written as lines when the
    # recorder streams to a file and built as objects otherwise; same bytes either way.

    def expand(self, node: Any, parent: Any, depth: int, player: Player, state: Any,
               children: list[Child], value: float, alpha: float | None = None,
               beta: float | None = None) -> None:
        self.seq += 1
        ids = [c for _, c in children]
        label = None if self.named else self.game.describe(state)
        if self.lines is not None:
            window = () if alpha is None else (alpha, beta)
            fmt = self._fmt_expand if alpha is None else self._fmt_expand_ab
            args = (self.seq, node, parent, depth, player, ids, value, *window)
            self.lines(fmt(*args) if label is None else fmt(*args, label))
            return
        self.rec.emit(Expand(self.seq, node, parent, depth, player.value, tuple(ids),
                             value=value, alpha=alpha, beta=beta, label=label))

    def backup(self, node: Any, child: Any, child_value: float, value: float, best: Any,
               alpha: float | None = None, beta: float | None = None) -> None:
        self.seq += 1
        if self.lines is not None:
            if alpha is None:
                self.lines(self._fmt_backup(self.seq, node, child, child_value, value, best))
            else:
                self.lines(self._fmt_backup_ab(self.seq, node, child, child_value, value,
                                               best, alpha, beta))
            return
        self.rec.emit(Backup(self.seq, node, child, child_value, value, best,
                             alpha=alpha, beta=beta))

    def cut(self, node: Any, kind: str, after: Any, alpha: float, beta: float, value: float,
            pruned: list[Child]) -> None:
        self.seq += 1
        ids = [c for _, c in pruned]
        if self.lines is not None:
            self.lines(self._fmt_cut(self.seq, node, kind, after, alpha, beta, value, ids))
            return
        self.rec.emit(Cut(self.seq, node, kind, after, alpha, beta, value, tuple(ids)))

    def label(self, state: Any) -> str | None:
        return None if self.named else self.game.describe(state)

    # header and result -------------------------------------------------------------

    def _pv_ids(self, keys: tuple[Any, ...]) -> tuple[str, ...]:
        """Turn a principal variation keyed by actions into node ids, replaying it."""
        if not keys:
            return ()
        ids = [str(keys[0])]
        state = self.root_state
        for action in keys[1:]:
            child = self.game.result(state, action)
            ids.append(self.child_id(ids[-1], state, action, child))
            state = child
        return tuple(ids)

    def header(self, algorithm: str, variant: str, root: str,
               source: dict[str, Any] | None, extra: dict[str, Any] | None = None) -> Header:
        options = self.opts.to_json()
        options.update(self.limits.to_json())
        if extra:
            options.update(extra)
        return Header(algorithm=algorithm, variant=variant, root=root, options=options,
                      source=source if source is not None
                      else {"kind": "game", "name": self.game.name})

    def result(self, value: float | None, pv: PV, *, stopped: str | None = None) -> Result:
        """The result block; ``stopped`` names the budget that cut the search short."""
        path = flatten_pv(pv) if self.ids else self._pv_ids(flatten_pv(pv))
        if self.quoted:
            path = tuple(json.loads(k) for k in path)
        return path_result(value, path, Stats(
            nodes_expanded=self.expanded, leaves_evaluated=self.evaluated, cuts=self.cuts,
            children_pruned=self.pruned, max_depth=self.max_depth,
            max_list_length=self.max_list_length), stopped=stopped)


def path_result(value: Any, path: tuple[str, ...], stats: Stats, *,
                stopped: str | None = None) -> Result:
    """The result block of a search that found ``value`` along ``path`` (its first step
    the move); ``stopped`` names the budget that cut it short."""
    return Result(value=value, move=path[1] if len(path) > 1 else None, pv=path,
                  complete=stopped is None, stopped=stopped, stats=stats)


class _QuotedNames(dict[str, str]):
    """Move name -> its JSON spelling without the opening quote, made on first use."""

    def __missing__(self, name: str) -> str:
        text = self[name] = _json_str(name)[1:]
        return text


def open_search(game: Game[Any, Any], state: Any, spec: SearchSpec, recorder: Recorder,
                source: dict[str, Any] | None, *, quoted_ids: bool = False,
                **extra: Any) -> tuple[Run, Any, Any, Header]:
    """What every search family does first, once its spec is made: refuse what the game
    cannot search (:func:`~tracer.games.base.check_search_bounds`), start from the
    initial state unless given one, make the :class:`Run`, name the root and write the
    header (the root player, then the family's ``extra`` options).  Returns the run,
    the state, the root's id and the header."""
    limits = spec.limits or NO_LIMITS
    check_search_bounds(game, depth=spec.depth, max_nodes=limits.max_nodes)
    if state is None:
        state = game.initial_state()
    run = Run(game, recorder, SearchOptions.of(spec), limits, quoted_ids=quoted_ids)
    root = run.root_id(state)
    header = run.header(spec.algorithm, spec.shown_variant, root, source,
                        {"root_player": game.to_move(state).value, **extra})
    return run, state, root, header


def drive(run: Run, header: Header, body: Callable[[], tuple[Any, PV]], *,
          finish: Callable[[Any, PV], Result] | None = None) -> Result:
    """Start the recorder, run the search body, finish with its result: ``run.result``
    of the value and principal variation it returns, or ``finish`` of them (a proof
    search's body returns whether it proved).

    A budget running out (:class:`Stopped`) still finishes the trace, with a result
    that says the search was cut short; any other error leaves the trace unfinished
    (a file recorder then writes nothing)."""
    run.rec.start(header)
    try:
        value, pv = body()
        result = run.result(value, pv) if finish is None else finish(value, pv)
    except Stopped as stop:
        result = run.result(None, None, stopped=stop.reason)
    except RecursionError as exc:
        raise recursion_guard(exc) from None
    run.rec.finish(result)
    return result


def recursion_guard(exc: RecursionError) -> LimitExceeded:
    """The error to raise when a search outgrows Python's recursion limit: it names
    ``--depth``, which every search has; the command line adds ``--max-ply`` where the
    command has it."""
    import sys

    from ..errors import TooDeep

    limit = sys.getrecursionlimit()
    return TooDeep(said("the tree is deeper than the recursion limit allows ({limit}): "
                        "limit the search with --depth", limit=limit), limit=limit)
