"""Room beside each node that made a cut, for its cut label.

A cut label ("alpha cut / 7 ≤ α = 10") says something about the node that cut, so it
sits beside that node, on the side of its pruned children (the last ones: right of
the node, below it when the tree grows right).  ``dot`` packs a full fan of a wide tree
tight, node against node, and the label then had no place near its node: it went
beside a neighbour, stacked under the neighbour's own label.  So the layout keeps the
room: a spacer the size of the label stands right after the node in its parent's row
(``ordering=out``), pushing the next sibling and its subtree away.  The label placer
(:mod:`tracer.render.draw.labels`) starts its search there.

Only DOT for ``dot`` has the spacers (they show the cut labels there); pinned drawings
keep their room and draw the labels on the cut edges.
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
        label = attrs.get("label")
        if not label or owner in room:
            continue
        fontsize = attrs.get("fontsize", "14")
        w, h = label_size(label, float(fontsize))
        # At least the label's estimated size (the graph's nodes are fixed-size):
        # Graphviz measures the text with its own font and grows the spacer if it finds
        # it larger (a fixed size made it warn "size too small for label" on the
        # terminal, with --preset slides).
        spacer = {"shape": "none", "label": label, "fontsize": fontsize, "margin": "0",
                  "fixedsize": "false"}
        room[owner] = (spacer, w + 2 * GAP if rankdir != "LR" else w,
                       h + 2 * GAP if rankdir == "LR" else h)
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
