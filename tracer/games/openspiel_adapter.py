"""OpenSpiel's games over pyspiel: ``gametrace run openspiel:NAME -p key=value``.

Any game pyspiel registers that a minimax search can mean something on: two players,
sequential moves, perfect information, zero-sum (or constant-sum) returns, and chance
given as explicit outcomes.  Player 0 is MAX, player 1 MIN; a chance node's outcomes
and their probabilities come from ``state.chance_outcomes()`` (made exact fractions of
denominator at most a million, so expectiminimax's weighted sums are exact), so
``-a expectiminimax`` runs on games such as ``pig``.  A state is a ``pyspiel.State``
that no one changes: :meth:`OpenSpielGame.result` is ``state.child(action)``.  A terminal
state's value is player 0's return; actions are named by ``action_to_string``, and the
label is ``str(state)``.

OpenSpiel gives no static evaluation in general, so a depth limit is refused before
the search (the search is bounded by ``--max-nodes`` instead), unless one is given:
``-p eval=module:function`` (or ``path/to/file.py:function``, or the ``evaluation``
callable of :func:`make_openspiel`), player 0's value of a state, as OpenSpiel's
``expectiminimax`` takes a value function.  Parameters are checked
against the game's own parameter specification before pyspiel sees them: each is parsed
as the type of its default (an integer, a number, true/false or text) and bounded.
"""

from __future__ import annotations

import functools
import importlib
import math
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, cast

import pyspiel

from tracer.errors import InputError, UsageError
from tracer.games.base import Capabilities, Player, nodes_by_move_paths
from tracer.games.params import MAX_GAME_INT, ParamSpec, number_refused, unknown_parameter
from tracer.reading_numbers import BadNumber, real_number
from tracer.said import said

__all__ = ["EVAL", "MAX_LABEL", "MAX_TEXT_PARAM", "OpenSpielGame", "game_names", "make_openspiel"]

EVAL = "eval"
"""The parameter naming an evaluation, ``eval=module:function``."""

MAX_TEXT_PARAM = 200
"""The longest text parameter passed to pyspiel."""

MAX_LABEL = 4_000
"""The longest label kept of a state's picture (a board of Go is about 1,000)."""

_DENOMINATOR = 1_000_000
"""The largest denominator of a chance outcome's probability made exact."""

_DEPTH_REFUSED = said("search the whole game without --depth (bound it with --max-nodes N), "
                      "or wrap it in a game of your own that declares an evaluation "
                      "(docs/games.md, \"Writing your own game\")")


def game_names() -> tuple[str, ...]:
    """The short names of every game pyspiel registers, sorted."""
    return tuple(sorted(t.short_name for t in pyspiel.registered_games()))


def _game_type(name: str) -> Any:
    for kind in pyspiel.registered_games():
        if kind.short_name == name:
            return kind
    raise UsageError(said("unknown OpenSpiel game {name!r} (`gametrace games` names where "
                          "to find the list; e.g. openspiel:tic_tac_toe, openspiel:pig, "
                          "openspiel:connect_four)", name=name))


def _param_spec(key: str, default: Any) -> ParamSpec:
    if isinstance(default, bool):
        return ParamSpec(key, "bool", "true" if default else "false", "")
    if isinstance(default, int):
        # A size whose default is positive must stay positive, one that is not negative
        # must stay so: pyspiel's C++ does not check every one, and some crash on 0.
        low = 1 if default > 0 else 0 if default == 0 else -MAX_GAME_INT
        return ParamSpec(key, "int", str(default), "", minimum=low, maximum=MAX_GAME_INT)
    if isinstance(default, float):
        return ParamSpec(key, "number", repr(default), "")
    return ParamSpec(key, "str", str(default), "")


def _parse(spec: ParamSpec, text: str, game: str) -> Any:
    if spec.kind == "number":  # pyspiel's numbers are finite: the reader without +inf
        try:
            return float(real_number(text))
        except BadNumber as exc:
            raise number_refused(spec.name, game, exc) from None
    value = spec.parse(text, game)
    if spec.kind == "str" and len(value) > MAX_TEXT_PARAM:
        raise UsageError(said("bad value for parameter '{name}' of {game} (at most {most} "
                              "characters, got {count:,})",
                              name=spec.name, game=game, most=MAX_TEXT_PARAM, count=len(value)))
    return value


def make_openspiel(name: str, params: Mapping[str, str], *,
                   evaluation: Callable[[Any], float] | None = None
                   ) -> tuple[OpenSpielGame, dict[str, Any]]:
    """The OpenSpiel game ``name`` with ``params`` (text values) and every parameter's
    parsed value (the game's defaults included), for the trace header.

    ``evaluation`` (or the parameter ``eval=module:function``, or
    ``eval=path/to/file.py:function``, for a game that has no parameter of that name)
    is a static evaluation, player 0's value of a state, as OpenSpiel's
    ``expectiminimax`` takes a ``value_function``: with it, ``--depth`` is searched."""
    shown = f"openspiel:{name}"
    kind = _game_type(name)
    specs = {key: _param_spec(key, default)
             for key, default in sorted(kind.parameter_specification.items())}
    named = None
    if EVAL not in specs and EVAL in params:
        named = str(params[EVAL])
        evaluation = _evaluation(named, shown)
        params = {key: text for key, text in params.items() if key != EVAL}
    for key in params:
        if key not in specs:
            raise UsageError(unknown_parameter(key, shown, list(specs)))
    # Only the parameters the user gave go to pyspiel: a listed default is not always the
    # value the game uses (go lists max_game_length=0 and computes 722 when it is not
    # given; given 0, every game ends after two plies).
    given = {key: _parse(specs[key], str(text), shown) for key, text in params.items()}
    _check_kind(kind, shown, given)
    try:
        with _stderr_held():
            game = pyspiel.load_game(name, given)
            game.new_initial_state()
    except Exception as exc:  # SpielError, or a ValueError from the C++ of a bad value
        raise UsageError(said("pyspiel refused {game} with these parameters: {reason}",
                              game=shown, reason=" ".join(str(exc).split())[:300])) from None
    if game.num_players() != 2:
        raise UsageError(said("{game} has {players} players here: only two-player games are "
                              "searched (MAX and MIN)", game=shown, players=game.num_players()))
    used = _used(game, specs, given)
    if named is not None:
        used[EVAL] = named
    return OpenSpielGame(game, shown, evaluation=evaluation), used


def _evaluation(named: str, game: str) -> Callable[[Any], float]:
    """The function ``module:function`` (or ``path/to/file.py:function``) names."""
    where, _, function = named.rpartition(":")
    if not where or not function.isidentifier():
        raise UsageError(said("bad value for parameter 'eval' of {game}: expected "
                              "module:function or path/to/file.py:function, got {named!r}",
                              game=game, named=named))
    if where.endswith(".py"):
        from tracer.games.user import _import_file

        module: Any = _import_file(where)
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise UsageError(said("eval of {game}: cannot import {module!r}: {reason}",
                                  game=game, module=where, reason=str(exc))) from None
    value = getattr(module, function, None)
    if not callable(value):
        raise UsageError(said("eval of {game}: {where} has no function {function!r}",
                              game=game, where=where, function=function))
    return cast("Callable[[Any], float]", value)


def _used(game: Any, specs: Mapping[str, ParamSpec], given: Mapping[str, Any]
          ) -> dict[str, Any]:
    """Every parameter as the game uses it, for the trace header: the value given, else
    the one pyspiel's game reports (its listed default when it reports none)."""
    reported = dict(game.get_parameters())
    values: dict[str, Any] = {}
    for key, spec in specs.items():
        if key in given:
            values[key] = given[key]
        elif key in reported and isinstance(reported[key], bool | int | float | str):
            values[key] = reported[key]
        else:
            values[key] = _parse(spec, spec.default, "")
    return values


@contextmanager
def _stderr_held() -> Iterator[None]:
    """Standard error (the file descriptor) sent to nowhere for a while: pyspiel's C++
    prints "OpenSpiel exception: ..." there before it raises, and the error is said
    once, in our words."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as sink:
            os.dup2(sink.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _check_kind(kind: Any, shown: str, values: Mapping[str, Any]) -> None:
    """One line refusing a game minimax does not apply to."""
    kinds = pyspiel.GameType
    if kind.dynamics != kinds.Dynamics.SEQUENTIAL:
        raise UsageError(said("{game} has simultaneous moves: only games where one player "
                              "moves at a time are searched", game=shown))
    if kind.information != kinds.Information.PERFECT_INFORMATION:
        raise UsageError(said("{game} has imperfect information: a minimax search of its "
                              "histories would see what the players cannot", game=shown))
    if kind.utility not in (kinds.Utility.ZERO_SUM, kinds.Utility.CONSTANT_SUM):
        raise UsageError(said("{game} is not zero-sum: only games where one player's gain is "
                              "the other's loss are searched (MAX and MIN)", game=shown))
    if kind.chance_mode == kinds.ChanceMode.SAMPLED_STOCHASTIC:
        raise UsageError(said("{game} samples its chance events: only explicit chance "
                              "outcomes can be searched", game=shown))
    if not kind.min_num_players <= 2 <= kind.max_num_players:
        raise UsageError(said("{game} is not a two-player game: only two-player games are "
                              "searched (MAX and MIN)", game=shown))
    if values.get("players", 2) != 2:
        raise UsageError(said("{game} players must be 2 (MAX and MIN), got {players}",
                              game=shown, players=values["players"]))


class OpenSpielGame:
    """A pyspiel game as a :class:`~tracer.games.base.Game`: player 0 MAX, 1 MIN.

    ``is_terminal``, ``actions`` and ``result`` of a game written in C++ are pyspiel's
    own methods (``State.is_terminal``, ``State.legal_actions``, which gives a chance
    node's outcomes in ``chance_outcomes()``'s order and none at a terminal, and
    ``State.child``), called with no Python between the search and pyspiel; a game
    written in Python (a subclass of ``pyspiel.State``) is asked through the checks of
    :func:`_is_terminal` and :func:`_actions`."""

    is_terminal: Callable[[Any], bool]
    """Whether the state is terminal: ``state.is_terminal()``."""
    actions: Callable[[Any], Sequence[int]]
    """The legal actions, or a chance node's outcomes, in pyspiel's order; none at a
    terminal state."""
    result: Callable[[Any, int], Any]
    """``state.child(action)``: a new state."""
    to_move: Callable[[Any], Player]
    """Player 0 is MAX, 1 MIN; a chance node is chance's (a terminal state MIN's)."""

    def __init__(self, game: Any, name: str, *,
                 evaluation: Callable[[Any], float] | None = None) -> None:
        chance = game.get_type().chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC
        self.capabilities = (
            Capabilities(chance=chance, depth_refused=_DEPTH_REFUSED) if evaluation is None
            else Capabilities(chance=chance, evaluation=True))
        self._evaluation = evaluation
        self.name = name
        self.game = game
        """The ``pyspiel.Game``."""
        kind = type(game.new_initial_state())
        if kind.__module__.split(".")[0] == "pyspiel":
            self.is_terminal, self.actions, self.result = (
                kind.is_terminal, kind.legal_actions, kind.child)
        else:
            self.is_terminal, self.actions, self.result = _is_terminal, _actions, _child
        seats, current = _SEATS, kind.current_player
        self.to_move = lambda state: seats[current(state)]

    def initial_state(self) -> Any:
        """``game.new_initial_state()``."""
        return self.game.new_initial_state()

    def utility(self, state: Any) -> float:
        """Player 0's return (an int when it is whole, so that expectiminimax's value is
        an exact fraction)."""
        value = float(state.player_return(0))
        return int(value) if value.is_integer() else value

    def evaluate(self, state: Any) -> float:
        """The evaluation given (player 0's value of ``state``); without one, none:
        OpenSpiel gives no static evaluation (a depth limit is refused first)."""
        if self._evaluation is None:
            raise UsageError(said("{game} has no static evaluation: {remedy}",
                                  game=self.name, remedy=_DEPTH_REFUSED))
        try:
            value = self._evaluation(state)
        except Exception as exc:
            raise InputError(said("{game}: the evaluation failed: {reason}", game=self.name,
                                  reason=f"{type(exc).__name__}: {exc}"[:300])) from None
        if (isinstance(value, bool) or not isinstance(value, int | float | Fraction)
                or not math.isfinite(value)):
            raise InputError(said("{game}: the evaluation gave {value} at a state: expected "
                                  "a finite number", game=self.name,
                                  value=repr(value)[:80]))
        return value

    def probability(self, state: Any, action: int) -> Fraction:
        """The outcome's probability from ``chance_outcomes()``, as an exact fraction."""
        for outcome, p in state.chance_outcomes():
            if outcome == action:
                return _exact(p)
        raise UsageError(said("{game}: {action} is not a chance outcome here", game=self.name,
                              action=action))

    def move_name(self, state: Any, action: int) -> str:
        """``state.action_to_string(player, action)``, a ``/`` written ``|`` (a node id is
        the path of its move names joined by ``/``); bytes that are not UTF-8 (pybind11
        cannot make them a ``str``) are written as ``\\xNN`` escapes, as Python's
        ``backslashreplace`` does, so that every output can hold the name; a lone
        surrogate in the name a game written in Python gives (pybind11 cannot pass it to
        C++: a ``RuntimeError``) as its ``\\udcNN`` escape."""
        player = state.current_player()
        try:
            name = str(state.action_to_string(player, action))
        except UnicodeDecodeError as exc:
            name = _escaped(exc)
        except RuntimeError:
            name = self._own_name(state, player, action)
        return name.replace("/", "|")

    def _own_name(self, state: Any, player: int, action: int) -> str:
        """The move name of a game written in Python, asked of its own method
        (``_action_to_string``, which pyspiel's ``action_to_string`` calls), when pybind11
        could not cast it; refused in one line when it is no text at all."""
        own = getattr(state, "_action_to_string", None)
        value = own(player, action) if callable(own) else None
        if not isinstance(value, str):
            raise InputError(said("{game}: action_to_string({player}, {action}) gave a move "
                                  "name pyspiel cannot pass on: expected text",
                                  game=self.name, player=player, action=action))
        return _writable(value)

    def node_id(self, state: Any) -> str:
        """Unused: node ids of generated games are move paths."""
        raise UsageError(nodes_by_move_paths(self.name))

    def describe(self, state: Any) -> str:
        """``str(state)``, the game's own picture of the position, cut to
        :data:`MAX_LABEL` characters."""
        try:
            text = _writable(str(state)).strip()
        except UnicodeDecodeError as exc:
            text = _escaped(exc).strip()
        return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 3] + "..."


_SEATS = (Player.MAX, Player.MIN, Player.MIN, Player.MIN, Player.MIN, Player.CHANCE)
"""Who moves, by ``state.current_player()``: 0 MAX, 1 MIN, and from the end (Python's
negative indices) pyspiel's -1 chance; -2 to -5 (simultaneous, invalid, terminal, mean
field) are MIN's, as a player other than 0."""


@functools.lru_cache(maxsize=4096)
def _exact(p: float) -> Fraction:
    """``p`` as the nearest fraction of denominator at most :data:`_DENOMINATOR`, made
    once per probability (a game's chance nodes share a few: pig's die, 1/6 each)."""
    return Fraction(p).limit_denominator(_DENOMINATOR)


def _is_terminal(state: Any) -> bool:
    """``state.is_terminal()`` of a game written in Python, made a bool."""
    return bool(state.is_terminal())


def _actions(state: Any) -> Sequence[int]:
    """The legal actions, or a chance node's outcomes, of a game written in Python."""
    if state.is_terminal():
        return []
    if state.is_chance_node():
        return [action for action, _ in state.chance_outcomes()]
    return list(state.legal_actions())


def _child(state: Any, action: int) -> Any:
    """``state.child(action)``."""
    return state.child(action)


def _escaped(exc: UnicodeDecodeError) -> str:
    """The text pybind11 could not decode, its bad bytes as ``\\xNN`` escapes."""
    data = exc.object
    return bytes(data).decode("utf-8", "backslashreplace")


def _writable(text: str) -> str:
    """``text`` with each lone surrogate (no character of UTF-8, so no file can hold it)
    as its ``\\udcNN`` escape, as :func:`_escaped` writes bytes that are not UTF-8."""
    if text.isascii():
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
