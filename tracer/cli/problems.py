"""Commands for single-agent search and matrix games: ``astar``, ``admissible``, ``matrix``.

Library errors propagate to the ``gametrace`` group, which maps them to exit codes.
Everything heavier than click is imported inside the commands.
"""

from __future__ import annotations

import click

from .language import language_option, output_language
from .options import (
    LibraryChoice,
    heuristic_option,
    json_option,
    limit_option,
    max_nodes_option,
    params_option,
    preset_option,
    quiet_option,
    render_option,
    source_file,
    time_limit_option,
    trace_output_option,
)

__all__ = ["admissible_command", "astar_command", "matrix_command"]

_PARAM_HELP = "A parameter of the problem (repeatable), e.g. -p capacities=3,5."


def _describe_params(params: dict[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in params.items())


@click.command("astar")
@click.argument("problem")
@params_option(help=_PARAM_HELP)
@heuristic_option(help="A heuristic of the problem; zero gives uniform-cost search "
                       "[default: the problem's own, jugs: lecture, puzzle8: manhattan, "
                       "romania: sld, a graph file: its first table].")
@click.option("--variant", default="graph", show_default=True,
              type=LibraryChoice("tracer.search.astar:ASTAR_VARIANTS"),
              help="graph: repeated states are eliminated (as in Esercizio A*); tree: none.")
@trace_output_option(example="jugs.jsonl.gz")
@json_option(help="Print the result as JSON (keys value, move, pv, states, stats).")
@render_option(help="Also draw the search tree (.svg, .png, .pdf, .dot or .tex; - for DOT "
                    "on standard output).")
@preset_option
@max_nodes_option(help="Stop cleanly after this many nodes (selected + generated).")
@time_limit_option()
@limit_option(default=200)
@quiet_option(help="No notes on stderr.")
def astar_command(problem: str, params: tuple[str, ...], heuristic: str | None, variant: str,
                  output: str | None, as_json: bool, render_out: str | None,
                  max_nodes: int | None, time_limit: float | None, limit: int,
                  quiet: bool, preset: str | None) -> None:
    """Run A* on PROBLEM and print the expansion order (node, state, g, h, f), the
    discarded nodes, the cost and the path.

    PROBLEM is jugs (water jugs of 3 and 5 litres, "Esercizio A*"), puzzle8 (the
    8-puzzle), romania (AIMA's road map, Arad to Bucharest) or a graph file
    (FILE.graph in the text form, FILE.json; see docs/astar-and-matrices.md).
    Ties on f go to the node generated first.

    \b
    Examples:
      gametrace astar jugs
      gametrace astar jugs --heuristic zero --variant tree
      gametrace astar jugs -p capacities=4,9 -p goal=6 -o jugs.json
      gametrace astar jugs --render jugs.png
      gametrace astar jugs --render jugs.svg --preset slides
      gametrace astar puzzle8 --heuristic misplaced -p scramble=12 -p seed=3 --json
      gametrace astar romania
      gametrace astar romania -p start=Lugoj --heuristic zero
      gametrace astar jugs -p goal=total=4
      gametrace astar mymap.graph --render mymap.svg
    """
    from .options import refuse_inapplicable

    refuse_inapplicable(click.get_current_context(),
                        drawing="with" if render_out is not None else "without",
                        printed="json" if as_json else "text")
    from .._api import Limits, parse_params, search_problem
    from ..analysis.astar import astar_report
    from ..jsonio import dumps_json
    from ..outputs import check_outputs
    from ..record import MemoryRecorder

    on_stdout = check_outputs(("-o", output, "trace"), ("--render", render_out, "diagram"),
                              json_flag=as_json)
    rec = MemoryRecorder()
    result = search_problem(problem, params=parse_params(params), heuristic=heuristic,
                            variant=variant, recorder=rec, files=True,
                            limits=Limits(max_nodes=max_nodes, time_limit=time_limit))
    trace = rec.trace
    if output is not None:
        trace.dump(output)
    # When the trace or the drawing goes to stdout, the report goes to stderr.
    report = astar_report(trace)
    click.echo(dumps_json(report.to_json()) if as_json else report.to_text(limit=limit),
               err=on_stdout)
    if not result.complete and not quiet:
        option = "--max-nodes" if result.stopped == "max-nodes" else "--time-limit"
        click.echo(f"gametrace: search stopped by {option}: the result is incomplete", err=True)
    if output not in (None, "-") and not quiet:
        click.echo(f"trace written to {output}", err=True)
    if render_out is not None:
        from .._api import draw_trace_file

        draw_trace_file(trace, render_out, preset=preset)
        if not quiet and render_out != "-":
            click.echo(f"diagram written to {render_out}", err=True)


@click.command("admissible")
@click.argument("problem")
@heuristic_option(help="The heuristic to check [default: the problem's own].")
@params_option(help=_PARAM_HELP)
@json_option(help="Print the report as JSON.")
@limit_option(default=50)
def admissible_command(problem: str, heuristic: str | None, params: tuple[str, ...],
                       as_json: bool, limit: int) -> None:
    """Check a heuristic of PROBLEM against the true cost h* of every reachable state.

    Prints the verdict, the states where h overestimates (h > h*: not admissible)
    and the edges where h drops by more than the step cost (h(s) > c(s,s') + h(s'):
    not consistent). Exits 0 whatever the verdict.

    \b
    Examples:
      gametrace admissible jugs --heuristic lecture
      gametrace admissible puzzle8 --heuristic manhattan
      gametrace admissible jugs --heuristic lecture -p goal=4 --json
      gametrace admissible romania -p goal=Craiova
      gametrace admissible mymap.graph
    """
    from .options import refuse_inapplicable

    refuse_inapplicable(click.get_current_context(), printed="json" if as_json else "text")
    from .._api import check_admissible, parse_params

    report = check_admissible(problem, heuristic=heuristic, params=parse_params(params),
                              files=True)
    if as_json:
        from ..jsonio import dumps_json

        click.echo(dumps_json(report.to_json()))
    else:
        click.echo(report.to_text(limit=limit))


@click.command("matrix")
@click.argument("game", required=False, metavar="[GAME_OR_FILE]")
@click.option("--from-tree", "tree_source", default=None, metavar="TREEFILE",
              help="Build the strategy matrix of a MAX/MIN game tree (a tree file or a "
                   "built-in example, see `gametrace examples`).")
@click.option("-o", "--output", metavar="FILE", default=None,
              help="Write the matrix as a picture (.svg, .png, .pdf or .dot) or as a payoff "
                   "file (.json), e.g. -o dilemma.png.")
@click.option("--size", metavar="SIZE", default=None,
              help="Draw the picture on a canvas of exactly this size, the matrix scaled "
                   "to fill it and centred: slides (1280x720), slides-4:3, a4, "
                   "a4-landscape, WxH in pixels or WxHmm, as `render --size` [default: the "
                   "matrix's own size]. Example: --size slides.")
@json_option(help="Print the game and the analysis as JSON.")
@language_option(help="Language of the analysis and the picture (it: strategie dominanti, "
                      "equilibri di Nash...).")
@quiet_option(help="No notes on stderr (the file written).")
def matrix_command(game: str | None, tree_source: str | None, output: str | None,
                   size: str | None, as_json: bool, lang: str | None, quiet: bool) -> None:
    """Analyse a two-player game in normal form: dominant strategies, iterated
    elimination of strictly dominated strategies, pure Nash equilibria.

    GAME_OR_FILE is a payoff file (JSON; see docs/astar-and-matrices.md) or a built-in
    game: prisoners-dilemma (from "Teoria dei giochi"). With --from-tree, the game is the strategy
    matrix of a game tree: MAX chooses the row, MIN the column, MIN pays MAX the leaf.
    The strategies iterated elimination removes are struck out (~~NC~~ in the text).

    \b
    Examples:
      gametrace matrix prisoners-dilemma
      gametrace matrix prisoners-dilemma -o dilemma.svg
      gametrace matrix --from-tree two-mins --json
      gametrace matrix mygame.json
      gametrace matrix prisoners-dilemma --lang it -o dilemma.png
      gametrace matrix prisoners-dilemma --lang it -o dilemma.png --size slides
    """
    from .._api import analyse_matrix_source, write_matrix
    from ..outputs import check_outputs
    from .options import refuse_inapplicable

    picture = output is not None and not output.lower().endswith(".json")
    refuse_inapplicable(click.get_current_context(), picture="with" if picture else "without")

    on_stdout = check_outputs(("-o", output, "matrix"), json_flag=as_json,
                              inputs=[("GAME_OR_FILE", source_file(game)),
                                      ("--from-tree", source_file(tree_source))])
    if size is not None:  # a wrong size is said before the analysis is printed
        from ..render.model.canvas import parse_size

        parse_size(size)
    report = analyse_matrix_source(game, tree=tree_source)
    words = output_language(lang)
    if as_json:
        from ..jsonio import dumps_json

        click.echo(dumps_json(report.to_json()), err=on_stdout)
    else:
        click.echo(report.to_text(words), err=on_stdout)
    if output is not None:
        from ..said import said

        warning = write_matrix(report, output, lang=words, size=size)
        if warning is not None:
            from ..stderr_channel import warn

            warn(said("warning: {warning}", warning=warning))
        if output != "-" and not quiet:
            click.echo(said("written to {file}", file=output).worded(words), err=True)
