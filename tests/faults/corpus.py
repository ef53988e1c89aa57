"""The fault corpus: generated bad inputs (hypothesis strategies) and hand-written cases.

``generated(n)`` draws ``n`` examples from each strategy (derandomized, so a run is
repeatable; ``FAULTS_SEED`` picks other examples, ``make fuzz`` draws many more).
``handwritten()`` lists the file-system, option and user-game cases, each with what
its error line must say.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from harness import Case
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

HERE = Path(__file__).parent
GAMES = HERE / "games" / "bad_games.py"
TREE_TEXT = "A(B(3 12 8) C(2 4 6) D(14 5 2))"
TREE_TEXTS = [TREE_TEXT, "A(B(C(1 2) D(3 4)) E(F(5 6) G(7 8)))",
              "A[chance](B[p=0.5](3 4) C[p=0.5](1 9))", "3", "A(1 -2.5 +inf -inf)"]
TREE_JSON: dict[str, Any] = {"tree": {"label": "A", "children": [
    {"label": "B", "children": [{"value": 3}, {"value": 12}, {"value": 8}]},
    {"label": "C", "children": [2, 4, 6]}, {"label": "D", "children": [14, 5, 2]}]},
    "name": "aima"}
SOLUTION: dict[str, Any] = {
    "value": 3, "move": "B", "values": {"B": 3, "C": 2, "D": 2},
    "evaluated": ["E", "F", "G", "H", "L", "M"], "pruned": ["I", "J", "K"],
    "alphabeta": {"B": {"alpha": "-inf", "beta": 3}, "C": {"alpha": 3, "beta": 2}}}

NASTY_NUMBERS = ["1e400", "-1e999", "9" * 5000, "-" + "9" * 400, "nan", "NaN", "inf",
                 "Infinity", "0x10", "1_000", "--3", "+-", ".", "1e", "\u0661\u0662",
                 "1e-400", "00", "-0", "3.", ".5e1"]
NASTY_JSON = ["1e400", "NaN", "Infinity", "-Infinity", '"x"', "[]", "{}", "null", "true",
              "9" * 5000, '"+inf"', '"inf"', '"nan"', "[1, [2]]", '{"value": []}', "-0",
              "1e308", '"\\ud800"', '"<b>&</b>"', "1.5"]
NASTY_CHARS = [*"()[]{},;:=\"'\\\x00\t\n#-+.eE9x ", "\u00e9", "\u221e", "\ufeff"]
BAD_VALUES = ["-1", "0", "nan", "inf", "-inf", "1e400", "9" * 5000, "", "abc", "1.5",
              "0x10", " 3", "-0", "1e9", "99999999999999999999", "2"]


def _draw(strategy: st.SearchStrategy[Any], n: int) -> list[Any]:
    """``n`` examples of ``strategy``; the same ones every run unless FAULTS_SEED is set."""
    seed = os.environ.get("FAULTS_SEED")
    found: list[Any] = []

    @settings(max_examples=n, derandomize=seed is None, database=None,
              phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(x: Any) -> None:
        found.append(x)

    if seed is not None:
        from hypothesis import seed as hypothesis_seed

        collect = hypothesis_seed(int(seed))(collect)
    collect()
    return found[:n]


# ----------------------------------------------------------------- tree notations

@st.composite
def bad_tree_text(draw: st.DrawFn) -> bytes:
    text = draw(st.sampled_from(TREE_TEXTS))
    how = draw(st.sampled_from(["delete", "insert", "number", "encoding", "nest", "truncate"]))
    if how == "delete" and text:
        i = draw(st.integers(0, len(text) - 1))
        text = text[:i] + text[i + 1:]
    elif how == "insert":
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.sampled_from(NASTY_CHARS)) + text[i:]
    elif how == "number":
        text = text.replace("3", draw(st.sampled_from(NASTY_NUMBERS)), 1)
    elif how == "nest":
        depth = draw(st.sampled_from([50, 2000, 20000]))
        text = "(" * depth + ("1" + ")" * depth if draw(st.booleans()) else "")
    elif how == "truncate":
        text = text[: draw(st.integers(0, max(0, len(text) - 1)))]
    if how == "encoding":
        return text.encode(draw(st.sampled_from(["latin-1", "utf-16", "utf-32"]))) + b"\xe9"
    return text.encode("utf-8")


@st.composite
def bad_tree_json(draw: st.DrawFn) -> bytes:
    text = json.dumps(TREE_JSON)
    how = draw(st.sampled_from(["value", "truncate", "key", "encoding", "nest", "top"]))
    if how == "value":
        spots = [i for i in range(len(text)) if text[i].isdigit() and not text[i - 1].isdigit()]
        i = draw(st.sampled_from(spots))
        j = i
        while text[j].isdigit():
            j += 1
        text = text[:i] + draw(st.sampled_from(NASTY_JSON)) + text[j:]
    elif how == "truncate":
        text = text[: draw(st.integers(0, len(text) - 1))]
    elif how == "key":
        text = text.replace('"label"', draw(st.sampled_from(['"labe1"', '"label", "label"',
                                                             '"children"', '"value"'])), 1)
    elif how == "nest":
        depth = draw(st.sampled_from([100, 5000, 100_000]))
        text = '{"children":[' * depth + "1" + "]}" * depth
    elif how == "top":
        text = draw(st.sampled_from(["", "1", '"tree"', "[]", "null", "[[]]", "{}", "[1,[]]",
                                     '{"tree": null}', '{"tree": 1, "tree": 2}']))
    if how == "encoding":
        return text.replace("aima", "a\u00efma").encode("latin-1")
    return text.encode("utf-8")


def tree_cases(n: int) -> list[Case]:
    out: list[Case] = []
    commands = [["validate", "{f}"], ["run", "{f}", "-q"], ["run", "{f}", "-a", "minimax",
                                                               "-o", "out.json"],
                ["compare", "{f}", "--orders", "natural,reverse"]]
    for k, data in enumerate(_draw(bad_tree_text(), n)):
        args = [a.format(f="t.tree") for a in commands[k % len(commands)]]
        out.append(Case(f"tree-text-{k}", args, {"t.tree": data}, codes=(0, 1, 2),
                        may_write=("out.json",), category="tree notations"))
    for k, data in enumerate(_draw(bad_tree_json(), n)):
        args = [a.format(f="t.json") for a in commands[k % len(commands)]]
        out.append(Case(f"tree-json-{k}", args, {"t.json": data}, codes=(0, 1, 2),
                        may_write=("out.json",), category="tree notations"))
    return out


# ----------------------------------------------------------------- traces

def _base_trace(jsonl: bool) -> list[str]:
    from tracer._api import search_tree
    from tracer.record import MemoryRecorder
    from tracer.trace import write_trace
    from tracer.trees import parse_tree_json

    rec = MemoryRecorder()
    search_tree(parse_tree_json(TREE_JSON, file="<corpus>"), recorder=rec)
    import io

    buffer = io.StringIO()
    write_trace(buffer, rec.trace.header, rec.trace.events, rec.trace.result, jsonl=jsonl)
    return buffer.getvalue().splitlines()


@st.composite
def bad_trace(draw: st.DrawFn, lines: list[str]) -> bytes:
    lines = list(lines)
    how = draw(st.sampled_from(["drop", "swap", "field", "scalar", "latin", "truncate",
                                "format", "dup"]))
    i = draw(st.integers(0, len(lines) - 1))
    if how == "drop":
        del lines[i]
    elif how == "swap":
        j = draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif how == "field":
        key = draw(st.sampled_from(["value", "node", "parent", "seq", "alpha", "beta",
                                    "depth", "type", "children", "player"]))
        nasty = draw(st.sampled_from(NASTY_JSON))
        lines[i] = lines[i].replace(f'"{key}":', f'"{key}":{nasty},"_{key}":', 1)
    elif how == "scalar":
        lines.insert(i, draw(st.sampled_from(["1", '"x"', "null", "[]", "true", "1e400"])))
    elif how == "latin":  # one e-acute written in Latin-1, the rest is ASCII
        lines[i] = lines[i].replace('"', '"\u00e9', 1)
        return "\n".join(lines).encode("latin-1", errors="replace") + b"\n"
    elif how == "truncate":
        text = "\n".join(lines)
        return text[: draw(st.integers(0, len(text) - 1))].encode()
    elif how == "format":
        lines[0] = lines[0].replace('"version":1', draw(st.sampled_from(
            ['"version":2', '"version":"1"', '"version":null'])))
    elif how == "dup":
        lines.insert(i, lines[i])
    return ("\n".join(lines) + "\n").encode()


def trace_cases(n: int) -> list[Case]:
    out: list[Case] = []
    for jsonl in (False, True):
        base = _base_trace(jsonl)
        name = "t.jsonl" if jsonl else "t.json"
        good = ("\n".join(base) + "\n").encode()
        commands = [["validate", name], ["render", name, "-o", "out.svg"],
                    ["diff", name, "good" + name[1:]], ["render", name, "-o", "-"]]
        for k, data in enumerate(_draw(bad_trace(base), n)):
            args = commands[k % len(commands)]
            # diff exits 1 when the traces differ, its report on stdout: a verdict.
            out.append(Case(f"trace-{name}-{k}", args, {name: data, "good" + name[1:]: good},
                            codes=(0, 1, 2), may_write=("out.svg",), verdict=args[0] == "diff",
                            category="traces"))
    return out


# ----------------------------------------------------------------- solutions

@st.composite
def bad_solution(draw: st.DrawFn) -> bytes:
    text = json.dumps(SOLUTION)
    how = draw(st.sampled_from(["value", "key", "truncate", "top"]))
    if how == "value":
        key = draw(st.sampled_from(list(SOLUTION)))
        obj = dict(SOLUTION)
        obj[key] = "@@"
        text = json.dumps(obj).replace('"@@"', draw(st.sampled_from(NASTY_JSON)))
    elif how == "key":
        text = text.replace('"values"', draw(st.sampled_from(['"valuez"', '"value"',
                                                              '"evaluated"'])), 1)
    elif how == "truncate":
        text = text[: draw(st.integers(0, len(text) - 1))]
    else:
        text = draw(st.sampled_from(["[]", "1", "{}", '{"value": null}', '"x"']))
    return text.encode()


def solution_cases(n: int) -> list[Case]:
    out = []
    for k, data in enumerate(_draw(bad_solution(), n)):
        args = (["validate", "s.json", "--kind", "solution"] if k % 2 else
                ["check", "aima", "s.json", "--json"])
        # check exits 1 for a wrong answer, its verdict on stdout and nothing on stderr.
        out.append(Case(f"solution-{k}", args, {"s.json": data}, codes=(0, 1, 2),
                        verdict=args[0] == "check", category="solutions"))
    return out


# ----------------------------------------------------------------- options

OPTION_SLOTS = [
    ["run", "aima", "--depth", "{v}"], ["run", "aima", "--max-nodes", "{v}"],
    ["run", "aima", "--time-limit", "{v}"], ["run", "aima", "--order", "random", "--seed", "{v}"],
    ["run", "aima", "--max-ply", "{v}"], ["run", "coin", "-a", "expectiminimax", "--variant",
                                          "star1", "--bounds", "{v}", "7"],
    ["run", "tictactoe", "-p", "board={v}"], ["run", "grundy", "-p", "coins={v}"],
    ["render", "t.json", "-o", "out.svg", "--dpi", "{v}"],
    ["render", "t.json", "-o", "out.svg", "--max-nodes", "{v}"],
    ["render", "t.json", "-o", "out.svg", "--depth", "{v}"],
    ["render", "t.json", "-o", "out.svg", "--max-width", "{v}"],
    ["render", "t.json", "--frames", "fr", "--max-frames", "{v}"],
    ["compare", "aima", "--orders", "random:{v}"], ["compare", "aima", "--depth", "{v}"],
    ["exercise", "-b", "{v}", "-o", "ex"], ["exercise", "-d", "{v}", "-o", "ex"],
    ["exercise", "--cuts", "{v}", "-o", "ex"], ["exercise", "--values", "{v}", "-o", "ex"],
    ["astar", "jugs", "--max-nodes", "{v}"], ["astar", "jugs", "--limit", "{v}"],
    ["astar", "jugs", "-p", "goal={v}"], ["astar", "puzzle8", "-p", "scramble={v}"],
]


def option_cases(n: int) -> list[Case]:
    trace = ("\n".join(_base_trace(False)) + "\n").encode()
    pairs = _draw(st.tuples(st.sampled_from(OPTION_SLOTS), st.sampled_from(BAD_VALUES)), n)
    return [Case(f"option-{k}", [a.replace("{v}", v) for a in slot], {"t.json": trace},
                 codes=(0, 1, 2), may_write=("out.svg", "fr", "ex"), category="options")
            for k, (slot, v) in enumerate(pairs)]


def generated(n: int) -> list[Case]:
    """``n`` examples of every generated family."""
    return [*tree_cases(n), *trace_cases(n), *solution_cases(n), *option_cases(2 * n)]


# ----------------------------------------------------------------- hand-written

AIMA = TREE_TEXT.encode()


def _outputs() -> list[Case]:
    """Every output option refuses a bad path before any work, the same way."""
    commands: list[tuple[str, list[str], str, dict[str, bytes]]] = [
        ("run", ["run", "aima", "-o"], ".json", {}),
        ("run-render", ["run", "aima", "--render"], ".svg", {}),
        ("astar", ["astar", "jugs", "-o"], ".json", {}),
        ("astar-render", ["astar", "jugs", "--render"], ".svg", {}),
        ("compare", ["compare", "aima", "-o"], ".csv", {}),
        ("compare-plot", ["compare", "aima", "--plot"], ".svg", {}),
        ("matrix", ["matrix", "prisoners-dilemma", "-o"], ".svg", {}),
        ("render", ["render", "t.json", "-o"], ".svg", {}),
        ("check", ["check", "aima", "s.json", "--render"], ".svg", {}),
    ]
    trace = ("\n".join(_base_trace(False)) + "\n").encode()
    common = {"t.json": trace, "s.json": json.dumps(SOLUTION).encode(), "adir/keep": b"x"}
    out: list[Case] = []
    for name, args, ext, _ in commands:
        for what, path, says in [
            ("missing-folder", f"nowhere/x{ext}", "does not exist"),
            ("folder", "adir", ""),
            ("empty", "", "empty"),
            ("extension", "x.txt" if ext != ".csv" else "x.pdf", "extension"),
            ("no-extension", "x", "extension"),
            ("device", "/dev/full", "extension"),
        ]:
            out.append(Case(f"out-{name}-{what}", [*args, path], dict(common), codes=(2,),
                            contains=says, category="file system"))
    out.append(Case("out-frames-file", ["render", "t.json", "--frames", "t.json"],
                    dict(common), codes=(2,), contains="not a folder", category="file system"))
    out.append(Case("out-frames-missing", ["render", "t.json", "--frames", "no/where"],
                    dict(common), codes=(2,), contains="does not exist",
                    category="file system"))
    out.append(Case("out-frames-empty", ["render", "t.json", "--frames", ""],
                    dict(common), codes=(2,), contains="empty", category="file system"))
    out.append(Case("out-exercise-file", ["exercise", "-o", "t.json"], dict(common),
                    codes=(2,), category="file system"))
    out.append(Case("out-two-stdout", ["run", "aima", "-o", "-", "--render", "-"],
                    dict(common), codes=(2,), contains="standard output",
                    category="file system"))
    out.append(Case("out-compare-two-stdout", ["compare", "aima", "--plot", "-"],
                    dict(common), codes=(2,), contains="standard output",
                    category="file system"))
    for args in (["run", "aima", "-o", "-", "--json"], ["astar", "jugs", "--render", "-",
                                                          "--json"],
                 ["matrix", "prisoners-dilemma", "-o", "-", "--json"],
                 ["check", "aima", "s.json", "--render", "-", "--json"]):
        out.append(Case(f"out-{args[0]}-json-and-stdout", args, dict(common), codes=(2,),
                        contains="--json", category="file system"))
    return out


def _inputs() -> list[Case]:
    """A missing input exits 2 in every command; bad bytes name the line and column."""
    trace = ("\n".join(_base_trace(True)) + "\n").encode()
    files = {"t.jsonl": trace, "adir/keep": b"x",
             "latin.jsonl": trace.replace(b'"A"', b'"\xe9"', 1),
             "latin.json": b'{"tree": [1, "\xe9"]}',
             "latin.tree": b"A(1 \xe9)",
             "scalar.jsonl": trace.split(b"\n")[0] + b"\n1\n",
             "scalar2.jsonl": b"1\n",
             "surrogate.jsonl": trace.replace(b'"node":"A"', b'"node":"A\\ud800"', 1),
             "surrogate.json": b'{"tree": [1, 2], "name": "\\udc00"}'}
    out = []
    for args in (["validate", "nope.json"], ["run", "nope.json"], ["render", "nope.json", "-o",
                                                                     "x.svg"],
                 ["diff", "nope.json", "t.jsonl"], ["check", "aima", "nope.json"],
                 ["matrix", "nope.json"], ["run", "nope.py:Game"],
                 ["validate", "adir"], ["render", "adir", "-o", "x.svg"],
                 ["run", "adir"]):
        out.append(Case("in-missing-" + "-".join(args[:1] + args[1:2]), args, dict(files),
                        codes=(2,), category="file system"))
    for name in ("latin.jsonl", "latin.json", "latin.tree"):
        for cmd in (["validate", name], ["render", name, "-o", "x.svg"], ["run", name]):
            if cmd[0] == "run" and name.endswith("jsonl"):
                continue
            out.append(Case(f"in-{'-'.join(cmd[:2])}", cmd, dict(files), codes=(1,),
                            contains="UTF-8", category="file system"))
    for cmd in (["validate", "surrogate.jsonl"], ["render", "surrogate.jsonl", "-o", "x.svg"],
                ["validate", "surrogate.json"], ["run", "surrogate.json"]):
        out.append(Case(f"in-{'-'.join(cmd[:2])}", cmd, dict(files), codes=(1,),
                        contains="surrogate", category="file system"))
    for name in ("scalar.jsonl", "scalar2.jsonl"):
        for cmd in (["validate", name], ["render", name, "-o", "x.svg"],
                    ["diff", name, "t.jsonl"]):
            out.append(Case(f"in-{'-'.join(cmd[:2])}", cmd, dict(files), codes=(1,),
                            contains="line", category="file system"))
    return out


def _numbers() -> list[Case]:
    """Bad numbers: one line naming the option (or the place in the file)."""
    trace = ("\n".join(_base_trace(False)) + "\n").encode()
    files = {"t.json": trace,
             "big.tree": b"A(" + b"1" * 5000 + b" 2)", "inf.tree": b"A(1e400 2)",
             "big.json": b'{"tree": [' + b"1" * 5000 + b", 2]}",
             "inf.json": b'{"tree": [1e400, 2]}',
             "chance.tree": b"A[chance](B[p=0.5](" + b"9" * 5000 + b") C[p=0.5](1))",
             "value-list.json": trace.replace(b'"value":3,"reason"', b'"value":[3],"reason"',
                                              1),
             "tree-list.json": trace.replace(b'{"value":3}', b'{"value":[3]}', 1)}
    out = []
    for args, says in [
        (["run", "aima", "--depth", "-1"], "--depth"),
        (["run", "aima", "--time-limit", "0"], "--time-limit"),
        (["run", "aima", "--time-limit", "nan"], "--time-limit"),
        (["run", "aima", "--time-limit", "inf"], "--time-limit"),
        (["run", "aima", "--max-nodes", "0"], "--max-nodes"),
        (["run", "aima", "--max-nodes", "9" * 5000], "--max-nodes"),
        (["exercise", "-b", "0"], "--branching"),
        (["render", "t.json", "-o", "x.png", "--dpi", "100000"], "dpi"),
        (["render", "t.json", "-o", "x.png", "--dpi", "0"], "dpi"),
        (["compare", "aima", "--orders", "random:100000000"], "random"),
        (["compare", "aima", "--orders", "random:" + "9" * 5000], "random"),
        (["run", "big.tree"], "digits"), (["validate", "big.tree"], "digits"),
        (["run", "inf.tree"], "out of range"), (["validate", "inf.tree"], "out of range"),
        (["run", "big.json"], "digits"), (["validate", "big.json"], "digits"),
        (["run", "inf.json"], "out of range"), (["validate", "inf.json"], "out of range"),
        (["run", "chance.tree", "-a", "expectiminimax"], "digits"),
        (["validate", "value-list.json"], "value"),
        (["render", "value-list.json", "-o", "x.svg"], "value"),
        (["validate", "tree-list.json"], "value"),
        (["render", "tree-list.json", "-o", "x.svg"], "value"),
    ]:
        out.append(Case("num-" + "-".join(a[:12] for a in args[:4]), args, dict(files),
                        codes=(1, 2), contains=says, category="numbers"))
    return out


def _games() -> list[Case]:
    """A user's game that misbehaves: one line naming the method and the position."""
    source = GAMES.read_bytes()
    out = []
    for cls, says, extra in [
        ("ActionsRaise", "actions()", []), ("UtilityNaN", "utility()", []),
        ("UtilityStr", "utility()", []), ("UtilityNone", "utility()", []),
        ("UtilityBool", "utility()", []), ("ExitsZero", "sys.exit(0)", []),
        ("ExitsInInit", "SystemExit", []), ("ToMoveRaise", "to_move()", []),
        ("ResultRaise", "result()", []),
        ("LoopsInActions", "--time-limit", ["--time-limit", "0.5"]),
        ("NoSuchClass", "no class", []),
    ]:
        for algo in ("minimax", "alphabeta"):
            out.append(Case(f"game-{cls}-{algo}", ["run", f"g.py:{cls}", "-a", algo, *extra,
                                                   "-o", "out.json"],
                            {"g.py": source}, codes=(1, 2), contains=says,
                            category="user games"))
    return out


def _hangs() -> list[Case]:
    """Inputs that used to run for minutes or for ever: each ends, with a line or a result."""
    deep = 100_000
    return [
        Case("hang-validate-deep-json", ["validate", "deep.json"],
             {"deep.json": b'{"children":[' * deep + b"1" + b"]}" * deep}, codes=(0,),
             category="hangs"),
        Case("hang-validate-deep-tree", ["validate", "deep.tree"],
             {"deep.tree": b"(" * deep + b"1" + b")" * deep}, codes=(0, 1),
             category="hangs"),
        Case("hang-compare-random", ["compare", "aima", "--orders", "random:100000000"],
             codes=(2,), contains="random", category="hangs"),
        Case("hang-loop-time-limit", ["run", "g.py:LoopsInActions", "--time-limit", "0.3"],
             {"g.py": GAMES.read_bytes()}, codes=(1,), contains="--time-limit",
             category="hangs"),
    ]


def handwritten() -> list[Case]:
    return [*_outputs(), *_inputs(), *_numbers(), *_games(), *_hangs()]
