"""``.jsonl.gz`` traces: written and read wherever ``.jsonl`` ones are, byte-stable."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer.api import validate_file
from tracer.cli import main
from tracer.compress import is_stream
from tracer.errors import InputError
from tracer.games.registry import make_game
from tracer.record import FileRecorder
from tracer.render.read.reader import read_jsonl
from tracer.search import alpha_beta, minimax
from tracer.trace import load_trace


def gametrace(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def record(path: Path, game: str = "gameof5") -> None:
    g, state, _ = make_game(game, {})
    with FileRecorder(path) as rec:
        alpha_beta(g, state, recorder=rec)


@pytest.mark.parametrize(("name", "stream"), [
    ("t.jsonl", True), ("t.jsonl.gz", True), ("t.json", False), ("t.json.gz", False),
    ("t.gz", False), ("jsonl.gz.txt", False)])
def test_stream_names(name: str, stream: bool) -> None:
    assert is_stream(name) is stream


def test_a_gz_trace_holds_the_bytes_of_the_plain_one(tmp_path: Path) -> None:
    record(tmp_path / "t.jsonl")
    record(tmp_path / "t.jsonl.gz")
    packed = (tmp_path / "t.jsonl.gz").read_bytes()
    assert packed[:2] == b"\x1f\x8b"
    assert gzip.decompress(packed) == (tmp_path / "t.jsonl").read_bytes()


def test_gz_output_is_byte_identical_run_to_run(tmp_path: Path) -> None:
    record(tmp_path / "a.jsonl.gz")
    record(tmp_path / "b.jsonl.gz")
    assert (tmp_path / "a.jsonl.gz").read_bytes() == (tmp_path / "b.jsonl.gz").read_bytes()


def test_full_tictactoe_trace_shrinks_tenfold(tmp_path: Path) -> None:
    game, state, _ = make_game("tictactoe", {})
    with FileRecorder(tmp_path / "t.jsonl.gz") as rec:
        minimax(game, state, recorder=rec)
    with gzip.open(tmp_path / "t.jsonl.gz") as packed:
        plain = sum(len(chunk) for chunk in iter(lambda: packed.read(1 << 20), b""))
    assert plain > 190_000_000  # the plain .jsonl's size
    assert (tmp_path / "t.jsonl.gz").stat().st_size * 10 <= plain


def test_gz_traces_load_dump_and_stream_like_plain_ones(tmp_path: Path) -> None:
    record(tmp_path / "t.jsonl")
    record(tmp_path / "t.jsonl.gz")
    plain, packed = load_trace(tmp_path / "t.jsonl"), load_trace(tmp_path / "t.jsonl.gz")
    assert packed.to_json() == plain.to_json()
    packed.dump(tmp_path / "again.jsonl.gz")
    assert (tmp_path / "again.jsonl.gz").read_bytes() == (tmp_path / "t.jsonl.gz").read_bytes()
    header, items = read_jsonl(tmp_path / "t.jsonl.gz")
    assert header == plain.header
    assert list(items) == [*plain.events, plain.result]
    assert validate_file(tmp_path / "t.jsonl.gz") == "trace stream"


def test_a_failed_search_leaves_no_gz_file(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl.gz"
    game, state, _ = make_game("gameof5", {})
    with pytest.raises(RuntimeError), FileRecorder(out) as rec:
        alpha_beta(game, state, recorder=rec)
        raise RuntimeError("stop")
    assert list(tmp_path.iterdir()) == []


def test_cli_writes_renders_validates_diffs_and_checks_gz(tmp_path: Path) -> None:
    gz, plain = str(tmp_path / "t.jsonl.gz"), str(tmp_path / "t.jsonl")
    assert gametrace("run", "aima", "-o", gz)[0] == 0
    assert gametrace("run", "aima", "-o", plain)[0] == 0
    assert gzip.decompress(Path(gz).read_bytes()) == Path(plain).read_bytes()
    code, out, _ = gametrace("validate", gz)
    assert code == 0 and "trace stream" in out
    code, out, _ = gametrace("render", gz, "-o", "-")
    assert code == 0
    assert out == gametrace("render", plain, "-o", "-")[1]
    code, out, _ = gametrace("diff", gz, plain)
    assert code == 0, out


@pytest.mark.parametrize("content", [b"not gzip at all\n", b"\x1f\x8b\x08\x00truncated"])
def test_a_bad_gz_file_is_a_one_line_error(tmp_path: Path, content: bytes) -> None:
    bad = tmp_path / "bad.jsonl.gz"
    bad.write_bytes(content)
    with pytest.raises(InputError, match=r"bad\.jsonl\.gz"):
        load_trace(bad)
    for command in (("validate", str(bad)), ("render", str(bad), "-o", "-")):
        code, _, err = gametrace(*command)
        assert code == 1, command
        assert "bad.jsonl.gz" in err and "Traceback" not in err
        assert len(err.strip().splitlines()) == 1, err


def test_a_gz_trace_cut_short_is_an_error(tmp_path: Path) -> None:
    record(tmp_path / "t.jsonl.gz")
    data = (tmp_path / "t.jsonl.gz").read_bytes()
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(InputError, match=r"cut\.jsonl\.gz"):
        load_trace(cut)


def test_check_reads_a_gz_trace_as_it_reads_a_plain_one(tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text('{"values": {"C": "<=3"}}\n')
    outs = []
    for name in ("hard.jsonl", "hard.jsonl.gz"):
        trace = str(tmp_path / name)
        assert gametrace("run", "aima", "--variant", "fail-hard", "-o", trace, "-q")[0] == 0
        code, out, _ = gametrace("check", trace, str(answer))
        assert code == 0 and f"the recorded trace {trace} (alphabeta, fail-hard)" in out
        outs.append(out.replace(trace, "TRACE"))
    assert outs[0] == outs[1]
