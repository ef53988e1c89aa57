"""Edge labels moved clear of every line and node once the tree is laid out.

``dot`` places an edge's label beside the edge as it routes it, but the edges are then
drawn as straight lines (``splines=line``): a cut label ends up on the dashed pruned
edges of its fan, a move name under the bold principal variation, two A* actions run
together, a visit number's white background punches a hole in a line, a probability
sits nearer the neighbouring edge than its own.  So each label is moved to the nearest
place (from where ``dot`` put it) where its box crosses no edge, covers no node and no
label placed before it, and its own edge is the nearest line; failing that, the
nearest place crossing no line and covering nothing; where none is that near (a
crowded fan of a wide tree), the same twice as far away; then one crossing no line nor
label; then one crossing no line; failing all, it stays.

A cut label belongs to the node that cut, not to the edge it is written on: its search
starts beside that node (where the layout kept room for it,
:mod:`tracer.render.draw.spacers`), and a good place is one nearer that node than any
other node.

Label sizes are estimated from their font sizes and DejaVu Sans advances
(:func:`tracer.render.draw.svgtext.text_width`), so the placement does not depend on the
fonts installed.  Everything is deterministic: same elements, same positions.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Mapping

from .svgtext import text_width

__all__ = ["GAP", "Placed", "label_size", "node_box", "place_labels"]

Attrs = dict[str, str]
Box = tuple[float, float, float, float]
Segment = tuple[float, float, float, float]
Placed = dict[object, tuple[float, float] | None]
"""Where labels went, by label and surroundings (None: where ``dot`` put them)."""

REACH = 140.0
"""How far (points) a label may move sideways from where ``dot`` put it."""
FAR = 2.0
"""Where no place that near is clear of every line, node and label, this many times
as far (a label over a node's value is worse than one far from its edge)."""
GAP = 2.0
"""Room kept between a label and a line or a node."""
WORD_GAP = 6.0
"""Room kept, side by side, between two labels: more than a word space, so that two
A* actions on neighbouring edges ("empty 2", "fill 2") never read as one phrase."""
_FONT = re.compile(r'POINT-SIZE="([0-9.]+)"')
_ROW = re.compile(r"<TR>(.*?)</TR>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")


def place_labels(nodes: list[tuple[str, Attrs]], edges: list[tuple[tuple[str, str], Attrs]],
                 bb: Box, cache: Placed | None = None, *,
                 owners: Mapping[tuple[str, str], str] | None = None,
                 rankdir: str = "TB") -> None:
    """Move the ``lp`` of every labelled edge (in place), in the edges' order.

    ``owners``: the node each cut label belongs to, by edge; its label is placed beside
    that node (right of it, below it when the tree grows right: ``rankdir`` ``LR``).
    ``cache``: answers kept for the next frames of the same drawing (same positions).
    A label shown in an earlier frame stays where it was (its top row in place, should
    it grow a row), as long as that place is still clear; those labels are placed first,
    so a label appearing later goes around them rather than pushing them away.  Otherwise
    a label placed before, among the same labels around it, goes where it went."""
    labelled = [(ends, attrs) for ends, attrs in edges
                if attrs.get("label") and attrs.get("lp") and attrs.get("style") != "invis"]
    if not labelled:
        return
    segments = [(e, s) for e, a in edges for s in _segments(a.get("pos", ""))]
    named = [(n, b) for n, a in nodes if (b := node_box(n, a)) is not None]
    obstacles = [b for _, b in named]
    trees = {n: b for n, b in named if not n.startswith("gt")}
    """The tree's nodes (not the boxes under them, nor invisible points)."""
    placed: list[Box] = []
    sizes = {ends: label_size(attrs["label"], float(attrs.get("fontsize", "14")))
             for ends, attrs in labelled}
    rest = []
    for ends, attrs in labelled:  # first, the labels that can stay where they were shown
        shown = cache.get((_SHOWN, ends)) if cache is not None else None
        w, h = sizes[ends]
        # Graphviz's y grows upwards: the top row stays where it was.
        if shown is not None and _clear(shown[0], shown[1] - h / 2, w, h, segments,
                                        obstacles, placed, bb):
            x, y = shown[0], shown[1] - h / 2
            attrs["lp"] = f"{x:.2f},{y:.2f}"
            placed.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
        else:
            rest.append((ends, attrs))
    for ends, attrs in rest:
        lp = attrs["lp"]
        w, h = sizes[ends]
        x, y = (float(v) for v in lp.split(","))
        owner = owners.get(ends) if owners is not None else None
        mine = trees.get(owner) if owner is not None else None
        if mine is not None:
            x, y = _beside(mine, w, h, rankdir)
        window = (x - REACH - w, y - 3 * h, x + REACH + w, y + 3 * h)
        key = (ends, lp, round(w, 1), round(h, 1),
               tuple(p for p in placed if _overlap(p, window)))
        if cache is not None and key in cache:
            best = cache[key]
        else:
            own = None
            if mine is not None:
                reach = (x - FAR * REACH - w, y - FAR * 3 * h, x + FAR * REACH + w,
                         y + FAR * 3 * h)
                own = (mine, [b for n, b in trees.items() if n != owner and _overlap(b, reach)])
            near = [(e, s) for e, s in segments if _near(s, x, y, REACH + w, 3 * h)]
            best, clean = _search(ends, x, y, w, h, near, obstacles, placed, bb, _offsets(h),
                                  own)
            if not clean:  # a crowded fan (a wide tree's last level): look further away
                far = [(e, s) for e, s in segments
                       if _near(s, x, y, FAR * REACH + w, FAR * 3 * h)]
                wide, clean = _search(ends, x, y, w, h, far, obstacles, placed, bb,
                                      _offsets(h, FAR), own)
                if clean:
                    best = wide
            if cache is not None:
                cache[key] = best
        if best is not None:
            x, y = best
            attrs["lp"] = f"{x:.2f},{y:.2f}"
        if cache is not None:
            cache[(_SHOWN, ends)] = (x, y + h / 2)
        placed.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))


_SHOWN = "shown"
"""Cache key of where an edge's label was last shown: (_SHOWN, ends) -> (x, top)."""


def _clear(x: float, y: float, w: float, h: float,
           segments: list[tuple[tuple[str, str], Segment]], obstacles: list[Box],
           placed: list[Box], bb: Box) -> bool:
    """Whether a label of size w, h centred at x, y crosses no line and covers nothing."""
    box = (x - w / 2 - GAP, y - h / 2 - GAP, x + w / 2 + GAP, y + h / 2 + GAP)
    if box[0] < bb[0] or box[2] > bb[2] or box[1] < bb[1] or box[3] > bb[3]:
        return False
    return not (any(_crosses(s, box) for _, s in segments)
                or any(_overlap(box, o) for o in obstacles)
                or any(_overlap(_spaced(box), p) for p in placed))


def _search(ends: tuple[str, str], x: float, y: float, w: float, h: float,
            near: list[tuple[tuple[str, str], Segment]], obstacles: list[Box],
            placed: list[Box], bb: Box, offsets: tuple[tuple[float, float], ...],
            owner: tuple[Box, list[Box]] | None = None,
            ) -> tuple[tuple[float, float] | None, bool]:
    """The nearest good place for the label, and whether it is clean: crossing no line,
    covering nothing (then ``clear``, the fallbacks of the module's docstring).

    ``owner``: the box of the node the label belongs to and those of the other nodes;
    a good place is nearer that node than any other (else nearest its own edge)."""
    clear: tuple[float, float] | None = None
    """Crosses no line and covers nothing, but nearer another edge (node) than its own."""
    fallback: tuple[tuple[float, float], bool] | None = None
    """Crosses no line (and whether it covers a label placed before)."""
    own = [s for e, s in near if e == ends]
    # Only the nodes and labels the candidates can reach are tested: a box overlapping
    # a candidate overlaps this window, which holds every candidate (wide by WORD_GAP
    # for the labels' spacing).  A big tree's labels would each test every node.
    reach_x = max((abs(dx) for dx, _ in offsets), default=0.0) + w / 2 + WORD_GAP
    reach_y = max((abs(dy) for _, dy in offsets), default=0.0) + h / 2 + GAP
    window = (x - reach_x, y - reach_y, x + reach_x, y + reach_y)
    obstacles = [o for o in obstacles if _overlap(o, window)]
    placed = [p for p in placed if _overlap(p, window)]
    # Each line with its bounding box, tested first: a line whose box misses the
    # label's (touching counts, as in _crosses) cannot cross it.
    lines = [(s, min(s[0], s[2]), min(s[1], s[3]), max(s[0], s[2]), max(s[1], s[3]))
             for _, s in near]
    for dx, dy in offsets:
        cx, cy = x + dx, y + dy
        box = (cx - w / 2 - GAP, cy - h / 2 - GAP, cx + w / 2 + GAP, cy + h / 2 + GAP)
        if box[0] < bb[0] or box[2] > bb[2] or box[1] < bb[1] or box[3] > bb[3]:
            continue
        if any(x0 <= box[2] and box[0] <= x1 and y0 <= box[3] and box[1] <= y1
               and _crosses(s, box) for s, x0, y0, x1, y1 in lines):
            continue
        over_label = any(_overlap(_spaced(box), p) for p in placed)
        if fallback is None or (not over_label and fallback[1]):
            fallback = ((cx, cy), over_label)
        if over_label or any(_overlap(box, o) for o in obstacles):
            continue
        if owner is not None:
            d = _apart(box, owner[0])
            if any(_apart(box, o) <= d for o in owner[1]):
                clear = clear or (cx, cy)
                continue
        elif own:
            mine = min(_distance(s, cx, cy) for s in own)
            if any(_distance(s, cx, cy) < mine for e, s in near if e != ends):
                clear = clear or (cx, cy)
                continue
        return (cx, cy), True
    if clear is not None:
        return clear, True
    return (fallback[0] if fallback is not None else None), False


def _beside(node: Box, w: float, h: float, rankdir: str) -> tuple[float, float]:
    """The centre of a label of size w, h just beside ``node``: right of it, at its
    middle; below it, when the tree grows right (Graphviz's y grows upwards)."""
    if rankdir == "LR":
        return (node[0] + node[2]) / 2, node[1] - 2 * GAP - h / 2
    return node[2] + 2 * GAP + w / 2, (node[1] + node[3]) / 2


def _apart(a: Box, b: Box) -> float:
    """The distance between two boxes (0 when they meet)."""
    return math.hypot(max(a[0] - b[2], b[0] - a[2], 0.0), max(a[1] - b[3], b[1] - a[3], 0.0))


def _spaced(box: Box) -> Box:
    """A label's box widened to keep :data:`WORD_GAP` from the labels beside it."""
    extra = WORD_GAP - GAP
    return (box[0] - extra, box[1], box[2] + extra, box[3])


@functools.lru_cache(maxsize=64)
def _offsets(h: float, times: float = 1.0) -> tuple[tuple[float, float], ...]:
    """Candidate moves, nearest first (ties broken left before right, up before down),
    within ``times`` the usual reach."""
    steps = [(dx, dy) for dx in _range(times * REACH, 3.0)
             for dy in _range(times * 2.5 * h, 4.0)]
    steps.sort(key=lambda d: (abs(d[0]) + 1.5 * abs(d[1]), d[0], d[1]))
    return tuple(steps)


def _range(reach: float, step: float) -> list[float]:
    n = int(reach // step)
    return [i * step for i in range(-n, n + 1)]


def label_size(label: str, size: float) -> tuple[float, float]:
    """Width and height in points of a plain or HTML-like label."""
    if not label.startswith("<"):
        lines = label.split("\\n")
        return (max(text_width(x, size) for x in lines) + 2, len(lines) * size * 1.2 + 2)
    rows = _ROW.findall(label) or [label]
    width = height = 0.0
    for row in rows:
        sizes = [float(s) for s in _FONT.findall(row)] or [size]
        text = _TAG.sub("", row).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
        width = max(width, text_width(text, max(sizes)) + 4)
        height += max(sizes) * 1.2 + 2
    return width, height


def _segments(pos: str) -> list[Segment]:
    points = [tuple(float(v) for v in p.split(",")[:2]) for p in pos.split()
              if not p.startswith(("e,", "s,"))]
    return [(a[0], a[1], b[0], b[1]) for a, b in itertools.pairwise(points)
            if a != b]


def node_box(name: str, attrs: Attrs) -> Box | None:
    """The box a node covers (from ``pos``, ``width``, ``height``), None for none."""
    pos = attrs.get("pos")
    if not pos or name.startswith("gt:anchor") or "width" not in attrs:
        return None
    x, y = (float(v) for v in pos.split(",")[:2])
    w, h = float(attrs["width"]) * 72, float(attrs.get("height", "0")) * 72
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def _near(seg: Segment, x: float, y: float, dx: float, dy: float) -> bool:
    return not (max(seg[0], seg[2]) < x - dx or min(seg[0], seg[2]) > x + dx
                or max(seg[1], seg[3]) < y - dy or min(seg[1], seg[3]) > y + dy)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _crosses(seg: Segment, box: Box) -> bool:
    """Liang-Barsky: does the segment pass through the box?"""
    ax, ay, bx, by = seg
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - box[0]), (dx, box[2] - ax), (-dy, ay - box[1]), (dy, box[3] - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _distance(seg: Segment, x: float, y: float) -> float:
    ax, ay, bx, by = seg
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length))
    return math.hypot(ax + t * dx - x, ay + t * dy - y)
