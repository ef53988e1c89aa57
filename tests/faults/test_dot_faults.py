"""Graphviz input that cannot be hijacked, through the real CLI (docs/rendering.md, "What
reaches Graphviz").

Traces whose node ids, move names or positions are Graphviz syntax, ports, backslashes,
NULs, very long texts or HTML-like markup, drawn by ``gametrace render`` (and ``run
--render`` with a game of one's own) into SVG, DOT, PNG, TikZ, a strip and frames, and a
payoff matrix's names through ``gametrace matrix``.  Every case either
draws (exit 0, and the file written holds no attribute the data put there: no image,
no link, no extra node, no port) or ends with one line (exit 1), by the fault
harness's promise (tests/faults/harness.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygraphviz
from harness import Case, Outcome, problems, run_cases

from tests.core.hostiletrace import hostile_trace

FORBIDDEN = {"image", "imagepath", "shapefile", "fontpath", "url", "href", "tailurl",
             "headurl", "labelurl", "edgeurl", "target"}



def _trace(node: str = "X", move: str = "m0", label: str = "pos0") -> bytes:
    return json.dumps(hostile_trace(node, move, label)).encode()


_GAME = b'''
from tracer.games.base import Capabilities, Player

TEXT = %r


class Named:
    """Two moves; the nodes are named, moved and described by TEXT."""

    capabilities = Capabilities(named_nodes=True)
    name = "hostile"

    def initial_state(self): return ()
    def to_move(self, s): return Player.MAX if not s else Player.MIN
    def actions(self, s): return [] if s else [0, 1]
    def result(self, s, a): return (*s, a)
    def is_terminal(self, s): return len(s) == 1
    def utility(self, s): return s[0]
    def move_name(self, s, a): return f"m{a}"
    def node_id(self, s): return "root" if not s else TEXT + str(s[0])
    def describe(self, s): return "".join(map(str, s))


class Moves(Named):
    capabilities = Capabilities()
    def move_name(self, s, a): return TEXT + str(a)


class Labels(Named):
    capabilities = Capabilities()
    def describe(self, s): return TEXT + "".join(map(str, s))
'''

IMAGE_ID = '<a> image="/etc/passwd" URL="javascript:alert(1)" b=<x>'
STATEMENT_ID = '<q>; q [image="secret.png" label=""]; <r>'
"""Written bare or as an HTML-like string, this id ends its statement and adds node q,
which shows a file of the machine drawing it."""

CLASSES: dict[str, list[tuple[str, str, str]]] = {
    # class -> (node id, move name, position) of each trace
    "injection via id": [(IMAGE_ID, "m0", "pos0"), (STATEMENT_ID, "m0", "pos0"),
                         ("x", STATEMENT_ID, STATEMENT_ID)],
    "ports via ':'": [("a:b", "m0", "pos0"), ("a:b:n", "m:n", "p:q"), ("javascript:x", "m0",
                                                                        "pos0")],
    "backslash": [("a\\", "m0", "pos0"), ("x", "m\\", "\\N\\l"), ("a\\\"b", "\\\"",
                                                                   "end\\")],
    "NUL and control characters": [("a\x00b", "m0", "pos0"), ("x", "m\x00", "p\x00q"),
                                   ("\x1b[31m", "\x07", "a\x0cb\x7f")],
    "very long label": [("L" * 17_000, "m0", "pos0"), ("x", "M" * 17_000, "pos0"),
                        ("x", "m0", "P" * 17_000)],
    "HTML-like label": [("<B>x</B>", "m0", "pos0"), ("x", "<I>m</I>", "<TABLE>"),
                        ("x", '<<IMG SRC="/etc/passwd"/>>', '<IMG SRC="/etc/passwd"/>')],
}
FORMATS = ("svg", "dot", "png", "tex")


def _cases() -> list[Case]:
    out = []
    for c, (category, traces) in enumerate(CLASSES.items()):
        for k, (node, move, label) in enumerate(traces):
            fmt = FORMATS[(c + k) % len(FORMATS)]
            written = (f"out.{fmt}", "out-preamble.tex") if fmt == "tex" else (f"out.{fmt}",)
            out.append(Case(f"dot-{category}-{k}-{fmt}", ["render", "t.json", "-o", f"out.{fmt}"],
                            {"t.json": _trace(node, move, label)}, codes=(0, 1),
                            may_write=written, category=category))
            if k < 2:  # a strip of panels and the frames go through the writer too
                extra, made = (["--strip", "out.svg"], "out.svg") if k == 0 else \
                    (["--frames", "frames"], "frames")
                out.append(Case(f"dot-{category}-{k}-{extra[0][2:]}",
                                ["render", "t.json", *extra],
                                {"t.json": _trace(node, move, label)}, codes=(0, 1),
                                may_write=(made,), category=category))
            if fmt != "dot":  # the DOT of every trace is read back too
                out.append(Case(f"dot-{category}-{k}-dot", ["render", "t.json", "-o", "out.dot"],
                                {"t.json": _trace(node, move, label)}, codes=(0, 1),
                                may_write=("out.dot",), category=category))
    for category, text in [("injection via id", STATEMENT_ID), ("ports via ':'", "a:b"),
                           ("backslash", "a\\"), ("NUL and control characters", "a\x00b"),
                           ("very long label", "L" * 17_000),
                           ("HTML-like label", "<B>x</B>")]:
        game = _GAME.replace(b"%r", ascii(text).encode())
        for cls in ("Named", "Moves", "Labels"):
            out.append(Case(f"dot-game-{category}-{cls}",
                            ["run", f"g.py:{cls}", "-a", "minimax", "-q", "--render", "out.svg"],
                            {"g.py": game}, codes=(0, 1),
                            may_write=("out.svg", "__pycache__"), category=category))
    payoff = json.loads(_PAYOFF)
    for k, change in enumerate([{"name": "a\x00b"}, {"rows": ["N" * 17_000, "x\\"]},
                                {"rows": ['<IMG SRC="/etc/passwd"/>', "<B>"],
                                 "players": ["a:b", 'q"]; r [image="x.png"]; "']}]):
        for fmt in ("png", "dot"):
            out.append(Case(f"dot-matrix-{k}-{fmt}", ["matrix", "m.json", "-o", f"out.{fmt}"],
                            {"m.json": json.dumps({**payoff, **change}).encode()},
                            codes=(0, 1), may_write=(f"out.{fmt}",),
                            category="other writers: payoff matrix"))
    return out


_PAYOFF = """{"name": "dilemma", "players": ["A", "B"], "rows": ["C", "NC"],
 "columns": ["C", "NC"], "payoffs": [[[2, 2], [0, 7]], [[7, 0], [1, 1]]],
 "prefer": "lower"}"""


def _written_problems(folder: Path) -> list[str]:
    """What the data put into a drawing that the writer did not."""
    found = []
    for svg in [*folder.glob("*.svg"), *folder.glob("frames/*.svg")]:
        text = svg.read_text(encoding="utf-8")
        if "<image" in text or re.search(r"href\s*=", text):
            found.append(f"{svg.name} shows an image or a link")
    player = folder / "frames" / "player.html"
    if player.exists() and "<image" in player.read_text(encoding="utf-8"):
        found.append("the player shows an image")
    dot = folder / "out.dot"
    if dot.exists():
        try:
            g = pygraphviz.AGraph(string=dot.read_text(encoding="utf-8"))
        except (pygraphviz.DotError, ValueError):
            return [*found, "the DOT written is not DOT Graphviz reads"]
        names = {str(n) for n in g.nodes()}
        if "q" in names or "r" in names:
            found.append(f"the DOT has nodes the data added: {sorted(names)[:5]}")
        for item in [*g.nodes(), *g.edges()]:
            bad = {k for k, v in item.attr.to_dict().items() if v and k.lower() in FORBIDDEN}
            if bad:
                found.append(f"{item} has {sorted(bad)}")
        for edge in g.edges():
            ports = (edge.attr.get("tailport") or "s", edge.attr.get("headport") or "n")
            if ports != ("s", "n"):
                found.append(f"the edge {edge} has ports {ports}")
        if len(names) < 3 and names != {"matrix"}:
            found.append(f"the DOT lost nodes: {sorted(names)}")
    png = folder / "out.png"
    if png.exists() and not png.read_bytes().startswith(b"\x89PNG"):
        found.append("out.png is not a PNG")
    tex = folder / "out.tex"
    if tex.exists():
        for line in tex.read_text(encoding="utf-8").splitlines():
            if re.search(r"\\(input|include|write|openout|immediate)\b", line) \
                    and not line.lstrip().startswith("%"):
                found.append(f"the TikZ runs a command of the data: {line[:80]!r}")
    return found


def test_hostile_ids_labels_and_moves_draw_safely_or_fail_in_one_line(tmp_path: Path) -> None:
    cases = _cases()
    outcomes = run_cases(cases, tmp_path)
    report = []
    per_class: dict[str, int] = {}
    for i, (case, outcome) in enumerate(zip(cases, outcomes, strict=True)):
        per_class[case.category] = per_class.get(case.category, 0) + 1
        found = problems(case, outcome)
        if outcome.code == 0:
            found += _written_problems(tmp_path / f"{i:04d}")
        if found:
            report.append(f"{case.name}: {'; '.join(found)}\n    stderr: "
                          f"{outcome.stderr.strip()[:300]!r}")
    assert not report, "\n" + "\n".join(report)
    assert all(n >= 3 for n in per_class.values()) and len(per_class) == len(CLASSES) + 1


def test_the_judge_sees_an_injected_image_and_port(tmp_path: Path) -> None:
    """The checks above catch what the old DOT writer let through."""
    (tmp_path / "out.svg").write_text('<svg><image xlink:href="/etc/passwd"/></svg>')
    (tmp_path / "out.dot").write_text(
        'digraph { R -> a:b; q [image="secret.png"]; R -> X }')
    found = _written_problems(tmp_path)
    assert any("out.svg shows an image or a link" in f for f in found)
    assert any("nodes the data added" in f for f in found)
    assert any("image" in f and "has" in f for f in found)
    assert any("ports" in f for f in found)
    assert problems(Case("x", [], codes=(0, 1)),
                    Outcome(1, "", "gametrace: error: x\n", [])) == []
