"""Games written by users: ``path/to/file.py:ClassName`` with ``key=value`` parameters.

The file is imported as a module of its own (``importlib.util.spec_from_file_location``),
then ``ClassName(**params)`` is called.  Parameter values arrive as text; each is
converted by the annotation of the constructor's parameter of that name: ``int``,
``float`` (``inf`` allowed) and ``bool`` (true/false, yes/no, on/off, 1/0) are parsed,
anything else (``str``, no annotation, other types) is passed as the text itself.  The
object made must satisfy :class:`tracer.games.base.Game`, as :mod:`tracer.games.guard`
checks (the members the protocol requires, ``evaluate``, ``probability`` and ``node_id``
as the game's capabilities declare), and is searched through its guard
(:class:`~tracer.games.guard.GuardedGame`), which checks every call at the boundary.
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
from tracer.games.base import Game
from tracer.games.guard import (
    GuardedGame,
    check_game,
    failure_words,
    guard_os_exit,
    raised_by_user,
    short_repr,
)
from tracer.games.params import ParamSpec, unknown_parameter
from tracer.said import said

__all__ = ["load_user_game", "load_user_game_with_params"]


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
        classes = _classes(path)
        if not classes:
            raise UsageError(said("{path}: no class {name!r} in the file (classes: none)",
                                  path=path, name=class_name))
        raise UsageError(said("{path}: no class {name!r} in the file (classes: {classes})",
                              path=path, name=class_name, classes=", ".join(classes)))
    values = _arguments(factory, params, spec)
    try:
        game = factory(**values)
    except (TypeError, ValueError) as exc:
        raise UsageError(said("{path}: {name}(...) rejected its parameters: {reason}",
                              path=path, name=class_name, reason=str(exc))) from None
    except BaseException as exc:
        if not raised_by_user(exc):
            raise
        raise InputError(said("{name}(...) failed: {failure}", name=class_name,
                              failure=failure_words(exc)), file=path) from None
    check_game(game, file=path, what=class_name)
    return GuardedGame(game, file=path, what=class_name), _recorded(factory, values)





def _import_file(path: str) -> ModuleType:
    if not os.path.isfile(path):
        raise UsageError(said("{path}: no such file (a game of your own is given as "
                              "path/to/file.py:ClassName)", path=path))
    name = _module_name(path)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise InputError(said("cannot import this file as Python"), file=path)
    module = importlib.util.module_from_spec(spec)
    guard_os_exit()
    # Registered while it runs, as a normal import would be: dataclasses and pickling
    # look their class's module up in sys.modules.
    sys.modules[name] = module
    # No __pycache__ beside the user's file (nor beside what it imports as it runs).
    saved, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        del sys.modules[name]
        raise InputError(said("syntax error: {reason}",
                              reason=short_repr(exc.msg, 120, as_str=True)), file=path,
                         where=f"line {exc.lineno}") from None
    except BaseException as exc:
        if not raised_by_user(exc):
            raise
        del sys.modules[name]
        raise InputError(said("importing the file failed: {failure}",
                              failure=failure_words(exc)), file=path) from None
    finally:
        sys.dont_write_bytecode = saved
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
            raise UsageError(unknown_parameter(key, spec, list(named)))
    for key, p in named.items():
        if p.default is p.empty and key not in params:
            raise UsageError(said("missing parameter {key!r} for {game}: give -p {key}=VALUE",
                                  key=key, game=spec))
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
