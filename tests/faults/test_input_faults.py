"""Fault cases for the command line's inputs (run through the harness, as test_faults.py):
gzip bombs and endless lines, user games that break the Game protocol (and print, and
leave bytecode), outputs that are the same file as an input or another output, ``-``
where a folder is written, and ``serve`` started where it cannot run.

Each class has at least three cases; each case must end with exit 1 or 2 and one line
naming what was wrong, or succeed without a stray file where it is valid.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import random
import socket
import subprocess
import sys
import zlib
from pathlib import Path

from harness import Case, _env, problems, run_cases

HERE = Path(__file__).parent
PROTOCOL = (HERE / "games" / "protocol_games.py").read_bytes()


def _bomb(header: bytes, blank: int) -> bytes:
    """gzip of the header then ``blank`` bytes of newlines, made a MiB at a time."""
    packer = zlib.compressobj(6, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    parts = [packer.compress(header)]
    block = b"\n" * (1 << 20)
    parts += [packer.compress(block) for _ in range(blank >> 20)]
    parts.append(packer.flush())
    return b"".join(parts)


def _recorded(tmp: Path) -> tuple[bytes, bytes]:
    done = subprocess.run([sys.executable, "-m", "tracer", "run", "aima", "-o", "a.jsonl",
                           "-q"], cwd=tmp, env=_env(), capture_output=True, timeout=60,
                          check=True)
    assert done.returncode == 0
    head, rest = (tmp / "a.jsonl").read_bytes().split(b"\n", 1)
    (tmp / "a.jsonl").unlink()
    return head + b"\n", rest


def _gzip_cases(tmp: Path) -> list[Case]:
    head, rest = _recorded(tmp)
    bomb = _bomb(head, 256 << 20)  # 256 MiB of blank lines in about 250 KB
    noise = base64.b64encode(random.Random(7).randbytes(13 << 20))  # a 17 MiB line
    long_line = head + b'{"type":"leaf","pad":"' + noise + b'"}\n' + rest
    answer = b'{"value": 3}\n'
    return [
        Case("gzip-bomb-validate", ["validate", "bomb.jsonl.gz"], {"bomb.jsonl.gz": bomb},
             codes=(1,), contains="gzip bomb", category="gzip"),
        Case("gzip-bomb-render", ["render", "bomb.jsonl.gz", "-o", "b.svg"],
             {"bomb.jsonl.gz": bomb}, codes=(1,), contains="gzip bomb", category="gzip"),
        Case("gzip-bomb-check", ["check", "bomb.jsonl.gz", "answer.json"],
             {"bomb.jsonl.gz": bomb, "answer.json": answer}, codes=(1,),
             contains="gzip bomb", category="gzip"),
        Case("gzip-bomb-diff", ["diff", "bomb.jsonl.gz", "bomb.jsonl.gz"],
             {"bomb.jsonl.gz": bomb}, codes=(1,), contains="gzip bomb", category="gzip"),
        Case("gzip-long-line-validate", ["validate", "long.jsonl.gz"],
             {"long.jsonl.gz": gzip.compress(long_line, 1)}, codes=(1,),
             contains="line 2 is longer than 16 MiB", category="gzip"),
        Case("gzip-long-line-render-plain", ["render", "long.jsonl", "-o", "l.svg"],
             {"long.jsonl": long_line}, codes=(1,), contains="line 2 is longer than 16 MiB",
             category="gzip"),
    ]


def _game_cases() -> list[Case]:
    out = []
    for cls, says in [
        ("ActionsNone", "actions() at position () returned None: expected a list of moves"),
        ("ActionsNotIterable", "actions() at position () returned 5: expected a list"),
        ("ActionsEndless", "actions() at position () returned more than 10,000 moves"),
        ("ActionsTooMany", "actions() at position () returned 1,000,000 moves"),
        ("MoveNameInt", "move_name() at position () returned 0: expected a string"),
        ("DescribeNone", "describe() at position () returned None: expected a string"),
        ("MoveNameLong", "move_name() at position () returned a string of 1,000,000 char"),
        ("UtilityHuge", "utility() at position (0, 0) returned <an int of 16,610 bits>"),
        ("UtilityNaN", "utility() at position (0, 0) returned nan: expected a number"),
        ("UtilityText", "utility() at position (0, 0) returned '1': expected a number"),
        ("ToMoveText", "to_move() at position (0,) returned 'MIN': expected tracer.games"),
        ("ResultRaises", "result() at position () raised ValueError: illegal move 0"),
        ("TerminalNone", "is_terminal() at position () returned None: expected True or"),
        ("RecursesForever", "result() at position () raised RecursionError"),
        ("CallsOsExit", "utility() at position (0, 0) called os._exit(0): a game must"),
        ("CallsSysExit", "utility() at position (0, 0) called sys.exit('done')"),
    ]:
        out.append(Case(f"protocol-{cls}", ["run", f"g.py:{cls}", "-o", "out.json"],
                        {"g.py": PROTOCOL}, codes=(1,), contains=f"g.py: {cls}.{says}",
                        category="user-game protocol"))
    # a game that is right: no bytecode (no __pycache__) beside it, only the trace
    for args in (["run", "g.py:Base", "-o", "out.json"], ["run", "g.py:Prints", "-o", "-"],
                 ["compare", "g.py:Base"]):
        out.append(Case(f"no-bytecode-{args[1]}-{args[-1]}", args, {"g.py": PROTOCOL},
                        codes=(0,), may_write=("out.json",), category="no bytecode"))
    return out


def _check(cases: list[Case], tmp_path: Path) -> None:
    outcomes = run_cases(cases, tmp_path / "cases")
    bad = [f"{c.name}: {'; '.join(found)}\n    stderr: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n" + "\n".join(bad)


def test_gzip_bombs_and_endless_lines_are_refused(tmp_path: Path) -> None:
    _check(_gzip_cases(tmp_path), tmp_path)


def test_a_user_game_that_breaks_the_protocol_is_one_line(tmp_path: Path) -> None:
    _check(_game_cases(), tmp_path)


def _gametrace(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tracer", *args], cwd=cwd, env=_env(),
                          capture_output=True, text=True, timeout=60, check=False,
                          stdin=subprocess.DEVNULL)


def test_no_bytecode_is_written_beside_a_game_even_where_python_would(tmp_path: Path
                                                                      ) -> None:
    (tmp_path / "g.py").write_bytes(PROTOCOL)
    env = {k: v for k, v in _env().items() if k != "PYTHONDONTWRITEBYTECODE"}
    for args in (["run", "g.py:Base", "-q"], ["compare", "g.py:Base"],
                 ["run", "g.py:ResultRaises"]):
        subprocess.run([sys.executable, "-m", "tracer", *args], cwd=tmp_path, env=env,
                       capture_output=True, timeout=60, check=False, stdin=subprocess.DEVNULL)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["g.py"], args


def test_a_game_that_prints_leaves_standard_output_a_valid_trace(tmp_path: Path) -> None:
    (tmp_path / "g.py").write_bytes(PROTOCOL)
    done = _gametrace("run", "g.py:Prints", "-o", "-", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    trace = json.loads(done.stdout)  # the whole of stdout is the trace
    assert trace["format"] == "gametree-trace" and trace["result"]["value"] == 0
    assert "thinking about ()" in done.stderr and "leaf" in done.stderr
    done = _gametrace("run", "g.py:Prints", "--render", "-", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("digraph")
    assert "thinking about" not in done.stdout
    done = _gametrace("run", "g.py:Prints", "--json", cwd=tmp_path)
    assert json.loads(done.stdout)["value"] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.py"]


# ------------------------------------------------------------ outputs

def _output_cases(tmp: Path) -> list[Case]:
    head, rest = _recorded(tmp)
    trace = head + rest
    tree = b'{"tree": {"label": "A", "children": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}}\n'
    answer = b'{"value": 3}\n'
    files = {"a.jsonl": trace, "tree.json": tree, "answer.json": answer}
    cases = [
        (["render", "a.jsonl", "-o", "same.svg", "--strip", "same.svg"],
         "--strip 'same.svg' and -o 'same.svg' are the same file"),
        (["render", "a.jsonl", "-o", "x.svg", "--strip", "./x.svg"], "are the same file"),
        (["render", "a.jsonl", "-o", "a.tex", "--strip", "a-preamble.tex"],
         "-o (its TikZ preamble) 'a-preamble.tex' are the same file"),
        (["render", "a.jsonl", "-o", "fr/x.svg", "--frames", "fr"],
         "is inside the folder --frames 'fr'"),
        (["run", "tree.json", "-o", "tree.json"],
         "-o 'tree.json' is the input SOURCE 'tree.json'"),
        (["run", "tree.json", "-o", "x.json", "--render", "x.json"], "are the same file"),
        (["compare", "tree.json", "-o", "tree.json"], "is the input SOURCE"),
        (["check", "aima", "answer.json", "answer.json", "--table", "answer.json"],
         "--table 'answer.json' is the input SOLUTION 'answer.json'"),
        (["exercise", "-b", "2", "-d", "2", "-o", "-"],
         "-o -: exercise writes a folder of files, not one stream; give a folder name"),
        (["render", "a.jsonl", "--frames", "-"], "--frames -: this writes a folder"),
        (["run", "aima", "-o", "-", "--render", "-"], "both write to standard output"),
    ]
    out = [Case(f"outputs-{i}-{args[0]}", args, dict(files), codes=(2,), contains=says,
                category="outputs") for i, (args, says) in enumerate(cases)]
    # hard links and symbolic links to the input are the input (made in the folder)
    return out


def test_outputs_are_never_an_input_or_each_other(tmp_path: Path) -> None:
    _check(_output_cases(tmp_path), tmp_path)


def test_links_to_an_input_are_the_input(tmp_path: Path) -> None:
    tree = '{"tree": {"label": "A", "children": [[3, 12], [2, 4]]}}\n'
    (tmp_path / "tree.json").write_text(tree)
    os.link(tmp_path / "tree.json", tmp_path / "hard.json")
    (tmp_path / "soft.json").symlink_to("tree.json")
    for name in ("hard.json", "soft.json"):
        done = _gametrace("run", "tree.json", "-o", name, cwd=tmp_path)
        assert done.returncode == 2, done.stderr
        assert done.stderr.splitlines() == [
            f"gametrace: error: -o '{name}' is the input SOURCE 'tree.json': writing it "
            "would destroy what is read; give the output another name"]
    assert (tmp_path / "tree.json").read_text() == tree
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hard.json", "soft.json",
                                                          "tree.json"]


def test_dash_is_standard_output_where_an_output_is_a_file(tmp_path: Path) -> None:
    for args, starts in ((["astar", "jugs", "-o", "-"], '{"format":"gametree-trace"'),
                         (["matrix", "prisoners-dilemma", "-o", "-"], "digraph"),
                         (["render", "a.json", "-o", "-"], "digraph")):
        if args[0] == "render":
            assert _gametrace("run", "aima", "-o", "a.json", "-q", cwd=tmp_path).returncode == 0
        done = _gametrace(*args, cwd=tmp_path)
        assert done.returncode == 0 and done.stdout.startswith(starts), done.stderr
        assert not (tmp_path / "-").exists()


# ------------------------------------------------------------ serve start-up

def _serve_cases(busy: int) -> list[Case]:
    text = {"t.db": b"not a database\n", "file": b"x"}
    return [
        Case("serve-busy-port", ["serve", "--port", str(busy), "--db", "x.db"], codes=(1,),
             contains=f"cannot listen on 127.0.0.1:{busy}: the port is in use",
             category="serve"),
        Case("serve-db-not-sqlite", ["serve", "--port", "0", "--db", "t.db"], dict(text),
             codes=(2,), contains="t.db': is not a SQLite database", category="serve"),
        Case("serve-db-device", ["serve", "--port", "0", "--db", "/dev/null"], codes=(2,),
             contains="--db '/dev/null': is a device", category="serve"),
        Case("serve-db-under-a-file", ["serve", "--port", "0", "--db", "file/x.db"],
             dict(text), codes=(2,), contains="file/x.db': cannot use it", category="serve"),
        Case("serve-db-folder", ["serve", "--port", "0", "--db", "."], codes=(2,),
             contains="--db", category="serve"),
        Case("serve-bad-host", ["serve", "--host", "no-such-host.invalid", "--port", "0",
                                "--db", "x.db"], codes=(2,),
             contains="--host 'no-such-host.invalid': not an address", category="serve"),
    ]


def test_serve_checks_the_port_and_the_store_before_creating_anything(tmp_path: Path
                                                                       ) -> None:
    with socket.socket() as taken:
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        _check(_serve_cases(taken.getsockname()[1]), tmp_path)


def test_the_default_store_is_checked_too(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the store's folder would be")
    env = {**_env(), "XDG_DATA_HOME": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-m", "tracer", "serve", "--port", "0"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
                          check=False, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"gametrace: error: --db '{tmp_path}/data/gametrace/"
                                        "traces.db': cannot use it: Not a directory"]
