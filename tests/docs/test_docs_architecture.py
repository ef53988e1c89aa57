"""docs/architecture.md describes the package as it is: every module and package its
table of layers names exists, every package and top-level module of ``tracer/`` has a
row, and the modules it says are past ~400 lines have the size it gives them (and no
other module is that long without a row)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
TRACER = ROOT / "tracer"
LONG = 440
"""Lines past which a module needs a row in the table of long modules (~400, and a
margin)."""
GENERATED = {"search/fast/loops.py"}
"""Written by tools/make_fast.py from one template: not read as a module of its own."""


def _table(after: str) -> list[list[str]]:
    """The rows (cells) of the first Markdown table after the line ``after``."""
    lines = DOC[DOC.index(after):].splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("|"))
    rows = []
    for line in lines[start + 2:]:
        if not line.strip().startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


LAYERS = _table("## Layers")
SIZES = _table("- **Modules past ~400 lines")


def _where(name: str, package: Path) -> Path | None:
    """The file or folder a name of the table means, inside ``package`` or at the top."""
    name = name.removeprefix("tracer/")
    for base in (package, TRACER):
        for candidate in (base / name, base / f"{name}.py"):
            if candidate.exists():
                return candidate
    return None


def test_every_module_the_layers_table_names_exists() -> None:
    assert len(LAYERS) >= 10
    for layer, modules, _ in LAYERS:
        names = re.findall(r"`([^`]+)`", modules)
        package = TRACER
        first = names[0].removeprefix("tracer/")
        if first.endswith("/"):
            package = TRACER / first
        for name in names:
            if " " in name:  # a command (`gametrace serve`), not a module
                continue
            if "LANG" in name:  # a pattern (tracer/locale/LANG/...), its folder exists
                assert (TRACER / name.removeprefix("tracer/").split("LANG")[0]).is_dir()
            elif name[0].isupper():  # a class the row's package defines
                sources = package.rglob("*.py") if package.is_dir() else [package]
                assert any(re.search(rf"^class {name}\b", s.read_text(), re.M)
                           for s in sources), (layer, name)
            else:
                assert _where(name, package) is not None, (layer, name)


def test_every_package_and_top_level_module_has_a_row() -> None:
    named = {name.removeprefix("tracer/").rstrip("/").removesuffix(".py")
             for _, modules, _ in LAYERS for name in re.findall(r"`([^`]+)`", modules)}
    for path in sorted(TRACER.iterdir()):
        if (path.is_dir() and (path / "__init__.py").exists()) or path.suffix == ".py":
            assert path.stem in named or path.name.removesuffix(".py") in named, path.name


def test_the_long_modules_have_the_size_the_table_gives() -> None:
    listed = {}
    for module, lines, _ in SIZES:
        path = module.strip("`")
        file = TRACER / path
        assert file.is_file(), path
        count = len(file.read_text(encoding="utf-8").splitlines())
        stated = int(lines.lstrip("~"))
        assert abs(count - stated) <= 0.05 * stated, (path, count, stated)
        listed[path] = count
    for file in sorted(TRACER.rglob("*.py")):
        path = file.relative_to(TRACER).as_posix()
        if path in GENERATED or "/migrations/" in path:
            continue
        count = len(file.read_text(encoding="utf-8").splitlines())
        assert count <= LONG or path in listed, (
            f"tracer/{path} has {count} lines: give it a row in docs/architecture.md's "
            "table of long modules (why it is one concept), or split it")
