"""A copy of ``tracer`` whose searches have their recorder hooks removed.

The issue asks what the hooks cost when recording is off, against *the same
search with no hooks*. Rather than maintain a second implementation, this builds
one: every ``if on:`` / ``if run.on:`` / ``if self.on:`` block in tracer/search is
deleted from the syntax tree, and the package is imported under another name.
"""

from __future__ import annotations

import ast
import importlib
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


class _StripHooks(ast.NodeTransformer):
    def visit_If(self, node: ast.If) -> ast.AST:
        self.generic_visit(node)
        test = node.test
        hook = (isinstance(test, ast.Name) and test.id == "on") or (
            isinstance(test, ast.Attribute) and test.attr == "on")
        if hook and not node.orelse:
            return ast.Pass()
        return node


def load() -> ModuleType:
    """Import the hook-free copy as ``tracer_nohooks`` (built once per process)."""
    if "tracer_nohooks" in sys.modules:
        return sys.modules["tracer_nohooks"]
    tmp = Path(tempfile.mkdtemp(prefix="nohooks-"))
    copy = tmp / "tracer_nohooks"
    shutil.copytree(ROOT / "tracer", copy)
    stripped = 0
    for path in [*(copy / "search").glob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        before = ast.dump(tree)
        tree = ast.fix_missing_locations(_StripHooks().visit(tree))
        stripped += before != ast.dump(tree)
        path.write_text(ast.unparse(tree), encoding="utf-8")
    sys.path.insert(0, str(tmp))
    module = importlib.import_module("tracer_nohooks")
    module.STRIPPED_FILES = stripped  # type: ignore[attr-defined]
    return module
