"""Move-ordering techniques: iterative deepening (the diagram shows the last search of
the root, frames say each iteration), transposition hits, reordered children."""

from __future__ import annotations

from pathlib import Path

from tracer.events import (
    Backup,
    Cut,
    Evaluate,
    Event,
    Expand,
    Iteration,
    Reorder,
    Transposition,
)
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Header, Result, Stats, Trace

INF = float("inf")


def two_iterations() -> Trace:
    """Iterative deepening with a table on a small game: depth 1 scores a (3) and b (5),
    so depth 2 searches b first; there b/y is answered by the table (at least 6, found
    at a/x), and a is cut after a/x (2 <= alpha = 4)."""
    events: list[Event] = [
        Expand(1, "r", None, 0, "max", ("a", "b"), -INF, -INF, INF, label="R"),
        Evaluate(2, "a", "r", 1, "min", 3, "depth-limit", label="A"),
        Backup(3, "r", "a", 3, 3, "a", 3, INF),
        Evaluate(4, "b", "r", 1, "min", 5, "depth-limit", label="B"),
        Backup(5, "r", "b", 5, 5, "b", 5, INF),
        Iteration(6, "r", 1, "iteration", 5, "exact", ("r", "b"), 3, -INF, INF),
        Reorder(7, "r", ("b", "a"), ("pv", "")),
        Expand(8, "r", None, 0, "max", ("b", "a"), -INF, -INF, INF, label="R"),
        Expand(9, "b", "r", 1, "min", ("b/x", "b/y"), INF, -INF, INF, label="B"),
        Evaluate(10, "b/x", "b", 2, "max", 4, "depth-limit", label="BX"),
        Backup(11, "b", "b/x", 4, 4, "b/x", -INF, 4),
        Transposition(12, "b/y", "hit", "lower", 6, 0, stored_at="a/x"),
        Backup(13, "b", "b/y", 6, 4, "b/x", -INF, 4),
        Backup(14, "r", "b", 4, 4, "b", 4, INF),
        Expand(15, "a", "r", 1, "min", ("a/x", "a/y"), INF, 4, INF, label="A"),
        Evaluate(16, "a/x", "a", 2, "max", 2, "depth-limit", label="AX"),
        Backup(17, "a", "a/x", 2, 2, "a/x", 4, 2),
        Cut(18, "a", "alpha", "a/x", 4, 2, 2, ("a/y",)),
        Backup(19, "r", "a", 2, 4, "b", 4, INF),
        Transposition(20, "r", "store", "exact", 4, 2, move="b"),
        Iteration(21, "r", 2, "iteration", 4, "exact", ("r", "b", "b/x"), 9, -INF, INF),
    ]
    header = Header("enhanced", "fail-soft", "r",
                    {"depth": 2, "techniques": ["id", "tt"], "root_player": "max"},
                    {"kind": "game", "name": "toy", "params": {}})
    return Trace(header, events, Result(4, "b", ("r", "b", "b/x"), Stats()))


def test_the_diagram_shows_the_last_search_of_the_root() -> None:
    drawing = Drawing(two_iterations())
    nodes = {n.key: n for n in drawing.view.nodes}
    # a and b were scored statically at depth 1; at depth 2 they are MIN nodes.
    assert nodes["a"].shape == nodes["b"].shape == "min"
    assert [n.key for n in drawing.view.nodes] == ["r", "b", "b/x", "b/y", "a", "a/x", "a/y"]
    values = {k: n.value for k, n in nodes.items()}
    assert (values["r"], values["b"], values["a"]) == ("4", "4", "≤ 2")
    assert nodes["a/y"].status == "pruned"
    assert drawing.caption == ("alpha-beta (fail-soft; id, tt): value 4, best move b; "
                               "tree of the last search: iteration 2 (depth 2)")


def test_a_transposition_hit_is_marked_with_where_its_value_came_from() -> None:
    drawing = Drawing(two_iterations())
    hit = next(n for n in drawing.view.nodes if n.key == "b/y")
    assert (hit.tt, hit.status, hit.value, hit.note) == (True, "explored", "≥ 6", ("← a/x",))
    assert "transposition hit: 6 (lower bound) taken from a/x" in hit.tooltip
    assert ("legend.tt", "← X: transposition hit, value taken from X") in drawing.view.legend
    dot = drawing.dot()
    line = next(x for x in dot.split("\n\t") if x.startswith('"b/y" ['))
    assert "diagonals" in line and 'color="#1f6f6f"' in line and ">TT</FONT>" in line
    assert "← a/x" in dot
    assert 'color="#000000"' in next(x for x in Drawing(two_iterations(), RenderOptions(
        theme="print")).dot().split("\n\t") if x.startswith('"b/y" ['))


def test_ascii_writes_the_arrow_in_ascii() -> None:
    hit = next(n for n in Drawing(two_iterations(), RenderOptions(ascii=True)).view.nodes
               if n.key == "b/y")
    assert hit.note == ("<- a/x",) and hit.value == ">= 6"


def test_frames_say_each_iteration_the_reordering_and_the_table() -> None:
    captions = [f.caption for f in Drawing(two_iterations()).frames()]
    assert "Step 6/22: iteration 1 (depth 1): value 5, PV b" in captions
    assert "Step 7/22: r: children reordered, b first (previous iteration's principal " \
           "variation)" in captions
    assert "Step 12/22: b/y: transposition hit, ≥ 6 taken from a/x" in captions
    assert "Step 20/22: r: 4 stored in the table, best move b" in captions
    assert "Step 21/22: iteration 2 (depth 2): value 4, PV b x" in captions
    italian = [f.caption for f in Drawing(two_iterations(), RenderOptions(lang="it")).frames()]
    assert "Passo 21/22: iterazione 2 (profondità 2): valore 4, variante principale b x" \
        in italian


def test_a_new_iteration_starts_from_a_clean_tree() -> None:
    frames = list(Drawing(two_iterations()).frames())
    before, after = frames[6], frames[7]  # the reorder, then the root expanded again
    assert {n.key: n.status for n in before.view.nodes}["a"] == "explored"
    statuses = {n.key: n.status for n in after.view.nodes}
    assert statuses["a"] == statuses["b"] == "unvisited"
    assert {n.key: n.value for n in after.view.nodes}["a"] is None


def test_leaf_steps_count_table_hits_as_leaves() -> None:
    drawing = Drawing(two_iterations(), RenderOptions(step="leaf"))
    current = [[n.key for n in f.view.nodes if n.current] for f in drawing.frames()]
    assert ["b/y"] in current


def test_aspiration_and_mtdf_passes_are_named() -> None:
    from tracer.render.model.captions import pass_caption
    from tracer.render.model.text import words

    w = words()
    ev = Iteration(1, "r", 3, "aspiration", 3, "lower", ("r",), 10, 1, 3)
    assert pass_caption(ev, 3, w) == "depth 3, aspiration window (1, 3): value ≥ 3 (fails high)"
    ev = Iteration(2, "r", 3, "mtdf", 2, "upper", ("r",), 20, 1, 2)
    assert pass_caption(ev, 5, w) == "MTD(f) test 5 (depth 3), window (1, 2): value ≤ 2 " \
                                     "(fails low)"


def test_a_real_search_with_a_table_keeps_its_hits_in_sight(tmp_path: Path) -> None:
    from tracer._api import search_source

    path = tmp_path / "tt.json"
    search_source("tictactoe", algorithm="enhanced", depth=4, techniques="id,tt",
                  params={"board": "x...o...."}, output=path)
    drawing = Drawing(path)
    hits = [n for n in drawing.view.nodes if n.tt]
    assert len(hits) == 15  # every hit of the last iteration, though the tree is collapsed
    assert all(n.note and n.note[0].startswith("← ") for n in hits)
    assert drawing.caption.endswith("tree of the last search: iteration 4 (depth 4)")
    children = [e.head for e in drawing.view.edges if e.tail == "root"]
    assert children[0] == drawing.pv[1]  # the last iteration searched the PV first
    # One size for every frame, though a current hit sits at the left edge and a tucked
    # cut label at the right one.
    frames = Drawing(path, RenderOptions(step="leaf", focus="a2"))
    boxes = {frames.render("svg", f.view).decode().split('viewBox="', 1)[1].split('"', 1)[0]
             for f in frames.frames()}
    assert len(boxes) == 1
