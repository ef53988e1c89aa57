"""Step-by-step frames: one layout, identical coordinates, lecture notation, captions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tracer._api import search_source
from tracer.render._entry import write_frames
from tracer.render.files.pdf import page_count
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace


def frame_values(drawing: Drawing) -> list[dict[str, str | None]]:
    return [{n.key: n.value for n in f.view.nodes} for f in drawing.frames()]


@pytest.mark.parametrize(("step", "count"), [("event", 23), ("node", 12), ("leaf", 8)])
def test_one_frame_per_step_plus_the_result(aima: Trace, step: str, count: int) -> None:
    # 22 events; 11 nodes visited; 7 leaves evaluated -- and the final diagram.
    drawing = Drawing(aima, RenderOptions(step=step))
    assert drawing.count_steps() == count
    assert len(list(drawing.frames())) == count


def test_provisional_values_use_the_lecture_notation(aima: Trace) -> None:
    values = frame_values(Drawing(aima))
    assert values[0]["A"] is None  # opened, nothing heard yet
    assert values[3]["B"] == "≤ 3"  # E returned 3 to B
    assert values[8]["A"] == "≥ 3"  # B returned 3 to A
    # D goes <= 14, <= 5, then 2, as the lecture annotates it.
    assert [values[i]["D"] for i in (16, 18, 20)] == ["≤ 14", "≤ 5", "2"]
    assert values[-1]["A"] == "3"


def test_the_current_node_is_highlighted(aima: Trace) -> None:
    frames = list(Drawing(aima).frames())
    current = [[n.key for n in f.view.nodes if n.current] for f in frames]
    assert current[:4] == [["A"], ["B"], ["E"], ["B"]]
    assert current[12] == ["C"]  # the cut
    assert current[-1] == []


def test_captions_say_what_happened(aima: Trace) -> None:
    frames = list(Drawing(aima).frames())
    assert frames[0].caption == "Step 1/23: A: MAX node opened, α = −∞, β = +∞"
    assert frames[2].caption == "Step 3/23: E = 3 (terminal)"
    assert frames[3].caption == "Step 4/23: E returns 3 to B: B ≤ 3 (β = 3)"
    assert frames[12].caption == "Step 13/23: C: β = 2 ≤ α = 3 → alpha cut, I and J pruned"
    assert frames[-1].caption == "alpha-beta (fail-soft): value 3, best move B"
    italian = list(Drawing(aima, RenderOptions(lang="it")).frames())
    assert italian[12].caption == "Passo 13/23: C: β = 2 ≤ α = 3 → taglio alfa, I e J potati"


def test_ghosts_become_pruned_only_when_the_cut_happens(aima: Trace) -> None:
    frames = list(Drawing(aima).frames())
    status = [{n.key: n.status for n in f.view.nodes} for f in frames]
    assert status[11]["I"] == "unvisited"
    assert status[12]["I"] == "pruned"
    assert all(not e.cut for e in frames[11].view.edges)
    assert any(e.cut for e in frames[12].view.edges)


def test_every_frame_puts_every_node_at_the_same_place(
        aima: Trace, svg_coords: Callable[[str], dict[str, str]]) -> None:
    drawing = Drawing(aima)
    svgs = [drawing.render("svg", f.view).decode() for f in drawing.frames()]
    reference = svg_coords(svgs[-1])
    assert set("ABCDEFGHIJKLM") <= set(reference)
    for svg in svgs:
        coords = svg_coords(svg)
        tree = {k: v for k, v in coords.items() if not k.startswith("gt:")}
        # A current node's double border is drawn after its shape, so the first
        # shape of every node is comparable.
        assert tree == {k: v for k, v in reference.items() if not k.startswith("gt:")}
        assert _viewbox(svg) == _viewbox(svgs[-1])


def _viewbox(svg: str) -> str:
    return svg.split('viewBox="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("theme", ["colour", "print"])
def test_restyling_in_place_draws_what_a_fresh_parse_draws(aima: Trace, theme: str) -> None:
    from tracer.render.files.engine import render

    drawing = Drawing(aima, RenderOptions(theme=theme, window="final"))
    for frame in drawing.frames():
        fresh = render(drawing.pinned_dot(frame.view), "svg", pinned=True)
        assert drawing.render("svg", frame.view) == fresh, frame.caption


def test_the_last_frame_is_the_diagram(aima: Trace) -> None:
    drawing = Drawing(aima)
    last = list(drawing.frames())[-1]
    assert drawing.render("svg", last.view) == drawing.render("svg")


def test_generated_game_frames_reveal_nodes_as_they_are_generated(tmp_path: Path) -> None:
    path = tmp_path / "g5.json"
    search_source("gameof5", output=path)
    drawing = Drawing(path)
    frames = list(drawing.frames())
    first = {n.key: n.status for n in frames[0].view.nodes}
    assert first["root"] != "hidden"
    assert all(s == "hidden" for k, s in first.items() if "/" in k)
    assert all(n.status != "hidden" for n in frames[-1].view.nodes)


def test_write_frames_writes_files_pdf_and_player(aima_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "frames"
    written = write_frames(aima_file, out, RenderOptions(step="leaf"))
    assert [p.name for p in written.frames] == [f"frame-{i:03d}.svg" for i in range(1, 9)]
    assert page_count(written.pdf.read_bytes()) == 8
    # The same command, the same bytes: the joined PDF carries no date and no identifier.
    again = write_frames(aima_file, tmp_path / "again", RenderOptions(step="leaf"))
    assert again.pdf.read_bytes() == written.pdf.read_bytes()
    html = written.html.read_text(encoding="utf-8")
    assert html.count('<figure class="frame"') == 8
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "") \
        .replace('xmlns:xlink="http://www.w3.org/1999/xlink"', "")
    # Fewer frames on a second run: the stale ones are removed.
    write_frames(aima_file, out, RenderOptions(step="leaf", max_frames=8))
    assert len(list(out.glob("frame-*.svg"))) == 8


def test_too_many_frames_is_refused(aima: Trace) -> None:
    from tracer.errors import LimitExceeded

    with pytest.raises(LimitExceeded, match="--max-frames 5"):
        list(Drawing(aima, RenderOptions(max_frames=5)).frames())


def test_frames_have_their_own_legend_and_the_last_frame_the_diagrams(aima: Trace) -> None:
    drawing = Drawing(aima)
    frames = list(drawing.frames())
    keys = [tuple(k for k, _ in f.view.legend) for f in frames]
    assert keys[0] == ("legend.max", "legend.min", "legend.terminal", "legend.pruned",
                       "legend.unvisited.yet", "legend.current")
    assert all(k == keys[0] for k in keys[:-1])
    assert dict(frames[0].view.legend)["legend.unvisited.yet"] == "not searched yet"
    # The diagram keeps its own legend (no "current": nothing is), and room for the frames'.
    assert keys[-1] == ("legend.max", "legend.min", "legend.terminal", "legend.pruned",
                        "legend.pv")
    assert drawing.view.legend_room == tuple(t for _, t in frames[0].view.legend)
    italian = next(iter(Drawing(aima, RenderOptions(lang="it")).frames()))
    assert dict(italian.view.legend)["legend.unvisited.yet"] == "non ancora esplorato"


def test_frames_with_positions_keep_one_size(
        tmp_path: Path, svg_coords: Callable[[str], dict[str, str]]) -> None:
    path = tmp_path / "g5.json"
    search_source("gameof5", output=path)
    drawing = Drawing(path)
    assert drawing.notes  # "start", "said 3", ... under the nodes
    svgs = [drawing.render("svg", f.view).decode() for f in drawing.frames()]
    assert len({_viewbox(s) for s in svgs}) == 1
    reference = svg_coords(svgs[-1])
    for svg in svgs:
        coords = svg_coords(svg)
        assert {k: coords[k] for k in reference if not k.startswith("gt:") and k in coords} \
            == {k: v for k, v in reference.items() if not k.startswith("gt:") and k in coords}


def test_a_view_given_another_legend_keeps_no_room(aima: Trace) -> None:
    from dataclasses import replace

    drawing = Drawing(aima)
    assert drawing.view.legend_room  # the diagram keeps room for the frames' legend ...
    bare = replace(drawing.view, legend=drawing.view.legend[:2])
    roomless = replace(bare, legend_room=())
    # ... a view with a legend of its own (a worksheet's) does not.
    assert drawing.render("svg", bare) == drawing.render("svg", roomless)


def test_captions_write_exact_values_with_an_equals_sign(aima: Trace) -> None:
    # "D 2" read as a name; the lecture writes "D = 2" once the value is exact.
    frames = list(Drawing(aima).frames())
    assert frames[20].caption == "Step 21/23: M returns 2 to D: D = 2 (β = 2)"
    assert frames[21].caption == "Step 22/23: D returns 2 to A: A = 3 (α = 3)"


def test_italian_captions_write_ad_before_a_vowel(aima: Trace) -> None:
    frames = list(Drawing(aima, RenderOptions(lang="it")).frames())
    assert frames[20].caption == "Passo 21/23: M riporta 2 a D: D = 2 (β = 2)"
    assert frames[21].caption == "Passo 22/23: D riporta 2 ad A: A = 3 (α = 3)"
