# The compiled build of the trace reader's fast path (tracer/_scan.c).
from collections.abc import Callable
from typing import Any, Literal, overload

Specs = tuple[tuple[str, Callable[..., Any], tuple[tuple[Any, ...], ...]], ...]

@overload
def scan(chunk: bytes | memoryview, first: int, specs: Specs,
         slow: Callable[[bytes, int], int], limit: int,
         with_lines: Literal[False] = ...) -> int: ...
@overload
def scan(chunk: bytes | memoryview, first: int, specs: Specs,
         slow: Callable[[bytes, int], int], limit: int,
         with_lines: Literal[True]) -> tuple[int, int]: ...
