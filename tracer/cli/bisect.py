"""``gametrace bisect``: where two searches of one position part ways, and the difference
in nodes searched by subtree (:mod:`tracer.analysis.regret.bisect`)."""

from __future__ import annotations

import click

from .options import json_option, limit_option

__all__ = ["bisect_command"]


@click.command("bisect")
@click.argument("trace_a", metavar="A")
@click.argument("trace_b", metavar="B")
@json_option(help="Print the bisection as JSON (every part of the difference).")
@click.option("--depth", type=click.IntRange(min=0, max=64), default=6, show_default=True,
              help="Plies to which the difference is split by subtree; below, a subtree "
                   "both searched counts as one part.")
@limit_option(default=10)
def bisect_command(trace_a: str, trace_b: str, as_json: bool, depth: int, limit: int) -> None:
    """Two searches of one position (two versions of an engine, two orderings), side by
    side: the first node where they part ways (its path, both orders of its children,
    both windows, what each search did next), and the difference in nodes searched put
    down to subtrees, largest first: those only one search entered, and those both
    searched, split down to --depth.  See docs/engines.md.

    A and B are finished minimax or alpha-beta traces (.json, .jsonl, .jsonl.gz) whose
    headers name the same source (tree, game and parameters); each is read as a stream.

    \b
    Examples:
      gametrace run aima -o natural.jsonl && gametrace run aima --order reverse -o reverse.jsonl
      gametrace bisect natural.jsonl reverse.jsonl
      gametrace bisect before.jsonl after.jsonl --json
    """
    import os

    from ..analysis.regret import bisect_traces
    from ..errors import MissingInput
    from ..jsonio import dumps_json

    for path in (trace_a, trace_b):
        if not os.path.isfile(path):
            raise MissingInput("no such file", file=path)
    bisection = bisect_traces(trace_a, trace_b, depth=depth)
    if as_json:
        click.echo(dumps_json(bisection.to_json()))
    else:
        click.echo(bisection.to_text(limit=limit or len(bisection.parts)))
