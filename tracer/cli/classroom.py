"""``gametrace export``: an exercise's seeded variants exported to the tools teachers
already use, a Moodle XML question bank or a PrairieLearn question folder
(:mod:`tracer.classroom.exports`).

Library errors propagate to the ``gametrace`` group, which maps them to exit codes.
Everything heavier than click is imported inside the commands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from ..said import Said, said_n
from .language import language_option, output_language
from .number_types import WholeRange
from .options import LibraryChoice, cut_on_option, quiet_option

__all__ = ["export_group"]

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def _exercise_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options of the exercise spec and the seeds, shared by both exports."""
    options: list[Decorator] = [
        click.option("-b", "--branching", type=WholeRange(2, 6), required=True,
                     help="Children of every inner node."),
        click.option("-d", "--depth", type=WholeRange(1, 6), required=True,
                     help="Depth of the trees (plies from the root to the leaves)."),
        click.option("--cuts", default=None, metavar="MIN..MAX",
                     help="How many alpha-beta cuts every variant's answer has, e.g. "
                          "2..4 or 3."),
        click.option("--values", "values", default="0..20", show_default=True,
                     metavar="LO..HI", help="Range of the leaf values."),
        click.option("--variant", default="fail-soft", show_default=True,
                     type=LibraryChoice("tracer.analysis.check.exercise:VARIANTS"),
                     help="Alpha-beta variant of the answers."),
        cut_on_option(default="ge", help="Cut test of the answers."),
        click.option("--seeds", default="1..20", show_default=True, metavar="FIRST..LAST",
                     help="One variant per seed (at most 200); a seed whose tree an "
                          "earlier seed gave is left out."),
        click.option("--name", default=None,
                     help="Name of the question category (Moodle) or of the question "
                          "(PrairieLearn) [default: from the shape, "
                          "e.g. alphabeta-b2-d3-cuts2-3]."),
        language_option(help="Language of every text a student reads: the task, the "
                             "parts, the key, the word for none."),
        quiet_option(help="No note on stderr: only the file."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


@click.group("export")
def export_group() -> None:
    """Export an exercise's variants to Moodle or PrairieLearn.

    Every seed gives one variant of a random alpha-beta exercise (the tree `gametrace
    exercise --seed N` makes), with three items: the root's value, the best move and
    the pruned nodes (graded as a set: any order). An assignment of the service is
    exported by the service itself (GET /v1/assignments/ID/export/moodle.xml).

    \b
    Examples:
      gametrace export moodle -b 2 -d 3 --cuts 2..3 --seeds 1..20 -o bank.xml
      gametrace export prairielearn -b 2 -d 3 --cuts 2..3 --seeds 1..20 -o alphabeta
      gametrace export prairielearn -b 3 -d 2 --seeds 1..40 -o alphabeta.zip
    """


@export_group.command("moodle")
@_exercise_options
@click.option("--image", default="svg", show_default=True,
              type=LibraryChoice("tracer.classroom.exports.moodle:IMAGE_FORMATS"),
              help="How each question's diagram is embedded.")
@click.option("-o", "--output", "out", required=True, metavar="FILE.xml",
              help="The question bank (- for standard output).")
def moodle_command(branching: int, depth: int, cuts: str | None, values: str,
                   variant: str, cut_on: str, seeds: str, name: str | None,
                   lang: str | None, quiet: bool, image: str, out: str) -> None:
    """Write a Moodle XML question bank: one Cloze question per variant, all in the
    category NAME, each with its tree's diagram and the answers. In Moodle: Question
    bank > Import > Moodle XML, then add "a random question" from the category to a
    quiz.

    \b
    Examples:
      gametrace export moodle -b 2 -d 3 --cuts 2..3 --seeds 1..20 -o bank.xml
      gametrace export moodle -b 3 -d 2 --seeds 1..60 --image png --name week5 -o week5.xml
      gametrace export moodle -b 2 -d 3 --cuts 2..3 --lang it -o banca.xml
    """
    from ..classroom.exports import QuestionSpec, parse_seeds, write_moodle
    from ..outputs import check_output
    from .progress import count_bar

    seed_range = parse_seeds(seeds)
    check_output(out, role="question bank")
    spec = QuestionSpec.parse(branching=branching, depth=depth, cuts=cuts, values=values,
                              variant=variant, cut_on=cut_on)
    with count_bar("exporting", quiet=quiet) as bar:
        made = write_moodle(out, spec, seed_range, name=name, image=image,
                            lang=output_language(lang),
                            progress=bar)
    if not quiet:
        count = len(made.variants)
        _summary(made, said_n("{n} Moodle question written to {file}",
                              "{n} Moodle questions written to {file}", count, file=out),
                 output_language(lang))


@export_group.command("prairielearn")
@_exercise_options
@click.option("-o", "--output", "out", required=True, metavar="FOLDER|FILE.zip",
              help="The question folder, or a .zip holding it.")
def prairielearn_command(branching: int, depth: int, cuts: str | None, values: str,
                         variant: str, cut_on: str, seeds: str, name: str | None,
                         lang: str | None, quiet: bool, out: str) -> None:
    """Write a PrairieLearn question: info.json, question.html, server.py (variants by
    seed, no gametrace needed) and variants.json, into a folder or a .zip. Copy the
    folder into questions/ of a course repository.

    \b
    Examples:
      gametrace export prairielearn -b 2 -d 3 --cuts 2..3 --seeds 1..20 -o alphabeta
      gametrace export prairielearn -b 2 -d 4 --seeds 1..100 --name ab-d4 -o ab-d4.zip
    """
    from ..classroom.exports import QuestionSpec, parse_seeds, write_prairielearn
    from ..outputs import check_folder, check_output
    from ..said import said
    from .progress import count_bar

    seed_range = parse_seeds(seeds)
    if out.lower().endswith(".zip") or out == "-":
        check_output(out, role="question folder")
    else:
        check_folder(out, option="-o", what=said("a PrairieLearn question is"))
    spec = QuestionSpec.parse(branching=branching, depth=depth, cuts=cuts, values=values,
                              variant=variant, cut_on=cut_on)
    with count_bar("exporting", quiet=quiet) as bar:
        made = write_prairielearn(out, spec, seed_range, name=name,
                                  lang=output_language(lang),
                                  progress=bar)
    if not quiet:
        count = len(made.variants)
        _summary(made, said_n("{n} PrairieLearn variant written to {file}",
                              "{n} PrairieLearn variants written to {file}", count, file=out),
                 output_language(lang))


def _summary(made: Any, written: Said, lang: str) -> None:
    line = written.worded(lang)
    if made.repeated:
        seeds = ", ".join(str(s) for s in made.repeated)
        line += " " + said_n("({n} seed left out, {seeds}: the same tree as an earlier seed)",
                             "({n} seeds left out, {seeds}: the same trees as earlier seeds)",
                             len(made.repeated), seeds=seeds).worded(lang)
    click.echo(line, err=True)
