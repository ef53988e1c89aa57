"""The built-in games by name, their parameters, and how to make one from ``key=value`` text.

``make_game("nim", {"piles": "3,4,5"})`` parses each value by its :class:`ParamSpec`
(defaults fill the rest), builds the game and returns it with its initial state and the
trace header's ``source`` block, which records every parameter so the search can be
rerun.  A ``path/to/file.py:ClassName`` source is a user-defined game
(:mod:`tracer.games.user`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tracer.errors import UsageError
from tracer.games import chomp, dice, gameof5
from tracer.games.base import Game
from tracer.games.chomp import Chomp
from tracer.games.dice import DiceRace
from tracer.games.extras import installed, missing_line, require
from tracer.games.gameof5 import GameOf5
from tracer.games.grundy import MAX_COINS, Grundy
from tracer.games.nim import MAX_STICKS, Nim
from tracer.games.othello import EVALUATIONS, Othello
from tracer.games.params import KINDS, ParamSpec, unknown_parameter
from tracer.games.tictactoe import TicTacToe
from tracer.said import said

__all__ = ["GAMES", "KINDS", "GameSpec", "ParamSpec", "games_text", "is_game_spec", "make_game"]

_USER_SPEC = re.compile(r".+\.py:[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class GameSpec:
    """A built-in game: its name, what it is, where the notes use it, how to make it."""

    name: str
    """The name given to ``gametrace run``."""
    title: str
    """A one-line description."""
    lecture: str
    """The lecture notes that use it, by their own title and slide (e.g.
    ``"Giochi a Due Avversari: Othello"``)."""
    params: tuple[ParamSpec, ...]
    """Its parameters, in the order they are listed."""
    factory: Callable[..., Game[Any, Any]]
    """Called with every parameter's parsed value as keyword arguments."""
    extra: str = ""
    """The optional package it needs, by its extra's name (``chess``), or ``""``."""

    def to_json(self) -> dict[str, Any]:
        """The game as ``gametrace games --json`` lists it."""
        out: dict[str, Any] = {"name": self.name, "title": self.title,
                               "lecture": self.lecture,
                               "params": [p.to_json() for p in self.params]}
        if self.extra:
            out["extra"] = self.extra
            out["installed"] = installed(self.extra)
        return out

    def to_text(self) -> str:
        """The game as ``gametrace games`` lists it: a title line, then one line per
        parameter (``name=default  help (choices)``)."""
        width = max(len(f"{p.name}={p.default}") for p in self.params)
        lines = [f"{self.name}  {self.title}", f"  in: {self.lecture}"]
        if self.extra and not installed(self.extra):
            lines.append(f"  not installed: {missing_line(self.name, self.extra)}")
        for p in self.params:
            choices = f" ({' | '.join(p.choices)})" if p.choices else ""
            if p.kind == "int" and p.maximum is not None:
                choices = f" ({p.minimum if p.minimum is not None else ''}..{p.maximum})"
            lines.append(f"  {p.name + '=' + p.default:<{width}}  {p.help}{choices}")
        return "\n".join(lines)


_MAX_MIN = ("max", "min")

OPENSPIEL = "openspiel:"
"""The prefix of an OpenSpiel game's name (``openspiel:tic_tac_toe``)."""

CHESS_EVALUATIONS = ("material+pst", "material")
"""The chess evaluations (:data:`tracer.games.chess_adapter.EVALUATIONS`), named here so
that listing the games does not import python-chess."""


def _chess(**values: Any) -> Game[Any, Any]:
    require("chess", "chess")
    from tracer.games.chess_adapter import Chess

    return Chess(**values)


def _first(default: str) -> ParamSpec:
    return ParamSpec("first", "choice", default, "who moves first (max = Più, min = Meno)",
                     _MAX_MIN)


GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (
    GameSpec("tictactoe", "Tic-tac-toe (filetto), X = MAX, from any position",
             "Giochi a due giocatori", (
        ParamSpec("board", "str", ".........",
                  "9 characters x, o, '.' row by row from the top (a1 b1 c1 a2 ...)"),
        ParamSpec("first", "choice", "x", "who moved first (who moves now follows)",
                  ("x", "o")),
        ParamSpec("symmetry", "bool", "false",
                  "merge moves giving positions equal up to rotation or reflection"),
        ParamSpec("win", "number", "inf", "e(p) of a won position (the notes: infinity)"),
        ParamSpec("utility", "choice", "unit",
                  "end of game: unit = +1/-1/0, eval = e(p) (+-win, draw 0)", ("unit", "eval")),
    ), TicTacToe),
    GameSpec("grundy", "Grundy's game: split a pile into two unequal piles",
             "Giochi a due giocatori; Giochi a Due Avversari: Esercizio NIM", (
        ParamSpec("coins", "int", "7", "coins in the single starting pile", minimum=1,
                  maximum=MAX_COINS),
        _first("min"),
    ), Grundy),
    GameSpec("nim", "Nim; the matchsticks game is piles=2,2",
             "Teoria dei giochi - 2. Forma estesa: Gioco dei fiammiferi", (
        ParamSpec("piles", "ints", "2,2", "sticks in each pile (at most "
                  f"{MAX_STICKS} in all)", minimum=0, maximum=MAX_STICKS),
        _first("max"),
        ParamSpec("misere", "bool", "false", "whoever takes the last stick loses"),
        ParamSpec("symmetry", "bool", "false",
                  "merge moves leaving the same piles in another order (the notes' tree)"),
    ), Nim),
    GameSpec("gameof5", "Game of 5: say a number 1..3 above the last; saying 5 wins",
             'Giochi a Due Avversari: "Esercizio: gioco del 5"', (
        ParamSpec("target", "int", "5", "the number that wins", minimum=1,
                  maximum=gameof5.MAX_TARGET),
        ParamSpec("step", "int", "3", "how much higher than the last number one may go",
                  minimum=1, maximum=gameof5.MAX_STEP),
        _first("max"),
    ), GameOf5),
    GameSpec("chomp", "Chomp: take a square and all above-right; the bottom-left is poison",
             "Teoria dei giochi - 2. Forma estesa: Esempio", (
        ParamSpec("rows", "int", "4", "rows of the board", minimum=1, maximum=chomp.MAX_SIDE),
        ParamSpec("cols", "int", "4", "columns of the board", minimum=1,
                  maximum=chomp.MAX_SIDE),
        _first("max"),
    ), Chomp),
    GameSpec("othello", "Othello, black = MAX, scores +-10000 at the end",
             "Giochi a Due Avversari: Othello", (
        ParamSpec("board", "str", "start",
                  "start, or 64 characters x (black), o (white), '.' row by row from a1"),
        ParamSpec("first", "choice", "black", "who moves at the given position",
                  ("black", "white")),
        ParamSpec("eval", "choice", "weighted",
                  "static evaluation: count = disc difference, mobility = weighted + 0.45 x "
                  "weighted moves", EVALUATIONS),
    ), Othello),
    GameSpec("dice", "Dice race (chance): walk for 1 point or roll a die (a 1 scores 0)",
             "Teoria dei giochi - 2. Forma estesa: Giochi non deterministici", (
        ParamSpec("goal", "int", "5", "points that win at once", minimum=1,
                  maximum=dice.MAX_GOAL),
        ParamSpec("sides", "int", "6", "faces of the die", minimum=2, maximum=dice.MAX_SIDES),
        ParamSpec("turns", "int", "4", "turns in all; then more points wins", minimum=1,
                  maximum=dice.MAX_TURNS),
        _first("max"),
    ), DiceRace),
    GameSpec("chess", "Chess over python-chess, White = MAX, moves in SAN; needs --depth "
             "or --max-nodes", "(engines: not in the notes)", (
        ParamSpec("fen", "str", "startpos", "the position: a FEN, or startpos"),
        ParamSpec("eval", "choice", "material+pst",
                  "static evaluation in centipawns (Michniewski's values and tables)",
                  CHESS_EVALUATIONS),
    ), _chess, extra="chess"),
)}
"""Every built-in game by name."""


def is_game_spec(source: str) -> bool:
    """True for a built-in game's name or a ``path/to/file.py:ClassName`` user game."""
    return (source in GAMES or bool(_USER_SPEC.fullmatch(source))
            or (source.startswith(OPENSPIEL) and len(source) > len(OPENSPIEL)))


def make_game(name: str, params: Mapping[str, str]) -> tuple[Game[Any, Any], Any, dict[str, Any]]:
    """The game ``name`` with ``params`` (text values), its initial state, and the trace
    header's ``source`` block ``{"kind": "game", "name": ..., "params": {...}}`` holding
    every parameter's parsed value (defaults included; infinity as ``"+inf"``)."""
    if name not in GAMES:
        if name.startswith(OPENSPIEL) and len(name) > len(OPENSPIEL):
            require(name, "openspiel")
            from tracer.games.openspiel_adapter import make_openspiel

            spiel, parsed = make_openspiel(name[len(OPENSPIEL):], params)
            return spiel, spiel.initial_state(), _source(name, parsed)
        if _USER_SPEC.fullmatch(name):
            from tracer.games.user import load_user_game_with_params

            game, parsed = load_user_game_with_params(name, params)
            return game, game.initial_state(), _source(name, parsed)
        plain = sorted(n for n, spec in GAMES.items() if not spec.extra)
        extras = sorted(n for n, spec in GAMES.items() if spec.extra)
        raise UsageError(said("unknown game {name!r} (games: {games}; with an extra: "
                              "{extras}, {openspiel}NAME; or path/to/file.py:ClassName for "
                              "your own)", name=name, games=", ".join(plain),
                              extras=", ".join(extras), openspiel=OPENSPIEL))
    spec = GAMES[name]
    known = {p.name: p for p in spec.params}
    for key in params:
        if key not in known:
            raise UsageError(unknown_parameter(key, name, list(known)))
    values = {p.name: p.parse(str(params.get(p.name, p.default)), name) for p in spec.params}
    game = spec.factory(**values)
    return game, game.initial_state(), _source(name, values)


def _source(name: str, values: Mapping[str, Any]) -> dict[str, Any]:
    return {"kind": "game", "name": name,
            "params": {key: _json_value(value) for key, value in values.items()}}


def _json_value(value: Any) -> Any:
    if isinstance(value, float) and math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


def games_text() -> str:
    """Every built-in game with its parameters, a blank line between games:
    ``gametrace games``."""
    spiel = (f"{OPENSPIEL}NAME  Any two-player zero-sum game of OpenSpiel (pyspiel), chance "
             "included; -p passes its parameters; no --depth (no evaluation)\n"
             "  e.g. openspiel:tic_tac_toe, openspiel:pig -p winscore=4 -p horizon=4")
    if not installed("openspiel"):
        spiel += f"\n  not installed: {missing_line(OPENSPIEL + 'NAME', 'openspiel')}"
    return "\n\n".join([*(spec.to_text() for spec in GAMES.values()), spiel])
