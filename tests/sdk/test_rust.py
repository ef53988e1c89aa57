"""A Rust engine writes through gametrace.h's C ABI: the C example's search in Rust
(tests/sdk/engine.rs), linked with a C build of the header, writes the C example's
trace byte for byte."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tracer.sdk import include_folder

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[1] / "docs" / "engines.md"
CC = shutil.which("gcc") or shutil.which("cc")
RUSTC = shutil.which("rustc")

pytestmark = [pytest.mark.subprocess,
              pytest.mark.skipif(CC is None or RUSTC is None, reason="needs cc and rustc")]


def test_a_rust_engine_writes_the_c_engines_trace(tmp_path: Path) -> None:
    assert CC is not None and RUSTC is not None
    (tmp_path / "gametrace.c").write_text('#define GAMETRACE_IMPLEMENTATION\n'
                                          '#include "gametrace.h"\n')
    subprocess.run([CC, "-O2", "-c", f"-I{include_folder()}", "gametrace.c", "-o",
                    "gametrace.o"], cwd=tmp_path, check=True)
    subprocess.run(["ar", "rcs", "libgametrace.a", "gametrace.o"], cwd=tmp_path, check=True)
    subprocess.run([RUSTC, "-O", "--edition", "2021", str(HERE / "engine.rs"), "-L", ".",
                    "-l", "static=gametrace", "-o", "engine-rs"], cwd=tmp_path, check=True)
    ran = subprocess.run(["./engine-rs"], cwd=tmp_path, capture_output=True, text=True,
                         check=True)
    assert ran.stdout.splitlines()[-1] == "depth 4: value -13"
    found = re.search(r"^```c\n(.*?)^```", DOC.read_text(), re.S | re.M)
    assert found
    (tmp_path / "engine.c").write_text(found.group(1))
    subprocess.run([CC, "-O2", f"-I{include_folder()}", "engine.c", "-o", "engine"],
                   cwd=tmp_path, check=True)
    subprocess.run(["./engine"], cwd=tmp_path, capture_output=True, check=True)
    assert (tmp_path / "engine-rs.jsonl").read_bytes() == (tmp_path / "engine.jsonl").read_bytes()
