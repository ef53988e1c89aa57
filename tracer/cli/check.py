"""Commands that judge answers and compare searches: ``check``, ``diff``, ``exercise``.

Library errors propagate to the ``gametrace`` group, which maps them to exit codes;
``check`` and ``diff`` exit 1 themselves when the answer is wrong or the traces differ.
Everything heavier than click is imported inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from .cli_render import preset_option

if TYPE_CHECKING:
    from .analysis.check import Report
    from .analysis.diff import TraceDiff
    from .analysis.solution import Conventions

__all__ = ["check_command", "diff_command", "exercise_command", "format_diff", "format_report"]


def _range(text: str | None, what: str) -> tuple[int, int] | None:
    """``2..4`` -> (2, 4); ``3`` -> (3, 3)."""
    from .errors import UsageError

    if text is None:
        return None
    low, sep, high = text.partition("..")
    try:
        lo = int(low)
        hi = int(high) if sep else lo
    except ValueError:
        raise UsageError(f"{what}: expected MIN..MAX or a number, got {text!r}") from None
    if lo > hi:
        raise UsageError(f"{what}: {lo}..{hi} is empty (MIN must not exceed MAX)")
    return lo, hi


@click.command("check")
@click.argument("source")
@click.argument("solutions", metavar="SOLUTION...", nargs=-1, required=True,
                type=click.Path(exists=True, path_type=Path))
@click.option("-a", "--algorithm", default=None,
              type=click.Choice(("minimax", "alphabeta", "astar")),
              help="Algorithm family [default: the answer's conventions, else alphabeta; "
                   "astar when the answer has A* items].")
@click.option("--variant", default=None, metavar="V",
              help="minimax: two-function, negamax, list; alphabeta: fail-soft, fail-hard, "
                   "negamax, list, slide-002; astar: graph, tree.")
@click.option("--order", default=None,
              type=click.Choice(("natural", "reverse", "random", "best", "worst")),
              help="Child ordering [default: natural].")
@click.option("--seed", type=int, default=None, help="Seed for --order random.")
@click.option("--depth", type=click.IntRange(min=0), default=None, help="Depth limit.")
@click.option("--cut-on", default=None, type=click.Choice(("ge", "gt")),
              help="Cut when alpha >= beta (ge, the default) or only when alpha > beta (gt).")
@click.option("--root-player", default=None, type=click.Choice(("max", "min")),
              help="Who moves at the root of a tree file [default: max].")
@click.option("--heuristic", default=None, metavar="NAME", help="A*: the heuristic.")
@click.option("-p", "--param", "params", multiple=True, metavar="KEY=VALUE",
              help="A*: a parameter of the problem (repeatable).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the verdict as JSON (for autograders).")
@click.option("--render", "render_out", metavar="FILE", default=None,
              help="Draw the expected tree with your mistakes marked "
                   "(.svg, .png, .pdf or .dot; - for DOT on standard output).")
@preset_option
@click.option("--no-diagnosis", is_flag=True,
              help="Skip the search for the misconception behind the mistakes.")
@click.option("--table", "tables", multiple=True,
              type=click.Path(dir_okay=False, path_type=Path),
              help="Several answers: write the class table to this .csv or .json file "
                   "(repeatable), e.g. --table class.csv.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Several answers: worker processes [default: one per core, at most 8], "
                   "e.g. -j 2.")
@click.pass_context
def check_command(ctx: click.Context, source: str, solutions: tuple[Path, ...],
                  algorithm: str | None, variant: str | None, order: str | None,
                  seed: int | None, depth: int | None, cut_on: str | None,
                  root_player: str | None, heuristic: str | None, params: tuple[str, ...],
                  as_json: bool, render_out: str | None, preset: str | None,
                  no_diagnosis: bool, tables: tuple[Path, ...], jobs: int | None) -> None:
    """Check the answer in SOLUTION against the search of SOURCE, item by item;
    with several SOLUTIONs (files or folders of .json), grade a whole class.

    SOURCE is what `gametrace run` accepts (a tree file or a built-in example),
    a recorded trace (.json / .jsonl), or for -a astar a problem (jugs, puzzle8).
    SOLUTION is a JSON file of any subset of: value, move, values, pruned,
    evaluated, alphabeta (A*: expanded, nodes, discarded, path, cost); its
    "conventions" block sets the defaults and the options here override them
    (docs/checking.md). Prints every item, right or wrong with what was expected,
    the score, the first mistake explained in terms of the search, and the
    misconception that explains the mistakes. Exits 0 when all is right, 1 otherwise.

    Several answers (or a folder) are graded in parallel: one line per student,
    then each item's right answers and the misconceptions' counts; --table
    writes the class table (per student, per item, misconception counts) as CSV
    or JSON, --json prints it. Unreadable answers are rows with their error.

    \b
    Examples:
      gametrace check aima answer.json
      gametrace check aima answer.json --variant fail-hard --json
      gametrace check tree.tree answer.json --render marked.svg
      gametrace check aima answer.json --render marked.png --preset slides
      gametrace check jugs answer.json -a astar
      gametrace check aima answers/ --table class.csv --table class.json
      gametrace check exercise.tree answers/*.json -j 2 --no-diagnosis
    """
    from .analysis.check import answer_conventions, check_solution, expected_trace, require_items
    from .analysis.check_class import table_format
    from .analysis.solution import load_solution
    from .outputs import check_outputs

    for table in tables:
        table_format(table)  # the class table's own words for a bad extension
    on_stdout = check_outputs(("--render", render_out, "diagram"),
                              *(("--table", str(t), "class table") for t in tables),
                              json_flag=as_json)
    from .api import parse_params
    from .errors import InputError, UsageError

    overrides = {"algorithm": algorithm, "variant": variant, "order": order, "seed": seed,
                 "depth": depth, "cut_on": cut_on, "root_player": root_player,
                 "heuristic": heuristic}
    if len(solutions) > 1 or solutions[0].is_dir():
        if render_out is not None:
            raise UsageError("--render draws one answer: give one SOLUTION file")
        _check_class(ctx, source, solutions, overrides, parse_params(params),
                     diagnosis=not no_diagnosis, jobs=jobs, tables=tables, as_json=as_json)
        return
    if tables or jobs is not None:
        raise UsageError(f"{'--table' if tables else '--jobs'} applies to several answers "
                         "(a class): give more than one SOLUTION, or a folder")
    solution = solutions[0]
    answer = load_solution(solution)
    require_items(answer, str(solution))
    conv = answer_conventions(answer, **overrides)
    trace, title = expected_trace(source, conv, parse_params(params))
    try:
        report = check_solution(answer, trace, title=title, diagnosis=not no_diagnosis)
    except InputError as exc:
        if exc.file is None:
            raise InputError(exc.message, file=str(solution), where=exc.where) from None
        raise
    if as_json:
        from .jsonio import dumps_json

        click.echo(dumps_json(report.to_json()), err=on_stdout)
    else:
        click.echo(format_report(report, solution=str(solution)), err=on_stdout)
    if render_out is not None:
        from .analysis.check_render import render_marked

        render_marked(trace, report, render_out, preset=preset)
        if not on_stdout:
            click.echo(f"diagram written to {render_out}", err=True)
    ctx.exit(0 if report.correct else 1)


def _check_class(ctx: click.Context, source: str, solutions: tuple[Path, ...],
                 overrides: dict[str, str | int | None], params: dict[str, str], *,
                 diagnosis: bool,
                 jobs: int | None, tables: tuple[Path, ...], as_json: bool) -> None:
    from .analysis.check_class import grade_class, write_table

    report = grade_class(source, solutions, overrides=overrides, params=params,
                         diagnosis=diagnosis, jobs=jobs)
    if as_json:
        from .jsonio import dumps_json

        click.echo(dumps_json(report.to_json()))
    else:
        click.echo(report.to_text())
    for out in tables:
        write_table(report, out)
        click.echo(f"class table written to {out}", err=True)
    ctx.exit(0 if report.correct else 1)


@click.command("diff")
@click.argument("trace_a", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("trace_b", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-C", "--context", "context", type=click.IntRange(min=0), default=3,
              show_default=True, help="Events shown before the first difference.")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
@click.pass_context
def diff_command(ctx: click.Context, trace_a: Path, trace_b: Path, context: int,
                 as_json: bool) -> None:
    """Find the first event where two traces part ways.

    Prints the events before it for context, the two differing events, and a
    summary of what differs afterwards (leaves evaluated, cuts, values, result).
    Either trace may come from another program writing the trace format, e.g. a
    student's own search using tracer.student (docs/checking.md). Fields that one
    trace does not record at all (alpha, beta, labels...) are not compared.
    Exits 0 when the traces agree, 1 when they differ.

    \b
    Examples:
      gametrace run aima -o ours.json
      gametrace diff ours.json mine.jsonl
      gametrace diff soft.json hard.json --context 5 --json
    """
    from .analysis.diff import diff_traces
    from .trace import load_trace

    result = diff_traces(load_trace(trace_a), load_trace(trace_b), context=context,
                         names=(str(trace_a), str(trace_b)))
    if as_json:
        from .jsonio import dumps_json

        click.echo(dumps_json(result.to_json()))
    else:
        click.echo(format_diff(result))
    ctx.exit(0 if result.same else 1)


@click.command("exercise")
@click.option("-b", "--branching", type=click.IntRange(2, 6), required=True,
              help="Children of every inner node.")
@click.option("-d", "--depth", type=click.IntRange(1, 6), required=True,
              help="Depth of the tree (plies from the root to the leaves).")
@click.option("--cuts", default=None, metavar="MIN..MAX",
              help="How many alpha-beta cuts the answer must have, e.g. 2..4 or 3.")
@click.option("--values", "values", default="0..20", show_default=True, metavar="LO..HI",
              help="Range of the leaf values.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="The same seed gives the same files, byte for byte.")
@click.option("--variant", default="fail-soft", show_default=True,
              type=click.Choice(("fail-soft", "fail-hard")), help="Alpha-beta variant.")
@click.option("--cut-on", default="ge", show_default=True, type=click.Choice(("ge", "gt")),
              help="Cut test of the answer key.")
@click.option("-o", "--output", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Folder for the files [default: exercise-SEED].")
@click.option("--format", "fmt", default="svg", show_default=True,
              type=click.Choice(("svg", "png", "pdf", "dot")), help="Format of the diagrams.")
@preset_option
def exercise_command(branching: int, depth: int, cuts: str | None, values: str, seed: int,
                     variant: str, cut_on: str, out_dir: Path | None, fmt: str,
                     preset: str | None) -> None:
    """Make a random alpha-beta exercise with its answer key.

    The tree has BRANCHING children per inner node and DEPTH plies; it is drawn
    until the answer has a number of cuts in --cuts and a unique best move, with
    leaf values in --values. Writes into the output folder: exercise.tree (the
    tree), worksheet.FORMAT (the blank tree, leaf values only), answer.json (the
    answer key, a solution file for `gametrace check`) and answer.FORMAT (the
    solved diagram).

    \b
    Examples:
      gametrace exercise --branching 3 --depth 2 --cuts 1..2 --seed 7
      gametrace exercise -b 2 -d 4 --cuts 3..5 --values -10..10 --format png -o ex1
      gametrace exercise -b 3 -d 2 --format png --preset slides
    """
    from .analysis.exercise import make_exercise, write_exercise
    from .analysis.solution import Conventions
    from .outputs import check_folder

    cuts_range = _range(cuts, "--cuts")
    value_range = _range(values, "--values")
    assert value_range is not None
    check_folder(out_dir if out_dir is not None else f"exercise-{seed}", option="-o")
    ex = make_exercise(branching=branching, depth=depth, cuts=cuts_range, values=value_range,
                       seed=seed, conventions=Conventions(variant=variant, cut_on=cut_on))
    folder = out_dir if out_dir is not None else Path(f"exercise-{seed}")
    written = write_exercise(ex, folder, fmt=fmt, preset=preset)
    click.echo(f"exercise {ex.name}: {branching} children per node, depth {depth}, "
               f"{ex.cuts} cut{'s' if ex.cuts != 1 else ''}, best move {ex.solution.move} "
               f"(value {ex.solution.value}), found after {ex.attempts} "
               f"draw{'s' if ex.attempts != 1 else ''}")
    for path in written:
        click.echo(f"  {path}")


# ------------------------------------------------------------------ verdicts as text


def format_report(report: Report, *, solution: str = "the answer") -> str:
    """The readable verdict: one line per item, the score, the first mistake, the diagnosis."""
    lines = [f"Checking {solution} against {report.title}",
             f"conventions: {describe_conventions(report.conventions)}", ""]
    width = max((len(i.key) for i in report.items), default=4)
    for item in report.items:
        if item.right:
            note = f"  ({item.note})" if item.note else ""
            lines.append(f"  right  {item.key:<{width}}  {item.given}{note}")
        else:
            part = "" if item.score == 0 else f"  (partly right: {item.score:.2f})"
            lines.append(f"  WRONG  {item.key:<{width}}  expected {item.expected}; "
                         f"you wrote {item.given}{part}")
    n = len(report.items)
    if not n:
        return "\n".join([*lines, "The answer gives no items to check."])
    lines += ["", f"score: {report.score:.2f} / {n} ({100 * report.score / n:.0f}%)"]
    first = report.first
    if first is None:
        return "\n".join([*lines, "All right!"])
    where = f", at event {first.seq} of the expected trace" if first.seq else ""
    lines += ["", f"First mistake ({first.key}{where}):",
              *_wrap(first.why or f"expected {first.expected}")]
    others = [i for i in report.mistakes[1:] if i.why]
    if others:
        lines += ["", "The other mistakes:"]
        for item in others:
            lines += _wrap(f"{item.key}: {item.why}", bullet=True)
    if report.diagnosis:
        lines += ["", "Diagnosis:"]
        for finding in report.diagnosis:
            lines += _wrap(finding.describe())
    return "\n".join(lines)


_CAPITALISE = ("at ", "the ", "after ", "you", "selection ", "minimax ", "alphabeta ", "it ",
               "no ")


def _wrap(text: str, width: int = 88, *, bullet: bool = False) -> list[str]:
    """A sentence (capitalised unless it starts with a node id), wrapped and indented."""
    import textwrap

    if text.startswith(_CAPITALISE):
        text = text[:1].upper() + text[1:]
    text = text if text.endswith(".") else text + "."
    # Keep "J = 6" and "alpha = 3" on one line.
    glued = text.replace(" = ", "\u00a0=\u00a0")
    return [line.replace("\u00a0", " ") for line in
            textwrap.wrap(glued, width, initial_indent="  - " if bullet else "  ",
                          subsequent_indent="    " if bullet else "  ",
                          break_on_hyphens=False, break_long_words=False)]


def describe_conventions(c: Conventions) -> str:
    """``fail-soft alphabeta, children left to right, cut when alpha >= beta``."""
    algorithm = c.algorithm or "alphabeta"
    if algorithm == "astar":
        return f"A* ({c.variant or 'graph'}), ties on f to the node generated first"
    parts = [f"{c.variant or 'default'} {algorithm}"]
    order = c.order or "natural"
    parts.append({"natural": "children left to right", "reverse": "children right to left"}
                 .get(order, f"children in {order} order"))
    if algorithm == "alphabeta":
        parts.append("cut when alpha >= beta" if (c.cut_on or "ge") == "ge"
                     else "cut only when alpha > beta")
    if c.depth is not None:
        parts.append(f"depth limit {c.depth}")
    if c.root_player not in (None, "max"):
        parts.append(f"{c.root_player.upper()} moves first")
    return ", ".join(parts)


def format_diff(d: TraceDiff) -> str:
    """The readable comparison of two traces."""
    from .analysis.diff import describe_event

    a, b = d.names
    lines = [f"A: {a}", f"B: {b}"]
    lines += [f"header: {x}" for x in d.header]
    if d.ignored:
        lines.append("not compared (recorded by one trace only): " + ", ".join(d.ignored))
    if d.same:
        return "\n".join([*lines, "", "The traces agree event by event."])
    if d.index is None:
        lines += ["", "The events agree; the results differ:"]
    else:
        lines += ["", f"The traces part ways at event {d.index + 1}."]
        if d.before:
            lines.append("Before it, both:")
            lines += [f"  {e.seq:>4}  {describe_event(e)}" for e in d.before]
        for tag, event in (("A", d.a_event), ("B", d.b_event)):
            text = describe_event(event) if event is not None else "(the trace ends here)"
            seq = f"{event.seq:>4}" if event is not None else "    "
            lines.append(f"{tag} {seq}  {text}")
        if d.fields:
            lines.append("differing fields: " + ", ".join(d.fields))
    if d.summary:
        lines += ["", "From there on:"] + [f"  {x}" for x in d.summary]
    return "\n".join(lines)
