"""``gametrace compare``: what an ordering of the children, or a move-ordering technique,
saves on one tree or game: a table (text, CSV or JSON), a plot, a side-by-side picture.

The comparison, its files and pictures are the front door's
(:func:`tracer._api.compare_outputs`); the command prints what it made.
"""

from __future__ import annotations

import click

from .number_types import WholeRange
from .options import (
    LibraryChoice,
    algorithm_option,
    depth_option,
    params_option,
    preset_option,
    quiet_option,
    root_player_option,
    seed_option,
    source_file,
    technique_option,
    variant_option,
)
from .render import given_options

__all__ = ["compare_command"]


@click.command("compare")
@click.argument("source")
@click.option("--orders", default=None, metavar="LIST",
              help="Orderings to compare: natural, reverse, best, worst, random:N "
                   "[default: natural,reverse,best,worst,random:100].")
@click.option("--techniques", default=None, metavar="LIST",
              help="Compare move-ordering techniques instead: comma-separated "
                   "configurations of + joined tokens among fail-soft, pvs, mtdf, id, killer, "
                   "history, tt, aspiration[:W] (e.g. pvs+id+tt), or 'standard'.")
@algorithm_option(choices="tracer.analysis.orderings:COMPARED_ALGORITHMS",
                  help="The search whose orderings are compared.")
@variant_option(help="Its variant (see `run --help`).")
@technique_option(dest="technique", help="-a enhanced: its techniques, while orderings are "
                                         "compared, e.g. --technique id,tt.")
@depth_option()
@seed_option(default=0, help="Seed of the first random ordering (then seed + 1, ...).")
@click.option("--repeat", type=WholeRange(min=1), default=3, show_default=True,
              help="--techniques: time each search this many times and keep the best.")
@click.option("--format", "fmt", type=click.Choice(("table", "csv", "json")), default=None,
              help="Output [default: from the extension of -o, else table].")
@click.option("-o", "--output", metavar="FILE", default=None,
              help="Write the table (.txt), CSV (.csv) or JSON (.json) here instead of "
                   "standard output.")
@click.option("--plot", default=None, metavar="FILE",
              help="Plot leaves evaluated over the random orderings, the bounds and the "
                   "fixed orderings marked (.svg, .png, .pdf or .dot).")
@click.option("--picture", default=None, metavar="FILE",
              help="Draw two searches side by side (.svg, .png, .pdf or .dot).")
@click.option("--side-by-side", "pair", default=None, metavar="A,B",
              help="Which two orderings (or techniques) --picture draws "
                   "[default: the first two compared].")
@click.option("--theme", type=LibraryChoice("tracer.render.model.render_options:THEMES"),
              default="colour", show_default=True, help="print: grayscale pictures.")
@preset_option
@params_option()
@root_player_option()
@quiet_option(help="No progress or notes on stderr (the files written).")
def compare_command(source: str, orders: str | None, techniques: str | None, algorithm: str,
                    variant: str | None, technique: str, depth: int | None, seed: int,
                    repeat: int, fmt: str | None, output: str | None, plot: str | None,
                    picture: str | None, pair: str | None, theme: str, preset: str | None,
                    params: tuple[str, ...], root_player: str | None, quiet: bool) -> None:
    """How much an ordering of the children, or a move-ordering technique, saves on
    SOURCE (a tree file, a lecture tree or a game), and where.

    For each ordering: leaves evaluated, nodes expanded, cuts, the share of cuts made by
    the first child searched, and the effective branching factor, beside plain minimax,
    the Knuth-Moore count (uniform trees) and the critical tree (the fewest leaves that
    prove the value).  With --techniques: the nodes and time of each technique to the
    same answer.  See docs/ordering.md.

    \b
    Examples:
      gametrace compare aima
      gametrace compare aima --orders natural,reverse,best,worst,random:200 --plot aima.svg
      gametrace compare aima --picture pair.png --side-by-side natural,reverse
      gametrace compare aima --picture pair.png --preset slides
      gametrace compare two-mins --format csv -o two-mins.csv
      gametrace compare othello --depth 5 --techniques standard
      gametrace compare tictactoe --techniques alphabeta,id+tt,pvs+tt,mtdf --repeat 1
    """
    from .options import refuse_inapplicable

    refuse_inapplicable(click.get_current_context(),
                        compared="techniques" if techniques is not None else "orders",
                        picture="with" if picture is not None else "without",
                        output=_written_format(output))
    from .._api import compare_outputs, parse_params
    from ..writing import prints_to_stderr
    from .options import stage
    from .progress import count_bar

    # the progress of many random orderings
    with count_bar("comparing", quiet=quiet) as bar, stage("comparing"):
        done = compare_outputs(
            source, orders=orders, techniques=techniques, algorithm=algorithm,
            variant=variant, technique=technique, depth=depth, seed=seed, repeat=repeat,
            params=parse_params(params), root_player=root_player, fmt=fmt, output=output,
            plot=plot, picture=picture, pair=pair, preset=preset,
            # --theme given on the command line wins over the preset's theme
            picture_options=given_options(click.get_current_context(), {"theme": theme}),
            progress=bar, searching=prints_to_stderr,
            inputs=[("SOURCE", source_file(source))])
    if output in (None, "-"):
        click.echo(done.text, nl=False)
    if quiet:
        return
    if output not in (None, "-"):
        click.echo(f"{done.fmt} written to {output}", err=True)
    if plot not in (None, "-"):
        click.echo(f"plot written to {plot}", err=True)
    if picture is not None:
        for line in done.picture_lines:
            click.echo(line, err=True)
        click.echo(f"picture written to {picture}", err=True)


def _written_format(output: str | None) -> str | None:
    """What ``-o`` writes, by its extension (``stdout`` for none or ``-``; ``None`` for an
    extension the output check refuses)."""
    if output in (None, "-"):
        return "stdout"
    assert output is not None
    ext = output.rpartition(".")[2].lower() if "." in output else ""
    return ext if ext in ("txt", "csv", "json") else None
