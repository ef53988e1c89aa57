"""The same behaviour everywhere: options that do not apply, typos, unknown sources."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import gametrace


@pytest.mark.parametrize(("args", "words"), [
    (["run", "aima", "-a", "minimax", "--cut-on", "gt"], "--cut-on applies to -a alphabeta"),
    (["run", "aima", "--bounds", "0", "1"], "--bounds applies to -a expectiminimax (star1)"),
    (["run", "aima", "--seed", "3"], "--seed applies to --order random"),
    (["run", "aima", "--prover", "min"], "--prover applies to -a andor, pns"),
    (["run", "aima", "--technique", "id"], "(--technique) apply to -a enhanced"),
], ids=["cut-on", "bounds", "seed", "prover", "technique"])
def test_run_refuses_options_that_do_not_apply(args: list[str], words: str) -> None:
    code, out, err = gametrace(*args)
    assert code == 2 and out == ""
    assert err.startswith("gametrace: error: ") and words in err and err.count("\n") == 1


def test_render_refuses_a_frame_format_without_frames(tmp_path: Path) -> None:
    trace = tmp_path / "a.json"
    assert gametrace("run", "aima", "-o", str(trace), "-q")[0] == 0
    code, _, err = gametrace("render", str(trace), "-o", str(tmp_path / "a.dot"),
                             "--frame-format", "png")
    assert code == 2 and "--frame-format applies to --frames DIR" in err
    assert not (tmp_path / "a.dot").exists()


@pytest.mark.parametrize(("args", "words"), [
    (["run", "aima", "-a", "alphabta"], "did you mean 'alphabeta'?"),
    (["run", "aima", "--order", "revers"], "did you mean 'reverse'?"),
    (["run", "aima", "--variant", "fail-hrd"], "did you mean 'fail-hard'?"),
    (["check", "aima", "x.json", "--root-player", "mx"], "did you mean 'max'?"),
], ids=["algorithm", "order", "variant", "check-root-player"])
def test_a_typo_in_a_choice_suggests_the_nearest_name(args: list[str], words: str) -> None:
    code, _, err = gametrace(*args)
    assert code == 2 and words in err


def test_an_unknown_source_lists_examples_and_games() -> None:
    code, _, err = gametrace("run", "nosuchname")
    assert code == 2
    assert "(examples: aima, two-mins" in err and "games: chomp, dice, gameof5" in err


def test_validate_speaks_like_run(tmp_path: Path) -> None:
    tree = tmp_path / "t.json"
    tree.write_text('{"children": [{"value": "4"}, {"value": 3}]}')
    words = 't.json: $.children[0].value: expected a number or "+inf"/"-inf" as a leaf ' \
            'value, got "4"\n'
    _, _, ran = gametrace("run", str(tree))
    code, _, checked = gametrace("validate", str(tree))
    assert code == 1 and ran.endswith(words) and checked.endswith(words)


@pytest.mark.parametrize(("text", "words"), [
    ('{"values": {"B": [1]}}', '$.values.B: expected a number, "+inf" / "-inf", or a bound'),
    ("trace", '$.events: expected an array, got {"a": 1}'),
], ids=["solution-value", "trace-events"])
def test_validate_never_prints_python_or_raw_schema_text(tmp_path: Path, text: str,
                                                         words: str) -> None:
    path = tmp_path / "f.json"
    if text == "trace":  # a recorded trace whose events are an object
        gametrace("run", "aima", "-o", str(path), "-q")
        data = json.loads(path.read_text())
        text = json.dumps({**data, "events": {"a": 1}})
    path.write_text(text)
    code, _, err = gametrace("validate", str(path))
    assert code == 1 and words in err
    assert "{'" not in err and "[1] is not" not in err and "given schemas" not in err


@pytest.mark.parametrize("fmt", ["svg", "dot", "png", "pdf"])
def test_matrix_draws_every_format_the_drawing_commands_take(tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"m.{fmt}"
    code, _, err = gametrace("matrix", "prisoners-dilemma", "-o", str(out))
    assert code == 0 and err == f"written to {out}\n"
    data = out.read_bytes()
    magic = {"svg": b"<svg", "dot": b"digraph matrix {", "png": b"\x89PNG", "pdf": b"%PDF"}
    assert data.startswith(magic[fmt])
    if fmt == "dot":  # the equilibrium (C, C) shaded and bold, as in the SVG
        assert '<TD BGCOLOR="#fde68a" CELLPADDING="6"><B>2, 2</B></TD>' in data.decode()


def test_matrix_refuses_a_format_before_analysing(tmp_path: Path) -> None:
    code, out, err = gametrace("matrix", "prisoners-dilemma", "-o", str(tmp_path / "m.txt"))
    assert code == 2 and out == "" and "unknown extension '.txt' for a matrix" in err
