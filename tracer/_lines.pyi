# The compiled build of the fast tier's streamed loops (tracer/search/fast/_lines.c).
from collections.abc import Callable
from typing import Any

from .search.common import PV, Run

def search(run: Run, state: Any, write: Callable[[Any], object], binary: bool,
           tools: tuple[Any, ...], alpha_beta: bool, hard: bool) -> tuple[float, PV]: ...
