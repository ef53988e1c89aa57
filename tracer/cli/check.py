"""Commands that judge answers and compare searches: ``check``, ``diff``, ``exercise``.

Library errors propagate to the ``gametrace`` group, which maps them to exit codes;
``check`` and ``diff`` exit 1 themselves when the answer is wrong or the traces differ.
Everything heavier than click is imported inside the commands.
"""

from __future__ import annotations

from pathlib import Path

import click

from .language import language_option, output_language
from .number_types import WholeRange
from .options import (
    LANG_DEFAULT,
    LibraryChoice,
    algorithm_option,
    cut_on_option,
    depth_option,
    heuristic_option,
    items_option,
    json_option,
    keep_language,
    order_option,
    params_option,
    preset_option,
    quiet_option,
    render_option,
    root_player_option,
    seed_option,
    source_file,
    variant_option,
)

__all__ = ["check_command", "diff_command", "exercise_command"]


@click.command("check")
@click.argument("source")
@click.argument("solutions", metavar="SOLUTION...", nargs=-1, required=True,
                type=click.Path(exists=True, allow_dash=True, path_type=Path))
@algorithm_option(choices="tracer.analysis.check:CHECKED_ALGORITHMS", default=None,
                  help="Algorithm family [default: the answer's conventions, else "
                       "alphabeta; astar when the answer has A* items].")
@variant_option(help="minimax: two-function, negamax, list; alphabeta: fail-soft, "
                     "fail-hard, negamax, list, slide-002; astar: graph, tree.")
@order_option(default=None, help="Child ordering [default: natural].")
@seed_option(help="Seed for --order random.")
@depth_option(help="Depth limit.")
@cut_on_option(help="Cut when alpha >= beta (ge, the default) or only when alpha > beta "
                    "(gt), e.g. --cut-on gt.")
@root_player_option()
@heuristic_option(help="A*: the heuristic.")
@params_option(help="A*: a parameter of the problem (repeatable), e.g. -p goal=4.")
@json_option(help="Print the verdict as JSON (for autograders).")
@render_option(help="Draw the expected tree with your mistakes marked "
                    "(.svg, .png, .pdf or .dot; - for DOT on standard output).")
@preset_option
@click.option("--no-diagnosis", is_flag=True,
              help="Skip the search for the misconception behind the mistakes.")
@items_option()
@click.option("--table", "tables", multiple=True,
              type=click.Path(dir_okay=False, path_type=Path),
              help="Several answers: write the class table to this .csv or .json file "
                   "(repeatable), e.g. --table class.csv.")
@click.option("-j", "--jobs", type=WholeRange(min=1), default=None,
              help="Several answers: worker processes [default: one per core, at most 8], "
                   "e.g. -j 2.")
@click.option("--lang", type=LibraryChoice("tracer.analysis.check.wording:LANGS"),
              default=None, callback=keep_language,
              help="Language of the reasons, the diagnosis and the verdict's lines "
                   "(it: potato, taglio, ...).  " + LANG_DEFAULT)
@quiet_option(help="No notes on stderr (the files written): only the verdict.")
@click.pass_context
def check_command(ctx: click.Context, source: str, solutions: tuple[Path, ...],
                  algorithm: str | None, variant: str | None, order: str | None,
                  seed: int | None, depth: int | None, cut_on: str | None,
                  root_player: str | None, heuristic: str | None, params: tuple[str, ...],
                  as_json: bool, render_out: str | None, preset: str | None,
                  no_diagnosis: bool, items: str | None, tables: tuple[Path, ...],
                  jobs: int | None, quiet: bool, lang: str) -> None:
    """Check the answer in SOLUTION against the search of SOURCE, item by item;
    with several SOLUTIONs (files or folders of .json), grade a whole class.

    SOURCE is what `gametrace run` accepts (a tree file or a built-in example),
    a recorded trace (.json / .jsonl), or for -a astar a problem (jugs, puzzle8,
    romania) or a graph file (.graph, .json). SOLUTION is a JSON file of any
    subset of: value, move, values, pruned, evaluated, alphabeta (A*: expanded,
    nodes, discarded, path, cost); its "conventions" block sets the defaults and
    the options here override them
    (docs/checking.md). Prints every item, right or wrong with what was expected,
    the score, the first mistake explained in terms of the search, and the
    misconception that explains the mistakes. Exits 0 when all is right, 1 otherwise.
    With --items, those items are the questions: every one is scored (values and
    alphabeta at every inner node), a blank one wrong, so every answer has the same
    maximum.

    Several answers (or a folder) are graded in parallel: one line per student,
    then each item's right answers and the misconceptions' counts; --table
    writes the class table (per student, per item, misconception counts) as CSV
    or JSON, --json prints it. Unreadable answers are rows with their error.

    \b
    Examples:
      gametrace check aima answer.json
      gametrace check aima answer.json --variant fail-hard --json
      gametrace check aima answer.json --lang it
      gametrace check aima answer.json --items value,move,values,pruned
      gametrace check tree.tree answer.json --render marked.svg
      gametrace check aima answer.json --render marked.png --preset slides
      gametrace check jugs answer.json -a astar
      gametrace check aima answers/ --table class.csv --table class.json
      gametrace check exercise.tree answers/*.json -j 2 --no-diagnosis
    """
    from .options import one_stdin, refuse_inapplicable

    one_stdin(("SOURCE", source), *(("SOLUTION", s) for s in solutions))
    refuse_inapplicable(ctx, answers="several" if len(solutions) > 1 or solutions[0].is_dir()
                        else "one", drawing="with" if render_out is not None else "without")
    from .._api import class_table_format
    from ..outputs import check_outputs
    from ..writing import prints_to_stderr

    for table in tables:
        class_table_format(table)  # the class table's own words for a bad extension
    on_stdout = check_outputs(("--render", render_out, "diagram"),
                              *(("--table", str(t), "class table") for t in tables),
                              json_flag=as_json,
                              inputs=[("SOURCE", source_file(source)),
                                      *(("SOLUTION", s) for s in solutions if s.is_file())])
    from .._api import check_answer_file, parse_params
    from ..errors import UsageError
    from ..said import said

    if items is not None:
        from ..analysis.check.asked import parse_items

        parse_items(items)  # a bad list is refused before any answer is read

    overrides = {"algorithm": algorithm, "variant": variant, "order": order, "seed": seed,
                 "depth": depth, "cut_on": cut_on, "root_player": root_player,
                 "heuristic": heuristic}
    if len(solutions) > 1 or solutions[0].is_dir():
        if render_out is not None:
            raise UsageError(said("--render draws one answer: give one SOLUTION file"))
        _check_class(ctx, source, solutions, overrides, parse_params(params),
                     diagnosis=not no_diagnosis, jobs=jobs, tables=tables, as_json=as_json,
                     quiet=quiet, items=items)
        return
    if tables or jobs is not None:
        raise UsageError(said("{option} applies to several answers (a class): give more "
                              "than one SOLUTION, or a folder",
                              option="--table" if tables else "--jobs"))
    solution = solutions[0]
    with prints_to_stderr():  # a game's own print() never mixes with the verdict
        report = check_answer_file(source, solution, overrides=overrides,
                                   params=parse_params(params), diagnosis=not no_diagnosis,
                                   render_out=render_out, preset=preset, lang=lang,
                                   items=items)
    if as_json:
        from ..jsonio import dumps_json

        click.echo(dumps_json(report.to_json()), err=on_stdout)
    else:
        from ..stdin import shown_name

        click.echo(report.to_text(solution=shown_name(str(solution)) or ""), err=on_stdout)
    if render_out is not None and not on_stdout and not quiet:
        click.echo(said("diagram written to {file}", file=render_out).worded(lang), err=True)
    ctx.exit(0 if report.correct else 1)


def _check_class(ctx: click.Context, source: str, solutions: tuple[Path, ...],
                 overrides: dict[str, str | int | None], params: dict[str, str], *,
                 diagnosis: bool,
                 jobs: int | None, tables: tuple[Path, ...], as_json: bool,
                 quiet: bool = False, items: str | None = None) -> None:
    from .._api import check_class_files, write_class_table
    from ..writing import prints_to_stderr

    with prints_to_stderr():  # a game's own print() never mixes with the class report
        report = check_class_files(source, solutions, overrides=overrides, params=params,
                                   diagnosis=diagnosis, jobs=jobs, items=items)
    if as_json:
        from ..jsonio import dumps_json

        click.echo(dumps_json(report.to_json()))
    else:
        click.echo(report.to_text())
    for out in tables:
        write_class_table(report, out)
        if not quiet:
            click.echo(f"class table written to {out}", err=True)
    ctx.exit(0 if report.correct else 1)


@click.command("diff")
@click.argument("trace_a", type=click.Path(exists=True, dir_okay=False, allow_dash=True,
                                          path_type=Path))
@click.argument("trace_b", type=click.Path(exists=True, dir_okay=False, allow_dash=True,
                                          path_type=Path))
@click.option("-C", "--context", "context", type=WholeRange(min=0), default=3,
              show_default=True, help="Events shown before the first difference.")
@json_option(help="Print the comparison as JSON.")
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
    from .._api import diff_files
    from .options import one_stdin

    one_stdin(("A", trace_a), ("B", trace_b))
    result = diff_files(trace_a, trace_b, context=context)
    if as_json:
        from ..jsonio import dumps_json

        click.echo(dumps_json(result.to_json()))
    else:
        click.echo(result.to_text())
    ctx.exit(0 if result.same else 1)


@click.command("exercise")
@click.option("-b", "--branching", type=WholeRange(2, 6), required=True,
              help="Children of every inner node.")
@click.option("-d", "--depth", type=WholeRange(1, 6), required=True,
              help="Depth of the tree (plies from the root to the leaves).")
@click.option("--cuts", default=None, metavar="MIN..MAX",
              help="How many alpha-beta cuts the answer must have, e.g. 2..4 or 3.")
@click.option("--values", "values", default="0..20", show_default=True, metavar="LO..HI",
              help="Range of the leaf values.")
@seed_option(default=0, help="The same seed gives the same files, byte for byte.")
@click.option("--variant", default="fail-soft", show_default=True,
              type=LibraryChoice("tracer.analysis.check.exercise:VARIANTS"),
              help="Alpha-beta variant.")
@cut_on_option(default="ge", help="Cut test of the answer key.")
@click.option("-o", "--output", "out_dir", type=click.Path(file_okay=False),
              default=None, help="Folder for the files [default: exercise-SEED].")
@click.option("--format", "fmt", default="svg", show_default=True,
              type=LibraryChoice("tracer.render.model.render_options:FORMATS"),
              help="Format of the diagrams.")
@preset_option
@click.option("--worksheet", "sheet_pdf", metavar="FILE.pdf",
              help="Also write a printable worksheet: page 1 a name and date line, the "
                   "tree with its leaves and an empty box under every inner node; page 2 "
                   "the answer key. Example: --worksheet sheet.pdf.")
@click.option("--size", default="a4", show_default=True,
              type=LibraryChoice("tracer.figures.worksheet:PAPERS"),
              help="The worksheet's paper.")
@click.option("--ask", default="value", show_default=True,
              type=LibraryChoice("tracer.figures.worksheet:ASKS"),
              help="What the worksheet's boxes ask at each inner node: its value, or its "
                   "value, alpha and beta.")
@language_option(help="Language of the worksheets, the answer's diagram, the tree file's "
                      "comments and the line printed (it: esercizio, soluzione...).")
@quiet_option(help="Print nothing (not even the answer's best move): only the files.")
def exercise_command(branching: int, depth: int, cuts: str | None, values: str, seed: int,
                     variant: str, cut_on: str, out_dir: str | None, fmt: str,
                     preset: str | None, sheet_pdf: str | None, size: str,
                     ask: str, lang: str | None, quiet: bool) -> None:
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
      gametrace exercise -b 2 -d 3 --worksheet sheet.pdf --ask alpha-beta
      gametrace exercise -b 2 -d 3 --worksheet foglio.pdf --lang it
    """
    from .options import refuse_inapplicable

    refuse_inapplicable(click.get_current_context(),
                        worksheet="with" if sheet_pdf is not None else "without")
    from .._api import write_exercise_files

    if out_dir is not None:  # as text: click makes Path("") the current folder
        from ..outputs import check_folder
        from ..said import said

        check_folder(out_dir, option="-o", what=said("exercise writes"))
    if sheet_pdf is not None:
        from ..errors import UsageError
        from ..outputs import check_output
        from ..said import said

        if not sheet_pdf.lower().endswith(".pdf"):
            raise UsageError(said("--worksheet {file!r}: a worksheet is a two-page PDF (name "
                                  "it FILE.pdf)", file=sheet_pdf))
        check_output(sheet_pdf, role="diagram", option="--worksheet")
    ex, written = write_exercise_files(
        branching=branching, depth=depth, cuts=cuts, values=values, seed=seed,
        variant=variant, cut_on=cut_on, out_dir=out_dir, fmt=fmt, preset=preset,
        sheet_pdf=sheet_pdf, size=size, ask=ask, lang=output_language(lang))
    if quiet:
        return
    click.echo(ex.to_text(branching=branching, depth=depth, lang=output_language(lang)))
    for path in written:
        click.echo(f"  {path}")
