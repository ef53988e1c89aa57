"""A game of one's own, checked at its boundary: the Game protocol when it is loaded
(:func:`check_game`: every member it requires, the methods its capabilities declare) and
every method call while it is searched (:class:`GuardedGame`: an exception, an exit, a
call still running at the time limit or a value that breaks the protocol becomes one
:class:`~tracer.errors.InputError` naming the file, the method, the position and the bad
value).  What a game can do is read from its ``capabilities``, never guessed from the
methods it happens to have: a method its capabilities do not declare is never called.
:mod:`tracer.games.user` loads the file and hands the game here.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from typing import Any

from tracer.errors import InputError, UsageError
from tracer.games.base import Capabilities, Player
from tracer.said import Said, said

__all__ = ["MAX_ACTIONS", "MAX_DIGITS", "MAX_TEXT", "OPTIONAL", "REQUIRED", "GuardedGame",
           "check_game", "failure_words", "guard_os_exit", "raised_by_user",
           "required_methods", "short_repr"]

REQUIRED = ("name", "capabilities", "initial_state", "to_move", "actions", "result",
            "is_terminal", "utility", "move_name", "describe")
"""What every game must have; ``evaluate``, ``probability``, ``node_id`` as its
capabilities say (:data:`OPTIONAL`)."""

OPTIONAL = (("evaluate", "evaluation", said("a depth limit scores a position by its static "
                                             "evaluation")),
            ("probability", "chance", said("a chance node weighs its outcomes by their "
                                           "probabilities")),
            ("node_id", "named_nodes", said("the game names its nodes itself")))
"""The methods a game has only when it declares a capability: (method, the flag of
:class:`~tracer.games.base.Capabilities` that declares it, what needs it)."""


def required_methods(capabilities: Capabilities) -> tuple[str, ...]:
    """The methods a game with these capabilities must have: every game's, and those
    its capabilities declare."""
    declared = {"evaluation": capabilities.evaluation, "chance": capabilities.chance,
                "named_nodes": capabilities.named_nodes}
    return REQUIRED[2:] + tuple(method for method, flag, _ in OPTIONAL if declared[flag])


def check_game(game: Any, *, file: str, what: str) -> None:
    """An :class:`InputError` unless ``game`` has what the Game protocol requires, and its
    initial state's player is a :class:`Player`."""
    name, caps = getattr(game, "name", _ABSENT), getattr(game, "capabilities", _ABSENT)
    missing = [a for a, v in (("name", name), ("capabilities", caps)) if v is _ABSENT]
    if caps is not _ABSENT and not isinstance(caps, Capabilities):
        raise InputError(said("{game}.capabilities must be a tracer.games.base.Capabilities, "
                              "got {kind}", game=what, kind=type(caps).__name__), file=file)
    if name is not _ABSENT and not isinstance(name, str):
        raise InputError(said("{game}.name must be a string, got {kind}", game=what,
                              kind=type(name).__name__), file=file)
    methods = required_methods(caps) if isinstance(caps, Capabilities) else REQUIRED[2:]
    missing += [m for m in methods if not callable(getattr(game, m, None))]
    if missing:
        raise InputError(said("{game} is not a game: it lacks {missing} (see the Game protocol "
                              "in docs/games.md)", game=what, missing=", ".join(missing)),
                         file=file)
    try:
        player = game.to_move(game.initial_state())
    except BaseException as exc:
        if not raised_by_user(exc):
            raise
        raise InputError(said("{game}.to_move(initial_state()) failed: {failure}", game=what,
                              failure=failure_words(exc)), file=file) from None
    if not isinstance(player, Player):
        raise InputError(said("{game}.to_move must return a tracer.games.base.Player "
                              "(Player.MAX, Player.MIN, Player.CHANCE), got {value}", game=what,
                              value=short_repr(player)), file=file)


def _ours(exc: BaseException) -> bool:
    """Whether ``exc`` is one of the library's own signals (a deadline, SIGTERM), not a
    ``GeneratorExit`` or a ``BaseException`` of the user's raised from a game, which went
    past the guard as a 75-line traceback."""
    return type(exc).__module__.partition(".")[0] == "tracer"


def raised_by_user(exc: BaseException) -> bool:
    """Whether ``exc``, raised inside user code, is the user's to report as a failure of
    their file (an ``Exception``, ``SystemExit``, ``GeneratorExit``, a ``BaseException``
    of their own), not an interrupt or the library's own signal, let through."""
    return not isinstance(exc, KeyboardInterrupt) and not (
        not isinstance(exc, Exception) and _ours(exc))


def failure_words(exc: BaseException) -> Said | str:
    """An exception raised by user code outside a search, in a few words: what it did
    (an exit), or its type and message (the user's own words, said as they are)."""
    if isinstance(exc, _Exited):
        return said("it called os._exit({code}): a game must return, not exit",
                    code=repr(exc.code))
    if isinstance(exc, SystemExit):
        return said("it raised SystemExit (sys.exit({code})): a game must return, not exit",
                    code=repr(exc.code))
    return f"{type(exc).__name__}: {short_repr(exc, 120, as_str=True)}"


MAX_ACTIONS = 10_000
"""The most moves ``actions`` may return at one position (a search of more would not end,
and a drawing could not show them); more is a protocol error naming the position."""

MAX_DIGITS = 300
"""The most digits an integer utility may have (a float ends near 1e308, and JSON
writers refuse integers past 4,300 digits)."""

_BIG = 10 ** MAX_DIGITS

MAX_TEXT = {"move_name": 1_000, "node_id": 1_000, "describe": 100_000}
"""The longest string each naming method may return, in characters: node ids are paths
of move names, held for every node of a search, and a label is drawn."""

_ABSENT = object()
"""A member the game does not have (the protocol check names it)."""


class _Exited(SystemExit):
    """What ``os._exit`` raises while a user's game is loaded (it would end the process
    at once, without a word and with exit code 0)."""


class GuardedGame:
    """A user's game whose every method call is checked at the boundary: an exception, a
    ``sys.exit`` or ``os._exit``, a call still running when the time limit stops the
    work, or a value that breaks the protocol (``actions`` not a list of at most
    :data:`MAX_ACTIONS` moves, ``to_move`` not a :class:`Player`, ``is_terminal`` not a
    bool, a utility that is not a number, NaN (read as the float it converts to, so that a
    subclass's own ``==`` cannot hide it) or past :data:`MAX_DIGITS` digits, a name that
    is not a string UTF-8 can encode, a move name holding ``/`` or the same as another
    move's at its position) becomes one :class:`~tracer.errors.InputError` naming the
    file, the method, the position and the bad value.

    Each method is wrapped by a function of its own made once, whose check is one type
    test on the common path (the search calls them at every node).  The methods wrapped
    are those the game's capabilities declare (:func:`required_methods`); one it does not
    declare, though the game may have it, is an error naming the capability to declare."""

    def __init__(self, game: Any, *, file: str, what: str) -> None:
        self._game = game
        self._file = file
        self._what = what
        declared = required_methods(game.capabilities)
        for name, make in (("initial_state", self._plain), ("result", self._plain),
                           ("to_move", self._player), ("actions", self._actions),
                           ("is_terminal", self._bool), ("utility", self._number),
                           ("evaluate", self._number), ("probability", self._number),
                           ("move_name", self._move_name), ("describe", self._text),
                           ("node_id", self._text)):
            method = make(name, getattr(game, name)) if name in declared else \
                self._undeclared(name)
            setattr(self, name, method)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    # -------------------------------------------------------- one wrapper per kind

    def _undeclared(self, name: str) -> Callable[..., Any]:
        flag, why = next((flag, why) for method, flag, why in OPTIONAL if method == name)

        def call(*args: Any) -> Any:
            raise InputError(said("{call} is needed ({why}), but {game}.capabilities does not "
                                  "declare {flag}: give Capabilities({flag}=True) and define "
                                  "{method}", call=self._at(name, args), why=why,
                                  game=self._what, flag=flag, method=name), file=self._file)
        return call

    def _plain(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            try:
                return method(*args)
            except BaseException as exc:
                raise self._failed(name, args, exc) from None
        return call

    def _player(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def call(state: Any) -> Any:
            try:
                value = method(state)
            except BaseException as exc:
                raise self._failed(name, (state,), exc) from None
            if value.__class__ is Player:
                return value
            raise self._bad(name, (state,), value)
        return call

    def _bool(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def call(state: Any) -> Any:
            try:
                value = method(state)
            except BaseException as exc:
                raise self._failed(name, (state,), exc) from None
            if value is True or value is False:
                return value
            if type(value).__name__ == "bool_":  # numpy's bool, from a board's test
                return bool(value)
            raise self._bad(name, (state,), value)
        return call

    def _text(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        longest = MAX_TEXT[name]

        def call(*args: Any) -> Any:
            try:
                value = method(*args)
            except BaseException as exc:
                raise self._failed(name, args, exc) from None
            if (value.__class__ is str or isinstance(value, str)) and len(value) <= longest:
                if value.isascii():
                    return value
                return self._unicode(name, args, value)
            raise self._not_text(name, args, value)
        return call

    def _move_name(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        """As :meth:`_text`, and the documented invariants of a move name: no ``/`` (node
        ids are move names joined by ``/``) and unique among the moves of a position.
        The moves of one position are named one after the other, so the names of the
        last position asked about are kept: a dict lookup per call."""
        longest = MAX_TEXT[name]
        last: list[Any] = [_ABSENT]
        seen: dict[str, Any] = {}

        def call(state: Any, action: Any) -> Any:
            try:
                value = method(state, action)
            except BaseException as exc:
                raise self._failed(name, (state, action), exc) from None
            if not ((value.__class__ is str or isinstance(value, str))
                    and len(value) <= longest):
                raise self._not_text(name, (state, action), value)
            if not value.isascii():
                self._unicode(name, (state, action), value)
            if "/" in value:
                raise InputError(said("{call} returned {value}: a move name may not hold '/', "
                                      "which joins the move names of a node's id",
                                      call=self._at(name, (state,)), value=short_repr(value)),
                                 file=self._file)
            if state is not last[0]:
                last[0] = state
                seen.clear()
            before = seen.setdefault(value, action)
            if before is not action and _differ(before, action):
                raise InputError(said("{call} returned {value} for {action} and for {other}: "
                                      "move names must be unique at a position",
                                      call=self._at(name, (state,)), value=short_repr(value),
                                      action=short_repr(action), other=short_repr(before)),
                                 file=self._file)
            return value
        return call

    def _unicode(self, name: str, args: tuple[Any, ...], value: str) -> str:
        """``value`` if it encodes as UTF-8 (as every output does); else the error: a lone
        surrogate (U+D800..U+DFFF) is no character."""
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError(said("{call} returned {value}: expected text without lone "
                                  "surrogates (U+D800..U+DFFF), which no file can hold",
                                  call=self._at(name, args[:1]), value=short_repr(value)),
                             file=self._file) from None
        return value

    def _not_text(self, name: str, args: tuple[Any, ...], value: Any) -> InputError:
        if isinstance(value, str):
            return InputError(said("{call} returned a string of {count:,} characters: at "
                                   "most {most:,}", call=self._at(name, args),
                                   count=len(value), most=MAX_TEXT[name]), file=self._file)
        return self._bad(name, args, value)

    def _number(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            try:
                value = method(*args)
            except BaseException as exc:
                raise self._failed(name, args, exc) from None
            kind = value.__class__
            if (kind is int and -_BIG < value < _BIG) or (kind is float and value == value):
                return value
            return self._odd_number(name, args, value)
        return call

    def _odd_number(self, name: str, args: tuple[Any, ...], value: Any) -> Any:
        """Another kind of real number (numpy's int64 and float64, a Fraction), made a
        plain int or float; or a bad value."""
        import numbers

        if isinstance(value, bool) or not isinstance(value, numbers.Real) or (
                not isinstance(value, numbers.Integral) and _nan(value)):
            raise InputError(said("{call} returned {value}: expected a number (int or float, "
                                  "not NaN)", call=self._at(name, args), value=short_repr(value)),
                             file=self._file)
        if isinstance(value, numbers.Integral):
            value = int(value)
            if not -_BIG < value < _BIG:
                raise InputError(said("{call} returned {value}: expected a number of at most "
                                      "{digits} digits", call=self._at(name, args),
                                      value=short_repr(value), digits=MAX_DIGITS),
                                 file=self._file)
            return value
        return float.__float__(float(value))  # a plain float, whatever the subclass says

    def _actions(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def call(state: Any) -> Any:
            try:
                value = method(state)
                kind = value.__class__
                if kind is list or kind is tuple:
                    if len(value) <= MAX_ACTIONS:
                        return value
                    raise self._too_many(name, state, len(value))
                return self._listed(name, state, value)
            except InputError:
                raise
            except BaseException as exc:
                raise self._failed(name, (state,), exc) from None
        return call

    def _listed(self, name: str, state: Any, value: Any) -> list[Any]:
        """The moves of an iterable that is not a list (a generator, a range), at most
        :data:`MAX_ACTIONS` + 1 of them taken."""
        import itertools

        if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
            raise InputError(said("{call} returned {value}: expected a list of moves",
                                  call=self._at(name, (state,)), value=short_repr(value)),
                             file=self._file)
        moves = list(itertools.islice(value, MAX_ACTIONS + 1))
        if len(moves) > MAX_ACTIONS:
            raise self._too_many(name, state, None)
        return moves

    def _too_many(self, name: str, state: Any, count: int | None) -> InputError:
        """``count`` moves, or (None) more than the most searched."""
        call = self._at(name, (state,))
        if count is None:
            return InputError(said("{call} returned more than {count:,} moves: at most "
                                   "{most:,} are searched at one position", call=call,
                                   count=MAX_ACTIONS, most=MAX_ACTIONS), file=self._file)
        return InputError(said("{call} returned {count:,} moves: at most {most:,} are "
                               "searched at one position", call=call, count=count,
                               most=MAX_ACTIONS), file=self._file)

    # -------------------------------------------------------- errors

    def _bad(self, name: str, args: tuple[Any, ...], value: Any) -> InputError:
        call, shown = self._at(name, args), short_repr(value)
        if name == "to_move":
            message = said("{call} returned {value}: expected tracer.games.base.Player "
                           "(Player.MAX, Player.MIN or Player.CHANCE)", call=call, value=shown)
        elif name == "is_terminal":
            message = said("{call} returned {value}: expected True or False", call=call,
                           value=shown)
        else:  # move_name, describe, node_id
            message = said("{call} returned {value}: expected a string", call=call,
                           value=shown)
        return InputError(message, file=self._file)

    def _failed(self, name: str, args: tuple[Any, ...], exc: BaseException) -> BaseException:
        """What an exception raised inside the user's method becomes."""
        from tracer.errors import Deadline, LimitExceeded

        if isinstance(exc, Deadline):
            return LimitExceeded(said("{file}: {call} was still running when --time-limit ran "
                                      "out, so it was stopped", file=self._file,
                                      call=self._at(name, args)))
        if isinstance(exc, _Exited):
            return InputError(said("{call} called os._exit({code}): a game must return, not "
                                   "exit", call=self._at(name, args), code=repr(exc.code)),
                              file=self._file)
        if isinstance(exc, SystemExit):
            return InputError(said("{call} called sys.exit({code}): a game must return, not "
                                   "exit", call=self._at(name, args), code=repr(exc.code)),
                              file=self._file)
        if isinstance(exc, (InputError, UsageError, KeyboardInterrupt, MemoryError)) or (
                not isinstance(exc, Exception) and _ours(exc)):
            return exc  # an interrupt, a teammate's limit, or our own error: as it is
        if isinstance(exc, RecursionError) and _deep_already():
            return exc  # the search itself is too deep: reported as such by the CLI
        return InputError(said("{call} raised {kind}: {text}", call=self._at(name, args),
                               kind=type(exc).__name__, text=short_repr(exc, 120, as_str=True)),
                          file=self._file)

    def _at(self, name: str, args: tuple[Any, ...]) -> Said | str:
        """``MyGame.actions() at position (3, 'max')``: the call, and the position it
        was asked about."""
        if not args:
            return f"{self._what}.{name}()"
        return said("{call} at position {position}", call=f"{self._what}.{name}()",
                    position=short_repr(args[0]))


def _deep_already() -> bool:
    """Whether the stack is over half the recursion limit deep (then a RecursionError
    comes from the depth of the search, not from the game's own recursion)."""
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth += 1
        frame = frame.f_back  # type: ignore[assignment]
    return depth > sys.getrecursionlimit() // 2


_REAL_EXIT: list[Callable[[int], Any]] = []


def guard_os_exit() -> None:
    """From now on in this process, ``os._exit`` raises :class:`_Exited` (so a game that
    calls it is reported, not obeyed); a forked child (a worker) exits as it asked."""
    if _REAL_EXIT:
        return
    real = os._exit
    parent = os.getpid()

    def guarded_exit(code: int) -> Any:
        if os.getpid() != parent:
            real(code)
        raise _Exited(code)

    _REAL_EXIT.append(real)
    os._exit = guarded_exit  # type: ignore[assignment]


def short_repr(value: Any, width: int = 60, *, as_str: bool = False) -> Said | str:
    """``repr(value)`` (``str`` with ``as_str``) on one line, cut to ``width``; a value
    whose repr fails or is too large to print is named by its type."""
    try:
        if isinstance(value, int) and value.bit_length() > 1_000:
            return said("<an int of {bits:,} bits>", bits=value.bit_length())
        text = str(value) if as_str else repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."


def _nan(value: Any) -> bool:
    """Whether the real number ``value`` is NaN, read as the float it converts to: a
    subclass's own ``==`` (one that says NaN equals itself) is not asked."""
    try:
        number = float.__float__(float(value))
    except (TypeError, ValueError, OverflowError):
        return True  # no float at all: not a number the search can compare
    return number != number


def _differ(one: Any, other: Any) -> bool:
    """Whether two actions are different moves (an ``==`` that fails, say numpy's on
    arrays, is taken for the same move: no error the game did not make)."""
    try:
        return bool(one != other)
    except Exception:
        return False
