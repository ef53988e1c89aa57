"""Numbers written another way, at every place the command line reads one: a number the
one reader refuses (docs/errors.md, "How numbers are read": another script's or fullwidth
digits, a superscript, an underscore, more than 300 digits, a float that would be
infinite, a fraction in a whole-number place) is refused there, exit 2 for an option and
1 for a file, with one line and no file written; it is never read as a number.

Each entry point is a line of :data:`PLACES` (a command with ``{n}`` where the number
goes); a new place that reads a number is covered by adding its line.  ``FAULTS_SEED``
draws other texts, ``make fuzz`` many more.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from corpus import _base_trace, _draw
from harness import Case, problems, run_cases
from hypothesis import strategies as st

EXAMPLES = int(os.environ.get("FAULTS_EXAMPLES", "30"))

DIGIT_SETS = ["\u0660", "\u06f0", "\u0966", "\uff10", "\u09e6", "\u1040"]
"""The zero of other scripts' decimal digits (Arabic-Indic, Persian, Devanagari,
fullwidth, Bengali, Myanmar): Python's ``int()`` reads every one."""
SUPERSCRIPTS = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"


@st.composite
def foreign_number(draw: st.DrawFn, *, whole: bool) -> str:
    """A small number, written one of the ways the reader refuses."""
    value = draw(st.integers(1, 5))
    text = str(value) + ("" if whole else draw(st.sampled_from(["", ".5", "e0"])))
    how = draw(st.sampled_from(["script", "superscript", "underscore", "digits", "infinite",
                                "fraction"] if whole else
                               ["script", "superscript", "underscore", "digits",
                                "infinite"]))
    if how == "script":
        zero = ord(draw(st.sampled_from(DIGIT_SETS)))
        k = draw(st.integers(0, len(text) - 1))
        while not text[k].isdigit():
            k -= 1
        return text[:k] + chr(zero + int(text[k])) + text[k + 1:]
    if how == "superscript":
        return text[:-1] + SUPERSCRIPTS[int(text[-1]) if text[-1].isdigit() else 3]
    if how == "underscore":
        return text[0] + "_" + text[0] + text[1:]
    if how == "digits":
        return "1" + "0" * draw(st.sampled_from([300, 400, 5000]))
    if how == "infinite":
        return draw(st.sampled_from(["1e400", "-1e999", "9" * 400 + ".5"]))
    return text + draw(st.sampled_from([".5", ".0", "e1"]))


ANSWER_VALUE = "{n}"

PLACES: list[tuple[str, list[str], bool, str]] = [
    # name, command ({n}: the number), whole number?, what the line names
    ("run-depth", ["run", "aima", "--depth", "{n}", "-q"], True, "--depth"),
    ("run-max-nodes", ["run", "aima", "--max-nodes", "{n}", "-q"], True, "--max-nodes"),
    ("run-seed", ["run", "aima", "--order", "random", "--seed", "{n}", "-q"], True, "--seed"),
    ("run-max-ply", ["run", "aima", "--max-ply", "{n}", "-q"], True, "--max-ply"),
    ("run-max-trace-mb", ["run", "aima", "--max-trace-mb", "{n}", "-q"], True,
     "--max-trace-mb"),
    ("run-time-limit", ["run", "aima", "--time-limit", "{n}", "-q"], False, "--time-limit"),
    ("run-bounds", ["run", "A[chance](B[p=0.5](3 4) C[p=0.5](1 9))", "-a", "expectiminimax",
                    "--variant", "star1", "--bounds", "{n}", "9", "-q"], False, "--bounds"),
    ("run-captures", ["run", "aima", "--captures", "{n}", "-q"], True, "--captures"),
    ("run-aspiration", ["run", "aima", "-a", "enhanced", "--technique",
                        "id,aspiration:{n}", "-q"], False, "aspiration"),
    ("nim-piles", ["run", "nim", "-p", "piles={n},2", "-q"], True, "piles"),
    ("grundy-coins", ["run", "grundy", "-p", "coins={n}", "-q"], True, "coins"),
    ("tictactoe-win", ["run", "tictactoe", "-p", "win={n}", "--depth", "1", "-q"], False,
     "win"),
    ("puzzle8-scramble", ["astar", "puzzle8", "-p", "scramble={n}"], True, "scramble"),
    ("jugs-capacities", ["astar", "jugs", "-p", "capacities={n},5"], True, "capacities"),
    ("compare-random", ["compare", "aima", "--orders", "random:{n}"], True, "random"),
    ("compare-repeat", ["compare", "aima", "--repeat", "{n}"], True, "--repeat"),
    ("render-max-nodes", ["render", "t.json", "-o", "x.dot", "--max-nodes", "{n}"], True,
     "--max-nodes"),
    ("render-dpi", ["render", "t.json", "-o", "x.png", "--dpi", "{n}"], True, "--dpi"),
    ("render-size", ["render", "t.json", "-o", "x.svg", "--size", "{n}000x720"], True,
     "size"),
    ("exercise-branching", ["exercise", "-b", "{n}", "-d", "2", "-o", "ex"], True,
     "--branching"),
    ("exercise-cuts", ["exercise", "-b", "2", "-d", "2", "--cuts", "{n}", "-o", "ex"], True,
     "--cuts"),
    ("diff-context", ["diff", "t.json", "t.json", "-C", "{n}"], True, "--context"),
    ("regret-width", ["regret", "t.json", "--width", "{n}"], True, "--width"),
]
"""Every place of the command line that reads a number a person writes."""

FILE_PLACES: list[tuple[str, str, str, bool]] = [
    # name, file name, its text with {n}, a whole-number place?
    ("answer-value", "a.json", '{{"value": "{n}", "move": "B"}}', False),
    ("answer-bound", "a.json", '{{"value": "<={n}", "move": "B"}}', False),
    ("tree-fraction", "t.txt", "A[chance](B[p=1/{n}](1) C(2))", True),
]


def _cases(n: int) -> list[Case]:
    trace = ("\n".join(_base_trace(False)) + "\n").encode()
    solution = json.dumps({"value": 3, "move": "B"}).encode()
    files = {"t.json": trace, "s.json": solution}
    wholes = _draw(foreign_number(whole=True), n)
    reals = _draw(foreign_number(whole=False), n)
    out: list[Case] = []
    for name, args, whole, says in PLACES:
        for k, text in enumerate(wholes if whole else reals):
            if text.startswith("-") and name == "run-bounds":
                continue  # a negative lower bound is a number; the drawn ones are refused
            out.append(Case(f"number-{name}-{k}", [a.replace("{n}", text) for a in args],
                            dict(files), codes=(2,), contains=says, category="numbers"))
    for name, file, form, whole in FILE_PLACES:
        for k, text in enumerate(wholes if whole else reals):
            command = ["validate", file] if file.endswith(".txt") else ["check", "aima", file]
            out.append(Case(f"number-{name}-{k}", command,
                            {file: form.format(n=text).encode("utf-8")}, codes=(1,),
                            contains=file, category="numbers"))
    return out


def test_numbers_written_another_way(tmp_path: Path) -> None:
    cases = _cases(max(2, EXAMPLES // 5))
    outcomes = run_cases(cases, tmp_path)
    bad = [f"{c.name}: {'; '.join(found)}\n    gametrace {' '.join(a[:60] for a in c.args)}"
           f"\n    stderr: {o.stderr.strip()[:200]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n".join(bad)


def test_every_number_option_has_a_place() -> None:
    """Every option of a command that takes a number is a line of :data:`PLACES` (or
    said here why not)."""
    import click

    from tracer.cli import main

    elsewhere = {"serve", "browse"}  # they start a server: the option types are checked
    # in tests/core/test_number_entry_points.py without starting one
    covered = {(args[0], a) for _, args, _, _ in PLACES for a in args if a.startswith("-")}
    missing = []
    for name, command in main.commands.items():
        if name in elsewhere:
            continue
        for param in command.params:
            if isinstance(param.type, (click.types.IntParamType,
                                       click.types.FloatParamType)):
                flags = set(param.opts)
                if not any((name, f) in covered for f in flags):
                    missing.append(f"{name} {'/'.join(param.opts)}")
    assert [m for m in missing if m not in _NOT_DRAWN] == []


_NOT_DRAWN = {
    "validate --max-ply", "render --max-width", "render --depth", "render --max-frames",
    "render --strip-columns", "astar --max-nodes", "astar --time-limit", "astar --limit",
    "admissible --limit", "check --seed", "check --depth", "check -j/--jobs",
    "exercise --seed", "compare --depth", "compare --seed", "stats --max-ply",
    "regret --depth", "bisect --depth", "bisect --limit", "regret --iteration",
    "bisect --iteration",
}
"""Number options read by the same click types as the lines of :data:`PLACES`
(tests/core/test_number_entry_points.py checks every option's type): drawing each
would only repeat those cases."""
