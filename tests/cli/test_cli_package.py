"""The CLI as a package: shared options defined once with the
library's own choices, report text produced by the library, a fast ``--help``."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import click
import pytest
from helpers import gametrace

import tracer.cli
from tracer.analysis.check.exercise import VARIANTS as EXERCISE_VARIANTS
from tracer.analysis.check.report import CHECKED_ALGORITHMS
from tracer.analysis.orderings.report import COMPARED_ALGORITHMS, DEFAULT_ORDERS
from tracer.cli import main
from tracer.cli.options import variant_help
from tracer.render.draw.presets import PRESETS
from tracer.render.model.render_options import FORMATS, THEMES
from tracer.search import ALGORITHMS, CUT_TESTS, ORDERS
from tracer.search.astar import ASTAR_VARIANTS

CLI = Path(tracer.cli.__file__).parent
DOCS = Path(__file__).resolve().parents[2] / "docs" / "examples"


def choices(command: str, option: str) -> tuple[str, ...]:
    param = next(p for p in main.commands[command].params if p.name == option)
    assert isinstance(param.type, click.Choice), (command, option)
    return tuple(str(c) for c in param.type.choices)


@pytest.mark.parametrize(("command", "option", "expected"), [
    ("run", "algorithm", tuple(ALGORITHMS)),
    ("check", "algorithm", CHECKED_ALGORITHMS),
    ("compare", "algorithm", COMPARED_ALGORITHMS),
    ("run", "order", ORDERS),
    ("check", "order", ORDERS),
    ("run", "cut_on", CUT_TESTS),
    ("check", "cut_on", CUT_TESTS),
    ("exercise", "cut_on", CUT_TESTS),
    ("run", "root_player", ("max", "min")),
    ("check", "root_player", ("max", "min")),
    ("compare", "root_player", ("max", "min")),
    ("run", "prover", ("max", "min")),
    ("astar", "variant", ASTAR_VARIANTS),
    ("exercise", "variant", EXERCISE_VARIANTS),
    ("exercise", "fmt", FORMATS),
    ("compare", "theme", THEMES),
    *((command, "preset", tuple(PRESETS))
      for command in ("run", "astar", "check", "exercise", "compare", "render")),
])
def test_choices_come_from_the_library(command: str, option: str,
                                       expected: tuple[str, ...]) -> None:
    assert choices(command, option) == tuple(expected)


SHARED = ("--algorithm", "--variant", "--order", "--seed", "--depth", "--cut-on", "--bounds",
          "--technique", "--prover", "--root-player", "--param", "--preset", "--json",
          "--render", "--max-nodes", "--time-limit", "--quiet", "--max-ply", "--heuristic",
          "--limit")
"""Options that several commands take: declared only in tracer/cli/options.py."""

OWN = {("serve.py", "--max-nodes"), ("serve.py", "--time-limit"),  # the service's budgets
       ("render.py", "--max-nodes"), ("render.py", "--depth"),  # what a drawing shows
       ("exercise", "--variant"), ("astar", "--variant"),
       ("exercise", "--depth"),  # the depth of the tree drawn
       ("regret.py", "--depth"),  # the plies the regret map draws
       ("bisect.py", "--depth")}  # the plies to which bisect splits the difference
"""A command's own option that shares a spelling with a shared one but means another
thing (the drawing's --max-nodes collapses boxes; A*'s --variant is graph or tree)."""


def _declared(path: Path) -> list[tuple[str, str]]:
    """(command function, option) for every click.option(...) call in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef):
            for deco in node.decorator_list:
                if isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute) \
                        and deco.func.attr == "option":
                    names = [a.value for a in deco.args
                             if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                    found += [(node.name, n) for n in names if n.startswith("--")]
    return found


def test_shared_options_are_declared_once() -> None:
    wrong = [f"{path.name}: {function} declares {option}"
             for path in sorted(CLI.glob("*.py")) if path.name != "options.py"
             for function, option in _declared(path)
             if option in SHARED and (path.name, option) not in OWN
             and (function.removesuffix("_command"), option) not in OWN]
    assert wrong == []


def test_the_help_texts_name_what_the_library_offers() -> None:
    VARIANT_HELP = variant_help()
    for algorithm, variants in ALGORITHMS.items():
        for variant in variants:
            assert f"{algorithm}: " in VARIANT_HELP and variant in VARIANT_HELP, variant
    code, out, _ = gametrace("compare", "--help")
    assert code == 0 and DEFAULT_ORDERS in " ".join(out.split())


def test_help_loads_neither_the_searches_nor_the_renderer() -> None:
    code = ("import sys\nfrom click.testing import CliRunner\nfrom tracer.cli import main\n"
            "assert CliRunner().invoke(main, ['--help']).exit_code == 0\n"
            "print(sorted(m for m in sys.modules if m.startswith(('tracer.search', "
            "'tracer.analysis', 'tracer.render.draw', 'tracer.render.model'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


# ------------------------------------------------------------ the text is the library's


def test_check_prints_the_reports_own_text() -> None:
    from tracer._api import check_answer_file

    answer = DOCS / "student-wrong.json"
    report = check_answer_file("aima", answer)
    code, out, _ = gametrace("check", "aima", str(answer))
    assert code == 1 and out == report.to_text(solution=str(answer)) + "\n"
    assert out == (DOCS / "verdict-wrong.txt").read_text(encoding="utf-8").replace(
        "docs/examples/student-wrong.json", str(answer))


def test_diff_prints_the_comparisons_own_text(tmp_path: Path) -> None:
    from tracer._api import diff_files

    soft, hard = tmp_path / "soft.json", tmp_path / "hard.json"
    assert gametrace("run", "aima", "-o", str(soft), "-q")[0] == 0
    assert gametrace("run", "aima", "--variant", "fail-hard", "-o", str(hard), "-q")[0] == 0
    code, out, _ = gametrace("diff", str(soft), str(hard))
    assert code == 1 and out == diff_files(soft, hard).to_text() + "\n"
    assert out.splitlines()[2] == "header: variant: fail-soft vs fail-hard"


def test_admissible_and_matrix_print_their_reports_text() -> None:
    from tracer._api import analyse_matrix_source, check_admissible

    report = check_admissible("jugs", heuristic="lecture")
    assert gametrace("admissible", "jugs", "--heuristic", "lecture")[1] == \
        report.to_text() + "\n"
    assert report.to_text().startswith("jugs capacities=")
    matrix = analyse_matrix_source("prisoners-dilemma")
    assert gametrace("matrix", "prisoners-dilemma")[1] == matrix.to_text() + "\n"
    assert "1 pure Nash equilibrium: " in matrix.to_text()


def test_run_prints_the_search_summary() -> None:
    from tracer._api import SearchSummary, search_source

    result, title = search_source("aima", algorithm="minimax")
    summary = SearchSummary(title, "minimax", result)
    assert gametrace("run", "aima", "-a", "minimax")[1] == summary.to_text() + "\n"
    assert summary.to_text().splitlines()[1:3] == ["value: 3", "best move: B"]
    assert "cuts:" not in summary.to_text()  # minimax never cuts


def test_the_catalogues_print_the_librarys_listing() -> None:
    from tracer.examples import examples_text
    from tracer.games.registry import games_text

    assert gametrace("games")[1] == games_text() + "\n"
    assert gametrace("examples")[1] == examples_text() + "\n"
    assert examples_text().startswith("aima")


def test_run_check_and_exercise_are_one_library_call_each(tmp_path: Path) -> None:
    # What each command does is the library's: the same call from Python writes the
    # same files the command writes.
    from tracer._api import check_answer_file, run_source, write_exercise_files

    outcome = run_source("aima", output=str(tmp_path / "a.jsonl"),
                         render_out=str(tmp_path / "a.svg"), algorithm="alphabeta")
    assert outcome.result.value == 3 and not outcome.stdout_taken
    assert gametrace("run", "aima")[1].startswith(outcome.summary.to_text())
    assert "<svg" in (tmp_path / "a.svg").read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.jsonl", "a.svg"]

    report = check_answer_file("aima", DOCS / "student-wrong.json",
                               render_out=str(tmp_path / "marked.svg"))
    assert not report.correct and "<svg" in (tmp_path / "marked.svg").read_text()

    ex, written = write_exercise_files(branching=2, depth=2, cuts="1", seed=7,
                                       out_dir=tmp_path / "lib")
    code, _, _ = gametrace("exercise", "-b", "2", "-d", "2", "--cuts", "1", "--seed", "7",
                           "-o", str(tmp_path / "cli"))
    assert code == 0
    assert sorted(p.name for p in written) == sorted(p.name for p in (tmp_path / "cli").iterdir())
    for path in written:
        assert path.read_bytes() == (tmp_path / "cli" / path.name).read_bytes()
    assert ex.to_text(branching=2, depth=2)


@pytest.mark.parametrize(("text", "expected"), [("2..4", (2, 4)), ("3", (3, 3)),
                                                 (None, None), ("-10..10", (-10, 10))])
def test_ranges_are_read_by_the_library(text: str | None,
                                        expected: tuple[int, int] | None) -> None:
    from tracer.ranges import parse_range

    assert parse_range(text, "--cuts") == expected


@pytest.mark.parametrize("text", ["4..2", "x", "1..y"])
def test_a_bad_range_is_one_usage_error(text: str) -> None:
    from tracer.errors import UsageError
    from tracer.ranges import parse_range

    with pytest.raises(UsageError, match="--cuts"):
        parse_range(text, "--cuts")


def test_render_is_one_library_call(tmp_path: Path) -> None:
    from tracer._api import draw_outputs, search_source

    trace = tmp_path / "aima.json"
    search_source("aima", output=trace)
    drawn = draw_outputs(trace, out=str(tmp_path / "lib.svg"), strip=str(tmp_path / "s.svg"),
                         frames_dir=str(tmp_path / "frames"), preset="slides")
    assert drawn.to_lines()[0] == f"diagram written to {tmp_path / 'lib.svg'}"
    assert drawn.panels == 8 and drawn.frames == len(list((tmp_path / "frames").glob("*.svg")))
    code, _, err = gametrace("render", str(trace), "-o", str(tmp_path / "cli.svg"),
                             "--preset", "slides")
    assert code == 0 and err.strip() == f"diagram written to {tmp_path / 'cli.svg'}"
    assert (tmp_path / "cli.svg").read_bytes() == (tmp_path / "lib.svg").read_bytes()
