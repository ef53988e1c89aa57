"""Helpers the test modules import (``from helpers import gametrace``): tests/ is on
``sys.path`` through its conftest, as every folder of tests is (pytest's ``prepend``
import mode).  Fixtures live in the conftests; these are plain functions, for the
module-level helpers of the tests that call them as well as for the tests."""

from __future__ import annotations

from click.testing import CliRunner, Result

from tracer.cli import main


def invoke(*args: str) -> Result:
    """``gametrace ARGS...`` run in this process (Click's runner): its whole result."""
    return CliRunner().invoke(main, list(args))


def gametrace(*args: str) -> tuple[int, str, str]:
    """``gametrace ARGS...`` run in this process: its exit code, stdout and stderr."""
    result = invoke(*args)
    return result.exit_code, result.stdout, result.stderr
