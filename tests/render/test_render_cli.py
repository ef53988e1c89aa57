"""``gametrace render``: files, stdout, frames, and the exit codes of its errors."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tracer._api import draw_trace_file
from tracer.cli import main


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["render", *args])
    return result.exit_code, result.stdout, result.stderr


def test_render_writes_svg(aima_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "aima.svg"
    code, stdout, stderr = run(str(aima_file), "-o", str(out))
    assert code == 0, stderr
    assert out.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert stdout == "" and "diagram written" in stderr


def test_dash_writes_dot_to_stdout(aima_file: Path) -> None:
    code, stdout, stderr = run(str(aima_file), "-o", "-", "--lang", "it")
    assert code == 0, stderr
    assert stdout.startswith("digraph gametree {") and "taglio alfa" in stdout
    assert stderr == ""


def test_frames_option(aima_file: Path, tmp_path: Path) -> None:
    code, _, stderr = run(str(aima_file), "--frames", str(tmp_path / "f"), "--step", "node")
    assert code == 0, stderr
    assert "12 frames written" in stderr
    assert (tmp_path / "f" / "player.html").exists() and (tmp_path / "f" / "frames.pdf").exists()


def test_usage_errors_exit_2(aima_file: Path, tmp_path: Path) -> None:
    code, _, stderr = run(str(aima_file), "-o", str(tmp_path / "a.jpg"))
    assert code == 2 and ".svg, .png, .pdf, .dot" in stderr
    code, _, stderr = run(str(aima_file))
    assert code == 2 and "-o OUT" in stderr
    code, _, stderr = run(str(aima_file), "-o", "-", "--focus", "Z")
    assert code == 2 and "no node 'Z'" in stderr
    code, _, stderr = run(str(aima_file), "-o", "-", "--theme", "neon")
    assert code == 2


def test_bad_input_exits_1_with_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    code, _, stderr = run(str(missing), "-o", str(tmp_path / "a.svg"))
    # A missing file is a usage error (exit 2), as in run, validate, diff and check.
    assert code == 2 and str(missing) in stderr and "No such file or directory" in stderr
    assert not (tmp_path / "a.svg").exists()


def test_render_trace_file_takes_options(aima_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "a.dot"
    draw_trace_file(aima_file, out, lang="it", theme="print", window="entry")
    text = out.read_text(encoding="utf-8")
    assert "taglio alfa" in text and "α=3, β=+∞" in text


def test_run_render_shortcut(tmp_path: Path) -> None:
    out = tmp_path / "aima.svg"
    result = CliRunner().invoke(main, ["run", "aima", "--render", str(out)])
    assert result.exit_code == 0, result.output
    assert "alpha cut" in out.read_text(encoding="utf-8")


def test_positions_and_numbers_switches() -> None:
    root = Path(__file__).resolve().parents[2] / "traces"
    stage2 = str(root / "tictactoe-stage2.minimax.json")
    code, stdout, stderr = run(stage2, "-o", "-")
    assert code == 0, stderr
    assert "gt.note.root" in stdout and '<B>O</B>' in stdout  # the board, as a grid
    code, stdout, _ = run(stage2, "-o", "-", "--no-positions")
    assert code == 0 and "gt.note." not in stdout
    code, stdout, _ = run(str(root / "aima.alphabeta.fail-soft.json"), "-o", "-", "--positions")
    assert code == 0 and "gt.note." not in stdout  # a tree has no positions to draw
    code, stdout, _ = run("--help")
    assert "--positions / --no-positions" in stdout and "--numbers / --no-numbers" in stdout


def test_no_numbers_hides_proof_numbers(tmp_path: Path) -> None:
    from tracer._api import search_source

    path = tmp_path / "pns.json"
    search_source("grundy", algorithm="pns", params={"coins": "7", "first": "min"}, output=path)
    code, stdout, stderr = run(str(path), "-o", "-")
    assert code == 0, stderr
    assert "pn 0 / dn +∞" in stdout
    code, stdout, _ = run(str(path), "-o", "-", "--no-numbers")
    assert code == 0 and "pn 0" not in stdout and "(7)" in stdout


def test_window_entry_or_final_and_a_bare_window_is_final(aima_file: Path) -> None:
    # C of the AIMA tree enters with alpha = 3, beta = +inf and ends with beta = 2.
    code, entry, stderr = run(str(aima_file), "-o", "-", "--window", "entry")
    assert code == 0, stderr
    assert "α=3, β=+∞" in entry and "α=3, β=2" not in entry
    assert "window on entry" in entry
    code, final, stderr = run(str(aima_file), "-o", "-", "--window", "final")
    assert code == 0, stderr
    assert "α=3, β=2" in final and "final window" in final
    code, bare, stderr = run(str(aima_file), "--window", "-o", "-")
    assert code == 0, stderr
    assert bare == final
    code, none, _ = run(str(aima_file), "-o", "-")
    assert "α=" not in none and "window" not in none


def test_window_in_italian_names_the_window(aima_file: Path) -> None:
    code, stdout, _ = run(str(aima_file), "-o", "-", "--lang", "it", "--window", "entry")
    assert code == 0 and "finestra all&#x27;ingresso" in stdout
    code, stdout, _ = run(str(aima_file), "-o", "-", "--lang", "it", "--window")
    assert code == 0 and "finestra finale" in stdout


def test_an_unknown_window_is_a_usage_error(aima_file: Path) -> None:
    code, stdout, stderr = run(str(aima_file), "-o", "-", "--window", "start")
    assert code == 2 and stdout == ""
    assert "'start'" in stderr and "entry" in stderr and "final" in stderr
    assert "Traceback" not in stderr
