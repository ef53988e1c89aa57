"""``gametrace bisect``: where two searches of one position part ways, and the difference
in nodes searched by subtree (:mod:`tracer.analysis.regret.bisect`)."""

from __future__ import annotations

import click

from .number_types import WholeRange
from .options import existing_file, json_option, limit_option, one_stdin, quiet_option

__all__ = ["bisect_command"]


@click.command("bisect")
@click.argument("trace_a", metavar="A")
@click.argument("trace_b", metavar="B")
@json_option(help="Print the bisection as JSON (every part of the difference).")
@click.option("--depth", type=WholeRange(min=0, max=64), default=6, show_default=True,
              help="Plies to which the difference is split by subtree; below, a subtree "
                   "both searched counts as one part.")
@click.option("--picture", default=None, metavar="FILE",
              help="Draw the first divergence (both orders of the node's children) and the "
                   "largest parts of the difference (.svg, .png, .pdf or .dot).")
@click.option("--iteration", type=WholeRange(min=1, max=1000), default=None, metavar="N",
              help="Of searches by iterative deepening, the iteration to compare (the N-th "
                   "depth searched, from 1; default: the last), e.g. --iteration 2.")
@limit_option(default=10)
@quiet_option(help="No notes on stderr (the picture written).")
def bisect_command(trace_a: str, trace_b: str, as_json: bool, depth: int,
                   picture: str | None, iteration: int | None, limit: int,
                   quiet: bool) -> None:
    """Two searches of one position (two versions of an engine, two orderings), side by
    side: the first node where they part ways (its path, both orders of its children,
    both windows, what each search did next), and the difference in nodes searched put
    down to subtrees, largest first: those only one search entered, and those both
    searched, split down to --depth.  See docs/engines.md.

    A and B are finished minimax or alpha-beta traces (.json, .jsonl, .jsonl.gz) whose
    headers name the same source (tree, game and parameters); each is read as a stream.
    Of searches by iterative deepening the last iteration is compared (the output says
    which), or the one --iteration names; a node searched again counts each search's
    nodes.

    \b
    Examples:
      gametrace run aima -o natural.jsonl && gametrace run aima --order reverse -o reverse.jsonl
      gametrace bisect natural.jsonl reverse.jsonl
      gametrace bisect before.jsonl after.jsonl --json
      gametrace bisect natural.jsonl reverse.jsonl --picture divergence.svg
      gametrace bisect id-before.jsonl id-after.jsonl --iteration 3
    """
    from .options import refuse_inapplicable

    refuse_inapplicable(click.get_current_context(), shown="text" if not as_json
                        else "json-picture" if picture is not None else "json")
    from ..analysis.regret import bisect_traces
    from ..jsonio import dumps_json
    from ..outputs import check_outputs

    check_outputs(("--picture", picture, "diagram"), json_flag=as_json,
                  inputs=[("A", trace_a), ("B", trace_b)])
    fmt = None
    if picture is not None:
        from ..render.model.render_options import output_format

        fmt = output_format(picture)
    one_stdin(("A", trace_a), ("B", trace_b))
    for path in (trace_a, trace_b):
        existing_file(path)
    from .options import stage
    from .progress import file_bar

    with file_bar(trace_a, "reading", quiet=quiet), stage("reading the traces"):
        bisection = bisect_traces(trace_a, trace_b, depth=depth, iteration=iteration)
    rows = limit or len(bisection.parts)
    if picture is not None and fmt is not None:
        from ..figures.bisect_picture import bisect_dot
        from ..figures.regret_picture import render_dot
        from ..writing import write_output_bytes

        write_output_bytes(picture, render_dot(bisect_dot(bisection, limit=rows), fmt))
    if as_json:
        click.echo(dumps_json(bisection.to_json()))
    elif picture != "-":
        click.echo(bisection.to_text(limit=rows))
    if picture not in (None, "-") and not quiet:
        click.echo(f"picture written to {picture}", err=True)
