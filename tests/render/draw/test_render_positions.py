"""Positions of generated games drawn under their nodes: boards, piles; tall boards only
along the principal variation; always in the tooltip."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tracer.render._entry import trace_dot
from tracer.render.draw.dot import elements
from tracer.render.draw.geometry import GAP
from tracer.render.draw.notes import note_name, note_size
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing

ROOT = Path(__file__).resolve().parents[3]
TRACES = ROOT / "traces"
STAGE2 = TRACES / "tictactoe-stage2.minimax.json"
OTHELLO = TRACES / "othello.alphabeta.depth3.json"


def node_line(dot: str, name: str) -> str:
    """The whole statement of one node (attribute values may span lines)."""
    quoted = f'"{name}"'  # every node name is quoted (tracer.render.draw.dotquote)
    start = dot.index(f"\t{quoted} [")
    end = dot.index("]\n", start)
    return dot[start:end + 1]


def test_tictactoe_boards_hang_under_their_nodes() -> None:
    # Stage 2 in the notes: O on an edge, X in the centre; Più's move a1 gives XO. / .X.
    dot = trace_dot(STAGE2)
    # Drawn as a grid of cells (was three lines of 11 pt text).
    assert grid_of(node_line(dot, note_name("root"))) == ".O./.X./..."
    assert grid_of(node_line(dot, note_name("a1"))) == "XO./.X./..."
    # The tree edges leave from under the boards; a heavy invisible edge ties each board.
    assert '\t"gt.note.root" -> "a1" [label=a1' in dot
    assert "\t\"root\" -> \"gt.note.root\" [style=invis weight=100]" in dot
    # The value stays in the node, as big as before.
    assert 'POINT-SIZE="16">1</FONT>' in node_line(dot, "root")


def test_the_whole_position_is_in_the_tooltip() -> None:
    dot = trace_dot(STAGE2)
    assert 'tooltip="root (MAX): value 1\n.O.\n.X.\n..."' in node_line(dot, "root")
    assert 'tooltip="a1/c1: value 2\nXOO\n.X.\n..."' in node_line(dot, "a1/c1")


def grid_of(line: str) -> str:
    """The board in a note's label as ``rows/joined/by/slashes`` (``.`` for an empty
    cell, ``#`` for a filled one)."""
    inner = re.split(r'CELLBORDER="[01]" CELLSPACING="[0-9]+" CELLPADDING="0" COLOR=', line,
                     maxsplit=1)[1]
    rows = re.findall(r"<TR>(.*?)</TR>", inner)
    out = []
    for row in rows:
        cells = re.findall(r"<TD([^>]*)>(.*?)</TD>", row)
        out.append("".join("#" if "BGCOLOR" in a else (re.sub(r"<[^>]+>", "", t) or ".")
                           for a, t in cells))
    return "/".join(out)


def test_boards_are_grids() -> None:
    from tracer.render.draw.notes import board_grid

    assert board_grid("XO.\n.X.\n...") == [["X", "O", ""], ["", "X", ""], ["", "", ""]]
    assert board_grid(" 1  2\n .  4") == [["#1", "#2"], ["", "#4"]]  # Chomp
    assert board_grid("2 1 3") == [["", "", "●"], ["●", "", "●"], ["●", "●", "●"],
                                   ["2", "1", "3"]]  # Nim: sticks over their count
    assert board_grid("0 0") == [["0", "0"]]
    assert board_grid("9 1") == [["9", "1"]]  # too high to count: the numbers
    assert board_grid("(6, 1)") is None  # Grundy's piles stay text


def test_nim_piles_are_columns_of_sticks_to_count() -> None:
    # Filled cells side by side read as one grey block: the sticks are tokens, with
    # each pile's count under it, and no line between the cells.
    line = node_line(trace_dot(TRACES / "matchsticks.minimax.json"), note_name("root"))
    assert grid_of(line) == "●●/●●/22"
    assert 'CELLBORDER="0"' in line and "BGCOLOR" not in line


def test_chomp_squares_carry_their_numbers_and_the_poison_is_filled() -> None:
    # "Teoria dei giochi", Esempio: the 4x4 square numbered 1..16, 13 poisoned.
    dot = trace_dot(TRACES / "chomp4x4.alphabeta.best.json")
    line = node_line(dot, note_name("root"))
    assert grid_of(line) == "1234/5678/9101112/#141516"
    assert line.count('BGCOLOR="#7a7a7a"') == 1  # 13 alone is filled
    assert re.search(r'BGCOLOR="#7a7a7a"><FONT[^>]*COLOR="white"><B>13</B>', line)
    # Taking 10 leaves the L of 1 5 9 13 14 15 16; eaten squares are blank, unframed.
    line = node_line(dot, note_name("10"))
    assert grid_of(line) == "1.../5.../9.../#141516"
    cells = re.findall(r"<TD ([^>]*)>", line.split('CELLPADDING="0" COLOR=')[1])
    assert sum('BORDER="1"' in c for c in cells) == 7


def test_board_cells_are_square_in_the_dot_and_on_a_slide() -> None:
    from tracer.render.draw.presets import preset_options

    for name in ("chomp4x4.alphabeta.best", "othello.alphabeta.depth3",
                 "tictactoe-stage2.minimax"):
        for options in (RenderOptions(), preset_options("slides")):
            dot = Drawing(TRACES / f"{name}.json", options).pinned_dot()
            sides = re.findall(r'<TD WIDTH="([0-9.]+)" HEIGHT="([0-9.]+)" FIXEDSIZE="TRUE"',
                               dot)
            assert sides and all(w == h for w, h in sides), (name, options.scale)


def test_othello_boards_carry_their_files_and_ranks() -> None:
    line = node_line(trace_dot(OTHELLO), note_name("root"))
    heads = re.findall(r'<FONT POINT-SIZE="[0-9]+" COLOR="#7a7a7a">([a-h1-8])</FONT>', line)
    assert heads == [*"abcdefgh", *"12345678"]
    # The start: white d4 e5, black e4 d5 (the first line is rank 1).
    rows = re.findall(r"<TR>(.*?)</TR>", line.split('CELLPADDING="0" COLOR=')[1])
    pieces = [re.findall(r"<B>(.)</B>", row) for row in rows]
    assert pieces[4] == ["○", "●"] and pieces[5] == ["●", "○"]


@pytest.mark.parametrize(("name", "board"), [
    ("grundy-7-min.andor.dfs", "(6,&#160;1)"),     # Grundy's game: Meno splits 7 into 6 + 1
    ("gameof5.alphabeta", "said&#160;3"),
])
def test_piles_and_numbers_are_drawn_too(name: str, board: str) -> None:
    assert board in trace_dot(TRACES / f"{name}.json")


def test_switched_off_the_drawing_is_the_plain_tree() -> None:
    dot = trace_dot(STAGE2, RenderOptions(positions=False))
    assert "gt.note." not in dot and "\t\"root\" -> \"a1\" [label=a1" in dot
    # Still in the tooltip.
    assert "\n.O.\n.X.\n..." in node_line(dot, "root")


def test_trees_without_positions_are_unchanged() -> None:
    assert "gt.note." not in trace_dot(TRACES / "aima.alphabeta.fail-soft.json")


def test_large_drawings_leave_positions_out_unless_asked(tmp_path: Path) -> None:
    from tracer._api import search_source

    path = tmp_path / "ttt.json"
    search_source("tictactoe", algorithm="minimax", depth=2, output=path,
                  params={"board": "....x...."})
    wide = RenderOptions(max_nodes=1000, max_width=100)
    drawing = Drawing(path, wide)
    assert len(drawing.visible.order) == 1 + 8 + 8 * 7
    assert not drawing.notes and "gt.note." not in drawing.dot()
    asked = Drawing(path, RenderOptions(max_nodes=1000, max_width=100, positions=True))
    assert asked.notes and "gt.note." in asked.dot()


def test_tall_boards_only_at_the_root_and_along_the_principal_variation() -> None:
    # Othello: forty 8x8 boards would be noise; the line of play is the story.
    drawing = Drawing(OTHELLO)
    boards = {n.key for n in drawing.view.nodes if n.position}
    assert boards == {"root", "c4", "c4/e3", "c4/e3/f2"} == set(drawing.pv)
    assert all(n.position.count("\n") == 7 for n in drawing.view.nodes if n.position)
    # The other nodes get an empty point, so the levels stay level.
    dot = drawing.dot()
    assert "shape=point" in node_line(dot, note_name("c4/c3"))
    # ... and their positions are still in their tooltips.
    assert node_line(dot, "c4/c3").count("........") >= 4


def test_pinned_boards_sit_right_under_their_node() -> None:
    drawing = Drawing(STAGE2)
    nodes, edges = elements(drawing.view, drawing.theme, pinned=drawing.pinned)
    pos = {name: tuple(float(v) for v in attrs["pos"].split(",")) for name, attrs in nodes}
    spline = {ends: attrs["pos"].split() for ends, attrs in edges}
    by_key = {n.key: n for n in drawing.view.nodes}
    for key in ("root", "a1", "a1/c1"):
        x, y = pos[note_name(key)]
        height = note_size(by_key[key])[1]
        bottom_x, bottom_y = (float(v) for v in spline[(key, note_name(key))][0].split(","))
        assert x == bottom_x and y + height / 2 + GAP == pytest.approx(bottom_y, abs=0.02)
    # The edges into a1's children start at the bottom of a1's board.
    x, y = pos[note_name("a1")]
    sx, sy = (float(v) for v in spline[(note_name("a1"), "a1/c1")][0].split(","))
    assert sx == x and sy == pytest.approx(y - note_size(by_key["a1"])[1] / 2, abs=0.02)
