"""Shared fixtures: search a tree given in the text notation and keep its trace.

The suite runs in English whatever the machine's locale: the command line says its
errors in the locale's language (``LANG=it_IT.UTF-8`` gives Italian), and the tests
that read them expect English unless they ask for a language themselves."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from marking import (
    pytest_collection_modifyitems,
    pytest_configure,
    pytest_runtest_call,
    pytest_runtest_setup,
)

__all__ = [  # the hooks that mark each test by what it uses (tests/marking.py)
    "pytest_collection_modifyitems", "pytest_configure", "pytest_runtest_call",
    "pytest_runtest_setup",
]

from tracer._api import search_tree
from tracer.events import Evaluate, Expand
from tracer.examples import example_tree
from tracer.games.base import Player
from tracer.record import MemoryRecorder
from tracer.trace import Result, Trace
from tracer.trees import Tree, parse_tree_json, parse_tree_text

os.environ["GAMETRACE_LANG"] = "en"  # also for the command lines run in a subprocess

# `make check` (--hypothesis-profile=check): a tenth of the examples, the same properties
# (a property that asks for its own number asks through helpers.examples); `make test`
# keeps hypothesis's default profile and the full numbers
settings.register_profile("check", max_examples=10)

VARIANTS = [
    ("minimax", "two-function"),
    ("minimax", "negamax"),
    ("minimax", "list"),
    ("alphabeta", "fail-soft"),
    ("alphabeta", "fail-hard"),
    ("alphabeta", "negamax"),
    ("alphabeta", "list"),
]
AB_VARIANTS = [v for a, v in VARIANTS if a == "alphabeta"]


@dataclass
class Searched:
    """A search's result and trace, with the questions tests ask of them."""

    tree: Tree
    result: Result
    trace: Trace

    @property
    def evaluated(self) -> list[str]:
        return [e.node for e in self.trace.events if isinstance(e, Evaluate)]

    @property
    def visited(self) -> list[str]:
        return [e.node for e in self.trace.events if isinstance(e, (Expand, Evaluate))]

    @property
    def pruned_leaves(self) -> list[str]:
        seen = set(self.evaluated)
        return [n.id for n in self.tree.nodes() if n.is_leaf and n.id not in seen]


def to_tree(source: Any, **kwargs: Any) -> Tree:
    if isinstance(source, Tree):
        return source
    if isinstance(source, str):
        return parse_tree_text(source, **kwargs)
    return parse_tree_json(source, **kwargs)


def taken(algorithm: str, variant: str | None, **options: Any) -> dict[str, Any]:
    """``options`` without a cut test or leaf bounds ``algorithm``/``variant`` does not
    take and without a seed for an order that is not random (run_search refuses them):
    tests draw one cut test, one pair of bounds and one seed for every search they
    compare.  Other options pass as given, so a test can still see them refused."""
    from tracer.spec import takes

    order = options.get("order", "natural")
    return {name: value for name, value in options.items()
            if (name not in ("cut_on", "bounds") or takes(name, algorithm, variant))
            and (name != "seed" or order == "random")}


def do_search(source: Any, algorithm: str = "alphabeta", variant: str | None = None,
              **options: Any) -> Searched:
    """Search ``source`` with the options that ``algorithm``/``variant`` takes (:func:`taken`)."""
    options = taken(algorithm, variant, **options)
    root_player = options.pop("root_player", None)
    tree = (to_tree(source) if root_player is None
            else to_tree(source, root_player=Player(root_player)))
    rec = MemoryRecorder()
    result = search_tree(tree, algorithm=algorithm, variant=variant, recorder=rec, **options)
    return Searched(tree, result, rec.trace)


@pytest.fixture
def search() -> Callable[..., Searched]:
    return do_search


@pytest.fixture
def aima() -> Trace:
    """Alpha-beta (fail-soft) on MAX{MIN{3,12,8}, MIN{2,4,6}, MIN{14,5,2}} (Teoria dei giochi):
    what ``gametrace run aima`` records."""
    return do_search(example_tree("aima")).trace


@pytest.fixture
def aima_file(aima: Trace, tmp_path: Path) -> Path:
    """:func:`aima` written to ``aima.json`` in the test's folder."""
    path = tmp_path / "aima.json"
    aima.dump(path)
    return path


@pytest.fixture
def aima_jsonl(aima: Trace, tmp_path: Path) -> Path:
    """:func:`aima` written to ``aima.jsonl`` in the test's folder, as ``gametrace run aima
    -o aima.jsonl`` writes it."""
    path = tmp_path / "aima.jsonl"
    aima.dump(path)
    return path
