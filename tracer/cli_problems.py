"""Commands for single-agent search and matrix games: ``astar``, ``admissible``, ``matrix``.

Library errors propagate to the ``gametrace`` group, which maps them to exit codes.
Everything heavier than click is imported inside the commands.
"""

from __future__ import annotations

from typing import Any

import click

from .analysis.astar_table import text_table as _table
from .cli_render import preset_option
from .errors import UsageError

__all__ = ["admissible_command", "astar_command", "matrix_command"]

_PARAM_HELP = "A parameter of the problem (repeatable), e.g. -p capacities=3,5."
_LIMIT_HELP = "Print at most this many rows per table (0: all)."


def _count(n: int, thing: str) -> str:
    return f"{n:,} {thing}" + ("" if n == 1 else "s")


def _describe_params(params: dict[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in params.items())


@click.command("astar")
@click.argument("problem")
@click.option("-p", "--param", "params", multiple=True, metavar="KEY=VALUE", help=_PARAM_HELP)
@click.option("--heuristic", default=None, metavar="NAME",
              help="A heuristic of the problem; zero gives uniform-cost search "
                   "[default: the problem's own, jugs: lecture, puzzle8: manhattan].")
@click.option("--variant", default="graph", show_default=True,
              type=click.Choice(("graph", "tree")),
              help="graph: repeated states are eliminated (lecture 002); tree: none.")
@click.option("-o", "--output", metavar="FILE", default=None,
              help="Write the trace here (.json document, .jsonl stream, .jsonl.gz gzipped "
                   "stream; - for standard output), e.g. -o jugs.jsonl.gz.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the result as JSON (keys value, move, pv, states, stats).")
@click.option("--render", "render_out", metavar="FILE", default=None,
              help="Also draw the search tree (.svg, .png, .pdf, .dot or .tex; - for DOT on "
                   "standard output).")
@preset_option
@click.option("--max-nodes", type=click.IntRange(min=1), default=None,
              help="Stop cleanly after this many nodes (selected + generated).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None,
              metavar="SECONDS", help="Stop cleanly after this many seconds.")
@click.option("--limit", type=click.IntRange(min=0), default=200, show_default=True,
              help=_LIMIT_HELP)
@click.option("-q", "--quiet", is_flag=True, help="No notes on stderr.")
def astar_command(problem: str, params: tuple[str, ...], heuristic: str | None, variant: str,
                  output: str | None, as_json: bool, render_out: str | None,
                  max_nodes: int | None, time_limit: float | None, limit: int,
                  quiet: bool, preset: str | None) -> None:
    """Run A* on PROBLEM and print the expansion order (node, state, g, h, f), the
    discarded nodes, the cost and the path.

    PROBLEM is jugs (lecture 002, water jugs of 3 and 5 litres) or puzzle8 (the
    8-puzzle). Ties on f go to the node generated first.

    \b
    Examples:
      gametrace astar jugs
      gametrace astar jugs --heuristic zero --variant tree
      gametrace astar jugs -p capacities=4,9 -p goal=6 -o jugs.json
      gametrace astar jugs --render jugs.png
      gametrace astar jugs --render jugs.svg --preset slides
      gametrace astar puzzle8 --heuristic misplaced -p scramble=12 -p seed=3 --json
    """
    from .analysis.astar_table import astar_report
    from .api import parse_params
    from .jsonio import dumps_json
    from .outputs import check_outputs
    from .problems import choose_heuristic, make_problem
    from .record import MemoryRecorder
    from .search.astar import astar
    from .search.common import Limits

    on_stdout = check_outputs(("-o", output, "trace"), ("--render", render_out, "diagram"),
                              json_flag=as_json)
    prob = make_problem(problem, parse_params(params))
    name = choose_heuristic(prob, heuristic)
    rec = MemoryRecorder()
    result = astar(prob, heuristic=name, variant=variant, recorder=rec,
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
        from .render import render_trace
        from .render.draw.presets import preset_options

        render_trace(trace, render_out, preset_options(preset))
        if not quiet and render_out != "-":
            click.echo(f"diagram written to {render_out}", err=True)


@click.command("admissible")
@click.argument("problem")
@click.option("--heuristic", default=None, metavar="NAME",
              help="The heuristic to check [default: the problem's own].")
@click.option("-p", "--param", "params", multiple=True, metavar="KEY=VALUE", help=_PARAM_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--limit", type=click.IntRange(min=0), default=50, show_default=True,
              help=_LIMIT_HELP)
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
    """
    from .analysis.admissible import check_heuristic
    from .api import parse_params
    from .problems import make_problem

    prob = make_problem(problem, parse_params(params))
    report = check_heuristic(prob, heuristic)
    if as_json:
        from .jsonio import dumps_json

        click.echo(dumps_json(report.to_json()))
        return
    from .jsonio import encode_number

    over, bad = report.overestimates, report.inconsistent
    lines = [f"{prob.name} {_describe_params(dict(prob.params))}",
             f"heuristic: {report.heuristic}; {report.states} reachable states, "
             f"{report.edges} edges; h*(start) = {encode_number(report.start_cost)}",
             "verdict: " + ("admissible" if report.admissible else
                            f"NOT admissible (h > h* at {_count(len(over), 'state')})")
             + ", " + ("consistent" if report.consistent else
                       f"NOT consistent at {_count(len(bad), 'edge')}")]
    if over:
        lines += ["", "states where h overestimates (h > h*):"]
        lines += _table(("state", "h", "h*"), [(o.state, o.h, o.true_cost) for o in over],
                        limit)
    if bad:
        lines += ["", "inconsistent edges (h(s) > c(s,s') + h(s')):"]
        lines += _table(("s", "action", "s'", "h(s)", "c", "h(s')"),
                        [(e.state, e.action, e.next_state, e.h, e.cost, e.next_h)
                         for e in bad], limit)
    click.echo("\n".join(lines))


@click.command("matrix")
@click.argument("game", required=False, metavar="[GAME_OR_FILE]")
@click.option("--from-tree", "tree_source", default=None, metavar="TREEFILE",
              help="Build the strategy matrix of a MAX/MIN game tree (a tree file or a "
                   "built-in example, see `gametrace examples`).")
@click.option("-o", "--output", metavar="FILE", default=None,
              help="Write the matrix as a picture (.svg, .png, .pdf or .dot) or as a payoff "
                   "file (.json), e.g. -o dilemma.png.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the game and the analysis as JSON.")
def matrix_command(game: str | None, tree_source: str | None, output: str | None,
                   as_json: bool) -> None:
    """Analyse a two-player game in normal form: dominant strategies, iterated
    elimination of strictly dominated strategies, pure Nash equilibria.

    GAME_OR_FILE is a payoff file (JSON; see docs/astar-and-matrices.md) or a built-in
    game: prisoners-dilemma (lecture 003). With --from-tree, the game is the strategy
    matrix of a game tree: MAX chooses the row, MIN the column, MIN pays MAX the leaf.

    \b
    Examples:
      gametrace matrix prisoners-dilemma
      gametrace matrix prisoners-dilemma -o dilemma.svg
      gametrace matrix --from-tree two-mins --json
      gametrace matrix mygame.json
    """
    from .analysis import payoff

    if (game is None) == (tree_source is None):
        raise UsageError("give one of GAME_OR_FILE or --from-tree TREEFILE "
                         f"(built-in games: {', '.join(payoff.BUILTIN)})")
    from .outputs import check_outputs

    on_stdout = check_outputs(("-o", output, "matrix"), json_flag=as_json)
    if tree_source is not None:
        from .api import load_source

        matrix = payoff.from_tree(load_source(tree_source))
    else:
        assert game is not None
        matrix = payoff.load_game(game)
    equilibria = payoff.pure_equilibria(matrix)
    if as_json:
        from .jsonio import dumps_json

        click.echo(dumps_json(_matrix_json(matrix, equilibria)), err=on_stdout)
    else:
        click.echo(_matrix_text(matrix, equilibria), err=on_stdout)
    if output is not None:
        from .jsonio import atomic_write_text, dumps_json_pretty

        if output.lower().endswith(".json"):
            atomic_write_text(output, dumps_json_pretty(matrix.to_json()))
        else:
            from .render import output_format
            from .render.files.engine import render
            from .render.files.output import write_output

            fmt = output_format(output)
            text = payoff.to_svg(matrix, equilibria) if fmt == "svg" else \
                payoff.to_dot(matrix, equilibria)
            write_output(output, text.encode() if fmt in ("svg", "dot")
                         else render(text, fmt, pinned=False))
        if output != "-":
            click.echo(f"written to {output}", err=True)


def _matrix_json(game: Any, equilibria: list[tuple[int, int]]) -> dict[str, Any]:
    from .analysis import payoff
    from .jsonio import encode_number

    row, col = payoff.dominance(game)
    elim = payoff.eliminate(game)
    return {
        "game": game.to_json(),
        "dominant": {game.players[0]: {"strict": row.strict, "weak": row.weak},
                     game.players[1]: {"strict": col.strict, "weak": col.weak}},
        "elimination": {"steps": [{"player": s.player, "strategy": s.strategy,
                                   "dominated_by": s.dominated_by} for s in elim.steps],
                        "rows": list(elim.rows), "columns": list(elim.columns)},
        "equilibria": [{"row": game.rows[i], "column": game.columns[j],
                        "payoffs": [encode_number(x) for x in game.payoffs[i][j]]}
                       for i, j in equilibria],
    }


def _matrix_text(game: Any, equilibria: list[tuple[int, int]]) -> str:
    from .analysis import payoff

    a, b = game.players
    lines = [f"{game.name or 'game'}: {a} chooses a row, {b} a column; payoffs are ({a}, {b}), "
             f"{game.prefer} is better"]
    if game.description:
        lines.append(game.description)
    lines += ["", payoff.format_table(game, equilibria), "* pure Nash equilibrium", "",
              "dominant strategies:"]
    for player, dom in zip(game.players, payoff.dominance(game), strict=True):
        text = (f"{dom.strict} (strictly)" if dom.strict is not None else
                f"{dom.weak} (weakly)" if dom.weak is not None else "none")
        lines.append(f"  {player}: {text}")
    elim = payoff.eliminate(game)
    lines.append("iterated elimination of strictly dominated strategies:")
    for n, step in enumerate(elim.steps, start=1):
        lines.append(f"  {n}. {step.player} drops {step.strategy} "
                     f"(strictly dominated by {step.dominated_by})")
    if not elim.steps:
        lines.append("  nothing is strictly dominated")
    lines.append(f"  left: {a} {{{', '.join(elim.rows)}}}, {b} {{{', '.join(elim.columns)}}}")
    if equilibria:
        lines.append("pure Nash equilibria: " + "; ".join(
            f"({game.rows[i]}, {game.columns[j]}) paying ({payoff.show_pair(game.payoffs[i][j])})"
            for i, j in equilibria))
    else:
        lines.append("pure Nash equilibria: none")
    return "\n".join(lines)
