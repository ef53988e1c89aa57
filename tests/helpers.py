"""Helpers the test modules import (``from helpers import gametrace``): tests/ is on
``sys.path`` through its conftest, as every folder of tests is (pytest's ``prepend``
import mode).  Fixtures live in the conftests; these are plain functions, for the
module-level helpers of the tests that call them as well as for the tests."""

from __future__ import annotations

from click.testing import CliRunner, Result
from hypothesis import settings

from tracer.cli import main


def invoke(*args: str) -> Result:
    """``gametrace ARGS...`` run in this process (Click's runner): its whole result."""
    return CliRunner().invoke(main, list(args))


def gametrace(*args: str) -> tuple[int, str, str]:
    """``gametrace ARGS...`` run in this process: its exit code, stdout and stderr."""
    result = invoke(*args)
    return result.exit_code, result.stdout, result.stderr


def examples(n: int) -> int:
    """How many examples a property that asks for ``n`` draws: ``n`` under hypothesis's
    default profile (a hundred a property: ``make test``), as many in proportion under
    another (``make check``'s ``check`` profile, tests/conftest.py, draws ten: a tenth),
    never fewer than five (or ``n``).  Read when its test module is imported, after
    ``--hypothesis-profile`` has chosen the profile."""
    return max(min(n, 5), n * settings().max_examples // 100)
