"""gametrace check / diff / exercise: verdicts, exit codes, JSON, files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import gametrace

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "examples"


@pytest.fixture
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def answer(tmp_path: Path, data: object, name: str = "answer.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.parametrize("name", ["correct", "wrong"])
def test_the_recorded_verdicts_are_what_check_prints(at_root: None, name: str) -> None:
    """docs/examples/verdict-*.txt are the verdicts on the documented answers."""
    code, out, _ = gametrace("check", "aima", f"docs/examples/student-{name}.json")
    assert code == (0 if name == "correct" else 1)
    assert out == (DOCS / f"verdict-{name}.txt").read_text()


def test_a_wrong_answer_is_explained_and_diagnosed(at_root: None) -> None:
    code, out, _ = gametrace("check", "aima", "docs/examples/student-wrong.json")
    assert code == 1
    assert "WRONG  evaluated" in out and "right  value" in out
    assert "First mistake (evaluated, at event 13 of the expected trace):" in out
    flat = " ".join(out.split())  # the explanations are wrapped at 88 columns
    assert "so C's remaining children (I = 4, J = 6) are pruned; you evaluated I, J." in flat
    assert "- alphabeta.C.alpha: C starts with alpha = 3, beta = +inf (from A)" in flat
    assert "alpha and beta not passed down from the root" in flat


def test_json_for_autograders(at_root: None) -> None:
    code, out, _ = gametrace("check", "aima", "docs/examples/student-wrong.json", "--json")
    assert code == 1
    data = json.loads(out)
    assert set(data) == {"correct", "score", "max_score", "percent", "checked_against",
                         "conventions", "items", "first_mistake", "diagnosis"}
    assert data["correct"] is False and data["max_score"] == 13
    assert data["first_mistake"]["item"] == "evaluated"
    assert data["diagnosis"][0]["misconception"] == "no-window"
    assert {i["item"]: i["right"] for i in data["items"]}["alphabeta.C.alpha"] is False


def test_options_override_the_answers_conventions(tmp_path: Path) -> None:
    hard = {"conventions": {"variant": "fail-hard"}, "values": {"C": "<=3", "D": "<=3"}}
    path = answer(tmp_path, hard)
    assert gametrace("check", "aima", path)[0] == 0
    code, out, _ = gametrace("check", "aima", path, "--variant", "fail-soft", "--no-diagnosis")
    assert code == 1 and "expected <=2; you wrote <=3" in out and "Diagnosis" not in out


def test_a_recorded_trace_is_checked_as_it_is(tmp_path: Path) -> None:
    trace = tmp_path / "hard.jsonl"
    assert gametrace("run", "aima", "--variant", "fail-hard", "-o", str(trace), "-q")[0] == 0
    code, out, _ = gametrace("check", str(trace), answer(tmp_path, {"values": {"C": "<=3"}}))
    assert code == 0 and f"the recorded trace {trace} (alphabeta, fail-hard)" in out


def test_an_astar_answer_on_the_jugs(tmp_path: Path) -> None:
    path = answer(tmp_path, {"expanded": ["(0,0)", "(3,0)", "(0,5)", "(0,3)", "(3,2)"],
                             "cost": 4})
    code, out, _ = gametrace("check", "jugs", path)
    assert code == 1  # the expansion goes on after (3,2)
    assert "conventions: A* (graph)" in out and "right  cost" in out


@pytest.mark.parametrize(("data", "words"), [
    ({"values": {"C": "<2"}}, "answer.json: $.values.C: expected a number"),
    ({"pruned": "I"}, 'answer.json: $.pruned: expected an array, got "I"'),
    ({"conventions": {"variant": "fail-hard"}}, "answer.json: the answer gives no items"),
], ids=["bad-bound", "schema", "empty"])
def test_bad_answers_are_one_line_errors(tmp_path: Path, data: object, words: str) -> None:
    code, out, err = gametrace("check", "aima", answer(tmp_path, data))
    assert code == 1 and out == ""
    assert err.startswith("gametrace: error: ") and words in err


def test_an_unknown_node_is_one_wrong_item_and_the_rest_is_graded(tmp_path: Path) -> None:
    code, out, err = gametrace("check", "aima", answer(tmp_path, {
        "value": 3, "values": {"Z": 3, "B": 3}, "pruned": ["I", "J", "Y"]}))
    assert code == 1 and err == ""
    assert "  right  value     3\n" in out and "  right  values.B  3\n" in out
    assert "  WRONG  values.Z  expected (no such node); you wrote 3\n" in out
    assert "First mistake (values.Z):\n  No node 'Z' in the tree (its nodes: A, B," in out
    assert "pruned: no node 'Y' in the tree" in out and "you pruned Y." in out


def test_an_unknown_source_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = gametrace("check", "aimaa", answer(tmp_path, {"value": 3}))
    assert code == 2 and "no such file or built-in example: 'aimaa'" in err


def test_render_marks_the_mistakes(tmp_path: Path, at_root: None) -> None:
    out = tmp_path / "marked.dot"
    code, _, err = gametrace("check", "aima", "docs/examples/student-wrong.json",
                             "--render", str(out))
    assert code == 1 and "diagram written to" in err
    dot = out.read_text()
    assert "Your mistakes" in dot
    assert ('>✗ I:&#160;</TD><TD ALIGN="LEFT">you evaluated it, but it is never searched<'
            in dot)
    assert '>✗ C:&#160;</TD><TD ALIGN="LEFT">you wrote alpha = -inf; it is 3<' in dot
    marked = [line.split()[0].strip('"') for line in dot.splitlines()
              if ' color="#d00000"' in line and "penwidth=3.4" in line
              and 'fontcolor="#d00000"' in line]
    assert marked == ["C", "I", "J", "D"]  # in drawing order


def test_render_gives_each_mistake_on_one_node_its_own_line(tmp_path: Path) -> None:
    """C's value, alpha and beta are all wrong: three rows beside one "✗ C", not one
    line of three sentences glued with semicolons."""
    out = tmp_path / "marked.dot"
    gametrace("check", "aima", answer(tmp_path, {
        "values": {"C": 3}, "alphabeta": {"C": {"alpha": 2, "beta": 3}}}), "--render", str(out))
    dot = out.read_text()
    assert ('<TR><TD ALIGN="LEFT" VALIGN="TOP" ROWSPAN="3">✗ C:&#160;</TD>'
            '<TD ALIGN="LEFT">you wrote alpha = 2; it is 3</TD></TR>'
            '<TR><TD ALIGN="LEFT">you wrote beta = 3; it is 2</TD></TR>'
            '<TR><TD ALIGN="LEFT">you wrote the value 3; it is &lt;=2</TD></TR>') in dot
    assert dot.count("✗") == 1


@pytest.mark.render
def test_render_draws_a_png(tmp_path: Path, at_root: None) -> None:
    out = tmp_path / "marked.png"
    gametrace("check", "aima", "docs/examples/student-wrong.json", "--render", str(out))
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_diff_exit_codes(tmp_path: Path) -> None:
    soft, hard = tmp_path / "soft.json", tmp_path / "hard.jsonl"
    gametrace("run", "aima", "-o", str(soft), "-q")
    gametrace("run", "aima", "--variant", "fail-hard", "-o", str(hard), "-q")
    code, out, _ = gametrace("diff", str(soft), str(soft))
    assert code == 0 and "The traces agree event by event." in out
    code, out, _ = gametrace("diff", str(soft), str(hard), "--context", "1")
    assert code == 1
    assert "The traces part ways at event 13." in out
    assert "A   13  alpha cut at C after H (alpha = 3, beta = 2): returns 2, prunes I J" in out
    assert "B   13  alpha cut at C after H (alpha = 3, beta = 2): returns 3, prunes I J" in out
    assert "    12  backup H = 2 into C" in out and "    11  evaluate" not in out
    code, out, _ = gametrace("diff", str(soft), str(hard), "--json")
    assert code == 1 and json.loads(out)["fields"] == ["value"]


def test_exercise_writes_the_files(tmp_path: Path) -> None:
    folder = tmp_path / "ex"
    code, out, _ = gametrace("exercise", "--branching", "3", "--depth", "2", "--cuts", "2",
                             "--seed", "7", "-o", str(folder), "--format", "dot")
    assert code == 0
    assert out.startswith("exercise exercise-7: 3 children per node, depth 2, 2 cuts")
    assert sorted(p.name for p in folder.iterdir()) == ["answer.dot", "answer.json",
                                                        "exercise.tree", "worksheet.dot"]
    code, out, _ = gametrace("check", str(folder / "exercise.tree"), str(folder / "answer.json"))
    assert code == 0 and "All right!" in out


@pytest.mark.parametrize(("args", "words"), [
    (["--cuts", "3..1"], "--cuts: 3..1 is empty"),
    (["--cuts", "a..b"], "--cuts: expected MIN..MAX"),
    (["--values", "5..-5"], "--values: 5..-5 is empty"),
], ids=["empty", "words", "values"])
def test_exercise_ranges_are_checked(args: list[str], words: str) -> None:
    code, _, err = gametrace("exercise", "-b", "2", "-d", "2", *args)
    assert code == 2 and words in err


@pytest.mark.parametrize("command", ["check", "diff", "exercise"])
def test_every_command_has_help_with_examples(command: str) -> None:
    code, out, _ = gametrace(command, "--help")
    assert code == 0 and "Examples:" in out and f"gametrace {command}" in out


def test_several_answers_are_graded_as_a_class(tmp_path: Path) -> None:
    right = {"value": 3, "move": "B"}
    a = answer(tmp_path, right, "ann.json")
    b = answer(tmp_path, {"value": 2, "values": {"B": 3}}, "ben.json")
    table = tmp_path / "class.csv"
    code, out, err = gametrace("check", "aima", a, b, "--table", str(table), "-j", "1")
    assert code == 1 and err == f"class table written to {table}\n"
    assert out.startswith("Checking 2 answers against aima\n")
    assert "  ann       100.0%  all right\n" in out and "  ben        50.0%  value\n" in out
    assert table.read_text().splitlines()[1] == f"ann,{a},2,2,100,,1,1,,"
    code, out, _ = gametrace("check", "aima", a, str(tmp_path / "ann.json"), "--json")
    assert code == 0 and json.loads(out)["students"][0]["student"] == "ann"


def test_a_folder_of_answers_is_a_class(tmp_path: Path) -> None:
    folder = tmp_path / "answers"
    folder.mkdir()
    answer(folder, {"value": 3}, "x.json")
    code, out, _ = gametrace("check", "aima", str(folder))
    assert code == 0 and "Checking 1 answer against aima\n" in out


@pytest.mark.parametrize(("args", "words"), [
    (["--render", "x.svg"], "--render applies to one SOLUTION file"),
    (["--table", "class.txt"], "class.txt: the class table is written as .csv or .json"),
], ids=["render", "table-extension"])
def test_class_options_are_refused_before_grading(tmp_path: Path, args: list[str],
                                                 words: str) -> None:
    a, b = answer(tmp_path, {"value": 3}, "a.json"), answer(tmp_path, {"value": 3}, "b.json")
    code, out, err = gametrace("check", "aima", a, b, *args)
    assert code == 2 and out == "" and words in err


def test_class_options_need_a_class(tmp_path: Path) -> None:
    code, _, err = gametrace("check", "aima", answer(tmp_path, {"value": 3}), "-j", "2")
    assert code == 2 and "--jobs applies to several answers" in err


def test_check_refuses_a_cut_test_for_minimax(tmp_path: Path) -> None:
    code, out, err = gametrace("check", "aima", answer(tmp_path, {"value": 3}), "-a", "minimax",
                               "--cut-on", "gt")
    assert code == 2 and out == "" and "--cut-on applies to -a alphabeta" in err
