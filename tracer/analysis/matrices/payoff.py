"""Two-player games in normal (strategic) form: dominance, elimination, equilibria.

"Teoria dei giochi" shows the prisoner's dilemma as a payoff matrix: two suspects, A (rows)
and B (columns), each Confess (C) or Not confess (NC); the pairs are the years in
prison of (A, B), so *lower is better*; confessing is dominant for both and (C, C)
is the equilibrium.  This module computes, for any two-player matrix game:

* strictly and weakly dominant strategies (Osborne & Rubinstein 1994, def. 18.1 style:
  weakly = never worse and sometimes strictly better than every other strategy);
* iterated elimination of strictly dominated strategies by pure strategies, step
  by step (the result does not depend on the order; domination by mixed strategies
  is not considered);
* pure-strategy Nash equilibria (each strategy a best reply to the other);
* the strategy matrix of a MAX/MIN game tree (von Neumann & Morgenstern 1944): a
  strategy picks a move at *every* node of its player, reachable or not.

The file format (``schemas/payoff.schema.json``, ``docs/astar-and-matrices.md``)::

    {"name": "...", "players": ["A", "B"], "rows": ["C", "NC"], "columns": ["C", "NC"],
     "payoffs": [[[2, 2], [0, 7]], [[7, 0], [1, 1]]], "prefer": "lower"}

``payoffs[i][j]`` is (row player's, column player's) payoff when row ``i`` meets
column ``j``; ``prefer`` is ``higher`` (utilities, the default) or ``lower`` (costs).
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import InputError, LimitExceeded, UsageError
from ...jsonio import decode_number, encode_number, json_path
from ...players import Player
from ...said import Said, said
from ...trees import Node, Tree

__all__ = ["BUILTIN", "Dominance", "Elimination", "MatrixGame", "Step", "dominance",
           "eliminate", "eliminated", "from_tree", "game_from_json", "load_game",
           "prisoners_dilemma", "pure_equilibria"]

Number = float | int
Pair = tuple[Number, Number]


@dataclass(frozen=True)
class MatrixGame:
    """A finite two-player game in normal form."""

    players: tuple[str, str]
    """The row player's and the column player's names."""
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    payoffs: tuple[tuple[Pair, ...], ...]
    """``payoffs[i][j]``: (row player's, column player's) payoff."""
    prefer: str = "higher"
    """``higher`` (utilities) or ``lower`` (costs such as years in prison)."""
    name: str | None = None
    description: str | None = None
    said_name: Said | None = field(default=None, compare=False)
    """A built-in game's name as a sentence of the catalogs, said in the reader's
    language (None: ``name`` as the file writes it)."""
    said_description: Said | None = field(default=None, compare=False)
    """A built-in game's (or a tree's matrix's) description as a sentence of the catalogs
    (None: ``description`` as the file writes it)."""

    def title(self, lang: str = "en") -> str:
        """The game's name in ``lang``: a built-in one's wording, a file's as written."""
        if self.said_name is not None:
            return self.said_name.worded(lang)
        return self.name if self.name is not None else said("game").worded(lang)

    def about(self, lang: str = "en") -> str | None:
        """The description in ``lang`` (a file's as written), None without one."""
        if self.said_description is not None:
            return self.said_description.worded(lang)
        return self.description

    def strategies(self, p: int) -> tuple[str, ...]:
        return self.rows if p == 0 else self.columns

    def payoff(self, p: int, mine: int, theirs: int) -> Number:
        """Player ``p``'s payoff when it plays strategy ``mine`` and the other ``theirs``."""
        return self.payoffs[mine][theirs][0] if p == 0 else self.payoffs[theirs][mine][1]

    def better(self, a: Number, b: Number) -> bool:
        """True when payoff ``a`` is strictly preferred to ``b``."""
        return a < b if self.prefer == "lower" else a > b

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.name is not None:
            out["name"] = self.name
        if self.description is not None:
            out["description"] = self.description
        out.update(players=list(self.players), rows=list(self.rows), columns=list(self.columns),
                   payoffs=[[[encode_number(a), encode_number(b)] for a, b in row]
                            for row in self.payoffs],
                   prefer=self.prefer)
        return out


def prisoners_dilemma() -> MatrixGame:
    """The matrix of Teoria dei giochi: years in prison of (A, B); C = confess, NC = not confess."""
    return MatrixGame(("A", "B"), ("C", "NC"), ("C", "NC"),
                (((2, 2), (0, 7)), ((7, 0), (1, 1))), prefer="lower",
                name="Prisoner's dilemma",
                description="Payoffs are years in prison (lower is better); Teoria dei giochi.",
                said_name=said("Prisoner's dilemma"),
                said_description=said("Payoffs are years in prison (lower is better); "
                                      "Teoria dei giochi."))


BUILTIN = {"prisoners-dilemma": prisoners_dilemma}
"""Built-in games by name."""


# --------------------------------------------------------------------------- files


def game_from_json(data: Any, *, file: str = "<payoff>") -> MatrixGame:
    """Read the file format: checked against ``payoff.schema.json``, then the shape."""
    from ...schema import validate

    validate(data, "payoff", file=file)
    rows, columns = tuple(data["rows"]), tuple(data["columns"])
    table = data["payoffs"]
    if len(table) != len(rows):
        raise InputError(said("expected {rows} rows of payoffs (one per row strategy), got "
                              "{got}", rows=len(rows), got=len(table)),
                         file=file, where="$.payoffs")
    out = []
    for i, row in enumerate(table):
        if len(row) != len(columns):
            raise InputError(said("expected {columns} payoff pairs (one per column strategy), "
                                  "got {got}", columns=len(columns), got=len(row)),
                             file=file, where=json_path(["payoffs", i]))
        out.append(tuple((decode_number(a), decode_number(b)) for a, b in row))
    return MatrixGame((data["players"][0], data["players"][1]), rows, columns, tuple(out),
                prefer=data.get("prefer", "higher"), name=data.get("name"),
                description=data.get("description"))


def load_game(source: str | os.PathLike[str]) -> MatrixGame:
    """A payoff file (``-``: standard input), or the name of a built-in game (see
    :data:`BUILTIN`)."""
    from ...stdin import input_path

    text = input_path(source)
    if os.path.isfile(text):
        from ...jsonio import load_json_file

        return game_from_json(load_json_file(text), file=text)
    if text in BUILTIN:
        return BUILTIN[text]()
    raise UsageError(said("no such file or built-in game: {name!r} (built-in: {builtin})",
                          name=text, builtin=", ".join(BUILTIN)))


# --------------------------------------------------------------------------- analysis


def _dominates(game: MatrixGame, p: int, s: int, t: int, against: Sequence[int], *,
               strict: bool) -> bool:
    """Does strategy ``s`` of player ``p`` dominate ``t`` against the opponent's ``against``?"""
    mine = [game.payoff(p, s, o) for o in against]
    other = [game.payoff(p, t, o) for o in against]
    if strict:
        return all(game.better(a, b) for a, b in zip(mine, other, strict=True))
    return (not any(game.better(b, a) for a, b in zip(mine, other, strict=True))
            and any(game.better(a, b) for a, b in zip(mine, other, strict=True)))


@dataclass(frozen=True)
class Dominance:
    """A player's dominant strategies, if any."""

    strict: str | None
    """The strategy that is strictly better than every other against every reply."""
    weak: str | None
    """The strategy that weakly dominates every other (a strict one is also weak)."""


def dominance(game: MatrixGame) -> tuple[Dominance, Dominance]:
    """The row player's and the column player's dominant strategies."""
    out = []
    for p in (0, 1):
        mine = range(len(game.strategies(p)))
        theirs = range(len(game.strategies(1 - p)))
        found: dict[bool, str | None] = {}
        for strict in (True, False):
            found[strict] = next((game.strategies(p)[s] for s in mine
                                  if all(_dominates(game, p, s, t, theirs, strict=strict)
                                         for t in mine if t != s)), None)
        out.append(Dominance(found[True], found[False]))
    return out[0], out[1]


@dataclass(frozen=True)
class Step:
    """One strategy removed by iterated elimination."""

    player: str
    strategy: str
    dominated_by: str


@dataclass(frozen=True)
class Elimination:
    """Iterated elimination of strictly dominated strategies: the steps and what is left."""

    steps: tuple[Step, ...]
    rows: tuple[str, ...]
    columns: tuple[str, ...]


def eliminate(game: MatrixGame) -> Elimination:
    """Remove strictly dominated strategies until none is left: the row player's first,
    then the column player's, then again, each in its listed order."""
    left = [list(range(len(game.rows))), list(range(len(game.columns)))]
    steps: list[Step] = []
    changed = True
    while changed:
        changed = False
        for p in (0, 1):
            for t in list(left[p]):
                s = next((s for s in left[p]
                          if s != t and _dominates(game, p, s, t, left[1 - p], strict=True)),
                         None)
                if s is not None:
                    left[p].remove(t)
                    names = game.strategies(p)
                    steps.append(Step(game.players[p], names[t], names[s]))
                    changed = True
    return Elimination(tuple(steps), tuple(game.rows[i] for i in left[0]),
                       tuple(game.columns[j] for j in left[1]))


def eliminated(game: MatrixGame) -> tuple[frozenset[int], frozenset[int]]:
    """The rows and the columns iterated elimination removes (:func:`eliminate`): the
    strictly dominated strategies a picture of the matrix strikes out."""
    left = eliminate(game)
    return (frozenset(i for i, r in enumerate(game.rows) if r not in left.rows),
            frozenset(j for j, c in enumerate(game.columns) if c not in left.columns))


def pure_equilibria(game: MatrixGame) -> list[tuple[int, int]]:
    """Cells (row, column) where each strategy is a best reply to the other."""
    return [(i, j) for i in range(len(game.rows)) for j in range(len(game.columns))
            if not any(game.better(game.payoff(0, k, j), game.payoff(0, i, j))
                       for k in range(len(game.rows)))
            and not any(game.better(game.payoff(1, k, i), game.payoff(1, j, i))
                        for k in range(len(game.columns)))]


# --------------------------------------------------------------------------- trees


def from_tree(tree: Tree, *, max_strategies: int = 4096) -> MatrixGame:
    """The strategy matrix of a two-player MAX/MIN tree (MAX: rows, MIN: columns).

    A strategy names the child chosen at each of the player's nodes, in preorder,
    joined by slashes (``E/G``); a leaf worth v pays (v, -v).  A player with k nodes of
    b_1..b_k children has b_1 * ... * b_k strategies."""
    own: dict[Player, list[Node]] = {Player.MAX: [], Player.MIN: []}
    for node in tree.nodes():
        if node.is_leaf:
            continue
        if node.player is Player.CHANCE:
            raise UsageError(said("node {node} is a chance node: only MAX/MIN trees have a "
                                  "two-player strategy matrix here", node=node.id))
        own[node.player].append(node)
    choices = {}
    for player, nodes in own.items():
        count = math.prod(len(n.children) for n in nodes)
        if count > max_strategies:
            raise LimitExceeded(said("{player} has {count:,} strategies (more than {most:,}): "
                                     "use a smaller tree", player=player.value.upper(),
                                     count=count, most=max_strategies))
        choices[player] = list(itertools.product(*[range(len(n.children)) for n in nodes]))
    where = {n.id: k for nodes in own.values() for k, n in enumerate(nodes)}

    def play(max_choice: tuple[int, ...], min_choice: tuple[int, ...]) -> Pair:
        node = tree.root
        while node.children:
            pick = max_choice if node.player is Player.MAX else min_choice
            node = node.children[pick[where[node.id]]]
        value: Number = node.value  # type: ignore[assignment]  # every leaf has a value
        return value, 0 - value  # 0 - v, not -v: a 0.0 leaf pays 0.0, not -0.0

    def names(player: Player) -> tuple[str, ...]:
        nodes = own[player]
        return tuple("/".join(n.children[k].id for n, k in zip(nodes, c, strict=True)) or "-"
                     for c in choices[player])

    return MatrixGame(("MAX", "MIN"), names(Player.MAX), names(Player.MIN),
                tuple(tuple(play(a, b) for b in choices[Player.MIN])
                      for a in choices[Player.MAX]),
                name=tree.name or "tree", description=str(_TREE_MATRIX),
                said_name=None if tree.name else said("tree"), said_description=_TREE_MATRIX)


_TREE_MATRIX = said("Strategy matrix of a game tree: a strategy chooses a child at every "
                    "node of its player; MIN pays MAX.")
