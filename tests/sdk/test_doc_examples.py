"""The C and Python examples at the top of docs/engines.md compile, run and write the
same trace, which ``gametrace validate`` accepts; the header compiles as C99 and C++17
with every warning an error."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tracer.sdk import include_folder

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "engines.md"
GAMETRACE = [sys.executable, "-m", "tracer"]
CC = shutil.which("gcc") or shutil.which("cc")
CXX = shutil.which("g++")

pytestmark = [pytest.mark.subprocess,
              pytest.mark.skipif(CC is None, reason="needs a C compiler")]


def _block(language: str) -> str:
    found = re.search(rf"^```{language}\n(.*?)^```", DOC.read_text(), re.S | re.M)
    assert found, f"docs/engines.md has no {language} block"
    return found.group(1)


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


def _include() -> str:
    done = subprocess.run([*GAMETRACE, "sdk", "--include"], capture_output=True, text=True,
                          env=_env(), check=True)
    assert done.stderr == ""
    return done.stdout.strip()


def test_sdk_include_prints_the_folder_of_the_header() -> None:
    assert Path(_include()) == include_folder()
    assert (include_folder() / "gametrace.h").is_file()


def test_the_c_and_python_examples_write_the_same_valid_trace(tmp_path: Path) -> None:
    (tmp_path / "engine.c").write_text(_block("c"))
    (tmp_path / "engine.py").write_text(_block("python"))
    assert CC is not None
    subprocess.run([CC, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O2",
                    f"-I{_include()}", "engine.c", "-o", "engine"], cwd=tmp_path, check=True)
    shown = "".join(f"depth {d}: value {v}\n" for d, v in ((1, 11), (2, -19), (3, 20), (4, -13)))
    ran = subprocess.run(["./engine"], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert ran.stdout == shown
    ran = subprocess.run([sys.executable, "engine.py"], cwd=tmp_path, capture_output=True,
                         text=True, env=_env(), check=True)
    assert ran.stdout == shown
    trace = (tmp_path / "engine.jsonl").read_bytes()
    assert trace == (tmp_path / "engine-py.jsonl").read_bytes()
    assert trace.count(b'"type":"research"') == 20 and trace.count(b'"type":"deepen"') == 4
    done = subprocess.run([*GAMETRACE, "validate", "engine.jsonl"], cwd=tmp_path,
                          capture_output=True, text=True, env=_env())
    assert (done.returncode, done.stdout, done.stderr) == \
        (0, "engine.jsonl: valid engine trace stream\n", "")


def test_the_python_example_is_the_pages_block() -> None:
    """docs/examples/engine/pvs.py, which the page's console runs, is its Python block."""
    example = (ROOT / "docs" / "examples" / "engine" / "pvs.py").read_text()
    assert example.endswith("\n" + "\n".join(_block("python").splitlines()[1:]) + "\n")


def test_stats_reads_the_engine_stream(tmp_path: Path) -> None:
    """stats counts the searches the writer counted: every search of a node (the
    re-searches and each iteration's root included), the 20 PVS re-searches, 4 iterations."""
    (tmp_path / "engine.py").write_text(_block("python"))
    subprocess.run([sys.executable, "engine.py"], cwd=tmp_path, capture_output=True,
                   env=_env(), check=True)
    done = subprocess.run([*GAMETRACE, "stats", "engine-py.jsonl", "--json"], cwd=tmp_path,
                          capture_output=True, text=True, env=_env())
    assert (done.returncode, done.stderr) == (0, "")
    got = json.loads(done.stdout)
    lines = (tmp_path / "engine-py.jsonl").read_text().splitlines()
    counted = json.loads(lines[-1])["stats"]
    assert got["total"]["nodes"] == counted["nodes_visited"]
    assert got["total"]["cuts"] == counted["cuts"]
    assert got["engine"]["researches"] == {"pvs": counted["researches"], "lmr": 0,
                                           "aspiration": 0}
    assert [i["depth"] for i in got["engine"]["iterations"]] == [1, 2, 3, 4]


@pytest.mark.parametrize("inline", [False, True], ids=["functions", "static-inline"])
@pytest.mark.parametrize("language", ["c99", "c++17"])
def test_the_header_compiles_without_a_warning(tmp_path: Path, language: str,
                                               inline: bool) -> None:
    source = tmp_path / "one.c"
    source.write_text("#define GAMETRACE_STATIC\n" * inline +
                      '#define GAMETRACE_IMPLEMENTATION\n#include "gametrace.h"\n'
                      "int main(void) {\n"
                      '    static const char *const classes[] = {"capture", "quiet", 0};\n'
                      '    gt_header h = {"g", 0, 0, GT_NEGAMAX, 0, "start", classes, GT_FULL};\n'
                      '    gt_writer *t = gt_open("t.jsonl", &h);\n'
                      "    if (!t) return 1;\n"
                      '    gt_enter_class(t, "e2e4", 0);\n'
                      "    gt_tt_probe(t, 1, GT_LOWER, 5, 3);\n"
                      "    gt_leave(t, 5);\n"
                      "    gt_cut(t);\n"
                      "    gt_leave(t, -5);\n"
                      "    return gt_close(t) == 0 ? 0 : 1;\n"
                      "}\n")
    if language == "c99":
        assert CC is not None
        command = [CC, "-std=c99", "-pedantic"]
    else:
        assert CXX is not None, "g++ is part of the toolchain the package builds with"
        command = [CXX, "-x", "c++", "-std=c++17"]
    subprocess.run([*command, "-Wall", "-Wextra", "-Werror", f"-I{include_folder()}",
                    str(source), "-o", str(tmp_path / "one")], check=True, cwd=tmp_path)
    subprocess.run([str(tmp_path / "one")], check=True, cwd=tmp_path)
    lines = (tmp_path / "t.jsonl").read_text().splitlines()
    assert lines[1] == '{"type":"enter","node":1,"parent":0,"move":"e2e4",' \
        '"class":"capture"}'
    assert lines[2] == '{"type":"probe","node":1,"hit":true,"flag":"upper",' \
        '"value":-5,"draft":3}'
