"""From a trace file to pictures: replay, choose what to show, build the view, draw.

A :class:`Drawing` replays the trace once (streaming ``.jsonl``), decides which nodes
to show, and lays the final diagram out once; the diagram and every frame are then
rendered from that one layout.  SVG frames are joined from pieces Graphviz draws once
(:mod:`tracer.render.draw.compose`); PNG and PDF frames are drawn by Graphviz one by one.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import replace
from fractions import Fraction
from functools import partial
from typing import NoReturn

from ..choices import unknown_choice
from ..compress import is_stream
from ..errors import InputError, LimitExceeded, UsageError
from ..events import Event
from ..jsonio import check_input_file
from ..memory import paused_gc
from ..said import said
from ..trace import Header, Result, Trace, iter_trace
from .draw.canvas import Fit, canvas_svg, corner_nodes, fit_canvas, measure_svg
from .draw.compose import Compositor
from .draw.dot import ANCHORS, Elements, Pinned, elements, elements_dot, to_dot
from .draw.labels import strays
from .draw.themes import Theme, theme
from .files.engine import Restyler, layout, measure, render
from .model.annotate import Plan, plan_notes
from .model.canvas import Canvas, parse_size
from .model.captions import summary_line
from .model.collapse import Visible, choose_visible
from .model.render_options import RenderOptions
from .model.steps import step_caption, step_groups, step_key
from .model.text import Words, words
from .model.view import Frame, View, build_view, legend_keys
from .read.replay import Replay

__all__ = ["Drawing", "TraceSource", "choose_direction", "read_items", "replay_source"]

TraceSource = str | os.PathLike[str] | Trace
"""A trace file (``.json`` or ``.jsonl``) or a trace already in memory."""


def read_items(source: TraceSource) -> tuple[Header, Iterator[Event | Result], str]:
    """The header, then an iterator over the events and the result; files are streamed."""
    if isinstance(source, Trace):
        kept: list[Event | Result] = list(source.events)
        if source.result is not None:
            kept.append(source.result)
        return source.header, iter(kept), "<trace>"
    file = os.fspath(source)
    check_input_file(file)
    if is_stream(file):
        from .read.reader import read_jsonl

        header, items = read_jsonl(file)
        return header, _budget(items, file), file
    stream = iter_trace(file)
    first = next(stream)
    if not isinstance(first, Header):  # pragma: no cover - iter_trace yields a header first
        from .read.reader import NO_HEADER

        raise InputError(NO_HEADER, file=file)
    return first, _budget((x for x in stream if not isinstance(x, Header)), file), file


def replay_source(source: TraceSource, *, memory_nodes: int | None = None) -> tuple[Replay, str]:
    """The trace replayed, and its file name; a ``.jsonl`` file's lines are replayed as
    they are parsed, without event objects (:meth:`Replay.feed_chunks`)."""
    if not isinstance(source, Trace):
        file = os.fspath(source)
        check_input_file(file)
        if is_stream(file):
            from ..ranges import max_render_events
            from .read.reader import read_chunks

            header, chunks = read_chunks(file)
            replay = Replay(header, file=file, memory_nodes=memory_nodes)
            limit = max_render_events()
            return replay.feed_chunks(chunks, limit=limit,
                                      too_long=partial(_too_long, file, limit)), file
    header, items, file = read_items(source)
    return Replay(header, file=file, memory_nodes=memory_nodes).feed_all(items), file


def _budget(items: Iterator[Event | Result], file: str) -> Iterator[Event | Result]:
    """Stop reading a trace too long to draw in reasonable time (tracer.ranges)."""
    from itertools import islice

    from ..ranges import max_render_events

    limit = max_render_events()
    yield from islice(items, limit)
    if next(items, None) is not None:
        _too_long(file, limit)


def _too_long(file: str, limit: int) -> NoReturn:
    raise LimitExceeded(said("{file}: more than {limit:,} events to draw (a million take "
                             "minutes to read): record a smaller search (--depth, "
                             "--max-nodes), or set GAMETRACE_MAX_EVENTS to draw it anyway",
                             file=file, limit=limit))


class Drawing:
    """A trace replayed and ready to draw as a diagram or as frames."""

    def __init__(self, source: TraceSource, options: RenderOptions | None = None) -> None:
        self.source = source
        self.options = opts = options or RenderOptions()
        self.words: Words = words(opts.lang, ascii=opts.ascii)
        self._steps: int | None = None  # count_steps(), once counted
        self.canvas: Canvas | None = None if opts.size is None else parse_size(opts.size)
        """The exact size of every picture, the tree fitted in (--size); None: its own."""
        # On a canvas the layout is stretched to the canvas's shape (never the nodes).
        aspect = opts.aspect if self.canvas is None else min(5.0, max(0.2, self.canvas.aspect))
        self._base_theme: Theme = replace(theme(opts.theme), scale=opts.scale, aspect=aspect,
                                          pad=opts.pad)
        self.theme: Theme = self._base_theme
        # Replaying and modelling a big trace allocate millions of objects, none in a
        # cycle: the collector would only rescan them (tracer.memory.paused_gc).
        with paused_gc():
            self.replay, self.file = replay_source(source, memory_nodes=opts.memory_nodes)
            header = self.replay.header
            self.replay.skeleton.frozen = True  # the frames replay it again, sharing it
            self.header = header
            self.result = self.replay.result
            self.pv: tuple[str, ...] = _highlighted(self.replay)
            self._crowded = False
            """The canvas's text was too small for the whole tree (:meth:`_narrow`)."""
            self._model(opts.max_width)
        self._pinned: Pinned | None = None
        self._fit: Fit | None = None
        self._restylers: dict[tuple[tuple[str, ...], bool], Restyler] = {}
        self._compositors: dict[tuple[object, ...], Compositor | None] = {}
        self._prepared: dict[int, tuple[View, Elements]] = {}
        """Elements of the views prepared and not rendered yet, by ``id`` of the view."""
        if self.canvas is not None and opts.max_width is None:
            self._narrow()

    def _model(self, max_width: int | None, depth: int | None = None) -> None:
        """Choose the nodes shown (at most ``max_width`` side by side), what goes under
        each, and the view of the diagram."""
        opts, header = self.options, self.header
        self.theme = self._base_theme
        self.visible: Visible = choose_visible(
            self.replay.skeleton, self.replay.states, self.replay.summaries,
            max_nodes=opts.max_nodes, max_width=max_width,
            depth=opts.depth if depth is None else depth,
            focus=opts.focus, ghosts=opts.ghosts, pv=self.pv,
            keep=[n for n, st in self.replay.states.items() if st.tt is not None])
        # A crowded slide draws its tall boards (Othello's) at the root only.
        self.notes: Plan = plan_notes(self.replay, self.visible, opts, self.words,
                                      () if self._crowded else self.pv)
        """What goes under each node, the same in the diagram and in every frame."""
        root = self.replay.states.get(self.replay.skeleton.root)
        self.caption = summary_line(header, self.result, self.words,
                                    root_status=root.solved if root is not None else None,
                                    passes=self.replay.iterations,
                                    exact=root.value if root is not None
                                    and type(root.value) is Fraction else None)
        # --no-legend: nothing under the tree, the result line included unless
        # --caption asks for it (a frame's caption says what its step did and stays).
        said = opts.legend if opts.caption is None else opts.caption
        view = build_view(self.replay, self.visible, opts, self.words, final=True,
                          caption=self.caption if said else None,
                          pv=self.pv,
                          notes=self.notes)
        numbers = any(s.numbers for s in self.notes.values())
        self.frames_legend: tuple[str, ...] = legend_keys(view, frames=True, numbers=numbers)
        """Legend keys of the frames: the diagram's, with the current node and the nodes
        not searched yet, without the principal variation (drawn in the last frame only)."""
        room = tuple(self.words(k) for k in self.frames_legend)
        self.view = replace(view, legend_room=room if opts.legend else (),
                            legend_room_for=tuple(t for _, t in view.legend))
        self.theme = replace(self.theme, rankdir=choose_direction(self.view, self.theme, opts))

    def _narrow(self) -> None:
        """A tree on a canvas whose text would end under the canvas's least size: draw
        tall boards (Othello's) at the root only, and fewer nodes side by side (the
        others fold into a box, as --max-width does), two thirds as many at each try;
        when that is not enough and no --depth or --focus was asked for, draw the top
        of the tree, one level less at each try (the levels below fold into ``+N
        nodes`` boxes), as wide as its text allows.  When even the narrowest top is
        too small, draw it all and let the command line say so."""
        if self.fit is None or self.fit.note is None:
            return
        self._crowded = True
        opts = self.options
        skel = self.replay.skeleton
        deepest = max((skel.nodes[n].depth for n in self.visible.order), default=0)
        across = len(self.visible.order) - len({skel.nodes[n].parent
                                                 for n in self.visible.order[1:]})
        widths: list[int | None] = [None]
        width = across + sum(len(b) for b in self.visible.boxes.values())
        while width > NARROWEST:
            width = max(NARROWEST, width * 2 // 3)
            widths.append(width)
        depths: list[int | None] = [None]
        if opts.depth is None and opts.focus is None:
            depths += list(range(deepest - 1, 0, -1))
        for depth in depths:
            # The narrowest first: when even it is too small, so is every wider one.
            if not self._tried(widths[-1], depth):
                continue
            for wide in widths[:-1]:
                if self._tried(wide, depth):
                    return
            self._tried(widths[-1], depth)
            return
        self._crowded = False
        self._tried(None, None)

    def _tried(self, width: int | None, depth: int | None) -> bool:
        """Model the drawing at most ``width`` nodes side by side and ``depth`` levels
        deep; True when its text is then large enough."""
        self._pinned, self._fit = None, None
        with paused_gc():
            self._model(width, depth)
        return self.fit is not None and self.fit.note is None

    # the diagram ----------------------------------------------------------------------

    def dot(self) -> str:
        """DOT source of the diagram, for ``dot`` (no positions)."""
        return to_dot(self.view, self.theme)

    @property
    def pinned(self) -> Pinned:
        """Positions of every node: one ``dot`` layout, shared by the diagram and frames."""
        if self._pinned is None:
            self._pinned = self._lay_out()
            for ranksep in () if self.theme.ranksep is not None else \
                    LABEL_RANKSEP[self.theme.rankdir]:
                if not strays(self._pinned.placed):
                    break
                # An edge label found no place nearer its own edge than any other (a
                # crowded fan of wide labels): longer edges spread the fan out, no more
                # than needed (the longer, the smaller the tree on a slide).
                self.theme = replace(self.theme, ranksep=ranksep)
                self._pinned = self._lay_out()
        return self._pinned

    def _lay_out(self) -> Pinned:
        pinned = layout(to_dot(self.view, self.theme, with_label=False),
                        engine=self.options.engine)
        aspect = self.theme.aspect
        if aspect is not None and self.view.notes:
            # The boxes pulled up to their nodes leave the picture shorter (narrower,
            # growing right) than the layout ``dot`` stretched: stretch once more so
            # that the picture itself has the aspect.
            drawn = _aspect(elements(self.view, self.theme, pinned=pinned, with_label=False))
            if drawn and abs(drawn / aspect - 1) > 0.02:
                wider = replace(self.theme, aspect=min(5.0, max(0.2, aspect ** 2 / drawn)))
                pinned = layout(to_dot(self.view, wider, with_label=False),
                                engine=self.options.engine)
        # The diagram's edge labels are placed first: a frame's label then starts
        # where the diagram has it and stays there as it grows (a visit number,
        # :func:`tracer.render.draw.labels.place_labels`), so frames do not jitter.
        elements(self.view, self.theme, pinned=pinned, with_label=False)
        return pinned

    @property
    def fit(self) -> Fit | None:
        """How the diagram sits on the canvas (None without one): measured once, on the
        diagram drawn at its own size, and kept for every frame, so that frames do not
        move."""
        if self.canvas is None:
            return None
        if self._fit is None:
            # Frames have a caption box under the tree (fixed in size, whatever its text)
            # where the diagram may have none: measured with it, the tree sits at the
            # same place in the diagram and in every frame.
            view = self.view
            if self.options.caption is not False and not view.caption:
                view = replace(view, caption=" ")
            bb, svg = measure(self.pinned_dot(view), ANCHORS[0])
            sized = measure_svg(bb, svg)
            unit = self.canvas.unit if self.canvas.unit == "px" else "pt"
            # English whatever the picture's language: the command line says it.
            note = words("en")("canvas.small", least=f"{self.canvas.min_font:g}", unit=unit)
            self._fit = fit_canvas(self.canvas, sized, note=note)
        return self._fit

    def canvas_note(self) -> str | None:
        """What the command line says, once a picture was drawn on the canvas, when its
        text is under the canvas's least size (None: it is not, or nothing was drawn on
        a canvas yet); the picture itself says nothing about its size."""
        if self._fit is None:
            return None
        return self._fit.note

    def _parts(self, view: View, *, with_label: bool = True) -> Elements:
        """The elements of ``view``, with the canvas's corners when there is one."""
        parts = elements(view, self.theme, pinned=self.pinned, with_label=with_label)
        fit = self.fit
        if fit is not None:
            parts[0].extend(corner_nodes(fit))
        return parts

    def _graph_attrs(self) -> dict[str, str]:
        fit = self.fit
        return {} if fit is None else fit.graph_attrs()

    def _dpi(self) -> int:
        fit = self.fit
        return self.options.dpi if fit is None else fit.dpi(self.options.dpi)

    def pinned_dot(self, view: View | None = None, *, with_label: bool = True) -> str:
        """DOT with every position pinned (render with ``neato -n2``)."""
        return to_dot(view or self.view, self.theme, pinned=self.pinned, with_label=with_label)

    def render(self, fmt: str, view: View | None = None, *, with_label: bool = True) -> bytes:
        """The diagram (or ``view``) as ``svg``, ``png``, ``pdf`` or ``dot`` bytes."""
        if fmt == "dot":
            if view is not None:
                return self.pinned_dot(view, with_label=with_label).encode()
            return self.dot().encode()
        if fmt not in ("svg", "png", "pdf"):
            raise UsageError(unknown_choice(said("format"), fmt, ("dot", "pdf", "png", "svg"),
                                                suggest=False))
        view = view or self.view
        if self.options.engine == "system":
            data = render(elements_dot(self._parts(view, with_label=with_label), self.theme),
                          fmt, pinned=True, engine="system", dpi=self._dpi(),
                          graph_attrs=self._graph_attrs())
        else:
            kept = self._prepared.pop(id(view), None) if with_label else None
            if kept is not None and kept[0] is view:
                parts = kept[1]
            else:
                parts = self._parts(view, with_label=with_label)
            data = self._svg(parts) if fmt == "svg" else self._restyled(parts, fmt)
        fit = self.fit
        return canvas_svg(data, fit) if fit is not None and fmt == "svg" else data

    def canvas_elements(self, view: View | None = None) -> Elements:
        """The pinned elements of ``view`` (the diagram) as :meth:`render` draws them,
        the canvas's corners and note included: to be edited, then drawn with
        :meth:`render_elements` (a worksheet's answer boxes)."""
        return self._parts(view or self.view)

    def render_elements(self, parts: Elements, fmt: str) -> bytes:
        """Draw ``parts`` (from :meth:`canvas_elements`) as ``svg``, ``png`` or ``pdf``,
        on the canvas when there is one."""
        data = render(elements_dot(parts, self.theme), fmt, pinned=True,
                      engine=self.options.engine, dpi=self._dpi(),
                      graph_attrs=self._graph_attrs())
        fit = self.fit
        return canvas_svg(data, fit) if fit is not None and fmt == "svg" else data

    def prepare(self, views: Iterable[View], *, with_label: bool = True) -> None:
        """Get ready to render ``views`` as SVG: one Graphviz run draws every state their
        elements take (see :mod:`tracer.render.draw.compose`); the last view of each set of
        elements (the diagram, for frames) is the template.  Optional: a view rendered
        unprepared costs one Graphviz run."""
        if self.options.engine == "system":
            return
        groups: dict[tuple[object, ...], list[Elements]] = {}
        for view in views:
            parts = self._parts(view, with_label=with_label)
            groups.setdefault(_names(parts), []).append(parts)
            if with_label:
                self._prepared[id(view)] = (view, parts)
        for names, group in groups.items():
            if names not in self._compositors:
                self._svg(group[-1])
            compositor = self._compositors[names]
            if compositor is not None:
                compositor.prepare(group)

    def _svg(self, parts: Elements) -> bytes:
        """SVG joined by the compositor of these elements, else drawn by Graphviz (which
        also makes the compositor's template the first time)."""
        names = _names(parts)
        if names not in self._compositors:
            data = self._restyled(parts, "svg")
            self._compositors[names] = Compositor.build(parts, data.decode(), self._draw_svg)
            return data
        compositor = self._compositors[names]
        if compositor is not None:
            svg = compositor.compose(parts)
            if svg is None:
                compositor.prepare([parts])
                svg = compositor.compose(parts)
            if svg is not None:
                return svg.encode()
        return self._restyled(parts, "svg")

    def _draw_svg(self, parts: Elements) -> str:
        return render(elements_dot(parts, self.theme), "svg", pinned=True,
                      graph_attrs=self._graph_attrs()).decode()

    def _restyled(self, parts: Elements, fmt: str) -> bytes:
        # One parsed graph per set of elements (frames, player pages) and kind of output.
        key = (tuple(name for name, _ in parts[0]), fmt == "png")
        restyler = self._restylers.get(key)
        if restyler is None:
            source = elements_dot(parts, self.theme)
            restyler = Restyler(source, parts, dpi=self._dpi() if fmt == "png" else None)
            self._restylers[key] = restyler
        return restyler.render(parts, fmt, graph_attrs=self._graph_attrs())

    # frames -------------------------------------------------------------------------

    def count_steps(self) -> int:
        """Frames the drawing will have (steps shown, plus the final diagram)."""
        if self._steps is None:
            shown, step = self.visible.status, self.options.step
            self._steps = 1 + sum(1 for g in step_groups(self.events(), step)
                                  if step_key(g, step) in shown)
        return self._steps

    def frames(self, *, page: range | None = None) -> Iterator[Frame]:
        """The step-by-step views; the last one is the diagram itself.  ``page``: only
        the frames of these indices (0-based, the diagram's included), the others replayed
        but not drawn, and no bound on their number (the caller bounds the page).

        The trace is replayed a second time; after each step the present state is drawn
        on the positions of the final diagram, so only styles and labels change from
        frame to frame.  Frames share the diagram's boxes under the nodes and the shapes
        of the nodes not searched yet, and their legend adds the current node and the
        nodes not searched yet (the diagram keeps room for it: every picture of the
        sequence has one size)."""
        opts, w = self.options, self.words
        total = self.count_steps()
        if page is None and total > opts.max_frames:
            raise LimitExceeded(said(
                "{total} frames exceed --max-frames {most}: use a coarser "
                "--step (node, leaf), --focus NODE or --depth, or raise --max-frames",
                total=total, most=opts.max_frames))
        first = self.replay
        replay = Replay(first.header, file=first.file)
        replay.skeleton, replay.cap = first.skeleton, first.cap
        room = tuple(text for _, text in self.view.legend)
        shapes = {n.key: n.shape for n in self.view.nodes}
        index = seen = 0
        for group in step_groups(self.events(), opts.step):
            for ev in group:
                replay.feed(ev)
            seen += len(group)
            key = step_key(group, opts.step)
            if key not in self.visible.status:
                continue
            index += 1
            if page is not None and index - 1 not in page:
                if index - 1 >= page.stop:
                    return
                continue
            text = step_caption(group, replay, header=self.header, words=w,
                                shown_nodes=self.visible.status)
            caption = f"{w('step')} {index}/{total}: {text}"
            view = build_view(replay, self.visible, opts, w, current=key, final=False,
                              caption=None if opts.caption is False else caption,
                              legend=self.frames_legend, pv=self.pv, notes=self.notes,
                              legend_room=room, shapes=shapes)
            yield Frame(view, caption, seen)
        if page is not None and total - 1 not in page:
            return
        last = self.view
        if opts.caption is not False and last.caption is None and index:
            # The diagram has no result line (no legend, as on a slide); the frames before
            # it have a caption, so the last one says the result where they said their step.
            last = replace(last, caption=self.caption)
        yield Frame(last, self.caption)

    def events(self) -> Iterable[Event]:
        """The trace's events again (re-read from the file: nothing was kept)."""
        _, items, _ = read_items(self.source)
        return (x for x in items if not isinstance(x, Result))


NARROWEST = 4
"""The fewest nodes side by side :meth:`Drawing._narrow` tries (the principal variation
and a sibling or two)."""

LABEL_RANKSEP = {"TB": (0.7, 1.1), "LR": (0.45, 1.0)}
"""Inches between ranks (at the theme's scale), tried in turn while a layout leaves an
edge label nearer another edge than its own: at the last, the edges of a fan of four A*
actions are far enough apart (tests/render/draw/test_edge_labels.py)."""

DIRECTION_NODES = 300
"""Above this many nodes, ``direction=None`` keeps the tree growing down (choosing lays the
tree out twice more)."""


def choose_direction(view: View, theme: Theme, opts: RenderOptions) -> str:
    """Graphviz's ``rankdir`` for ``opts.direction``; None: ``TB``, or, when the picture is
    stretched to an ``aspect`` (``--preset slides``), whichever of ``TB`` and ``LR`` lays
    the tree out larger in a frame of that aspect (a deep, narrow tree such as Grundy's
    game grows to the right and fills a 16:9 slide)."""
    if opts.direction is not None:
        return {"down": "TB", "right": "LR"}[opts.direction]
    if theme.aspect is None or len(view.nodes) > DIRECTION_NODES or opts.engine == "system":
        return "TB"

    def room(rankdir: str) -> float:
        """Height of the frame of ``aspect`` the layout (not stretched) fits in."""
        x0, y0, x1, y1 = layout(to_dot(view, replace(theme, rankdir=rankdir, aspect=None),
                                       with_label=False)).bb
        return max((x1 - x0) / aspect, y1 - y0)

    aspect = theme.aspect
    return "LR" if room("LR") < room("TB") else "TB"


def _aspect(parts: Elements) -> float | None:
    """Width / height of the frame a pinned drawing's corner points keep."""
    corners = [attrs["pos"] for name, attrs in parts[0] if name in ANCHORS]
    if len(corners) != 2:
        return None
    (x0, y0), (x1, y1) = (tuple(float(v) for v in c.split(",")[:2]) for c in corners)
    return (x1 - x0) / (y1 - y0) if y1 > y0 else None


def _names(parts: Elements) -> tuple[object, ...]:
    return (tuple(name for name, _ in parts[0]), tuple(ends for ends, _ in parts[1]))


def _highlighted(replay: Replay) -> tuple[str, ...]:
    """The nodes drawn in bold: the principal variation, A*'s path to the goal, or the
    AND/OR solution (or refutation) graph: the root and, below each node, the children
    that decide its status."""
    if replay.goal:
        return replay.goal
    root = replay.states.get(replay.skeleton.root)
    if root is not None and root.solved in ("solved", "unsolvable"):
        out: list[str] = []
        stack = [replay.skeleton.root]
        seen: set[str] = set()
        while stack:
            nid = stack.pop()
            if nid in seen:
                continue
            seen.add(nid)
            out.append(nid)
            st = replay.states.get(nid)
            if st is not None:
                stack.extend(reversed(st.because))
        return tuple(out)
    return replay.result.pv if replay.result is not None else ()
