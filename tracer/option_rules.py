"""Options that do not apply: one rule for every command, declared once, here.

Each command's modes (the ways it is run: ``check`` of one answer or of a class, with
or without ``--render``...) are declared in :data:`OPTION_RULES`, with the options that
apply in some modes only; :func:`refuse_inapplicable` refuses the first option given
where it does not apply, in one sentence naming where it does (docs/errors.md, "Options
that do not apply").  The command line (:func:`tracer.cli.options.refuse_inapplicable`)
and the service's check both call it.  The search options' own rule (which algorithms
and variants take them) is :data:`tracer.spec.APPLIES`, beside the fields it rules on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .errors import UsageError
from .said import Said, said

__all__ = ["COMMON_OPTIONS", "OPTION_RULES", "Applies", "CommandOptions", "refuse_inapplicable"]


@dataclass(frozen=True)
class Applies:
    """Where one option of a command applies: in the ``modes`` of one of the command's
    :attr:`CommandOptions.dimensions`.  ``option`` is its long spelling (``--heuristic``),
    or spelling and value (``--format=csv``) when one value applies where another does
    not."""

    option: str
    dimension: str
    modes: tuple[str, ...]
    where: Said
    """How a refusal names where it applies (``-a astar``)."""


@dataclass(frozen=True)
class CommandOptions:
    """A command's options: the ways it is run (each dimension's modes, with the words a
    refusal names them by), the options that apply only in some (:class:`Applies`), and
    those that apply in every mode.  Every option of the command is in one or the other
    (tests/cli/test_option_rules.py enumerates them)."""

    dimensions: Mapping[str, Mapping[str, Said]]
    rules: tuple[Applies, ...] = ()
    everywhere: tuple[str, ...] = ()


def _two(with_words: Said, without_words: Said) -> Mapping[str, Said]:
    return {"with": with_words, "without": without_words}


_FAMILY = {"minimax": said("-a minimax"), "alphabeta": said("-a alphabeta"),
           "astar": said("-a astar"),
           "trace": said("a recorded trace (checked as it was searched)")}
_GAME_TREE = ("minimax", "alphabeta")
_SEARCHED = ("minimax", "alphabeta", "astar")
_DRAWN = _two(said("a drawing (--render FILE)"), said("a run without --render"))
_PICTURE = _two(said("--picture FILE"), said("a run without --picture"))
_PRINTED = {"text": said("the printed tables"), "json": said("--json")}

COMMON_OPTIONS = ("--quiet", "--verbose")
"""The options of every command that writes notes on stderr, in every mode: ``-q``
silences our notes and warnings and Graphviz's, ``-v`` says more (the files read, the
stages' times): :func:`tracer.cli.options.quiet_option`."""

OPTION_RULES: Mapping[str, CommandOptions] = {
    "check": CommandOptions(
        dimensions={"algorithm": _FAMILY, "answers": {
            "one": said("one SOLUTION file"), "several": said("several answers (a class)")},
            "drawing": _DRAWN},
        rules=(
            *(Applies(o, "algorithm", ("astar",), said("-a astar (an A* answer)"))
              for o in ("--heuristic", "--param")),
            *(Applies(o, "algorithm", _GAME_TREE, said("-a minimax and -a alphabeta"))
              # which variants take --cut-on is the search option's own rule (APPLIES)
              for o in ("--order", "--seed", "--depth", "--cut-on", "--root-player")),
            *(Applies(o, "algorithm", _SEARCHED,
                      said("a search of SOURCE (a tree, an example, an A* problem)"))
              for o in ("--algorithm", "--variant")),
            Applies("--render", "answers", ("one",), said("one SOLUTION file")),
            *(Applies(o, "answers", ("several",),
                      said("several answers (a class): more than one SOLUTION, or a folder"))
              for o in ("--table", "--jobs")),
            Applies("--preset", "drawing", ("with",), said("a drawing (--render FILE)")),
        ),
        everywhere=("--json", "--no-diagnosis", "--items", "--lang", *COMMON_OPTIONS)),
    "exercise": CommandOptions(
        dimensions={"worksheet": _two(said("a worksheet (--worksheet FILE.pdf)"),
                                      said("an exercise without --worksheet"))},
        rules=tuple(Applies(o, "worksheet", ("with",),
                            said("a worksheet (--worksheet FILE.pdf)"))
                    for o in ("--size", "--ask")),
        everywhere=("--branching", "--depth", "--cuts", "--values", "--seed", "--variant",
                    "--cut-on", "--output", "--format", "--preset", "--worksheet", "--lang",
                    *COMMON_OPTIONS)),
    "matrix": CommandOptions(
        dimensions={"picture": _two(said("a picture (-o FILE.png, .svg, .pdf or .dot)"),
                                    said("the printed analysis, or a payoff file (.json)"))},
        rules=(Applies("--size", "picture", ("with",),
                       said("a picture (-o FILE.png, .svg, .pdf or .dot)")),),
        everywhere=("--from-tree", "--output", "--json", "--lang", *COMMON_OPTIONS)),
    "compare": CommandOptions(
        dimensions={
            "compared": {"orders": said("comparing orderings"),
                         "techniques": said("comparing --techniques")},
            "picture": _PICTURE,
            "output": {"stdout": said("standard output"), "txt": said("-o FILE.txt"),
                       "csv": said("-o FILE.csv"), "json": said("-o FILE.json")}},
        rules=(
            Applies("--repeat", "compared", ("techniques",), said("comparing --techniques")),
            Applies("--technique", "compared", ("orders",),
                    said("comparing orderings (-a enhanced)")),
            *(Applies(o, "picture", ("with",), said("--picture FILE"))
              for o in ("--side-by-side", "--theme", "--preset")),
            Applies("--format=table", "output", ("stdout", "txt"),
                    said("standard output or -o FILE.txt")),
            Applies("--format=csv", "output", ("stdout", "csv"),
                    said("standard output or -o FILE.csv")),
            Applies("--format=json", "output", ("stdout", "json"),
                    said("standard output or -o FILE.json")),
        ),
        everywhere=("--orders", "--techniques", "--algorithm", "--variant", "--depth",
                    "--seed", "--output", "--plot", "--picture", "--param",
                    "--root-player", *COMMON_OPTIONS)),
    "run": CommandOptions(
        dimensions={"drawing": _DRAWN},
        rules=(Applies("--preset", "drawing", ("with",), said("a drawing (--render FILE)")),),
        everywhere=("--algorithm", "--variant", "--order", "--seed", "--depth", "--cut-on",
                    "--bounds", "--technique", "--prover", "--root-player", "--output",
                    "--json", "--render", "--param", "--max-nodes", "--time-limit",
                    "--max-trace-mb", *COMMON_OPTIONS, "--max-ply", "--record", "--capture",
                    "--capture-when", "--captures", "--lang")),
    "astar": CommandOptions(
        dimensions={"drawing": _DRAWN, "printed": _PRINTED},
        rules=(Applies("--preset", "drawing", ("with",), said("a drawing (--render FILE)")),
               Applies("--limit", "printed", ("text",), said("the printed tables"))),
        everywhere=("--param", "--heuristic", "--variant", "--output", "--json", "--render",
                    "--max-nodes", "--time-limit", *COMMON_OPTIONS)),
    "admissible": CommandOptions(
        dimensions={"printed": _PRINTED},
        rules=(Applies("--limit", "printed", ("text",), said("the printed tables")),),
        everywhere=("--heuristic", "--param", "--json")),
    "bisect": CommandOptions(
        dimensions={"shown": {"text": said("the printed tables"), "json": said("--json"),
                              "json-picture": said("--json with --picture")}},
        rules=(Applies("--limit", "shown", ("text", "json-picture"),
                       said("the printed tables and --picture")),),
        everywhere=("--json", "--depth", "--picture", "--iteration", *COMMON_OPTIONS)),
    "regret": CommandOptions(
        dimensions={"picture": _PICTURE},
        rules=tuple(Applies(o, "picture", ("with",), said("--picture FILE"))
                    for o in ("--depth", "--width", "--details")),
        everywhere=("--json", "--picture", "--iteration", *COMMON_OPTIONS)),
    "stats": CommandOptions(
        dimensions={"minimal": _two(said("--minimal"), said("a run without --minimal"))},
        rules=(Applies("--max-ply", "minimal", ("with",), said("--minimal")),),
        everywhere=("--json", "--plot", "--minimal", "--by-class", "--class-plot",
                    *COMMON_OPTIONS)),
    "render": CommandOptions(
        dimensions={
            "steps": {"one": said("one diagram"), "frames": said("--frames DIR"),
                      "strip": said("--strip FILE"), "both": said("--frames and --strip")},
            "png": _two(said("a PNG output (-o FILE.png, --strip FILE.png, "
                             "--frame-format png)"), said("outputs that are not PNG"))},
        rules=(
            Applies("--step", "steps", ("frames", "strip", "both"),
                    said("--frames DIR or --strip FILE")),
            *(Applies(o, "steps", ("frames", "both"), said("--frames DIR"))
              for o in ("--frame-format", "--max-frames")),
            Applies("--strip-columns", "steps", ("strip", "both"), said("--strip FILE")),
            Applies("--dpi", "png", ("with",),
                    said("a PNG output (-o FILE.png, --strip FILE.png, --frame-format png)")),
        ),
        everywhere=("--output", "--frames", "--lang", "--theme", "--values", "--ids",
                    "--window", "--visit-order", "--pv", "--cuts", "--ghosts",
                    "--ghost-values", "--legend", "--positions", "--numbers", "--title",
                    "--ascii", "--max-nodes", "--max-width", "--depth", "--focus",
                    "--engine", "--preset", "--caption", "--size", "--pruned",
                    "--direction", "--strip", *COMMON_OPTIONS)),
}
"""Per command, where each of its options applies: the one rule for options that do not
apply (docs/errors.md, "Options that do not apply").  The search options' own rule (which
algorithms and variants take them) is :data:`tracer.spec.APPLIES`.  A command not named here has no
option that applies in some modes only (tests/cli/test_option_rules.py lists them)."""


def refuse_inapplicable(command: str, given: Iterable[str],
                        modes: Mapping[str, str | None]) -> None:
    """A :class:`UsageError` for the first option in ``given`` (long spellings, and
    ``--format=csv`` for a value) that does not apply to ``command`` run in ``modes``
    (dimension -> mode; a dimension missing or ``None`` is not judged here), in the
    words of :data:`OPTION_RULES`.  The command line and the service both call it."""
    table = OPTION_RULES[command]
    for option in given:
        for rule in table.rules:
            here = modes.get(rule.dimension)
            named = table.dimensions[rule.dimension]
            # a mode the table does not name (an algorithm check does not take) is
            # refused by its own rule
            if rule.option != option or here is None or here not in named \
                    or here in rule.modes:
                continue
            raise UsageError(said("{option} applies to {where}, not to {here}",
                                  option=option.replace("=", " "), where=rule.where,
                                  here=named[here]))
