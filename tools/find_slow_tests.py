"""Measure ``make check``'s tests one by one and list those too long for it.

``make check`` is the one-minute loop: it leaves out the browser, PostgreSQL, TeX,
subprocess and slow tests (tests/marking.py).  A test is slow by hand, by the SLOW table,
or by this measurement: every test of the loop is run once, alone in one process
(``-p no:xdist``), under the ``check`` hypothesis profile, and each one whose setup, call
and teardown took ``--threshold`` seconds of CPU or more (the process's and its
children's, so a loaded machine measures the same) is written to tests/measured_slow.txt,
which tests/marking.py reads.  ``make test`` runs them all, as it runs everything.

    python tools/find_slow_tests.py                 # measure, write the list
    python tools/find_slow_tests.py --threshold 0.5 # a shorter list

The list ignores itself while measuring (``GAMETRACE_MEASURED_SLOW=off``), so a test
that became fast again leaves it.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
from collections import defaultdict
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "measured_slow.txt"
HEADER = """\
# The tests of make check's selection that each take {threshold} s of CPU or more, run
# alone: make check leaves them out (tests/marking.py), make test runs them.
# Made by `python tools/find_slow_tests.py --threshold {threshold}`; do not edit by hand.
"""


def _cpu() -> float:
    own, children = (resource.getrusage(who) for who in
                     (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class Stopwatch:
    """A pytest plugin adding up each test's CPU time over its three phases."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)

    def _timed(self, nodeid: str) -> Generator[None, Any, Any]:
        start = _cpu()
        try:
            return (yield)
        finally:
            self.seconds[nodeid] += _cpu() - start

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Generator[None, Any, Any]:
        return (yield from self._timed(item.nodeid))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, Any, Any]:
        return (yield from self._timed(item.nodeid))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item) -> Generator[None, Any, Any]:
        return (yield from self._timed(item.nodeid))


def listed(nodeid: str) -> str:
    """How the list names a test: its module's file name, then the rest of its id."""
    module, _, rest = nodeid.partition("::")
    return f"{module.rsplit('/', 1)[-1]}::{rest}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threshold", type=float, default=0.3,
                        help="seconds of CPU from which a test is slow (default 0.3)")
    args = parser.parse_args()
    os.environ["GAMETRACE_MEASURED_SLOW"] = "off"
    sys.path.insert(0, str(ROOT / "tests"))
    from marking import KINDS

    watch = Stopwatch()
    code = pytest.main(["-q", "-p", "no:xdist", "-p", "no:cacheprovider",
                        "--hypothesis-profile=check", "-m",
                        " and ".join(f"not {kind}" for kind in KINDS), str(ROOT / "tests")],
                       plugins=[watch])
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        return int(code)
    slow = sorted(listed(nodeid) for nodeid, seconds in watch.seconds.items()
                  if seconds >= args.threshold)
    kept = sum(seconds for seconds in watch.seconds.values() if seconds < args.threshold)
    LIST.write_text(HEADER.format(threshold=args.threshold) + "".join(f"{n}\n" for n in slow))
    print(f"{len(slow)} of {len(watch.seconds)} tests take {args.threshold} s or more "
          f"({sum(watch.seconds.values()) - kept:.1f} s); the rest take {kept:.1f} s: "
          f"written to {LIST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
