"""Step-by-step frames: one picture per event, per node visited or per leaf evaluated.

The trace is replayed a second time; after each step the present state is drawn on the
positions of the final diagram, so only styles and labels change from frame to frame.
The current node is highlighted, provisional values read ``≥ 3`` / ``≤ 2``, and the
last frame is the final diagram itself.  Frames share the diagram's boxes under the
nodes and the shapes of the nodes not searched yet, and their legend adds the current
node and the nodes not searched yet (the diagram keeps room for it: every picture of
the sequence has one size).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import InputError, LimitExceeded
from ...events import Cut, Evaluate, Event, Expand, Iteration, Select, Transposition
from ...visit import EventVisitor
from ..model.captions import Captioner, summary_line
from ..model.values import chance_cut, intervals, leaf_bounds, shown_value
from ..model.view import Frame, View, build_view
from ..read.replay import Replay

if TYPE_CHECKING:
    from ..pipeline import Drawing

__all__ = ["FramesWritten", "count_steps", "iter_frames", "step_groups", "write_frames"]

MAX_CAPTION_PARTS = 3


class _Role(EventVisitor[str]):
    """What an event is to a step: ``node`` (a node expanded), ``leaf`` (a leaf's value
    known: evaluated, or answered by the table), ``selected`` (A* and proof-number
    search: a node selected, whose value is known), ``kept`` (a cut or a search of the
    root, which a long caption keeps), or ``""``.  A node, leaf or selected node opens a
    step."""

    def visit_expand(self, ev: Expand) -> str:
        return "node"

    def visit_evaluate(self, ev: Evaluate) -> str:
        return "leaf"

    def visit_select(self, ev: Select) -> str:
        return "selected"

    def visit_transposition(self, ev: Transposition) -> str:
        return "leaf" if ev.kind == "hit" else ""

    def visit_cut(self, ev: Cut) -> str:
        return "kept"

    def visit_iteration(self, ev: Iteration) -> str:
        return "kept"

    def visit_event(self, ev: Event) -> str:
        return ""


_ROLE = _Role().handlers()
_OPENS = frozenset(("node", "leaf", "selected"))
_LEAF = frozenset(("leaf", "selected"))


def _role(ev: Event) -> str:
    return _ROLE[ev.__class__](ev)


def step_groups(events: Iterable[Event], step: str) -> Iterator[list[Event]]:
    """Events grouped into steps: each event, or from one node (or leaf) to the next."""
    group: list[Event] = []
    has_leaf = False
    last = ""
    for ev in events:
        if step == "event":
            yield [ev]
            continue
        role = _ROLE[ev.__class__](ev)
        opens = role in _OPENS
        if role == "node" and last == "selected" and _node(group[-1]) == _node(ev):
            opens = False  # proof-number search selects a node, then expands it: one step
        if group and opens and (step == "node" or has_leaf):
            yield group
            group, has_leaf = [], False
        group.append(ev)
        has_leaf = has_leaf or role in _LEAF
        last = role
    if group:
        yield group


def count_steps(drawing: Drawing) -> int:
    """Frames the drawing will have (steps shown, plus the final diagram)."""
    shown = drawing.visible.status
    step = drawing.options.step
    return 1 + sum(1 for g in step_groups(drawing.events(), step) if _key(g, step) in shown)


def iter_frames(drawing: Drawing) -> Iterator[Frame]:
    opts, w = drawing.options, drawing.words
    total = count_steps(drawing)
    if total > opts.max_frames:
        raise LimitExceeded(
            f"{total} frames exceed --max-frames {opts.max_frames}: use a coarser "
            f"--step (node, leaf), --focus NODE or --depth, or raise --max-frames")
    first = drawing.replay
    replay = Replay(first.header, file=first.file)
    replay.skeleton, replay.cap = first.skeleton, first.cap
    visible = drawing.visible
    legend = drawing.frames_legend
    room = tuple(text for _, text in drawing.view.legend)
    shapes = {n.key: n.shape for n in drawing.view.nodes}
    index = seen = 0
    for group in step_groups(drawing.events(), opts.step):
        for ev in group:
            replay.feed(ev)
        seen += len(group)
        key = _key(group, opts.step)
        if key not in visible.status:
            continue
        index += 1
        text = _group_caption(group, replay, drawing)
        caption = f"{w('step')} {index}/{total}: {text}"
        view = build_view(replay, visible, opts, w, current=key, final=False,
                          caption=caption if opts.caption else None, legend=legend,
                          pv=drawing.pv, notes=drawing.notes,
                          legend_room=room, shapes=shapes)
        yield Frame(view, caption, seen)
    yield Frame(drawing.view, drawing.caption)


def _key(group: list[Event], step: str) -> str:
    """The node a step is about: the leaf of a leaf step, else its first event's node."""
    if step == "leaf":
        for ev in group:
            if _role(ev) in _LEAF:
                return _node(ev)
    return _node(group[0])


def _node(ev: Event) -> str:
    """The node an event is about ("" for a search of the root)."""
    return str(getattr(ev, "node", ""))


def _group_caption(group: list[Event], replay: Replay, drawing: Drawing) -> str:
    w = drawing.words
    skel = replay.skeleton
    order = skel.preorder()
    bounds = leaf_bounds(replay.header)
    ivs = intervals(skel, replay.states, replay.summaries, order, settled=False,
                    bounds=bounds)

    def player(nid: str) -> str | None:
        node = skel.nodes.get(nid)
        return node.player if node is not None else None

    def shown(nid: str) -> str | None:
        got = shown_value(replay.states.get(nid), player(nid), ivs.get(nid, (0.0, 0.0)))
        return None if got is None else w.bound(*got)

    def move(nid: str) -> str:
        node = skel.nodes.get(nid)
        return node.move if node is not None and node.move else nid

    def name(nid: str) -> str:
        """A generated game's node by the move that leads there ("b2", not "b1/b2")."""
        if skel.from_tree or skel.nodes.get(nid, None) is None:
            return nid
        if nid == skel.root:
            return w("root") if nid == "root" else nid  # "radice" in Italian
        return move(nid)

    drawn = drawing.visible.status.__contains__
    events = group
    if len(group) > 1:
        # Several events: say what was found, not every node opened on the way down, nor
        # what happened inside a collapsed subtree.
        events = [e for e in group if _role(e) != "node"
                  and drawn(str(getattr(e, "node", skel.root)))] or group[:1]
    passes = len(replay.iterations)
    captioner = Captioner(drawing.header, w, player=player, shown=shown, move=move,
                          iteration=passes, drawn=drawn, name=name,
                          above=lambda cut: chance_cut(skel, replay.states, cut.node, cut.kind,
                                                       cut.value, bounds))
    parts = [captioner.visit(e) for e in events]
    if len(parts) > MAX_CAPTION_PARTS:
        # Keep the first sentence and the cuts; count the rest in words (no "…").
        cuts = [p for p, e in zip(parts, events, strict=True) if _role(e) == "kept"]
        kept = parts[:1] + [p for p in parts[1:] if p in cuts][: MAX_CAPTION_PARTS - 1]
        more = len(parts) - len(kept)
        parts = [*kept, w("cap.more.one" if more == 1 else "cap.more.many", n=more)]
    return "; ".join(parts)


@dataclass(frozen=True)
class FramesWritten:
    """What :func:`write_frames` wrote."""

    frames: tuple[Path, ...]
    pdf: Path
    html: Path


def write_frames(drawing: Drawing, directory: str | os.PathLike[str], *,
                 also: Callable[[str], object] | None = None) -> FramesWritten:
    """Write ``frame-NNN.svg|png``, ``frames.pdf`` and ``player.html`` into ``directory``;
    ``also(folder)`` writes more files beside them (the Beamer overlays), in the same
    all-or-nothing staging folder."""
    from ...outputs import staged_folder
    from .html import player_html
    from .pdf import merge_pdfs

    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        raise InputError("exists and is not a folder", file=str(folder))
    fmt = drawing.options.frame_format
    frames = list(drawing.frames())
    bare_views = [_uncaptioned(f.view) for f in frames]
    # SVG frames are joined from pieces Graphviz draws in one run (tracer.render.draw.compose);
    # PNG frames and the PDF's pages are drawn by Graphviz one by one.
    if fmt == "svg":
        drawing.prepare(f.view for f in frames)
    drawing.prepare(bare_views)
    width = max(3, len(str(len(frames))))
    paths: list[Path] = []
    pdf_pages: list[bytes] = []
    player: list[tuple[str, str]] = []
    # All or nothing: an error or an interrupt halfway leaves the folder as it was.
    with staged_folder(folder, stale=_stale_frame) as staging:
        for i, (frame, bare_view) in enumerate(zip(frames, bare_views, strict=True), start=1):
            name = f"frame-{i:0{width}d}.{fmt}"
            Path(staging, name).write_bytes(drawing.render(fmt, frame.view))
            paths.append(folder / name)
            pdf_pages.append(drawing.render("pdf", frame.view))
            bare = drawing.render("svg", bare_view).decode()
            player.append((bare, frame.caption))
        Path(staging, "frames.pdf").write_bytes(merge_pdfs(pdf_pages))
        # Not the result line: the page shows from step 1 on, and must not tell the value.
        title = drawing.options.title or summary_line(drawing.header, None, drawing.words)
        Path(staging, "player.html").write_bytes(
            player_html(player, title=title, lang=drawing.options.lang).encode())
        if also is not None:
            also(staging)
    return FramesWritten(tuple(paths), folder / "frames.pdf", folder / "player.html")


def _stale_frame(name: str) -> bool:
    """A frame (or its Beamer overlay) left by an earlier run with more frames."""
    return name.startswith("frame-") and name.endswith((".svg", ".png", ".tex"))


def _uncaptioned(view: View) -> View:
    """The player writes each caption in the page, so its pictures go without."""
    return replace(view, caption=None)
