"""The ``gametrace`` command line.

This is the only module that turns library errors into exit codes: 2 for usage
errors (a bad option value, an unknown name), 1 for every other failure (a
malformed input file, a limit reached).  Heavy modules are imported inside the
commands so that ``gametrace --help`` answers at once.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, TypeVar

import click

from .cli_render import preset_option
from .deep import DEFAULT_MAX_PLY, run_deep
from .errors import TracerError, UsageError
from .outputs import check_outputs, stderr_is_terminal
from .ranges import MAX_PLY

T = TypeVar("T")



class _Terminated(BaseException):
    """Raised by the SIGTERM handler so that writers clean up as they do for Ctrl-C."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise _Terminated


class _Group(click.Group):
    """Maps library errors raised by any subcommand to one line and an exit code."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        import signal

        # Without a handler SIGTERM kills at once, leaving temporary files behind.
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _on_sigterm)
        return super().main(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as exc:
            _fail(ctx, str(exc), 2)
        except TracerError as exc:
            _fail(ctx, str(exc), 1)
        except click.UsageError as exc:  # click's own: one line instead of three
            if isinstance(exc, click.BadParameter):
                exc = _suggest(exc)
            where = exc.ctx.command_path if exc.ctx is not None else "gametrace"
            _fail(ctx, f"{exc.format_message()} (see {where} --help)", 2)
        except RecursionError:
            _fail(ctx, "the input is nested deeper than --max-ply allows: "
                       "raise --max-ply, or limit the search with --depth", 1)
        except MemoryError:
            _fail(ctx, "out of memory: search a smaller tree or use --depth", 1)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except KeyboardInterrupt:
            _fail(ctx, "interrupted", 130)
        except _Terminated:
            _fail(ctx, "terminated", 143)
        except BrokenPipeError:
            # The reader went away (`gametrace ... | head`): stop quietly, as cat does.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            ctx.exit(141)
        except SystemExit as exc:  # only user code calls sys.exit inside a command
            _fail(ctx, f"the search called sys.exit({exc.code!r}): a game must not exit", 1)
        except OSError as exc:
            name = f"{exc.filename}: " if exc.filename else ""
            _fail(ctx, f"{name}{exc.strerror or exc}", 1)
        except Exception as exc:  # a bug: one line, unless asked for the traceback
            if os.environ.get("GAMETRACE_DEBUG"):
                raise
            _fail(ctx, f"internal error (set GAMETRACE_DEBUG=1 for details): "
                       f"{type(exc).__name__}: {exc}", 1, prefix="gametrace: ")


def _fail(ctx: click.Context, message: str, code: int, *, prefix: str = "gametrace: error: "
          ) -> None:
    click.echo(prefix + " ".join(message.split("\n")), err=True)
    ctx.exit(code)


def _suggest(exc: click.BadParameter) -> click.BadParameter:
    """A choice's error with the nearest choice added (every command's, in one place)."""
    import re

    from .options import nearest

    kind = exc.param.type if exc.param is not None else None
    found = re.match(r"'(.*)' is not one of", exc.message)
    if isinstance(kind, click.Choice) and found:
        guess = nearest(found.group(1), [str(c) for c in kind.choices])
        if guess is not None:
            return click.BadParameter(exc.message.rstrip(".") + f"; did you mean {guess!r}?",
                                      ctx=exc.ctx, param=exc.param, param_hint=exc.param_hint)
    return exc


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="gametree-tracer", prog_name="gametrace")
def main() -> None:
    """Trace adversarial search: run minimax and alpha-beta on lecture trees, record
    every step as JSON, validate files.

    \b
    Examples:
      gametrace examples
      gametrace run aima -a alphabeta -o aima.json
      gametrace run tree.json -a minimax --variant negamax --json
      gametrace validate aima.json
    """


_ALGORITHMS = ("minimax", "alphabeta", "expectiminimax", "andor", "pns", "enhanced")


@main.command()
@click.argument("source")
@click.option("-a", "--algorithm", default="alphabeta", show_default=True,
              type=click.Choice(_ALGORITHMS), help="Algorithm family.")
@click.option("--variant", default=None, metavar="V",
              help="minimax: two-function (default), negamax, list. "
                   "alphabeta: fail-soft (default), fail-hard, negamax, list. "
                   "expectiminimax: plain (default), star1. andor: dfs. pns: pns. "
                   "enhanced: fail-soft (default), pvs, mtdf.")
@click.option("--order", default="natural", show_default=True,
              type=click.Choice(("natural", "reverse", "random", "best", "worst")),
              help="Child ordering; best/worst sort children by their exact minimax value.")
@click.option("--seed", type=int, default=None, help="Seed for --order random (default 0).")
@click.option("--depth", type=click.IntRange(min=0), default=None,
              help="Depth limit: nodes at this ply are scored by their static value.")
@click.option("--cut-on", default=None, type=click.Choice(("ge", "gt")),
              help="alphabeta, enhanced, expectiminimax star1: cut when alpha >= beta (ge, "
                   "the default) or only when alpha > beta (gt), e.g. --cut-on gt.")
@click.option("--bounds", nargs=2, type=float, default=None, metavar="LO HI",
              help="expectiminimax star1: lower and upper bounds on every leaf value.")
@click.option("--technique", "techniques", default="", metavar="LIST",
              help="enhanced: move-ordering techniques, comma-separated: id, killer, "
                   "history, tt, aspiration[:WIDTH] (see docs/ordering.md).")
@click.option("--prover", default=None, type=click.Choice(("max", "min")),
              help="andor, pns: whose win to prove [default: max], e.g. --prover min.")
@click.option("--root-player", default=None, type=click.Choice(("max", "min")),
              help="Who moves at the root of a tree file [default: max].")
@click.option("-o", "--output", "output", metavar="FILE", default=None,
              help="Write the trace here (.json document, .jsonl stream, .jsonl.gz gzipped "
                   "stream; - for standard output), e.g. -o ttt.jsonl.gz.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the result as JSON (keys value, move, pv, stats).")
@click.option("--render", "render_out", metavar="FILE", default=None,
              help="Also draw the trace (.svg, .png, .pdf, .dot or .tex; - for DOT on "
                   "standard output).")
@preset_option
@click.option("-p", "--param", "params", multiple=True, metavar="KEY=VALUE",
              help="A parameter of a generated game (repeatable); see `gametrace games`.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=None,
              help="Stop cleanly after visiting this many nodes; the trace says it was cut short.")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None,
              metavar="SECONDS", help="Stop cleanly after this many seconds.")
@click.option("-q", "--quiet", is_flag=True, help="No progress or notes on stderr.")
@click.option("--max-ply", type=click.IntRange(min=1, max=MAX_PLY), default=DEFAULT_MAX_PLY,
              show_default=True, help="Deepest tree the search may recurse into.")
def run(source: str, algorithm: str, variant: str | None, order: str, seed: int | None,
        depth: int | None, cut_on: str | None, root_player: str | None, output: str | None,
        as_json: bool, render_out: str | None, params: tuple[str, ...], max_nodes: int | None,
        time_limit: float | None, quiet: bool, max_ply: int,
        bounds: tuple[float, float] | None, prover: str | None, techniques: str,
        preset: str | None) -> None:
    """Search SOURCE and print the value, best move, principal variation and counts.

    SOURCE is a tree file (.json, or the text notation in any other file), the
    name of a built-in lecture tree (see `gametrace examples`), a generated game
    (see `gametrace games`) or your own game as path/to/file.py:ClassName.

    \b
    Examples:
      gametrace run aima
      gametrace run aima -a alphabeta --variant fail-hard -o aima.json
      gametrace run aima --order reverse --cut-on gt --json
      gametrace run aima -a alphabeta --render aima.svg --preset slides
      gametrace run tictactoe -p board=x...o.... --depth 2
      echo 'A(B(3 12 8) C(2 4 6) D(14 5 2))' > t.tree && gametrace run t.tree -a minimax
      gametrace run coin -a expectiminimax --variant star1 --bounds -2 7
      gametrace run grundy -p coins=7 -p first=min -a andor
      gametrace run grundy -p coins=7 -p first=min -a pns --prover min
      gametrace run othello --depth 5 -a enhanced --variant pvs --technique id,tt,killer
    """
    from .api import parse_params, search_source
    from .search import Limits

    on_stdout = check_outputs(("-o", output, "trace"), ("--render", render_out, "diagram"),
                              json_flag=as_json)
    scratch = None
    trace_path: str | Path | None = output
    if render_out is not None and output in (None, "-"):  # the drawing reads a trace file
        import tempfile

        scratch = tempfile.TemporaryDirectory(prefix="gametrace-")
        trace_path = Path(scratch.name) / ("trace.json" if output == "-" else "trace.jsonl")
    show_progress = not quiet and not as_json and stderr_is_terminal()
    limits = Limits(max_nodes=max_nodes, time_limit=time_limit,
                    progress=_print_progress if show_progress else None)

    def work() -> Any:
        return search_source(source, algorithm=algorithm, variant=variant, order=order,
                             seed=seed, depth=depth, cut_on=cut_on, root_player=root_player,
                             params=parse_params(params), limits=limits, output=trace_path,
                             bounds=bounds, prover=prover, techniques=techniques)

    try:
        result, title = run_deep(work, max_ply=max_ply, deadline=time_limit)
        if output == "-" and scratch is not None:  # the trace on stdout, from the scratch copy
            from .outputs import open_text_output

            with open(str(trace_path), encoding="utf-8") as copy, open_text_output("-") as out:
                out.write(copy.read())
    except BaseException:
        if scratch is not None:
            scratch.cleanup()
        raise
    finally:
        if show_progress:
            click.echo("\r\033[K", err=True, nl=False)
    if as_json:
        from .jsonio import dumps_json

        payload: dict[str, Any] = {"value": result.to_json()["value"], "move": result.move,
                                   "pv": list(result.pv), "stats": result.stats.to_json()}
        if not result.complete:
            payload["complete"] = False
            payload["stopped"] = result.stopped
        click.echo(dumps_json(payload))
    else:
        # When a trace or a drawing goes to stdout, the summary goes to stderr.
        click.echo(summary(title, algorithm, result), err=on_stdout)
    if not result.complete and not quiet:
        option = "--max-nodes" if result.stopped == "max-nodes" else "--time-limit"
        click.echo(f"gametrace: search stopped by {option} after "
                   f"{result.stats.nodes_visited} nodes: the result is incomplete", err=True)
    if output not in (None, "-") and not quiet:
        click.echo(f"trace written to {output}", err=True)
    if render_out is not None:
        from .cli_render import render_trace_file

        assert trace_path is not None  # set above whenever --render is given
        try:
            render_trace_file(trace_path, render_out, preset=preset)
        finally:
            if scratch is not None:
                scratch.cleanup()
        if not quiet and render_out != "-":
            click.echo(f"diagram written to {render_out}", err=True)


def _print_progress(nodes: int, seconds: float) -> None:
    rate = nodes / seconds if seconds > 0 else 0.0
    click.echo(f"\r\033[Ksearching: {nodes:,} nodes, {rate:,.0f} nodes/s, {seconds:.1f} s",
               err=True, nl=False)


def summary(title: str, algorithm: str, result: Any) -> str:
    """The readable result block printed by ``gametrace run``."""
    from .jsonio import encode_number

    s = result.stats
    value = "unknown (stopped early)" if result.value is None else encode_number(result.value)
    lines = [
        title,
        f"value: {value}",
        f"best move: {_move_text(result)}",
        f"principal variation: {_short_path(result.pv)}",
        f"nodes expanded: {s.nodes_expanded}, leaves evaluated: {s.leaves_evaluated}, "
        f"deepest ply: {s.max_depth}",
    ]
    if algorithm != "minimax":
        lines.append(f"cuts: {s.cuts} ({s.children_pruned} children pruned)")
    return "\n".join(lines)


def _move_text(result: Any) -> str:
    if result.value is None:
        return "unknown (stopped early)"
    if result.move is not None:
        return str(result.move)
    return "(none: the root is a leaf)" if len(result.pv) <= 1 else "(none)"


def _short_path(pv: tuple[str, ...], keep: int = 12) -> str:
    if len(pv) <= keep:
        return " -> ".join(pv)
    head = " -> ".join(pv[: keep - 2])
    return f"{head} -> ... -> {pv[-1]} ({len(pv) - 1} plies)"


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--kind", type=click.Choice(("tree", "trace", "solution", "payoff")),
              default=None, help="What FILE is [default: guessed from its content].")
@click.option("--max-ply", type=click.IntRange(min=1, max=MAX_PLY), default=DEFAULT_MAX_PLY,
              show_default=True, help="Deepest nesting the reader accepts.")
def validate(file: Path, kind: str | None, max_ply: int) -> None:
    """Check a tree, trace, solution or payoff FILE against its schema.

    A .jsonl file is a trace stream; a JSON file with "format": "gametree-trace" is a
    trace, one with rows/columns/payoffs a payoff matrix, one with solution items
    (values, evaluated, pruned, ...) a solution, anything else a tree; a file of
    another extension is a tree in the text notation.  Prints what the file is when
    it is valid; exits 1 with the first error (file, JSON path, what was expected).

    \b
    Examples:
      gametrace validate traces/aima.alphabeta.fail-soft.json
      gametrace validate tests/data/trees/aima.json
      gametrace validate docs/examples/student-wrong.json
      gametrace validate my-answer.json --kind solution
    """
    from .api import validate_file

    what = run_deep(lambda: validate_file(file, kind=kind), max_ply=max_ply)
    click.echo(f"{file}: valid {what}")


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def examples(as_json: bool) -> None:
    """List the built-in lecture trees that `gametrace run NAME` accepts.

    \b
    Examples:
      gametrace examples
      gametrace run three-mins -a alphabeta
    """
    from .examples import EXAMPLES

    if as_json:
        from .jsonio import dumps_json

        click.echo(dumps_json([{"name": e.name, "item": e.item, "title": e.title,
                                "tree": e.text, "value": e.value, "notes": e.notes}
                               for e in EXAMPLES.values()]))
        return
    width = max(len(name) for name in EXAMPLES)
    for e in EXAMPLES.values():
        click.echo(f"{e.name:<{width}}  digest item {e.item}: {e.title}")
        click.echo(f"{'':<{width}}  {e.text}")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (loopback by default; see docs/service.md to "
                   "put it behind a reverse proxy).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on.")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The SQLite store of recorded traces [default: "
                   "$XDG_DATA_HOME/gametrace/traces.db]; created with traces/ in it.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Server processes sharing the store.")
@click.option("--max-body", type=click.IntRange(min=1_000), default=2_000_000,
              show_default=True, help="Largest request body, in bytes.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=200_000, show_default=True,
              help="Node budget of one search (a request may ask for less).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=5.0,
              show_default=True,
              help="Time budget of one search, in seconds (a request may ask for less).")
@click.option("--max-jobs", type=click.IntRange(min=1), default=4, show_default=True,
              help="Searches, drawings and checks running at once in each worker.")
@click.option("--root-path", default="", metavar="PREFIX",
              help="The sub-path a reverse proxy serves the app under (e.g. /gametrace); "
                   "the proxy strips it (docs/service.md).")
def serve(host: str, port: int, db: Path | None, workers: int, max_body: int,
          max_nodes: int, time_limit: float, max_jobs: int, root_path: str) -> None:
    """Start the web service: the JSON API under /v1 and the browser UI at /.

    \b
    Examples:
      gametrace serve
      gametrace serve --port 8080 --db class.db --workers 4
      gametrace serve --max-nodes 50000 --time-limit 2 --max-jobs 2
      gametrace serve --root-path /gametrace   # behind nginx at /gametrace/
    """
    from .service.run import serve as run_server

    if root_path and (not root_path.startswith("/") or root_path.endswith("/")):
        raise click.BadParameter(f"a path like /gametrace, got {root_path!r}",
                                 param_hint="'--root-path'")
    run_server(host=host, port=port, db=db, workers=workers, root_path=root_path,
               limits={"max_body": max_body, "max_nodes": max_nodes,
                       "time_limit": time_limit, "max_jobs": max_jobs})


def _register_commands() -> None:
    """The other commands live in their own modules (light to import: each loads its
    library code inside the command)."""
    from .cli_check import check_command, diff_command, exercise_command
    from .cli_compare import compare_command
    from .cli_games import games_command
    from .cli_problems import admissible_command, astar_command, matrix_command
    from .cli_render import render_command

    for command in (render_command, games_command, astar_command, admissible_command,
                    matrix_command, check_command, diff_command, exercise_command,
                    compare_command):
        main.add_command(command)


_register_commands()
