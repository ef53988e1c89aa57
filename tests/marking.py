"""The kinds of test that need more than Python, each a marker (pyproject.toml registers
them), put on by what a test uses, so that a new test is marked without anyone thinking
of it, and ``make check`` (``-m "not browser and not postgres and not tex and not
subprocess and not slow"``) leaves it out:

- ``browser``: it takes the ``browser`` fixture (Playwright driving chromium);
- ``postgres``: it takes the ``postgres`` fixture, or a store parametrized ``postgresql``;
- ``tex``: it, a fixture of its module or a function of its module (or of a helper module
  of tests/ it imports) has the string ``"pdflatex"``, ``"pdfinfo"``, ``"pdftoppm"`` or
  ``"pdftotext"`` (a command line's first word);
- ``subprocess``: the same, for ``sys.executable`` (a Python, ``gametrace`` or ``python
  -m tracer`` child) or the string ``"gametrace"``;
- ``slow``: put on by hand (its length is not something a test shows).

What cannot be seen in the source is caught when the test runs: every child process a
test starts is looked at (:func:`kinds_of_command`), and one of a kind the test is not
marked with fails the test, naming the marker to put on.  So no browser, PostgreSQL, TeX
or subprocess test can go unmarked, and ``make check`` stays a loop of a minute.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent
KINDS = ("browser", "postgres", "tex", "subprocess", "slow")
"""The markers, in the order ``make check``'s expression names them."""

TEX_TOOLS = frozenset({"pdflatex", "lualatex", "xelatex", "pdfinfo", "pdftoppm", "pdftotext"})
PYTHONS = frozenset({"gametrace"})
BROWSER_FIXTURES = frozenset({"browser"})
POSTGRES_FIXTURES = frozenset({"postgres"})
POSTGRES_PARAM = "postgresql"
"""The value of a store's parameter (``[postgresql]``) that puts a test on the server."""


def kinds_of_command(args: Any) -> set[str]:
    """The markers a child process started with ``args`` (as ``subprocess.Popen`` takes
    them) asks of the test that starts it."""
    if isinstance(args, (str, bytes, os.PathLike)):
        words = os.fsdecode(args).split()
    else:
        words = [os.fsdecode(a) for a in args]
    if not words:
        return set()
    kinds: set[str] = set()
    names = [os.path.basename(w) for w in words]
    if TEX_TOOLS.intersection(names):
        kinds.add("tex")
    if "pg_ctl" in names or "postgres" in names:
        kinds.add("postgres")
    if any("playwright" in w for w in words) or "chromium" in names:
        kinds.add("browser")
    if (sys.executable in words or PYTHONS.intersection(names)
            or names[0].startswith("python")):
        kinds.add("subprocess")
    return kinds


# What the source shows ---------------------------------------------------------------

def _named(node: ast.AST) -> set[str]:
    """The kinds the names and strings in ``node`` show, without following calls."""
    kinds: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            # the program's name alone (an argv's first item, shutil.which's argument):
            # a sentence that mentions it is not a run of it
            if sub.value in TEX_TOOLS:
                kinds.add("tex")
            if sub.value in PYTHONS:
                kinds.add("subprocess")
        elif (isinstance(sub, ast.Attribute) and sub.attr == "executable"
              and isinstance(sub.value, ast.Name) and sub.value.id == "sys"):
            kinds.add("subprocess")
    return kinds


def _helper_module(name: str, near: Path) -> Path | None:
    """The helper module of tests/ that ``import name`` finds from ``near``, if any."""
    for folder in (near.parent, TESTS):
        path = folder / f"{name}.py"
        if path.exists():
            return path
    return None


@cache
def module_kinds(path: Path) -> dict[str, frozenset[str]]:
    """Each function of the module at ``path`` (fixtures included, methods by their own
    name) -> the kinds it shows, directly, through the module's constants, through the
    functions of the module it calls, or through those of the helper modules of tests/
    it imports them from."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    functions: dict[str, ast.AST] = {}
    constants: dict[str, set[str]] = {}
    imported: dict[str, frozenset[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.setdefault(node.name, node)
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    constants[target.id] = _named(node.value)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            helper = _helper_module(node.module, path)
            if helper is not None and helper != path:
                theirs = module_kinds(helper)
                for alias in node.names:
                    imported[alias.asname or alias.name] = theirs.get(alias.name, frozenset())

    direct: dict[str, set[str]] = {}
    calls: dict[str, set[str]] = {}
    for name, node in functions.items():
        direct[name] = _named(node)
        calls[name] = set()
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name):
                if sub.id in constants:
                    direct[name] |= constants[sub.id]
                elif sub.id in imported:
                    direct[name] |= imported[sub.id]
                elif sub.id in functions and sub.id != name:
                    calls[name].add(sub.id)
    kinds = {name: set(found) for name, found in direct.items()}
    changed = True
    while changed:  # follow the calls until nothing more is learnt
        changed = False
        for name, called in calls.items():
            for other in called:
                if not kinds[other] <= kinds[name]:
                    kinds[name] |= kinds[other]
                    changed = True
    return {name: frozenset(found) for name, found in kinds.items()}


def implied_kinds(item: pytest.Item) -> set[str]:
    """The markers ``item`` takes from the fixtures and parameters it uses and from the
    source of its module."""
    kinds: set[str] = set()
    names = set(getattr(item, "fixturenames", ()))
    if names & BROWSER_FIXTURES:
        kinds.add("browser")
    if names & POSTGRES_FIXTURES:
        kinds.add("postgres")
    callspec = getattr(item, "callspec", None)
    if callspec is not None and POSTGRES_PARAM in callspec.params.values():
        kinds.add("postgres")
    function = getattr(item, "function", None)
    path = Path(str(item.path))
    if function is not None and path.suffix == ".py":
        found = module_kinds(path)
        for name in {getattr(item, "originalname", function.__name__), *names}:
            kinds |= found.get(name, frozenset())
    return kinds & set(KINDS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        have = {m.name for m in item.iter_markers()}
        for kind in sorted(implied_kinds(item) - have):
            item.add_marker(getattr(pytest.mark, kind))


# What the test does -------------------------------------------------------------------

_running: list[pytest.Item] = []
"""The test whose setup or call is running (a stack: pytester runs a session
inside a test)."""


class UnmarkedChild(Exception):
    """A test started a child process of a kind it is not marked with."""


def _guarded_init(init: Any) -> Any:
    def __init__(self: subprocess.Popen[Any], args: Any, *rest: Any, **options: Any) -> None:
        if _running:
            item = _running[-1]
            missing = kinds_of_command(args) - {m.name for m in item.iter_markers()}
            if missing:
                marks = ", ".join(f"@pytest.mark.{kind}" for kind in sorted(missing))
                raise UnmarkedChild(
                    f"{item.nodeid} starts {args!r} but is not marked {marks}: put the "
                    f"marker on the test (tests/marking.py tells which ones the hooks "
                    f"put on by themselves)")
        init(self, args, *rest, **options)

    __init__.guarded = True  # type: ignore[attr-defined]
    return __init__


def pytest_configure(config: pytest.Config) -> None:
    if not getattr(subprocess.Popen.__init__, "guarded", False):
        subprocess.Popen.__init__ = _guarded_init(subprocess.Popen.__init__)  # type: ignore[method-assign]


@contextmanager
def _watched(item: pytest.Item) -> Iterator[None]:
    _running.append(item)
    try:
        yield
    finally:
        _running.pop()


# Setup and call only: the session's last teardown stops the servers that earlier tests
# started (pg_ctl stop), whatever the last test is.
@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    with _watched(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    with _watched(item):
        return (yield)
