"""``.jsonl.gz`` traces: written and read wherever ``.jsonl`` ones are, byte-stable."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from helpers import gametrace

from tracer._api import validate_file
from tracer.compress import is_stream
from tracer.errors import InputError, UsageError
from tracer.games.registry import make_game
from tracer.record import FileRecorder
from tracer.render.read.reader import read_jsonl
from tracer.search import alpha_beta, minimax
from tracer.trace import load_trace


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


# ------------------------------------------------------------ bounded reading

def _bomb(path: Path, blank_bytes: int, *, header: bytes = b"") -> None:
    """A .gz file of a header line then ``blank_bytes`` newlines (deflate packs them
    about a thousand to one)."""
    with gzip.open(path, "wb") as out:
        out.write(header)
        block = b"\n" * (1 << 20)
        for _ in range(blank_bytes >> 20):
            out.write(block)


def test_a_gzip_bomb_is_refused_after_a_bounded_amount_of_inflating(tmp_path: Path) -> None:
    from tracer.compress import MAX_RATIO, RATIO_FLOOR, open_bytes

    bomb = tmp_path / "bomb.jsonl.gz"
    _bomb(bomb, 256 << 20)
    assert bomb.stat().st_size * MAX_RATIO < 256 << 20
    read = 0
    with pytest.raises(InputError, match=rf"bomb\.jsonl\.gz: inflates more than {MAX_RATIO} "
                                         "times its size"), open_bytes(bomb) as handle:
        while chunk := handle.read(1 << 16):
            read += len(chunk)
    assert RATIO_FLOOR <= read <= 4 * RATIO_FLOOR  # refused soon after the floor


def test_the_inflated_size_is_bounded_and_the_bound_can_be_raised(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record(tmp_path / "t.jsonl.gz")
    size = len(gzip.decompress((tmp_path / "t.jsonl.gz").read_bytes()))
    monkeypatch.setenv("GAMETRACE_MAX_INFLATED", "1K")
    with pytest.raises(InputError, match=r"inflates to more than 1 KiB.*GAMETRACE_MAX_INFLATED"):
        load_trace(tmp_path / "t.jsonl.gz")
    monkeypatch.setenv("GAMETRACE_MAX_INFLATED", str(size))
    assert load_trace(tmp_path / "t.jsonl.gz").result is not None
    monkeypatch.setenv("GAMETRACE_MAX_INFLATED", "lots")
    with pytest.raises(UsageError, match="GAMETRACE_MAX_INFLATED must be"):
        load_trace(tmp_path / "t.jsonl.gz")


@pytest.mark.parametrize("name", ["long.jsonl", "long.jsonl.gz"])
def test_a_line_longer_than_the_bound_is_refused_by_both_readers(tmp_path: Path,
                                                                   name: str) -> None:
    import base64
    import random

    from tracer.compress import MAX_LINE

    record(tmp_path / "t.jsonl")
    header, rest = (tmp_path / "t.jsonl").read_bytes().split(b"\n", 1)
    noise = base64.b64encode(random.Random(1).randbytes(MAX_LINE * 3 // 4 + 10))
    data = header + b'\n{"type":"leaf","pad":"' + noise + b'"}\n' + rest
    path = tmp_path / name
    path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    with pytest.raises(InputError, match=rf"{name}: line 2 is longer than 16 MiB"):
        load_trace(path)
    with pytest.raises(InputError, match=rf"{name}: line 2 is longer than 16 MiB"):
        list(read_jsonl(path)[1])


def test_blank_lines_are_skipped_and_the_line_numbers_kept(tmp_path: Path) -> None:
    record(tmp_path / "t.jsonl")
    lines = (tmp_path / "t.jsonl").read_bytes().split(b"\n")
    spaced = tmp_path / "spaced.jsonl"
    # the header, 3,000,000 blank lines, two events, then line 3,000,004
    spaced.write_bytes(lines[0] + b"\n" + b" \t\r\n" * 3_000_000 + b"\n".join(lines[1:3])
                       + b"\n{oops}\n")
    with pytest.raises(InputError, match=r"spaced\.jsonl:3000004:"):
        load_trace(spaced)


def test_members_and_zero_padding_read_as_gzip_reads_them(tmp_path: Path) -> None:
    from tracer.compress import open_bytes

    path = tmp_path / "m.jsonl.gz"
    path.write_bytes(gzip.compress(b"one\n") + gzip.compress(b"two\n") + b"\0" * 100)
    with open_bytes(path) as handle:
        assert handle.read() == b"one\ntwo\n" == gzip.decompress(path.read_bytes())
    path.write_bytes(b"")
    with open_bytes(path) as handle:
        assert handle.read() == b""


def test_gzip_data_outside_a_stream_is_named_not_inflated(tmp_path: Path) -> None:
    packed = tmp_path / "t.json.gz"
    packed.write_bytes(gzip.compress(b"{}" + b" " * (1 << 20)))
    with pytest.raises(InputError, match=r"t\.json\.gz: gzip data: only trace streams "
                                         r"\(\.jsonl\.gz\) are read compressed"):
        load_trace(packed)
    code, _, err = gametrace("validate", str(packed))
    assert code == 1 and "gzip data" in err and len(err.strip().splitlines()) == 1
