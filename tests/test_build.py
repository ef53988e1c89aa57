"""The build hook (hatch_build.py) compiles tracer/search/fast/_lines.c and tracer/_scan.c
into the modules tracer._lines and tracer._scan, or warns and leaves the package to its
pure-Python loops when there is no compiler."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MODULES = {"_lines": "search", "_scan": "scan"}  # each module and its function
SOURCES = {"_lines": "tracer/search/fast/_lines.c", "_scan": "tracer/_scan.c"}


def test_the_hook_builds_every_module() -> None:
    assert hook().MODULES == SOURCES
    assert set(SOURCES) == set(MODULES)


def copy_source(name: str, root: Path) -> Path:
    """The module's C source copied to where the hook looks for it under ``root``."""
    source = root / SOURCES[name]
    source.parent.mkdir(parents=True)
    (root / "tracer").mkdir(exist_ok=True)
    shutil.copy(ROOT / SOURCES[name], source)
    return source


@pytest.mark.parametrize("name", MODULES)
def test_the_hook_compiles_a_module_python_can_load(name: str, tmp_path: Path) -> None:
    copy_source(name, tmp_path)
    built = hook().compile_module(tmp_path, name)
    assert built is not None and built.parent == tmp_path / "tracer"
    # loaded in a process of its own, not to stand in for this one's module
    load = (f"import importlib.util as u; s = u.spec_from_file_location('tracer.{name}', "
            f"{str(built)!r}); m = u.module_from_spec(s); s.loader.exec_module(m); "
            f"print(callable(m.{MODULES[name]}))")
    done = subprocess.run([sys.executable, "-c", load], capture_output=True, text=True,
                          check=False)
    assert (done.returncode, done.stdout) == (0, "True\n"), done.stderr


@pytest.mark.parametrize("name", MODULES)
def test_without_a_compiler_the_build_goes_on_pure(name: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    source = copy_source(name, tmp_path)
    monkeypatch.setenv("LDSHARED", str(tmp_path / "no-such-cc"))
    assert hook().compile_module(tmp_path, name) is None
    err = capsys.readouterr().err
    assert f"not compiling {SOURCES[name]}" in err and "pure-Python" in err
    assert len(err.strip().splitlines()) == 1
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == [source]


def test_a_broken_source_is_reported_not_raised(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    copy_source("_lines", tmp_path).write_text("this is not C\n")
    assert hook().compile_module(tmp_path, "_lines") is None
    assert "not compiling" in capsys.readouterr().err


@pytest.mark.parametrize("name", MODULES)
def test_the_installed_package_uses_the_compiled_build(name: str) -> None:
    """make test installs with the hook: the library sits next to its source."""
    module = importlib.import_module(f"tracer.{name}")
    assert module.__file__ is not None and Path(module.__file__).parent == ROOT / "tracer"
    assert Path(module.__file__).suffix in (".so", ".pyd")


BLOCKED = """
import sys

class NotBuilt:
    def find_spec(self, name, path=None, target=None):
        if name in ("tracer._lines", "tracer._scan"):
            raise ImportError("not built")

sys.meta_path.insert(0, NotBuilt())
from tracer.search.fast import pure
from tracer.render.read import reader
assert pure.compiled_search is None
assert reader.compiled_scan is None
from tracer.cli import main
main(sys.argv[1:])
"""


def test_without_the_compiled_build_the_package_writes_the_same_trace(tmp_path: Path) -> None:
    """A machine that could not compile it imports the package and records with the
    pure loops, byte for byte what the compiled loop writes."""
    args = ["run", "tictactoe", "-p", "board=x...o....", "-a", "minimax", "-o"]
    blocked = subprocess.run([sys.executable, "-c", BLOCKED, *args, str(tmp_path / "p.jsonl")],
                             capture_output=True, text=True, check=False)
    assert blocked.returncode == 0, blocked.stderr
    plain = _unblocked()
    built = subprocess.run([sys.executable, "-c", plain, *args, str(tmp_path / "c.jsonl")],
                           capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "p.jsonl").read_bytes() == (tmp_path / "c.jsonl").read_bytes()


def _unblocked() -> str:
    return BLOCKED.replace("sys.meta_path.insert(0, NotBuilt())", "").replace(
        "assert pure.compiled_search is None", "assert pure.compiled_search").replace(
        "assert reader.compiled_scan is None", "assert reader.compiled_scan")


def test_without_the_compiled_build_the_package_draws_the_same(tmp_path: Path) -> None:
    """Drawing a ``.jsonl`` trace with the pure reader gives the compiled scanner's SVG."""
    trace = tmp_path / "t.jsonl"
    subprocess.run([sys.executable, "-m", "tracer", "run", "tictactoe", "-p",
                    "board=x...o....", "-a", "alphabeta", "-o", str(trace)], check=True,
                   capture_output=True)
    drawn = {}
    for name, script in (("pure", BLOCKED), ("compiled", _unblocked())):
        out = tmp_path / f"{name}.svg"
        done = subprocess.run([sys.executable, "-c", script, "render", str(trace), "-o",
                               str(out)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        drawn[name] = out.read_bytes()
    assert drawn["pure"] == drawn["compiled"]


def test_the_pure_wheel_is_built_when_asked() -> None:
    """``GAMETRACE_PURE_WHEEL=1`` (tools/make_dist.py's ``py3-none-any`` wheel) compiles
    nothing; every other wheel, the editable one included, compiles; an sdist never does."""
    wants = hook().wants_compiled
    assert wants("wheel", {}) and wants("wheel", {"GAMETRACE_PURE_WHEEL": "0"})
    assert not wants("wheel", {"GAMETRACE_PURE_WHEEL": "1"})
    assert not wants("sdist", {})
