# The compiled build of the trace reader's fast path (tracer/_scan.c).
from collections.abc import Callable
from typing import Any

def scan(chunk: bytes, first: int,
         specs: tuple[tuple[str, Callable[..., Any], tuple[tuple[str, int, bool], ...]], ...],
         slow: Callable[[bytes, int], int], limit: int) -> int: ...
