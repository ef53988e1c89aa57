"""The command line's number types: click's ``IntRange`` and ``FloatRange`` reading the
text with the library's one number reader (:mod:`tracer.reading_numbers`) first.

Click converts with ``int()`` and ``float()``, which take ``"1_0"``, ``"٣"`` and
fullwidth digits; these types refuse them with the reader's words and then leave the
range to click, so that ``--help`` shows the same ranges as before.
"""

from __future__ import annotations

from typing import Any

import click

from ..reading_numbers import BadNumber, real_number, whole_number

__all__ = ["REAL", "WHOLE", "RealRange", "WholeRange"]


def _whole(value: Any, kind: click.ParamType[Any, Any], param: click.Parameter | None,
           ctx: click.Context | None) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return whole_number(value)
    except BadNumber as exc:
        kind.fail(str(exc.said), param, ctx)


def _real(value: Any, kind: click.ParamType[Any, Any], param: click.Parameter | None,
          ctx: click.Context | None) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return float(real_number(value))
    except BadNumber as exc:
        kind.fail(str(exc.said), param, ctx)


class WholeRange(click.IntRange):
    """A whole number written with the digits 0-9, in click's range."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        return super().convert(_whole(value, self, param, ctx), param, ctx)


class RealRange(click.FloatRange):
    """A finite number written with the digits 0-9 (``3``, ``2.5``, ``1e6``), in click's
    range."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        return super().convert(_real(value, self, param, ctx), param, ctx)


class _Whole(click.types.IntParamType):
    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        return super().convert(_whole(value, self, param, ctx), param, ctx)


class _Real(click.types.FloatParamType):
    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        return super().convert(_real(value, self, param, ctx), param, ctx)


WHOLE: click.ParamType[Any, Any] = _Whole()
"""Any whole number (click's ``int``, read the one way)."""
REAL: click.ParamType[Any, Any] = _Real()
"""Any finite number (click's ``float``, read the one way)."""
