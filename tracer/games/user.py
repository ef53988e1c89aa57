"""Games written by users: ``path/to/file.py:ClassName`` with ``key=value`` parameters.

The file is imported as a module of its own (``importlib.util.spec_from_file_location``),
then ``ClassName(**params)`` is called.  Parameter values arrive as text; each is
converted by the annotation of the constructor's parameter of that name: ``int``,
``float`` (``inf`` allowed) and ``bool`` (true/false, yes/no, on/off, 1/0) are parsed,
anything else (``str``, no annotation, other types) is passed as the text itself.  The
object made must satisfy :class:`tracer.games.base.Game`: every attribute the protocol
requires must be present (``evaluate`` only when ``capabilities.evaluation``,
``probability`` only with ``chance``, ``node_id`` only with ``named_nodes``).
``docs/examples/my_game.py`` is a complete example.

Errors name the file: a bad argument (no such file or class, an unknown parameter, a
value the game rejects) is a :class:`UsageError`, a file that fails to import or a game
that breaks the protocol an :class:`InputError`.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import os
import sys
import typing
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from tracer.errors import InputError, UsageError
from tracer.games.base import Capabilities, Game, Player
from tracer.games.params import ParamSpec

__all__ = ["REQUIRED", "GuardedGame", "check_game", "load_user_game",
           "load_user_game_with_params"]

REQUIRED = ("name", "capabilities", "initial_state", "to_move", "actions", "result",
            "is_terminal", "utility", "move_name", "describe")
"""What every game must have; ``evaluate``, ``probability``, ``node_id`` as its
capabilities say."""

_KIND_OF_TYPE: dict[object, str] = {int: "int", "int": "int", float: "number",
                                    "float": "number", bool: "bool", "bool": "bool"}


def load_user_game(spec: str, params: Mapping[str, str]) -> Game[Any, Any]:
    """Import ``path/to/file.py``, call ``ClassName(**params)``, check the protocol."""
    return load_user_game_with_params(spec, params)[0]


def load_user_game_with_params(
    spec: str, params: Mapping[str, str]
) -> tuple[Game[Any, Any], dict[str, Any]]:
    """Like :func:`load_user_game`; also returns every constructor parameter's value
    (the given ones parsed, plus the defaults that are plain JSON values)."""
    path, _, class_name = spec.rpartition(":")
    factory = getattr(_import_file(path), class_name, None)
    if factory is None or not callable(factory):
        raise UsageError(f"{path}: no class {class_name!r} in the file "
                         f"(classes: {', '.join(_classes(path)) or 'none'})")
    values = _arguments(factory, params, spec)
    try:
        game = factory(**values)
    except (TypeError, ValueError) as exc:
        raise UsageError(f"{path}: {class_name}(...) rejected its parameters: {exc}") from None
    except (Exception, SystemExit) as exc:
        raise InputError(f"{class_name}(...) failed: {type(exc).__name__}: {exc}",
                         file=path) from None
    check_game(game, file=path, what=class_name)
    return GuardedGame(game, file=path, what=class_name), _recorded(factory, values)


def check_game(game: Any, *, file: str, what: str) -> None:
    """An :class:`InputError` unless ``game`` has what the Game protocol requires, and its
    initial state's player is a :class:`Player`."""
    missing = [a for a in REQUIRED if not hasattr(game, a)]
    if "capabilities" not in missing and not isinstance(game.capabilities, Capabilities):
        raise InputError(f"{what}.capabilities must be a tracer.games.base.Capabilities, "
                         f"got {type(game.capabilities).__name__}", file=file)
    if "name" not in missing and not isinstance(game.name, str):
        raise InputError(f"{what}.name must be a string, got {type(game.name).__name__}",
                         file=file)
    if "capabilities" not in missing:
        caps = game.capabilities
        for flag, attr in ((caps.evaluation, "evaluate"), (caps.chance, "probability"),
                           (caps.named_nodes, "node_id")):
            if flag and not hasattr(game, attr):
                missing.append(attr)
    missing += [a for a in REQUIRED[2:] if a not in missing and not callable(getattr(game, a))]
    if missing:
        raise InputError(f"{what} is not a game: it lacks {', '.join(missing)} "
                         "(see the Game protocol in docs/games.md)", file=file)
    try:
        player = game.to_move(game.initial_state())
    except Exception as exc:
        raise InputError(f"{what}.to_move(initial_state()) failed: {type(exc).__name__}: "
                         f"{exc}", file=file) from None
    if not isinstance(player, Player):
        raise InputError(f"{what}.to_move must return a tracer.games.base.Player "
                         f"(Player.MAX, Player.MIN, Player.CHANCE), got {player!r}", file=file)


_GUARDED = frozenset({"initial_state", "to_move", "actions", "result", "is_terminal",
                      "utility", "evaluate", "probability", "move_name", "describe",
                      "node_id"})
_NUMBERS = frozenset({"utility", "evaluate", "probability"})


class GuardedGame:
    """A user's game whose every method call is watched: an exception, a ``sys.exit``, a
    value that is not a number (``utility``, ``evaluate``, ``probability``) or a call
    still running when the time limit stops the work becomes one
    :class:`~tracer.errors.InputError` naming the method and the position."""

    def __init__(self, game: Any, *, file: str, what: str) -> None:
        self._game = game
        self._file = file
        self._what = what

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._game, name)
        if name in _GUARDED and callable(value):
            def guarded(*args: Any) -> Any:
                return self._call(name, value, args)

            setattr(self, name, guarded)  # found in the instance from now on
            return guarded
        return value

    def _call(self, name: str, method: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        from tracer.errors import Deadline

        try:
            value = method(*args)
        except Deadline:
            from tracer.errors import LimitExceeded

            raise LimitExceeded(f"{self._file}: {self._at(name, args)} was still running "
                                "when --time-limit ran out, so it was stopped") from None
        except SystemExit as exc:
            raise InputError(f"{self._at(name, args)} called sys.exit({exc.code!r}): a game "
                             "must return, not exit", file=self._file) from None
        except (InputError, UsageError):
            raise
        except Exception as exc:
            raise InputError(f"{self._at(name, args)} raised {type(exc).__name__}: {exc}",
                             file=self._file) from None
        if name in _NUMBERS and (isinstance(value, bool)
                                 or not isinstance(value, (int, float)) or value != value):
            raise InputError(f"{self._at(name, args)} returned {_short(value)}: expected a "
                             "number (int or float, not NaN)", file=self._file)
        return value

    def _at(self, name: str, args: tuple[Any, ...]) -> str:
        where = f" at position {_short(args[0])}" if args else ""
        return f"{self._what}.{name}(){where}"


def _short(value: Any, width: int = 60) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."


def _import_file(path: str) -> ModuleType:
    if not os.path.isfile(path):
        raise UsageError(f"{path}: no such file (a game of your own is given as "
                         "path/to/file.py:ClassName)")
    name = _module_name(path)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise InputError("cannot import this file as Python", file=path)
    module = importlib.util.module_from_spec(spec)
    # Registered while it runs, as a normal import would be: dataclasses and pickling
    # look their class's module up in sys.modules.
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        del sys.modules[name]
        raise InputError(f"syntax error: {exc.msg}", file=path,
                         where=f"line {exc.lineno}") from None
    except (Exception, SystemExit) as exc:
        del sys.modules[name]
        raise InputError(f"importing the file failed: {type(exc).__name__}: {exc}",
                         file=path) from None
    return module


def _module_name(path: str) -> str:
    """One module name per file, so that two game files never replace each other."""
    return "gametrace_user_" + hashlib.sha1(os.path.abspath(path).encode()).hexdigest()[:12]


def _classes(path: str) -> list[str]:
    module = sys.modules.get(_module_name(path))
    if module is None:
        return []
    return sorted(n for n, v in vars(module).items()
                  if inspect.isclass(v) and v.__module__ == module.__name__)


def _arguments(factory: Callable[..., Any], params: Mapping[str, Any],
               spec: str) -> dict[str, Any]:
    """Check the names against the signature and parse each value by its annotation."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return dict(params)
    named = {n: p for n, p in signature.parameters.items()
             if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    open_ended = any(p.kind is p.VAR_KEYWORD for p in signature.parameters.values())
    for key in params:
        if key not in named and not open_ended:
            raise UsageError(f"unknown parameter {key!r} for {spec} "
                             f"(parameters: {', '.join(named) or 'none'})")
    for key, p in named.items():
        if p.default is p.empty and key not in params:
            raise UsageError(f"missing parameter {key!r} for {spec}: give -p {key}=VALUE")
    hints = _hints(factory)
    out: dict[str, Any] = {}
    for key, value in params.items():
        kind = _KIND_OF_TYPE.get(hints.get(key, named[key].annotation if key in named else None))
        if kind is None or not isinstance(value, str):
            out[key] = value
        else:
            out[key] = ParamSpec(key, kind, "", "").parse(value, spec)
    return out


def _hints(factory: Callable[..., Any]) -> dict[str, Any]:
    target = factory.__init__ if inspect.isclass(factory) else factory
    try:
        return typing.get_type_hints(target)
    except Exception:  # an annotation that does not resolve: fall back to its text
        return dict(getattr(target, "__annotations__", {}))


def _recorded(factory: Callable[..., Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """Every parameter in signature order: its given value, else its default."""
    out: dict[str, Any] = {}
    try:
        parameters = list(inspect.signature(factory).parameters.values())
    except (TypeError, ValueError):
        parameters = []
    for p in parameters:
        value = values.get(p.name, p.default)
        if p.name in values or (p.default is not p.empty and _plain(p.default)):
            out[p.name] = value
    out.update(values)
    return {k: v for k, v in out.items() if _plain(v)}


def _plain(value: Any) -> bool:
    if isinstance(value, (tuple, list)):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))
