"""``gametrace sdk``: where the trace writer for engines is installed."""

from __future__ import annotations

import click

from ..errors import UsageError
from ..said import said

__all__ = ["sdk_command"]


@click.command("sdk")
@click.option("--include", "include", is_flag=True,
              help="Print the folder holding gametrace.h, the C/C++ trace writer.")
def sdk_command(include: bool) -> None:
    """Where the trace writer for engines is: gametrace.h, one C99 header for C, C++ and
    (through its C ABI) Rust engines, installed with the package.  Python engines use
    tracer.sdk.TraceWriter (docs/engines.md).

    \b
    Examples:
      gametrace sdk --include
      cc -O2 -I"$(gametrace sdk --include)" engine.c -o engine
      g++ -O2 -I"$(gametrace sdk --include)" engine.cpp -o engine
    """
    if not include:
        raise UsageError(said("say what to print: --include (the folder of gametrace.h)"))
    from ..sdk import include_folder

    click.echo(str(include_folder()))
