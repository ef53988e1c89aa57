"""The library calls behind the CLI commands: load a source, search it, validate a file."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .compress import is_stream, open_text
from .errors import InputError, UsageError
from .games.base import Game, Player
from .games.tree import Tree, TreeGame, load_tree, parse_tree_json, parse_tree_text
from .record import NULL, FileRecorder, Recorder
from .search.common import NO_LIMITS, Limits
from .trace import Result

__all__ = [
    "load_source",
    "parse_params",
    "search_source",
    "search_tree",
    "tree_source",
    "validate_file",
]


def parse_params(items: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``-p KEY=VALUE`` options as a dict (later keys win); a malformed one is a UsageError."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"expected -p KEY=VALUE, got {item!r}")
        out[key.strip()] = value.strip()
    return out


def load_source(source: str, *, root_player: str | None = None) -> Tree:
    """A tree file (``.json`` or text notation) or the name of a built-in example."""
    player = None if root_player is None else Player(root_player)
    if os.path.exists(source):
        if os.path.isdir(source):
            raise UsageError(f"{source} is a folder: give a tree file or an example name")
        return load_tree(source, root_player=player)
    from .examples import EXAMPLES, example_tree

    if source in EXAMPLES:
        tree = example_tree(source)
        if player is not None:
            tree = parse_tree_json(tree.to_json(), file=f"<example {source}>",
                                   root_player=player)
        return tree
    raise UsageError(f"no such file or built-in example: {source!r} "
                     f"(examples: {', '.join(EXAMPLES)})")


def tree_source(tree: Tree, *, root_player: str | None = None) -> dict[str, Any]:
    """The trace header's ``source`` block for an explicit tree."""
    return {"kind": "tree", "name": tree.name, "tree": tree.to_json()}


def search_tree(tree: Tree, *, algorithm: str = "alphabeta", variant: str | None = None,
                order: str = "natural", seed: int | None = None, depth: int | None = None,
                cut_on: str = "ge", limits: Limits = NO_LIMITS,
                recorder: Recorder = NULL, bounds: tuple[float, float] | None = None,
                prover: str = "max", techniques: str | tuple[str, ...] = ()) -> Result:
    """Search an explicit tree; the trace header embeds the whole tree."""
    from .search import run_search

    return run_search(TreeGame(tree), algorithm=algorithm, variant=variant, order=order,
                      seed=seed, depth=depth, cut_on=cut_on, limits=limits, recorder=recorder,
                      source=tree_source(tree), bounds=bounds, prover=prover,
                      techniques=techniques)


def search_source(source: str, *, algorithm: str = "alphabeta", variant: str | None = None,
                  order: str = "natural", seed: int | None = None, depth: int | None = None,
                  cut_on: str = "ge", root_player: str | None = None,
                  params: Mapping[str, str] | None = None, limits: Limits = NO_LIMITS,
                  output: str | os.PathLike[str] | None = None,
                  bounds: tuple[float, float] | None = None,
                  prover: str = "max",
                  techniques: str | tuple[str, ...] = ()) -> tuple[Result, str]:
    """Load ``source`` (tree file, example or game), search it, write the trace to
    ``output`` if given.  Returns the result and a one-line title for the summary."""
    from .search import ALGORITHMS, run_search

    variants = ALGORITHMS.get(algorithm, ())
    shown = variant if variant is not None else (variants[0] if variants else "?")
    game, state, header_source, name = _resolve(source, root_player=root_player,
                                                params=params or {})
    title = f"{algorithm} ({shown}) on {name}"
    if techniques:
        listed = techniques if isinstance(techniques, str) else ",".join(techniques)
        title = f"{algorithm} ({shown}; {listed}) on {name}"

    def go(recorder: Recorder) -> Result:
        return run_search(game, state, algorithm=algorithm, variant=variant, order=order,
                          seed=seed, depth=depth, cut_on=cut_on, limits=limits,
                          recorder=recorder, source=header_source, bounds=bounds,
                          prover=prover, techniques=techniques)

    if output is None:
        return go(NULL), title
    with FileRecorder(output) as recorder:
        result = go(recorder)
    return result, title


def _resolve(source: str, *, root_player: str | None,
             params: Mapping[str, str]) -> tuple[Game[Any, Any], Any, dict[str, Any], str]:
    """A game, its start state, the header's source block and a display name."""
    if _is_game(source):
        from .games.registry import make_game

        if root_player is not None:
            raise UsageError("--root-player applies to tree files; games take -p first=...")
        game, state, block = make_game(source, params)
        return game, state, block, source
    if params:
        raise UsageError(f"-p parameters apply to games, and {source!r} is a tree")
    tree = load_source(source, root_player=root_player)
    return TreeGame(tree), tree.root, tree_source(tree), tree.name or source


def _is_game(source: str) -> bool:
    try:
        from .games.registry import is_game_spec
    except ImportError:  # games not installed in this build
        return False
    return bool(is_game_spec(source)) and not os.path.isfile(source)


_SOLUTION_KEYS = frozenset({"conventions", "values", "evaluated", "pruned", "alphabeta",
                            "expanded", "nodes", "discarded", "path", "cost"})


def validate_file(path: str | os.PathLike[str], *, kind: str | None = None) -> str:
    """Check a tree, trace, solution or payoff file; return what it is.

    ``kind`` (tree, trace, solution, payoff) skips the guess made from the content: a
    ``format`` key means a trace, ``rows``/``columns``/``payoffs`` a payoff matrix, a
    ``game`` with ``equilibria`` a recorded matrix analysis, solution items a solution;
    anything else is a tree.  ``.jsonl`` files are trace streams, other non-JSON files
    trees in the text notation."""
    from .jsonio import load_json_file
    from .schema import validate

    file = str(path)
    if is_stream(file):
        _validate_stream(Path(path))
        return "trace stream"
    if not file.endswith(".json") and kind in (None, "tree"):
        from .jsonio import read_text_file

        parse_tree_text(read_text_file(path), file=file)
        return "tree (text notation)"
    data = load_json_file(path)
    kind = kind or _guess_kind(data)
    if kind == "trace":
        validate(data, "trace", file=file)
        from .trace import Trace

        Trace.from_json(data, file=file)
        return "trace"
    if kind == "payoff":
        if isinstance(data, dict) and "equilibria" in data:
            validate(data.get("game"), "payoff", file=file, where="$.game")
            return "payoff matrix analysis"
        validate(data, "payoff", file=file)
        return "payoff matrix"
    if kind == "solution":
        validate(data, "solution", file=file)
        return "solution"
    validate(data, "tree", file=file)
    parse_tree_json(data, file=file)
    return "tree"


def _guess_kind(data: Any) -> str:
    if not isinstance(data, dict):
        return "tree"
    if "format" in data:
        return "trace"
    if {"rows", "columns", "payoffs"} <= data.keys() or {"game", "equilibria"} <= data.keys():
        return "payoff"
    if data.keys() & _SOLUTION_KEYS:
        return "solution"
    return "tree"


def _validate_stream(path: Path) -> None:
    from .jsonio import loads_json
    from .schema import validate

    file = str(path)
    try:
        handle = open_text(path)
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", file=file) from None
    with handle:
        lines = [(n, line) for n, line in enumerate(handle, start=1) if line.strip()]
    if not lines:
        raise InputError("empty trace stream", file=file)
    for i, (n, line) in enumerate(lines):
        obj = loads_json(line, file=f"{file}:{n}")
        where = f"line {n}: $"
        if i == 0:
            validate(obj, "trace", file=file, ref="#/$defs/header", where=where)
            if obj.get("type") != "header":
                raise InputError('the first line must be the header ("type": "header")',
                                 file=file, where=f"line {n}")
        elif isinstance(obj, dict) and obj.get("type") == "result":
            validate(obj, "trace", file=file, ref="#/$defs/result", where=where)
        else:
            validate(obj, "trace", file=file, ref="#/$defs/event", where=where)
