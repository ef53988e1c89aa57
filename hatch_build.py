"""Build hook: compile the C builds of two hot loops, each a module of its own:
``tracer._lines`` from tracer/search/fast/_lines.c (the streamed search loops, beside
their pure-Python build) and ``tracer._scan`` from tracer/_scan.c (the trace reader's fast
path).

Hatchling runs it for every wheel, the editable one of ``pip install -e`` included (the
editable install then finds the library next to the sources).  It needs only the C
compiler Python itself was built with and Python's headers, called as sysconfig says
(``LDSHARED`` and ``CC`` in the environment override it, as for setuptools).  If that
fails, the build goes on without it and the package runs its pure-Python loops, which
do the same (tracer/search/fast/loops.py writes the same bytes, tracer/render/read/reader.py
reads the same records); the warning says why.

``GAMETRACE_PURE_WHEEL=1`` builds the pure wheel on purpose, ``py3-none-any``: the
fallback a package index offers every platform without a compiled wheel (``make dist``
builds both).

It also compiles the message catalogs, ``tracer/locale/LANG/LC_MESSAGES/tracer.po``,
into the ``.mo`` files :mod:`tracer.said` reads through :mod:`gettext`, with Babel (a
build requirement, not a runtime one), for every wheel, the editable one included.  The
``.mo`` files are also committed, so a source tree run with ``PYTHONPATH`` speaks Italian
without a build (no cache to compile into on first use, nothing written beside an
installed package); tests/core/test_catalog_words.py checks that each is its ``.po``
compiled.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import sysconfig
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODULES = {"_lines": "tracer/search/fast/_lines.c", "_scan": "tracer/_scan.c"}
"""The C modules, ``tracer.NAME``, and the source of each."""

LOCALE = "tracer/locale"
"""Where the message catalogs are: ``LANG/LC_MESSAGES/DOMAIN.po`` beside its ``.mo``."""

PURE_WHEEL = "GAMETRACE_PURE_WHEEL"
"""The environment variable that, set to ``1``, builds the wheel without the C modules."""


def wants_compiled(target: str, environ: Mapping[str, str]) -> bool:
    """Whether a build of ``target`` compiles the C modules: only wheels (the editable
    one included), and not when the pure wheel is asked for."""
    return target == "wheel" and environ.get(PURE_WHEEL) != "1"


def compile_module(root: Path, name: str) -> Path | None:
    """Compile the module ``tracer.NAME`` from its source under ``root`` into
    ``root/tracer``; the library's path, or None (with a warning on stderr) when there
    is no working compiler."""
    relative = Path(MODULES[name])
    source = root / relative
    target = root / "tracer" / (name + (sysconfig.get_config_var("EXT_SUFFIX") or ".so"))
    link = os.environ.get("LDSHARED") or sysconfig.get_config_var("LDSHARED") or ""
    if not link:
        cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
        link = f"{cc} -shared"
    command = [*shlex.split(link), *shlex.split(sysconfig.get_config_var("CCSHARED") or ""),
               "-O2", f"-I{sysconfig.get_paths()['include']}", str(source), "-o", str(target)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as exc:
        why = str(exc)
    else:
        if done.returncode == 0:
            return target
        why = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
    print(f"gametree-tracer: not compiling {relative} ({why}); the pure-Python loop "
          "will do its work", file=sys.stderr)
    return None


def compiled_catalog(po: Path) -> bytes:
    """The ``.mo`` of the catalog ``po`` (Babel's, without fuzzy entries): the same bytes
    for the same ``.po``."""
    from io import BytesIO  # only a build compiles catalogs

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parents[1].name, domain=po.stem)
    out = BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def compile_catalogs(root: Path) -> list[Path]:
    """Compile every ``.po`` under ``root/tracer/locale`` into the ``.mo`` beside it
    (written only when it changed); the ``.mo`` files.  Without Babel the committed ones
    stay, with a warning on stderr."""
    built = []
    for po in sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        try:
            data = compiled_catalog(po)
        except ImportError:
            print(f"gametree-tracer: not compiling {po.relative_to(root)} (no Babel); the "
                  "committed .mo is used", file=sys.stderr)
            continue
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
        built.append(mo)
    return built


class CompiledLines(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        compile_catalogs(Path(self.root))  # in place: the wheel, the editable and the sdist
        if not wants_compiled(self.target_name, os.environ):
            return
        for name in MODULES:
            built = compile_module(Path(self.root), name)
            if built is None:
                continue
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
            if version != "editable":  # the editable install reads it in place
                build_data["force_include"][str(built)] = f"tracer/{built.name}"
