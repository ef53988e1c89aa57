"""Room beside each node that made a cut, for its cut label.

A cut label ("alpha cut / 7 ≤ α = 10") says something about the node that cut, so it
sits beside that node, on the side of its pruned children (the last ones: right of
the node, below it when the tree grows right).  ``dot`` packs a full fan of a wide tree
tight, node against node, and the label then had no place near its node: it went
beside a neighbour, stacked under the neighbour's own label.  So the layout keeps the
room: a spacer the size of the label stands right after the node in its parent's row
(``ordering=out``), pushing the next sibling and its subtree away.  The label placer
(:mod:`tracer.render.draw.labels`) starts its search there.

The cut edge keeps its own label, the pruned move's name: a cut label written on that
edge covered it.  Only DOT for ``dot`` has the spacers (they show the cut labels there);
pinned drawings keep their room and write each cut label on a *carrier*
(:func:`carriers`): an edge of no length, from the node that cut to an invisible point
where its spacer stood.
"""

from __future__ import annotations

from ..model.view import View
from .labels import GAP, label_size
from .notes import note_name
from .presets import scale_elements
from .styles import cut_label

__all__ = ["ROOM", "carriers", "cut_notes", "cut_owners", "with_rooms"]

Attrs = dict[str, str]
Edges = list[tuple[tuple[str, str], Attrs]]

ROOM = "gt.room."
"""Prefix of a spacer's name (then the key of the node it keeps room beside)."""


def _drawn(view: View, key: str) -> str:
    """The name edges leave ``key`` from (the box under the node, if any)."""
    return note_name(key) if view.notes else key


def cut_owners(view: View) -> dict[tuple[str, str], str]:
    """The cut edges, as drawn, and the node that made the cut."""
    return {(_drawn(view, e.tail), e.head): e.tail
            for e in view.edges if e.cut is not None and e.status != "hidden"}


def cut_notes(view: View, theme_name: str, scale: float) -> dict[str, str]:
    """The cut label of each node that made a cut (at the theme's ``scale``)."""
    notes: dict[str, str] = {}
    for e in view.edges:
        label = cut_label(e, theme_name)
        if label is None or e.status == "hidden" or e.tail in notes:
            continue
        attrs = {"label": label}
        if scale != 1.0:
            scale_elements([(None, attrs)], scale)
        notes[e.tail] = attrs["label"]
    return notes


def carriers(view: View, notes: dict[str, str], rooms: dict[str, str],
             ) -> tuple[list[tuple[str, Attrs]], Edges, dict[tuple[str, str], str]]:
    """The invisible points, carrier edges and owners (by carrier) of the cut labels of
    a pinned drawing.

    ``rooms``: where each spacer stood in the layout (by node that cut), the same in
    every frame: every frame has the same carriers, a label only where its cut was
    made (the frames are joined from the same pieces, :mod:`.compose`).  A node that
    cut without a spacer (positions not from :func:`with_rooms`) carries its label
    from its own place.  The label placer starts beside the node anyway."""
    nodes: list[tuple[str, Attrs]] = []
    edges: Edges = []
    owners: dict[tuple[str, str], str] = {}
    for owner in sorted(set(rooms) | set(notes)):
        name = ROOM + owner
        pos = rooms.get(owner)
        if pos is None:
            continue
        x, y = pos.split(",")[:2]
        point = f"{x},{y}"
        nodes.append((name, {"shape": "point", "style": "invis", "label": "",
                             "pos": point}))
        ends = (_drawn(view, owner), name)
        edges.append((ends, {"label": notes.get(owner, ""), "lp": point,
                             "pos": " ".join([point] * 4), "color": "transparent",
                             "headclip": "false", "tailclip": "false"}))
        owners[ends] = owner
    return nodes, edges, owners


def with_rooms(view: View, nodes: list[tuple[str, Attrs]], edges: Edges,
               rankdir: str, notes: dict[str, str]) -> Edges:
    """``edges`` with an invisible edge to a spacer after the edge into each node that
    made a cut; the spacers are added to ``nodes`` (in place).

    The spacer shows the node's cut label (``dot`` alone draws it there) and is as wide
    as the label and two gaps (as tall, when the tree grows right).  The cut edge keeps
    a label as tall as the text and one point wide: ``dot`` still gives the edges a row
    for their labels (the tree keeps its height), but no longer pushes the children of
    the fan apart for a label now drawn beside the node.  The spacer's edge from the
    parent has no weight (the parent stays centred over its real children); a flat edge
    from the node keeps it in the node's rank."""
    owners = cut_owners(view)
    room: dict[str, tuple[Attrs, float, float]] = {}
    attrs_of = dict(edges)
    for ends, owner in owners.items():
        attrs = attrs_of.get(ends, {})
        label = notes.get(owner)
        if not label or owner in room:
            continue
        fontsize = "14"
        w, h = label_size(label, float(fontsize))
        # At least the label's estimated size (the graph's nodes are fixed-size):
        # Graphviz measures the text with its own font and grows the spacer if it finds
        # it larger (a fixed size made it warn "size too small for label" on the
        # terminal, with --preset slides).
        spacer = {"shape": "none", "label": label, "fontsize": fontsize, "margin": "0",
                  "fixedsize": "false"}
        room[owner] = (spacer, w + 2 * GAP if rankdir != "LR" else w,
                       h + 2 * GAP if rankdir == "LR" else h)
        attrs.pop("fontsize", None)  # the move's name, drawn in the pinned drawing only
        attrs["label"] = (f'<<TABLE BORDER="0" CELLBORDER="0" CELLPADDING="0" '
                          f'CELLSPACING="0"><TR><TD WIDTH="1" HEIGHT="{h:.0f}" '
                          f'FIXEDSIZE="TRUE"></TD></TR></TABLE>>')
    if not room:
        return edges
    out: Edges = []
    for ends, attrs in edges:
        out.append((ends, attrs))
        head = ends[1]
        if head not in room or ends[0].startswith(ROOM):
            continue
        name = ROOM + head
        spacer, width, height = room[head]
        nodes.append((name, {**spacer, "width": f"{width / 72:.3f}",
                             "height": f"{height / 72:.3f}"}))
        out.append(((ends[0], name), {"style": "invis", "weight": "0"}))
        out.append(((head, name), {"style": "invis", "minlen": "0"}))
    return out
