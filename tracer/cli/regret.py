"""``gametrace regret``: where a search's move ordering cost it nodes, read from its trace
(the ideal tree of :mod:`tracer.analysis.regret.waste`), with the regret map."""

from __future__ import annotations

import click

from .number_types import WholeRange
from .options import existing_file, json_option, quiet_option

__all__ = ["regret_command"]


@click.command("regret")
@click.argument("trace")
@json_option(help="Print the report as JSON.")
@click.option("--picture", default=None, metavar="FILE",
              help="Draw the tree coloured by the nodes wasted under each node (.svg, .png, "
                   ".pdf or .dot).")
@click.option("--depth", type=WholeRange(min=0, max=12), default=3, show_default=True,
              help="Plies the picture shows; the nodes below are folded into their ancestor.")
@click.option("--width", type=WholeRange(min=1, max=64), default=8, show_default=True,
              help="Children of a node the picture draws (those wasting most); the others "
                   "are folded into one box.")
@click.option("--details", default=None, metavar="DIR",
              help="Write one small SVG diagram per worst node into DIR "
                   "(worst-01.svg, ...), linked from the --picture SVG.")
@click.option("--iteration", type=WholeRange(min=1, max=1000), default=None, metavar="N",
              help="Of a search by iterative deepening, the iteration to read (the N-th "
                   "depth searched, from 1; default: the last), e.g. --iteration 2.")
@quiet_option(help="No notes on stderr (the files written).")
def regret_command(trace: str, as_json: bool, picture: str | None, depth: int, width: int,
                   details: str | None, iteration: int | None, quiet: bool) -> None:
    """Where the move ordering of the search recorded in TRACE wasted nodes.

    The ideal tree is the part of the recorded tree that alpha-beta with the best move
    first at every node would have searched (Knuth & Moore's minimal tree, with every
    subtree as recorded); a node's waste is the nodes searched under it less the ideal
    tree's.  Lists the total and the ten nodes whose own ordering wasted most, each with
    its path, the move after which the search cut there and its rank, and the move that
    should have cut first and its rank.  See docs/engines.md.

    TRACE is a finished minimax or alpha-beta trace (.json, .jsonl, .jsonl.gz), or an
    engine's trace (version 2), read as a stream.  Of a search by iterative deepening
    the last iteration is read (the report says which), or the one --iteration names;
    a node searched again (PVS, LMR, aspiration) counts each search's nodes.

    \b
    Examples:
      gametrace run othello --depth 5 -o othello.jsonl
      gametrace regret othello.jsonl
      gametrace regret othello.jsonl --picture regret.svg --depth 2 --details worst/
      gametrace regret othello.jsonl --json
      gametrace regret engine.jsonl --iteration 2
    """
    from .options import refuse_inapplicable

    refuse_inapplicable(click.get_current_context(),
                        picture="with" if picture is not None else "without")
    import os

    from ..analysis.regret import regret_of_trace
    from ..errors import UsageError
    from ..jsonio import dumps_json
    from ..outputs import check_folder, check_outputs
    from ..said import said

    check_outputs(("--picture", picture, "diagram"), json_flag=as_json,
                  inputs=[("TRACE", trace)])
    fmt = None
    if picture is not None:
        from ..render.model.render_options import output_format

        fmt = output_format(picture)
    if details is not None:
        check_folder(details, option="--details")
        if picture is None:
            raise UsageError(said("--details draws the worst nodes linked from the picture: "
                                  "give --picture too"))
    existing_file(trace)
    from .options import stage
    from .progress import file_bar

    with file_bar(trace, "reading", quiet=quiet), stage("reading the trace"):
        report = regret_of_trace(trace, depth=depth, iteration=iteration)
    if picture is not None and fmt is not None:
        from ..figures.regret_picture import detail_dot, details_name, regret_dot, render_dot
        from ..writing import staged_folder, write_output_bytes

        links = None
        if details is not None and picture != "-":
            here = os.path.dirname(os.path.abspath(picture))
            links = os.path.relpath(os.path.abspath(details), here).replace(os.sep, "/")
        if details is not None:
            with staged_folder(details, stale=lambda n: n.startswith("worst-")) as staging:
                for rank, worst in enumerate(report.worst, 1):
                    with open(os.path.join(staging, details_name(rank)), "wb") as out:
                        out.write(render_dot(detail_dot(worst, rank), "svg"))
        write_output_bytes(picture, render_dot(regret_dot(report, links=links, width=width), fmt))
    if as_json:
        click.echo(dumps_json(report.to_json()))
    elif picture != "-":
        click.echo(report.to_text())
    if not quiet:
        if picture not in (None, "-"):
            click.echo(f"picture written to {picture}", err=True)
        if details is not None:
            click.echo(f"{len(report.worst)} diagrams written to {details}", err=True)
