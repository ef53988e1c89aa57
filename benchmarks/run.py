"""Run every benchmark in this folder and print one report (``make bench``).

Each ``bench_*.py`` module has a ``main() -> None`` that prints its own section.
Timings are best-of-N wall-clock times measured side by side in this one run and
reported as ratios; nothing here is asserted by the test suite.  ``abuse.py`` (the
service beside a hostile client, :data:`SERVICE`) runs last, with its default flags.
"""

from __future__ import annotations

import importlib.util
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SERVICE = ("abuse.py",)
"""Benchmarks of the running service, after the library's: their ``main(argv)`` takes
their own flags (none given here)."""


def main() -> int:
    only = set(sys.argv[1:])
    print(f"gametree-tracer benchmarks: Python {platform.python_version()} on "
          f"{platform.machine()}, {time.strftime('%Y-%m-%d')}")
    for path in [*sorted(HERE.glob("bench_*.py")), *(HERE / name for name in SERVICE)]:
        name = path.stem.removeprefix("bench_")
        if only and name not in only:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up there
        sys.path.insert(0, str(HERE))
        spec.loader.exec_module(module)
        print(f"\n== {name} ==")
        module.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
