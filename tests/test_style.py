"""The code keeps the habits of the style guide that a reader can check mechanically:
every module starts with ``from __future__ import annotations``, every field of every
event has a docstring, and no game's capability is probed with ``hasattr``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tracer

PACKAGE = Path(tracer.__file__).parent
MODULES = sorted(PACKAGE.rglob("*.py"))


def _has_future_annotations(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.ImportFrom) and node.module == "__future__"
               and any(alias.name == "annotations" for alias in node.names)
               for node in tree.body)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_module_imports_annotations_from_the_future(path: Path) -> None:
    """An empty ``__init__.py`` is the one exception: it holds nothing to annotate."""
    source = path.read_text(encoding="utf-8")
    if path.name == "__init__.py" and source == "":
        return
    assert _has_future_annotations(ast.parse(source)), (
        f"{path.relative_to(PACKAGE)}: add `from __future__ import annotations`")


def test_the_future_check_sees_a_missing_import() -> None:
    assert not _has_future_annotations(ast.parse('"""Doc."""\n\nimport os\n'))
    assert _has_future_annotations(ast.parse('"""Doc."""\n\nfrom __future__ import annotations\n'))


def _event_classes() -> list[ast.ClassDef]:
    tree = ast.parse((PACKAGE / "events.py").read_text(encoding="utf-8"))
    return [node for node in tree.body if isinstance(node, ast.ClassDef)
            and any(isinstance(d, ast.Call) and getattr(d.func, "id", "") == "dataclass"
                    for d in node.decorator_list)]


def undocumented_fields(cls: ast.ClassDef) -> list[str]:
    """The names assigned with an annotation in the class body (the fields and the
    ``type`` discriminator) that no string expression follows; private class variables
    (``_numbers``: which fields are numbers) are how the class works, not what it says."""
    body = cls.body
    missing = []
    for i, node in enumerate(body):
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        if node.target.id.startswith("_"):
            continue
        after = body[i + 1] if i + 1 < len(body) else None
        if not (isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str) and after.value.value.strip()):
            missing.append(node.target.id)
    return missing


def test_every_field_of_every_event_has_a_docstring() -> None:
    classes = _event_classes()
    assert {cls.name for cls in classes} >= {"Event", "Expand", "Cut", "Reorder"}
    missing = {cls.name: undocumented_fields(cls) for cls in classes}
    assert {name: fields for name, fields in missing.items() if fields} == {}


def test_the_docstring_check_sees_a_missing_docstring() -> None:
    tree = ast.parse('class E:\n    type: str = "e"\n    node: str\n    """Id."""\n'
                     '    _numbers: int = 0\n    depth: int\n')
    cls = tree.body[0]
    assert isinstance(cls, ast.ClassDef)
    assert undocumented_fields(cls) == ["type", "depth"]


def test_no_module_probes_an_object_with_hasattr() -> None:
    """What a game can do is declared in its ``capabilities`` and read from there; no
    module asks an object whether it has a member."""
    calls = [f"{path.relative_to(PACKAGE)}:{node.lineno}" for path in MODULES
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id == "hasattr"]
    assert calls == []
