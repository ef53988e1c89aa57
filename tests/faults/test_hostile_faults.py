"""A hostile student's second pass over the CLI, run by the fault harness: a value that
an error line quotes (a megabyte-long key of a tree, a name with line breaks or
terminal escapes in it) still gives exactly one line, short enough to read, on stderr."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from harness import Case, problems, run_cases

from tracer.errors import MESSAGE_CHARS

ROOT = Path(__file__).resolve().parents[2]
LONG = 1_000_000


def _tree(tree: object) -> bytes:
    return json.dumps({"tree": tree}).encode()


def quoted_values() -> list[Case]:
    files = {
        "key.json": _tree({"k" * LONG: 1}),
        "player.json": _tree({"player": "p" * LONG, "children": [1, 2]}),
        "breaks.json": _tree({"player": "MAX\r\u2028\x1b[2Jfake line", "children": [1, 2]}),
        "keybreaks.json": _tree({"a\rb\u2028c\x85d": 1}),
    }
    cases = []
    for name in files:
        for command in ("run", "validate"):
            cases.append(Case(f"quoted-{command}-{name}", [command, name], dict(files),
                              codes=(1, 2), category="quoted-values"))
    cases.append(Case("quoted-example-breaks", ["run", "a\rb\u2028c"], codes=(1, 2),
                      category="quoted-values"))
    return cases


def test_an_error_quoting_a_hostile_value_is_one_short_line(tmp_path: Path) -> None:
    cases = quoted_values()
    outcomes = run_cases(cases, tmp_path)
    found = {c.name: problems(c, o) for c, o in zip(cases, outcomes, strict=True)}
    assert {k: v for k, v in found.items() if v} == {}
    lengths = {c.name: len(o.stderr) for c, o in zip(cases, outcomes, strict=True)}
    assert max(lengths.values()) < MESSAGE_CHARS + 200, lengths
    for case, outcome in zip(cases, outcomes, strict=True):
        line = outcome.stderr.rstrip("\n")
        assert line.isprintable(), (case.name, line[:200])


def _wide_stream(children: int) -> list[dict[str, object]]:
    """A minimax trace of one MAX node over ``children`` leaves (valid, well-formed)."""
    kids = [f"n{i}" for i in range(children)]
    lines: list[dict[str, object]] = [
        {"type": "header", "format": "gametree-trace", "version": 1,
         "algorithm": "minimax", "variant": "plain", "root": "r",
         "options": {"order": "natural", "seed": None, "depth": None, "cut_on": "ge",
                     "root_player": "max"},
         "source": {"kind": "game", "name": "student"}},
        {"seq": 1, "type": "expand", "node": "r", "parent": None, "depth": 0,
         "player": "max", "children": kids, "value": "-inf"}]
    for i, kid in enumerate(kids):
        lines.append({"seq": 2 + 2 * i, "type": "evaluate", "node": kid, "parent": "r",
                      "depth": 1, "player": "min", "value": i, "reason": "terminal"})
        lines.append({"seq": 3 + 2 * i, "type": "backup", "node": "r", "child": kid,
                      "child_value": i, "value": i, "best": kid})
    lines.append({"type": "result", "value": children - 1, "move": kids[-1],
                  "pv": ["r", kids[-1]], "complete": True,
                  "stats": {"nodes_expanded": 1, "leaves_evaluated": children,
                            "nodes_visited": children + 1, "cuts": 0,
                            "children_pruned": 0, "max_depth": 1}})
    return lines


def test_validating_a_trace_checks_each_event_against_its_own_definition_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # jsonschema tried all thirteen event definitions on every event and built an error
    # for each that failed: a 100,000-event trace took two minutes to validate
    import jsonschema.exceptions

    from tracer._api import validate_file

    built = []
    real = jsonschema.exceptions._Error.__init__

    def counting(self: Any, *args: Any, **kwargs: Any) -> None:
        built.append(1)
        real(self, *args, **kwargs)

    lines = _wide_stream(200)
    stream = tmp_path / "wide.jsonl"
    stream.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    document = tmp_path / "wide.json"
    document.write_text(json.dumps({"format": "gametree-trace", "version": 1,
                                    "header": {k: v for k, v in lines[0].items()
                                               if k not in ("type", "format", "version")},
                                    "events": lines[1:-1],
                                    "result": {k: v for k, v in lines[-1].items()
                                               if k != "type"}}), encoding="utf-8")
    monkeypatch.setattr(jsonschema.exceptions._Error, "__init__", counting)
    assert validate_file(stream) == "trace stream"
    assert validate_file(document) == "trace"
    # 802 events in the two files: an error or three each from the small oneOfs of
    # their fields (a number or "+inf"), no longer the 13 failed event definitions
    # (18,035 errors)
    assert len(built) < 3_000


def test_an_invalid_event_is_still_named_by_the_schema_as_written(tmp_path: Path) -> None:
    lines = _wide_stream(3)
    lines[3]["value"] = "3"  # a string where a number is expected: the same line as before
    stream = tmp_path / "bad.jsonl"
    stream.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    cases = [Case("bad-event-value", ["validate", "bad.jsonl"],
                  {"bad.jsonl": stream.read_bytes()}, codes=(1,),
                  contains="line 4: $: expected one step of the search")]
    outcomes = run_cases(cases, tmp_path / "run")
    assert problems(cases[0], outcomes[0]) == []


def test_diff_of_wide_traces_builds_each_set_of_names_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the names only one trace evaluated were found by building the other's set once
    # per name: two 100,000-leaf traces took over two minutes to diff
    import builtins

    import tracer.analysis.check.diff as diff
    from tracer._api import diff_files

    built = []

    def counting(*args: Any) -> set[Any]:
        made: set[Any] = builtins.set(*args)
        if len(made) >= 1_000:  # a set of the names, not of an event's few fields
            built.append(1)
        return made

    a, b = _wide_stream(2_000), _wide_stream(2_000)
    b[3]["value"] = 99  # they part at the first leaf
    for name, lines in (("a.jsonl", a), ("b.jsonl", b)):
        (tmp_path / name).write_text("".join(json.dumps(x) + "\n" for x in lines),
                                     encoding="utf-8")
    monkeypatch.setattr(diff, "set", counting, raising=False)
    report = diff_files(tmp_path / "a.jsonl", tmp_path / "b.jsonl")
    assert report is not None
    assert len(built) < 10  # was one per name evaluated: 4,000


GAME = b'''
from tracer.games.base import Capabilities, Player


class Mine(BaseException):
    pass


class Base:
    capabilities = Capabilities()
    name = "base"

    def initial_state(self):
        return ()

    def to_move(self, state):
        return Player.MAX if len(state) % 2 == 0 else Player.MIN

    def actions(self, state):
        return [] if len(state) == 2 else [0, 1]

    def result(self, state, action):
        return (*state, action)

    def is_terminal(self, state):
        return len(state) == 2

    def utility(self, state):
        return state[0] - state[1]

    def move_name(self, state, action):
        return str(action)

    def describe(self, state):
        return str(state)


class Closing(Base):
    def actions(self, state):
        raise GeneratorExit("closed")


class Own(Base):
    def utility(self, state):
        raise Mine("boom")


class OwnFirst(Base):
    def to_move(self, state):
        raise Mine("first")


class OwnInit(Base):
    def __init__(self):
        raise Mine("init")
'''


def base_exceptions() -> list[Case]:
    """A game raising a BaseException that is neither an interrupt nor an exit: it went
    past the guard as a 57- to 75-line traceback."""
    files = {"g.py": GAME, "imp.py": b"class Mine(BaseException):\n    pass\n"
                                      b"raise Mine('at import')\n"}
    cases = [Case(f"base-exception-{name}", ["run", f"g.py:{name}", "-a", "minimax"],
                  dict(files), codes=(1,), contains=said, category="base-exceptions")
             for name, said in (("Closing", "Closing.actions() at position () raised "
                                            "GeneratorExit: closed"),
                                ("Own", "raised Mine: boom"),
                                ("OwnFirst", "failed: Mine: first"),
                                ("OwnInit", "OwnInit(...) failed: Mine: init"))]
    cases.append(Case("base-exception-import", ["run", "imp.py:G"], dict(files), codes=(1,),
                      contains="importing the file failed: Mine: at import",
                      category="base-exceptions"))
    return cases


def test_a_game_raising_a_base_exception_gives_one_line(tmp_path: Path) -> None:
    cases = base_exceptions()
    outcomes = run_cases(cases, tmp_path)
    found = {c.name: problems(c, o) for c, o in zip(cases, outcomes, strict=True)}
    assert {k: v for k, v in found.items() if v} == {}


def test_a_named_pipe_no_program_reads_is_refused_not_waited_on(tmp_path: Path) -> None:
    # opened plainly, a pipe without a reader held `render -o pipe.svg` for ever
    import os
    import subprocess
    import sys

    from harness import _env

    (tmp_path / "t.json").write_bytes((ROOT / "traces" / "aima.alphabeta.fail-soft.json")
                                      .read_bytes())
    for name in ("pipe.svg", "pipe.json", "pipe.jsonl"):
        os.mkfifo(tmp_path / name)
    for args in (["render", "t.json", "-o", "pipe.svg"],
                 ["run", "aima", "-o", "pipe.json"],
                 ["run", "aima", "-o", "pipe.jsonl", "-q"]):
        done = subprocess.run([sys.executable, "-m", "tracer", *args], cwd=tmp_path,
                              env=_env(), capture_output=True, text=True, timeout=60,
                              check=False)
        lines = done.stderr.splitlines()
        assert done.returncode == 1, (args, done.stderr)
        assert len(lines) == 1 and "no program is reading this pipe" in lines[0], lines


def empty_folder() -> list[Case]:
    """An output folder given as '' (an unset variable in a script): exercise wrote its
    files into the current folder, where every other output refuses an empty path."""
    return [Case(f"exercise-folder-{label}", ["exercise", "-b", "2", "-d", "2", "-o", arg],
                 {"t.json": b"{}"}, codes=(2,), contains=said, category="empty-folder")
            for label, arg, said in (("empty", "", "-o: the path is empty"),
                                     ("dash", "-", "a folder of files, not one stream"),
                                     ("file", "t.json", "is a file"))]


def test_an_empty_output_folder_is_refused(tmp_path: Path) -> None:
    cases = empty_folder()
    outcomes = run_cases(cases, tmp_path)
    found = {c.name: problems(c, o) for c, o in zip(cases, outcomes, strict=True)}
    assert {k: v for k, v in found.items() if v} == {}
