"""The tree or game a trace searched, made again from its header: for the minimal tree
(:func:`.counting.minimal_tree`) and for counting moves by class (:mod:`.classes`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import InputError, UsageError
from ...header import Header
from ...said import Said, said
from ...sources import Source, resolve_content
from ...trees import parse_tree_json

if TYPE_CHECKING:  # analysis reads games through the search layer, never imports them
    from ...games.base import Game

__all__ = ["rebuild", "rebuilt_game"]


def rebuild(header: Header, *, file: str, purpose: Said) -> Source:
    """The tree or built-in game a trace's header names (its ``source``: the tree itself,
    or the game's name and parameters), made again for ``purpose``; a header that names
    neither is a one-line :class:`UsageError` saying what is missing."""
    source = header.source
    kind = source.get("kind")
    if kind == "tree" and isinstance(source.get("tree"), dict):
        return resolve_content(parse_tree_json(source["tree"], file=f"{file}: header"))
    if kind == "game" and isinstance(source.get("name"), str):
        params = source.get("params") or {}
        if not isinstance(params, dict):
            raise InputError(said("expected an object of parameters"), file=file,
                             where="header.source.params")
        return resolve_content(source["name"],
                               params={str(k): _param_text(v) for k, v in params.items()})
    missing = (said("has no tree (header.source.tree)") if kind == "tree"
               else said("names no game (header.source.name)") if kind == "game"
               else said("has no source (header.source)") if not source
               else said("names a {kind!r} (header.source.kind)", kind=kind)
               if isinstance(kind, str)
               else said("names no kind of source (header.source.kind)"))
    raise UsageError(said("{file}: {purpose} needs a trace of a tree or a built-in game, and "
                          "its header {missing}", file=file, purpose=purpose, missing=missing))


def rebuilt_game(header: Header, *, file: str,
                 purpose: Said) -> tuple[Game[Any, Any], Any, dict[str, Any]]:
    """The game, the position and the ``source`` block of the search a trace recorded:
    :func:`rebuild`'s game at its start position, then, for a capture of a game
    (``gametrace run --capture``), the moves of the source's ``path`` played, so that the
    position is the captured node's and not the game's start."""
    game, state, block = rebuild(header, file=file, purpose=purpose).game()
    path = header.source.get("path")
    if header.source.get("kind") == "game" and path:
        from ...search.capture import resolve_path

        if not isinstance(path, list) or not all(isinstance(m, str) for m in path):
            raise InputError(said("expected a list of move names"), file=file,
                             where="header.source.path")
        try:
            state = resolve_path(game, state, "/".join(path)).state
        except UsageError as exc:
            raise InputError(said("its moves are not the game's: {reason}", reason=exc.said),
                             file=file, where="header.source.path") from None
    return game, state, block


def _param_text(value: Any) -> str:
    """A parameter's value as the header keeps it, written back as ``-p`` text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(_param_text(v) for v in value)
    return str(value)
