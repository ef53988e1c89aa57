"""The same behaviour everywhere: options that do not apply, typos, unknown sources."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer.cli import main


def gametrace(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("args", "words"), [
    (["run", "aima", "-a", "minimax", "--cut-on", "gt"], "--cut-on applies to alphabeta"),
    (["run", "aima", "--bounds", "0", "1"], "--bounds applies to expectiminimax (star1)"),
    (["run", "aima", "--seed", "3"], "--seed applies to --order random"),
    (["run", "aima", "--prover", "min"], "--prover applies to andor, pns"),
    (["run", "aima", "--technique", "id"], "--technique applies to enhanced"),
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
