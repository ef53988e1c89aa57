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

A move name or a probability belongs to its edge: its search starts along that edge,
beside its middle and then towards its head, on the side of the edge its fan leaves
free (:func:`_outer`: no two labels of a fan share the gap between two edges), and a
good place is nearer that edge than any other by :data:`OWN_MARGIN`.  Where none is
(four wide A* actions in a fan of short edges), :func:`strays` counts the label, and
the drawing is laid out again with longer edges (:mod:`tracer.render.pipeline`).

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

__all__ = ["GAP", "Placed", "label_size", "node_box", "place_labels", "strays"]

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
    heads: dict[str, list[tuple[float, float]]] = {}
    """The far ends of each node's edges into the tree, by tail (a fan's outer sides)."""
    for (tail, head), seg in segments:
        if not head.startswith("gt"):
            heads.setdefault(tail, []).append((seg[2], seg[3]))
    for ends, attrs in rest:
        lp = attrs["lp"]
        w, h = sizes[ends]
        x, y = (float(v) for v in lp.split(","))
        owner = owners.get(ends) if owners is not None else None
        mine = trees.get(owner) if owner is not None else None
        offsets = _offsets(h)
        if mine is not None:
            x, y = _beside(mine, w, h, rankdir)
        else:
            line = _line([s for e, s in segments if e == ends])
            if line is not None:
                # A move or a probability belongs to its edge: tried first along the
                # edge, on the fan's outer side, then on the inner side.
                x, y = (line[0] + line[2]) / 2, (line[1] + line[3]) / 2
                side = _outer(line, heads.get(ends[0], []), rankdir)
                offsets = _along(line, w, h, side, x, y, rankdir) + offsets
        window = (x - REACH - w, y - 3 * h, x + REACH + w, y + 3 * h)
        key = (ends, lp, round(w, 1), round(h, 1),
               tuple(p for p in placed if _overlap(p, window)))
        level = None  # how good the place is (unknown when the cache answered)
        if cache is not None and key in cache:
            best = cache[key]
        else:
            own = None
            if mine is not None:
                reach = (x - FAR * REACH - w, y - FAR * 3 * h, x + FAR * REACH + w,
                         y + FAR * 3 * h)
                own = (mine, [b for n, b in trees.items() if n != owner and _overlap(b, reach)])
            # Every line a candidate's box may cross (the moves reach REACH sideways and
            # 2.5 h up and down; those along a long edge may reach further).
            rx = max(REACH, max(abs(dx) for dx, _ in offsets)) + w
            ry = max(3 * h, max(abs(dy) for _, dy in offsets) + h)
            near = [(e, s) for e, s in segments if _near(s, x, y, rx, ry)]
            best, level = _search(ends, x, y, w, h, near, obstacles, placed, bb, offsets,
                                  own)
            if level < GOOD:  # a crowded fan (a wide tree's last level): look further away
                far = [(e, s) for e, s in segments
                       if _near(s, x, y, FAR * REACH + w, FAR * 3 * h)]
                wide, further = _search(ends, x, y, w, h, far, obstacles, placed, bb,
                                        _offsets(h, FAR), own)
                if further > level:
                    best, level = wide, further
            if cache is not None:
                cache[key] = best
        if best is not None:
            x, y = best
            attrs["lp"] = f"{x:.2f},{y:.2f}"
        if cache is not None:
            cache[(_SHOWN, ends)] = (x, y + h / 2)
            if mine is not None or level is None:
                pass
            elif level < GOOD:
                cache[(_STRAY, ends)] = None
            else:
                cache.pop((_STRAY, ends), None)
        placed.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))


_SHOWN = "shown"
"""Cache key of where an edge's label was last shown: (_SHOWN, ends) -> (x, top)."""
_STRAY = "stray"
"""Cache key of an edge's label placed nearer another edge than its own, or crossing
a line: (_STRAY, ends) -> None."""


def strays(cache: Placed) -> int:
    """How many edge labels (not cut labels) placed with ``cache`` found no place
    nearer their own edge than any other, clear of every line and label."""
    return sum(1 for key in cache if isinstance(key, tuple) and key[0] == _STRAY)


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
            ) -> tuple[tuple[float, float] | None, int]:
    """The nearest good place for the label, and how good it is: :data:`GOOD`, else
    :data:`CLEAR` (crossing no line, covering nothing, but nearer another edge or node
    than its own: of those, the one that misses by least), else the fallbacks of the
    module's docstring (0).

    ``owner``: the box of the node the label belongs to and those of the other nodes;
    a good place is nearer that node than any other (else nearest its own edge, by
    :data:`OWN_MARGIN`)."""
    clear: tuple[float, float] | None = None
    """Crosses no line and covers nothing, but nearer another edge (node) than its own."""
    miss = math.inf
    """By how much ``clear`` is nearer another edge than its own."""
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
            mine = min(_distance(s, cx, cy) for s in own) + OWN_MARGIN
            other = min((_distance(s, cx, cy) for e, s in near if e != ends),
                        default=math.inf)
            if other < mine:
                if mine - other < miss:
                    clear, miss = (cx, cy), mine - other
                continue
        return (cx, cy), GOOD
    if clear is not None:
        return clear, CLEAR
    return (fallback[0] if fallback is not None else None), 0


GOOD, CLEAR = 2, 1
"""How good a label's place is (:func:`_search`)."""
OWN_MARGIN = 3.0
"""Points by which an edge label is nearer its own edge than any other, at least: the
reader's eye judges by the text, not by the box the placer estimates."""


def _line(segments: list[Segment]) -> Segment | None:
    """An edge's line from its first point to its last (edges are drawn straight)."""
    if not segments:
        return None
    return segments[0][0], segments[0][1], segments[-1][2], segments[-1][3]


def _outer(line: Segment, heads: list[tuple[float, float]], rankdir: str) -> float:
    """-1 or +1: the side of ``line`` its label goes to, across the direction the tree
    grows (+1: right, or up when it grows right).

    The edges of a fan, k of them, leave k + 1 gaps (the two outer ones open): each
    edge's label takes the gap on one of its sides, and no gap holds two labels.  The
    gap left empty is the narrowest between two edges; the edges before it label on
    their left (lower) side, the others on their right (upper) side.  A lone edge:
    right (up)."""
    across = 1 if rankdir == "LR" else 0
    tail = line[:2]

    def angle(p: tuple[float, float]) -> float:
        # From the rank direction (the edges of a fan share a tail).
        return math.atan2(p[across] - tail[across], abs(p[1 - across] - tail[1 - across]))

    angles = sorted({round(angle(p), 9) for p in heads} | {round(angle(line[2:]), 9)})
    mine = angles.index(round(angle(line[2:]), 9))
    if len(angles) < 2:
        return 1.0
    gaps = [angles[j] - angles[j - 1] for j in range(1, len(angles))]
    empty = 1 + min(range(len(gaps)), key=lambda j: (gaps[j], abs(2 * j + 1 - len(gaps))))
    return -1.0 if mine < empty else 1.0


ALONG = tuple(sorted((i / 20 for i in range(5, 20)), key=lambda t: (abs(t - 0.55), -t)))
"""Where along its edge a label is tried (0 at the tail, 1 at the head): the middle
first, then towards the head, where a fan's edges are further apart."""


def _along(line: Segment, w: float, h: float, side: float, x: float, y: float,
           rankdir: str) -> tuple[tuple[float, float], ...]:
    """Moves from (x, y) to places beside ``line`` (on ``side`` first, then the other;
    see :func:`_outer`), the label's box just clear of the line."""
    ax, ay, bx, by = line
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return ()
    nx, ny = -(by - ay) / length, (bx - ax) / length
    if (ny if rankdir == "LR" else nx) * side < 0:
        nx, ny = -nx, -ny
    out: list[tuple[float, float]] = []
    for sign in (1.0, -1.0):
        for extra in (1.0, 6.0, 12.0):
            reach = w / 2 * abs(nx) + h / 2 * abs(ny) + GAP + extra
            for t in ALONG:
                px, py = ax + t * (bx - ax), ay + t * (by - ay)
                out.append((px + sign * reach * nx - x, py + sign * reach * ny - y))
    return tuple(out)


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
