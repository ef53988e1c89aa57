"""SVG frames without a Graphviz run per frame: pieces drawn once, joined per frame.

The frames of a sequence have the same elements (nodes, edges, boxes, caption, legend)
at the same pinned positions; only styles and labels change.  Graphviz writes each
element of an SVG as one piece -- ``<!-- name -->``, then (unless it is invisible)
``<g id=… class="node|edge">``, ``<title>``, its shapes and texts -- drawn from that
element's own attributes and position only.  So a :class:`Compositor`:

1. takes one frame drawn by Graphviz as its *template* (the diagram itself, as a rule):
   the prologue (size, viewBox, transform, background), the order of the pieces and
   their ``<!-- name -->`` lines;
2. draws, in **one** Graphviz run (an *atlas*), every other state any frame gives an
   element: a node's other states under stand-in names, an edge's as parallel edges;
3. makes each frame by joining, in the template's order, the piece of the state each
   element has in that frame (with the SVG id and title the element has in a frame).

Texts are therefore measured and placed by Graphviz itself: labels of HTML tables are
written ``text-anchor="start"`` at an ``x`` computed from the text's width, so a text
could not simply be swapped in an SVG (nor a double border added to a node).

What makes a joined frame byte for byte the frame Graphviz would draw:

* every piece depends on its element only (checked on the recorded traces by
  ``tests/render/test_render_compose.py``, which compares every frame with Graphviz's);
* the drawing's bounding box, so the prologue and every coordinate, is the template's:
  a frame's framing (corner anchors, title, caption box whatever its text, legend) must
  span the template's box, and the atlas, which holds every state, must span no more;
* no element of the frame has an ``xlabel``: Graphviz places those among the frame's
  other labels, so a frame with one is joined only if it is the template itself.

When a check fails, the frame is drawn by Graphviz (the caller falls back).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable

from .canvas import CORNERS
from .dot import ANCHORS, Attrs, Elements
from .dotquote import dot_name
from .footer import FOOTER

__all__ = ["Compositor"]

Key = tuple[str, int]
"""("node" | "edge", index among the graph's nodes or edges)."""
State = tuple[tuple[str, str], ...]
Piece = tuple[str, str]
"""An element's ``<!-- name -->`` (its inside, as written) and the rest of its piece."""

_OPEN = re.compile(r'<g id="([^"]*)" class="(node|edge)">\n<title>(.*?)</title>\n', re.DOTALL)
_AUTO = re.compile(r"edge(\d+)")
_END = "</g>\n</svg>\n"
STAND_IN = "gt:atlas:"
"""Prefix of the names a node's other states are drawn under in the atlas."""
FRAMING = ANCHORS + FOOTER + CORNERS
"""Elements that span the drawing: the corner anchors, title, caption box and legend,
and a canvas's corners (:mod:`tracer.render.draw.canvas`)."""
_UNUSABLE = "\0"
"""A state whose piece cannot be used (drawn in an atlas larger than the template)."""


def _state(attrs: Attrs) -> State:
    # Not sorted: the same element in the same state gets its attributes in the same
    # order; another order would only draw the state twice.
    return tuple(attrs.items())


def _split(svg: str) -> tuple[str, list[Piece]] | None:
    """The prologue and the pieces of an SVG written by Graphviz."""
    start = svg.find("\n<!-- ", svg.find('<g id="graph0" class="graph"'))
    if start < 0 or not svg.endswith("\n" + _END):
        return None
    prologue, body = svg[: start + 1], svg[start + 6: -len(_END) - 1]
    pieces: list[Piece] = []
    for chunk in body.split("\n<!-- "):
        name, sep, rest = chunk.partition(" -->")
        if not sep or (rest and not rest.startswith("\n")):
            return None
        pieces.append((name, rest[1:] + "\n" if rest else ""))
    return prologue, pieces


def _keys(parts: Elements, pieces: list[Piece]) -> list[Key] | None:
    """Which element each piece draws.  Edges come first (``outputorder=edgesfirst``);
    a piece is named by the node, or by ``tail->head``."""
    nodes, edges = parts
    # Graphviz names elements as DOT does (tracer.render.draw.dotquote.dot_name).
    names = {dot_name(name): i for i, (name, _) in enumerate(nodes)}
    ends = {f"{dot_name(t)}->{dot_name(h)}": i for i, ((t, h), _) in enumerate(edges)}
    if len(names) != len(nodes) or len(ends) != len(edges) \
            or len(pieces) != len(nodes) + len(edges):
        return None
    out: list[Key] = []
    for k, (name, _) in enumerate(pieces):
        text = html.unescape(name)
        found = ends.get(text) if k < len(edges) else names.get(text)
        if found is None:
            return None
        out.append(("edge" if k < len(edges) else "node", found))
    return out if len(set(out)) == len(out) else None


class Compositor:
    """Every frame with the elements of one template, joined from pieces drawn once."""

    def __init__(self, parts: Elements, prologue: str, pieces: list[Piece],
                 keys: list[Key], draw: Callable[[Elements], str]) -> None:
        self._template = parts
        self._prologue = prologue
        self._draw = draw
        self._order = [(key, f"<!-- {name} -->\n") for key, (name, _) in
                       zip(keys, pieces, strict=True)]
        self._shown = {key: name for key, (name, _) in zip(keys, pieces, strict=True)}
        """How Graphviz writes each element's name (in titles too)."""
        self._names = {name: i for i, (name, _) in enumerate(parts[0])}
        self._framed: dict[tuple[tuple[str, State], ...], bool] = {}
        """Framings (see :meth:`_spans`) and whether they span the template's box."""
        self._pieces: dict[Key, dict[State, str]] = {}
        for key, (_, rest) in zip(keys, pieces, strict=True):
            self._pieces[key] = {_state(self._attrs(parts, key)): rest}

    @classmethod
    def build(cls, parts: Elements, svg: str,
              draw: Callable[[Elements], str]) -> Compositor | None:
        """A compositor for frames like ``parts`` (drawn by Graphviz as ``svg``), or None
        when their pieces cannot be joined safely; ``draw`` renders elements to SVG."""
        split = _split(svg)
        if split is None:
            return None
        prologue, pieces = split
        keys = _keys(parts, pieces)
        if keys is None or sum(1 for n, _ in parts[0] if n in ANCHORS) != len(ANCHORS):
            return None
        made = cls(parts, prologue, pieces, keys, draw)
        if made.compose(parts) != svg:
            return None  # something else than the framing sets the size: Graphviz decides
        return made

    @staticmethod
    def _attrs(parts: Elements, key: Key) -> Attrs:
        kind, i = key
        return parts[0][i][1] if kind == "node" else parts[1][i][1]

    def _spans(self, parts: Elements) -> bool:
        """Whether the framing of ``parts`` spans the template's box.  The caption's box
        has a fixed size, so its text is left out of the framing: only its place counts."""
        framing = [(n, a if n != FOOTER[1] else {**a, "label": "<>"})
                   for n, a in parts[0] if n in FRAMING]
        key = tuple((n, _state(a)) for n, a in framing)
        found = self._framed.get(key)
        if found is None:
            drawn = _split(self._draw((framing, [])))
            found = self._framed[key] = drawn is not None and drawn[0] == self._prologue
        return found

    def _fits(self, parts: Elements) -> bool:
        """Same elements as the template, and a framing that spans its box.  (An element
        may have another ``id`` than in the template: its pieces carry their own.)"""
        (nodes, edges), (t_nodes, t_edges) = parts, self._template
        return [n for n, _ in nodes] == [n for n, _ in t_nodes] \
            and [e for e, _ in edges] == [e for e, _ in t_edges] and self._spans(parts)

    def prepare(self, frames: Iterable[Elements]) -> None:
        """Draw, in one Graphviz run, every state of ``frames`` not drawn yet."""
        wanted: dict[tuple[Key, State], Attrs] = {}
        for parts in frames:
            if not self._fits(parts):
                continue
            for key, _ in self._order:
                attrs = self._attrs(parts, key)
                state = _state(attrs)
                if state not in self._pieces[key]:
                    wanted.setdefault((key, state), attrs)
        if wanted:
            self._atlas(wanted)

    def _atlas(self, wanted: dict[tuple[Key, State], Attrs]) -> None:
        """Draw the states ``wanted`` with the framing: nodes under stand-in names, edges
        as parallel edges between the ends they have in the template."""
        t_nodes, t_edges = self._template
        nodes = [(n, a) for n, a in t_nodes if n in FRAMING]
        present = {n for n, _ in nodes}
        edges: list[tuple[tuple[str, str], Attrs]] = []
        drawn: list[tuple[Key, State]] = []
        edge_of: list[tuple[Key, State]] = []
        for (key, state), attrs in wanted.items():
            self._pieces[key][state] = _UNUSABLE
            kind, i = key
            if attrs.get("xlabel"):
                continue  # Graphviz places an xlabel among its frame's others: it draws those
            if "invis" in attrs.get("style", "").split(","):
                # An invisible element is its name only (the template's elements tell).
                self._pieces[key][state] = ""
                continue
            if kind == "node":
                nodes.append((f"{STAND_IN}{len(drawn)}", attrs))
                drawn.append((key, state))
                continue
            for end in t_edges[i][0]:  # an edge needs its ends; their looks do not change it
                if end not in present:
                    present.add(end)
                    nodes.append((end, t_nodes[self._names[end]][1]))
            edges.append((t_edges[i][0], attrs))
            edge_of.append((key, state))
        if not drawn and not edge_of:
            return
        split = _split(self._draw((nodes, edges)))
        if split is None or split[0] != self._prologue:
            return  # some state reaches out of the template's box: Graphviz draws those
        for name, rest in split[1]:
            m = _OPEN.match(rest)
            if m is None:
                continue
            svg_id, kind, title = m.groups()
            got: tuple[Key, State] | None = None
            if kind == "node" and name.startswith(STAND_IN):
                got = drawn[int(name[len(STAND_IN):])]
            elif kind == "edge" and (auto := _AUTO.fullmatch(svg_id)) is not None:
                got = edge_of[int(auto.group(1)) - 1]
            if got is None:
                continue
            key, state = got
            own = "id" in dict(state)
            body = rest[m.end():]
            if STAND_IN in body or (not own and 'id="' in body):
                continue  # the piece mentions its stand-in name or its number in the atlas
            svg_id = svg_id if own else f"{key[0]}{key[1] + 1}"
            title = title if kind == "edge" else self._shown[key]
            self._pieces[key][state] = (f'<g id="{svg_id}" class="{kind}">\n'
                                        f"<title>{title}</title>\n{body}")

    def compose(self, parts: Elements) -> str | None:
        """The SVG of the frame ``parts``, or None when a piece of it is missing."""
        if not self._fits(parts):
            return None
        out = [self._prologue]
        same, xlabel = True, False
        for key, name in self._order:
            attrs = self._attrs(parts, key)
            pieces = self._pieces[key]
            rest = pieces.get(_state(attrs))
            if rest is None or rest == _UNUSABLE:
                return None
            xlabel = xlabel or bool(attrs.get("xlabel"))
            same = same and rest is next(iter(pieces.values()))
            out.append(name)
            out.append(rest)
        if xlabel and not same:
            return None  # where an xlabel goes depends on the whole frame: Graphviz decides
        out.append(_END)
        return "".join(out)
