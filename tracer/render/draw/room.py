"""Room beside each node that made a cut, for its cut label.

A cut label ("alpha cut / 7 ≤ α = 10") says something about the node that cut, so it
sits beside that node, on the side of its pruned children (the last ones: right of
the node, below it when the tree grows right).  ``dot`` packs a full fan of a wide tree
tight, node against node, and the label then had no place near its node: it went
beside a neighbour, stacked under the neighbour's own label.  So the layout keeps the
room: an invisible spacer the size of the label stands right after the node in its
parent's row (``ordering=out``), pushing the next sibling and its subtree away.  The
label placer (:mod:`tracer.render.draw.labels`) starts its search there.

Only the layout (DOT for ``dot``) has the spacers; pinned drawings keep their room.
"""

from __future__ import annotations

from ..model.view import View
from .labels import GAP, label_size
from .notes import note_name

__all__ = ["ROOM", "cut_owners", "with_rooms"]

Attrs = dict[str, str]
Edges = list[tuple[tuple[str, str], Attrs]]

ROOM = "gt.room."
"""Prefix of a spacer's name (then the key of the node it keeps room beside)."""


def cut_owners(view: View) -> dict[tuple[str, str], str]:
    """The edges carrying a cut label, as drawn (from the box under the node, if any),
    and the node that made the cut."""
    return {(note_name(e.tail) if view.notes else e.tail, e.head): e.tail
            for e in view.edges if e.cut is not None and e.status != "hidden"}


def with_rooms(view: View, nodes: list[tuple[str, Attrs]], edges: Edges,
               rankdir: str) -> Edges:
    """``edges`` with an invisible edge to a spacer after the edge into each node that
    made a cut; the spacers are added to ``nodes`` (in place).

    The spacer is as wide as the node's widest cut label and two gaps (as tall, when
    the tree grows right), and thin the other way, so that the ranks keep their depth.
    Its edge has no weight: the parent stays centred over its real children."""
    owners = cut_owners(view)
    room: dict[str, float] = {}
    attrs_of = dict(edges)
    for ends, owner in owners.items():
        attrs = attrs_of.get(ends, {})
        if not attrs.get("label"):
            continue
        w, h = label_size(attrs["label"], float(attrs.get("fontsize", "14")))
        across = (h if rankdir == "LR" else w) + 2 * GAP
        room[owner] = max(room.get(owner, 0.0), across)
    if not room:
        return edges
    out: Edges = []
    for ends, attrs in edges:
        out.append((ends, attrs))
        head = ends[1]
        if head not in room or ends[0].startswith(ROOM):
            continue
        name = ROOM + head
        size = f"{room[head] / 72:.3f}"
        width, height = ("0.01", size) if rankdir == "LR" else (size, "0.01")
        nodes.append((name, {"shape": "box", "style": "invis", "label": "",
                             "width": width, "height": height, "fixedsize": "true"}))
        out.append(((ends[0], name), {"style": "invis", "weight": "0"}))
        out.append(((head, name), {"style": "invis", "minlen": "0"}))
    return out
