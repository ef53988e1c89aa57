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
from dataclasses import dataclass
from typing import Any

from ...errors import InputError, LimitExceeded, UsageError
from ...jsonio import decode_number, encode_number, json_path
from ...players import Player
from ...said import said
from ...trees import Node, Tree

__all__ = ["BUILTIN", "Dominance", "Elimination", "MatrixGame", "Step", "dominance",
           "eliminate", "from_tree", "game_from_json", "load_game", "prisoners_dilemma",
           "format_table", "pure_equilibria", "show_number", "show_pair", "to_dot", "to_svg"]

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
                description="Payoffs are years in prison (lower is better); Teoria dei giochi.")


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
                name=tree.name or "tree", description="Strategy matrix of a game tree: "
                "a strategy chooses a child at every node of its player; MIN pays MAX.")


# --------------------------------------------------------------------------- views


def show_number(x: Number) -> str:
    """A payoff as people write it: ``2``, ``2.5``, ``+inf``."""
    if isinstance(x, float):
        return str(encode_number(x)) if math.isinf(x) else f"{x:g}"
    return str(x)


def show_pair(pair: Pair) -> str:
    return f"{show_number(pair[0])}, {show_number(pair[1])}"


def format_table(game: MatrixGame, marked: Sequence[tuple[int, int]] = ()) -> str:
    """The matrix as aligned text; ``*`` after the marked cells (the equilibria)."""
    marks = set(marked)
    corner = f"{game.players[0]} \\ {game.players[1]}"
    cells = [[show_pair(game.payoffs[i][j]) + (" *" if (i, j) in marks else "")
              for j in range(len(game.columns))] for i in range(len(game.rows))]
    first = max(len(corner), *(len(r) for r in game.rows))
    widths = [max(len(c), *(len(cells[i][j]) for i in range(len(game.rows))))
              for j, c in enumerate(game.columns)]
    lines = ["   ".join([corner.ljust(first), *(c.ljust(w) for c, w in
                                                 zip(game.columns, widths, strict=True))])]
    for name, row in zip(game.rows, cells, strict=True):
        lines.append("   ".join([name.ljust(first), *(c.ljust(w) for c, w in
                                                      zip(row, widths, strict=True))]))
    return "\n".join(line.rstrip() for line in lines)


def to_dot(game: MatrixGame, marked: Sequence[tuple[int, int]] = ()) -> str:
    """The matrix as Graphviz DOT: one table, the cells of ``marked`` (the equilibria)
    shaded and bold, as :func:`to_svg` draws it; Graphviz turns it into PNG or PDF."""
    from html import escape

    marks = set(marked)
    corner = f"{game.players[0]} \\ {game.players[1]}"
    texts = [[corner, *game.columns]] + [
        [r, *(show_pair(game.payoffs[i][j]) for j in range(len(game.columns)))]
        for i, r in enumerate(game.rows)]
    rows = []
    for r, row in enumerate(texts):
        cells = []
        for k, text in enumerate(row):
            header = r == 0 or k == 0
            hit = not header and (r - 1, k - 1) in marks
            fill = "#fde68a" if hit else ("#eeeeee" if header else "#ffffff")
            shown = f"<B>{escape(text)}</B>" if hit or header else escape(text)
            cells.append(f'<TD BGCOLOR="{fill}" CELLPADDING="6">{shown}</TD>')
        rows.append(f"<TR>{''.join(cells)}</TR>")
    title = f"{game.name or 'game'}: payoffs ({game.players[0]}, {game.players[1]}), " \
            f"{game.prefer} is better"
    return ("digraph matrix {\n"
            '\tgraph [fontname="DejaVu Sans Mono" fontsize=14 labelloc=t '
            f'label=<{escape(title)}<BR/>shaded: pure Nash equilibrium>]\n'
            '\tnode [fontname="DejaVu Sans Mono" fontsize=14 shape=plain]\n'
            '\tmatrix [label=<<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" '
            f'COLOR="#444444">{"".join(rows)}</TABLE>>]\n'
            "}\n")


def to_svg(game: MatrixGame, marked: Sequence[tuple[int, int]] = ()) -> str:
    """The matrix as a small standalone SVG table; marked cells (the equilibria) are
    shaded and bold.  Written by hand: no Graphviz needed."""
    from xml.sax.saxutils import escape

    char, height, pad = 8.4, 28, 12  # 14px monospace
    marks = set(marked)
    corner = f"{game.players[0]} \\ {game.players[1]}"
    texts = [[corner, *game.columns]] + [
        [r, *(show_pair(game.payoffs[i][j]) for j in range(len(game.columns)))]
        for i, r in enumerate(game.rows)]
    widths = [max(len(row[k]) for row in texts) * char + 2 * pad for k in range(len(texts[0]))]
    lefts = [sum(widths[:k]) for k in range(len(widths))]
    title = f"{game.name or 'game'}: payoffs ({game.players[0]}, {game.players[1]}), " \
            f"{game.prefer} is better"
    table_width = sum(widths)
    width = max(table_width, len(title) * char) + 2
    top = height
    total = top + height * len(texts) + height
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{total}" '
           f'viewBox="0 0 {width:.0f} {total}" font-family="monospace" font-size="14">',
           f'<text x="1" y="{height - 9}">{escape(title)}</text>']
    for r, row in enumerate(texts):
        y = top + r * height
        for k, text in enumerate(row):
            header = r == 0 or k == 0
            hit = not header and (r - 1, k - 1) in marks
            fill = "#fde68a" if hit else ("#eeeeee" if header else "#ffffff")
            weight = ' font-weight="bold"' if hit or header else ""
            out.append(f'<rect x="{lefts[k] + 1:.1f}" y="{y}" width="{widths[k]:.1f}" '
                       f'height="{height}" fill="{fill}" stroke="#444444"/>')
            out.append(f'<text x="{lefts[k] + 1 + widths[k] / 2:.1f}" y="{y + height - 9}" '
                       f'text-anchor="middle"{weight}>{escape(text)}</text>')
    out.append(f'<text x="1" y="{total - 9}">shaded: pure Nash equilibrium</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
