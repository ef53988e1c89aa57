"""The build hook (hatch_build.py) compiles tracer/_lines.c, or warns and leaves the
package to its pure-Python loops when there is no compiler."""

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


def test_the_hook_compiles_a_module_python_can_load(tmp_path: Path) -> None:
    (tmp_path / "tracer").mkdir()
    shutil.copy(ROOT / "tracer" / "_lines.c", tmp_path / "tracer" / "_lines.c")
    built = hook().compile_lines(tmp_path)
    assert built is not None and built.parent == tmp_path / "tracer"
    # loaded in a process of its own, not to stand in for this one's tracer._lines
    load = ("import importlib.util as u; s = u.spec_from_file_location('tracer._lines', "
            f"{str(built)!r}); m = u.module_from_spec(s); s.loader.exec_module(m); "
            "print(callable(m.search))")
    done = subprocess.run([sys.executable, "-c", load], capture_output=True, text=True,
                          check=False)
    assert (done.returncode, done.stdout) == (0, "True\n"), done.stderr


def test_without_a_compiler_the_build_goes_on_pure(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tracer").mkdir()
    shutil.copy(ROOT / "tracer" / "_lines.c", tmp_path / "tracer" / "_lines.c")
    monkeypatch.setenv("LDSHARED", str(tmp_path / "no-such-cc"))
    assert hook().compile_lines(tmp_path) is None
    err = capsys.readouterr().err
    assert "not compiling tracer/_lines.c" in err and "pure-Python" in err
    assert len(err.strip().splitlines()) == 1
    assert [p.name for p in (tmp_path / "tracer").iterdir()] == ["_lines.c"]


def test_a_broken_source_is_reported_not_raised(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tracer").mkdir()
    (tmp_path / "tracer" / "_lines.c").write_text("this is not C\n")
    assert hook().compile_lines(tmp_path) is None
    assert "not compiling" in capsys.readouterr().err


def test_the_installed_package_uses_the_compiled_build() -> None:
    """make test installs with the hook: the library sits next to its source."""
    lines = importlib.import_module("tracer._lines")
    assert lines.__file__ is not None and Path(lines.__file__).parent == ROOT / "tracer"
    assert Path(lines.__file__).suffix in (".so", ".pyd")


BLOCKED = """
import sys

class NotBuilt:
    def find_spec(self, name, path=None, target=None):
        if name == "tracer._lines":
            raise ImportError("not built")

sys.meta_path.insert(0, NotBuilt())
from tracer.search import streamed
assert streamed.compiled_search is None
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
    plain = BLOCKED.replace("sys.meta_path.insert(0, NotBuilt())", "").replace(
        "assert streamed.compiled_search is None", "assert streamed.compiled_search")
    built = subprocess.run([sys.executable, "-c", plain, *args, str(tmp_path / "c.jsonl")],
                           capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "p.jsonl").read_bytes() == (tmp_path / "c.jsonl").read_bytes()
