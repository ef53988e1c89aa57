"""The source stage: what a user names, resolved once into a typed :class:`Source`.

A command's SOURCE is one of: a recorded trace (``.jsonl``, or ``.json`` with a
``"format"`` key), a tree file (``.json`` or the text notation), a built-in lecture
example (``aima``), a built-in game with ``-p`` parameters (``tictactoe -p size=4``) or
a user game (``path/to/file.py:ClassName``).  :func:`resolve` decides which, the same way
for every command and for the web service, and says what it expected when it is none
of them; :meth:`Source.game` gives the game, start state and trace-header block a
search needs, :meth:`Source.trace` the recorded trace.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import UsageError
from .games.base import Game, Player
from .said import Said, said
from .stdin import STDIN_NAME, input_path, is_stdin
from .trace import Trace
from .trees import Tree, TreeGame, load_tree, parse_tree_json

__all__ = ["Source", "SourceKind", "builtin_names", "file_kind", "is_trace_file",
           "load_tree_source", "resolve", "resolve_content", "tree_source"]

SourceKind = Literal["trace", "tree", "example", "game"]



def _not_a_trace(source: str, kind: SourceKind) -> Said:
    """What :meth:`Source.trace` says of a source of another kind (a template per kind:
    the languages word the kinds differently)."""
    if kind == "tree":
        return said("{source} is a tree, not a recorded trace", source=source)
    if kind == "game":
        return said("{source} is a game, not a recorded trace", source=source)
    return said("{source} is a example, not a recorded trace", source=source)


@dataclass(frozen=True)
class Source:
    """A resolved SOURCE."""

    text: str
    """What the user wrote."""
    kind: SourceKind
    """``trace`` (a recorded trace file), ``tree`` (a tree file), ``example`` (a built-in
    lecture tree) or ``game`` (a built-in game or a user ``file.py:Class``)."""
    name: str
    """A display name: the tree's own name, else what the user wrote."""
    tree: Tree | None = None
    """The tree of a tree file or an example."""
    params: Mapping[str, str] = field(default_factory=dict)
    """A game's ``-p`` parameters, as text."""

    def game(self) -> tuple[Game[Any, Any], Any, dict[str, Any]]:
        """The game to search, its start state and the trace header's ``source`` block."""
        if self.kind == "game":
            from .games.registry import make_game

            return make_game(self.text, self.params)
        if self.tree is None:
            raise UsageError(said("{source} is a recorded trace: it is drawn or checked as it "
                                  "is, not searched again", source=self.text))
        return TreeGame(self.tree), self.tree.root, tree_source(self.tree)

    def trace(self) -> Trace:
        """The recorded trace of a ``trace`` source."""
        if self.kind != "trace":
            raise UsageError(_not_a_trace(self.text, self.kind))
        from .trace import load_trace

        return load_trace(self.text)


def resolve(text: str, *, root_player: str | None = None,
            params: Mapping[str, str] | None = None, traces: bool = False) -> Source:
    """Resolve what the user named.  ``traces``: a recorded trace file is accepted
    (commands that read traces; ``root_player`` is then left to its header); otherwise
    a ``.json`` trace is read as a tree and refused by the tree's schema.
    ``root_player`` applies to trees, ``params`` to games: either given to the other is
    a :class:`UsageError`.  ``-`` is standard input, read as a file would be
    (:func:`tracer.stdin.input_path`) and named ``<stdin>``."""
    params = dict(params or {})
    shown = STDIN_NAME if is_stdin(text) else text
    text = input_path(text) if is_stdin(text) else text
    if _is_game(text):
        if root_player is not None:
            raise UsageError(said("--root-player applies to tree files; games take -p "
                                  "first=..."))
        return Source(text, "game", text, params=params)
    if params:
        raise UsageError(said("-p parameters apply to games, and {source!r} is a tree",
                              source=shown))
    if traces and os.path.isfile(text) and is_trace_file(text):
        # root_player is the trace header's business here (an answer's conventions may
        # repeat it): nothing is searched.
        return Source(text, "trace", shown)
    tree = load_tree_source(text, root_player=root_player)
    return Source(text, "tree" if os.path.exists(text) else "example", tree.name or shown,
                  tree=tree)


def resolve_content(source: Tree | str, *, root_player: str | None = None,
                    params: Mapping[str, str] | None = None) -> Source:
    """Resolve a source given as content (the web service, :mod:`tracer._api`): a tree
    already read, or the name of a built-in example or game.  Never a file path and never
    a ``file.py:Class`` game (which would run code): a name is looked up in the built-in
    lists only.  ``root_player`` applies to trees, ``params`` to games, as in
    :func:`resolve`."""
    params = dict(params or {})
    examples, games = builtin_names()
    if isinstance(source, str) and source in games:
        if root_player is not None:
            raise UsageError(said("root_player applies to trees; games take the param "
                                  "first=..."))
        return Source(source, "game", source, params=params)
    if params:
        shown = said("a tree") if isinstance(source, Tree) else \
            said("{source!r}, a lecture tree", source=source)
        raise UsageError(said("params apply to games, not to {what}", what=shown))
    player = None if root_player is None else Player(root_player)
    if isinstance(source, Tree):
        tree = source if player is None else parse_tree_json(
            source.to_json(), file="<tree>", root_player=player)
        return Source("<tree>", "tree", tree.name or "tree", tree=tree)
    if source in examples:
        return Source(source, "example", source, tree=load_tree_source(
            source, root_player=root_player, files=False))
    raise UsageError(said("no built-in example or game {source!r} (choose from: {allowed})",
                          source=source, allowed=", ".join((*examples, *games))))


def builtin_names() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names a request may use: the lecture examples, then the built-in games."""
    from .examples import EXAMPLES
    from .games.registry import GAMES

    return tuple(EXAMPLES), tuple(GAMES)


def load_tree_source(source: str, *, root_player: str | None = None,
                     files: bool = True) -> Tree:
    """A tree file (``.json`` or text notation) or the name of a built-in example
    (``files=False``: the built-in examples only)."""
    player = None if root_player is None else Player(root_player)
    if files and is_stdin(source):
        source = input_path(source)
    if files and os.path.exists(source):
        if os.path.isdir(source):
            raise UsageError(said("{source} is a folder: give a tree file or an example name",
                                  source=source))
        return load_tree(source, root_player=player)
    from .examples import EXAMPLES, example_tree

    if source in EXAMPLES:
        tree = example_tree(source)
        if player is not None:
            tree = parse_tree_json(tree.to_json(), file=f"<example {source}>",
                                   root_player=player)
        return tree
    raise UsageError(said("no such file or built-in example: {source!r} (examples: "
                          "{examples}; games: {games}; or a tree file)", source=source,
                          examples=", ".join(EXAMPLES), games=", ".join(_games())))


def tree_source(tree: Tree) -> dict[str, Any]:
    """The trace header's ``source`` block for an explicit tree."""
    return {"kind": "tree", "name": tree.name, "tree": tree.to_json()}


def is_trace_file(path: str | os.PathLike[str]) -> bool:
    """A ``.jsonl`` (or ``.jsonl.gz``) stream, or a ``.json`` file whose object has a
    ``format`` key."""
    from .compress import is_stream

    file = input_path(path)
    if is_stream(file):
        return True
    if not file.endswith(".json"):
        return False
    from .jsonio import load_json_file

    return file_kind(load_json_file(file)) == "trace"


_SOLUTION_KEYS = frozenset({"conventions", "values", "evaluated", "pruned", "alphabeta",
                            "expanded", "nodes", "discarded", "path", "cost"})


def file_kind(data: Any) -> str:
    """What a JSON document is, from its keys: ``trace`` (a ``format`` key), ``payoff``
    (``rows``/``columns``/``payoffs``, or a recorded ``game`` with ``equilibria``),
    ``graph`` (``edges``/``start``/``goal``: a graph for A*),
    ``solution`` (solution items) or ``tree`` (anything else)."""
    if not isinstance(data, dict):
        return "tree"
    if "format" in data:
        return "trace"
    if {"rows", "columns", "payoffs"} <= data.keys() or {"game", "equilibria"} <= data.keys():
        return "payoff"
    if {"edges", "start", "goal"} <= data.keys():
        return "graph"
    if data.keys() & _SOLUTION_KEYS:
        return "solution"
    return "tree"


def _is_game(source: str) -> bool:
    try:
        from .games.registry import is_game_spec
    except ImportError:  # games not installed in this build
        return False
    return bool(is_game_spec(source)) and not os.path.isfile(source)


def _games() -> list[str]:
    try:
        from .games.registry import GAMES
    except ImportError:  # games not installed in this build
        return []
    # the games of an optional extra (chess) after the others, as make_game lists them
    return sorted(GAMES, key=lambda name: (bool(GAMES[name].extra), name))
