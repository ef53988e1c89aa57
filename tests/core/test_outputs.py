"""The output rules (tracer.outputs), the number ranges (tracer.ranges) and the input
rules of tracer.jsonio, tested through the library."""

from __future__ import annotations

import math
import os
import stat
import sys
from pathlib import Path

import pytest

from tracer.errors import InputError, MissingInput, OutputError, UsageError
from tracer.jsonio import atomic_writer, check_input_file, loads_json, read_lines
from tracer.outputs import check_folder, check_output
from tracer.ranges import MAX_DPI, check_count, check_seconds
from tracer.writing import open_output, staged_folder


@pytest.mark.parametrize(("path", "role", "says"), [
    ("", "trace", "empty"),
    ("x.txt", "trace", "unknown extension '.txt' for a trace"),
    ("x", "diagram", "no extension for a diagram"),
    ("x.svg", "trace", "use .json, .jsonl"),
    ("nowhere/x.json", "trace", "the folder 'nowhere' does not exist"),
], ids=["empty", "unknown-extension", "no-extension", "wrong-role", "missing-folder"])
def test_a_bad_output_path_is_refused_before_any_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: str, role: str, says: str) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match=says):
        check_output(path, role=role)
    assert list(tmp_path.iterdir()) == []


def test_a_folder_is_not_an_output_file(tmp_path: Path) -> None:
    (tmp_path / "d.json").mkdir()
    with pytest.raises(UsageError, match="is a folder"):
        check_output(tmp_path / "d.json", role="trace")


def test_dash_is_stdout_and_a_device_is_written_in_place(tmp_path: Path) -> None:
    assert check_output("-", role="trace").kind == "stdout"
    (tmp_path / "null.json").symlink_to(os.devnull)
    target = check_output(tmp_path / "null.json", role="trace")
    assert (target.kind, target.real) == ("device", os.devnull)
    with open_output(target) as out:
        out.write("gone")  # a text stream: open_output(binary=False)
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_a_full_device_is_one_output_error(tmp_path: Path) -> None:
    (tmp_path / "full.json").symlink_to("/dev/full")
    with pytest.raises(OutputError, match="No space left on device"), \
            atomic_writer(tmp_path / "full.json") as out:
        out.write("x" * 100_000)
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_symlink_keeps_pointing_at_its_written_target(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "link.json").symlink_to("real.json")
    with atomic_writer(tmp_path / "link.json") as out:
        out.write("new")
    assert (tmp_path / "link.json").is_symlink()
    assert (tmp_path / "real.json").read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


@pytest.mark.parametrize("exc", [ValueError, KeyboardInterrupt], ids=["error", "interrupt"])
def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path,
                                                            exc: type[BaseException]) -> None:
    (tmp_path / "t.json").write_text("old")
    with pytest.raises(exc), atomic_writer(tmp_path / "t.json") as out:
        out.write("half")
        raise exc
    assert [p.name for p in tmp_path.iterdir()] == ["t.json"]
    assert (tmp_path / "t.json").read_text() == "old"


def test_stdout_gets_the_bytes(capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    with open_output("-", binary=True) as out:
        out.write(b"digraph {}")  # a byte stream: open_output(binary=True)
    sys.stdout.flush()
    assert capfdbinary.readouterr().out == b"digraph {}"


def test_a_staged_folder_is_all_or_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "fr"
    with staged_folder(folder, stale=lambda n: n.startswith("frame-")) as staging:
        for i in range(3):
            Path(staging, f"frame-{i}.svg").write_text(str(i))
    assert sorted(p.name for p in folder.iterdir()) == ["frame-0.svg", "frame-1.svg",
                                                        "frame-2.svg"]
    with pytest.raises(KeyboardInterrupt), staged_folder(folder) as staging:
        Path(staging, "frame-0.svg").write_text("new")
        raise KeyboardInterrupt
    assert Path(folder, "frame-0.svg").read_text() == "0"
    with staged_folder(folder, stale=lambda n: n.startswith("frame-")) as staging:
        Path(staging, "frame-0.svg").write_text("again")
    assert sorted(p.name for p in folder.iterdir()) == ["frame-0.svg"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fr"]


def test_an_output_folder_needs_its_parent(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="does not exist"):
        check_folder(tmp_path / "a" / "b", option="--frames")
    (tmp_path / "f").write_text("")
    with pytest.raises(UsageError, match="not a folder"):
        check_folder(tmp_path / "f", option="--frames")
    assert check_folder(tmp_path / "new", option="--frames") == str(tmp_path / "new")


def test_inputs_must_be_regular_files(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    for path in (tmp_path / "pipe.json", tmp_path / "missing.json", tmp_path):
        with pytest.raises(MissingInput) as info:
            check_input_file(path)
        assert isinstance(info.value, UsageError) and isinstance(info.value, InputError)


def test_a_line_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    (tmp_path / "t.jsonl").write_bytes(b'{"a": 1}\n{"b": "caf\xe9"}\n')
    with pytest.raises(InputError) as info:
        list(read_lines(tmp_path / "t.jsonl"))
    assert info.value.where == "line 2, column 11"  # the 11th byte is \xe9


@pytest.mark.parametrize(("text", "where", "says"), [
    ('{"v": 1e400}', "line 1, column 7", "out of range"),
    ('[1,\n ' + "7" * 5000 + "]", "line 2, column 2", "5000 digits"),
], ids=["infinite-float", "long-int"])
def test_numbers_json_cannot_hold_are_named(text: str, where: str, says: str) -> None:
    with pytest.raises(InputError) as info:
        loads_json(text, file="f.json")
    assert info.value.where == where and says in info.value.message


def test_ordinary_numbers_are_unchanged() -> None:
    assert loads_json('[1e308, 1e-400, 12345678901234567890, -0.5]', file="f") == [
        1e308, 0.0, 12345678901234567890, -0.5]


def test_ranges() -> None:
    assert check_count("--max-nodes", 5, low=1) == 5
    assert check_count("--depth", None) is None
    with pytest.raises(UsageError, match="--max-nodes must be at least 1, got 0"):
        check_count("--max-nodes", 0, low=1)
    assert check_seconds("--time-limit", 2) == 2.0
    for bad in (0.0, -1.0, math.nan, math.inf, 1e9):
        with pytest.raises(UsageError, match="--time-limit"):
            check_seconds("--time-limit", bad)
    from tracer.render.model.render_options import RenderOptions

    with pytest.raises(UsageError, match=f"at most {MAX_DPI}"):
        RenderOptions(dpi=MAX_DPI + 1)


# ------------------------------------------------------------ distinct outputs

def test_two_outputs_that_are_one_file_are_refused(tmp_path: Path) -> None:
    from tracer.outputs import check_distinct

    a = str(tmp_path / "a.svg")
    with pytest.raises(UsageError, match=r"--strip '.*a\.svg' and -o '.*a\.svg' are the same"):
        check_distinct([("-o", a), ("--strip", a)])
    with pytest.raises(UsageError, match="are the same file"):
        check_distinct([("-o", a), ("--strip", str(tmp_path / "sub" / ".." / "a.svg"))])
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.svg").write_text("old")
    os.link(tmp_path / "a.svg", tmp_path / "sub" / "hard.svg")
    (tmp_path / "soft.svg").symlink_to(tmp_path / "a.svg")
    for other in ("sub/hard.svg", "soft.svg"):
        with pytest.raises(UsageError, match="are the same file"):
            check_distinct([("-o", a), ("--strip", str(tmp_path / other))])
    check_distinct([("-o", a), ("--strip", str(tmp_path / "b.svg")), ("--render", "-"),
                    ("--plot", "-"), ("--picture", os.devnull), ("--x", os.devnull),
                    ("--y", None)])


def test_an_output_that_is_an_input_or_inside_an_output_folder_is_refused(
        tmp_path: Path) -> None:
    from tracer.outputs import check_distinct

    tree = tmp_path / "tree.json"
    tree.write_text("{}")
    os.link(tree, tmp_path / "hard.json")
    for out in (tree, tmp_path / "hard.json"):
        with pytest.raises(UsageError, match=r"is the input SOURCE '.*tree\.json': writing it "
                                             "would destroy what is read"):
            check_distinct([("-o", str(out))], inputs=[("SOURCE", str(tree))])
    check_distinct([("-o", str(tmp_path / "t.json"))], inputs=[("SOURCE", str(tree)),
                                                               ("X", None), ("Y", "-")])
    with pytest.raises(UsageError, match="inside the folder --frames"):
        check_distinct([("-o", str(tmp_path / "fr" / "x.svg"))],
                       folders=[("--frames", str(tmp_path / "fr"))])
    check_distinct([("-o", str(tmp_path / "frx.svg"))],
                   folders=[("--frames", str(tmp_path / "fr"))])


def test_check_outputs_refuses_an_output_that_is_an_input(tmp_path: Path) -> None:
    from tracer.outputs import check_outputs

    answer = tmp_path / "answer.json"
    answer.write_text("{}")
    with pytest.raises(UsageError, match="is the input SOLUTION"):
        check_outputs(("--table", str(answer), "class table"),
                      inputs=[("SOLUTION", answer)])


def test_dash_is_no_folder(tmp_path: Path) -> None:
    from tracer.outputs import check_folder

    with pytest.raises(UsageError, match="--frames -: this writes a folder of files, not one "
                                         "stream; give a folder name"):
        check_folder("-", option="--frames")
    assert not (tmp_path / "-").exists()


def test_prints_go_to_stderr_and_dash_to_the_real_stdout(
        capsys: pytest.CaptureFixture[str]) -> None:
    from tracer.writing import open_text_output, prints_to_stderr

    with prints_to_stderr():
        print("chatter")
        with open_text_output("-") as out:
            out.write("data\n")
    print("after")
    got = capsys.readouterr()
    assert got.out == "data\nafter\n" and got.err == "chatter\n"
