"""What is written around a node besides its value: the position under it, its proof
and disproof numbers, where a transposition-table value came from, whether it is an
AND or an OR node, its hover text, and the legend entries a picture needs.

What goes under the nodes is planned once, from the final diagram (:func:`plan_notes`),
and the frames of a sequence reuse the plan: every frame then has the same boxes under
the same nodes, so one layout serves them all.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from ...trace import Header
from ..read.replay import NodeState, Replay
from ..read.skeleton import Skeleton
from .collapse import Visible
from .render_options import RenderOptions
from .text import Words

__all__ = ["POSITIONS_AUTO_NODES", "SMALL_BOARD_LINES", "Plan", "Slot", "andor_kind",
           "note_texts", "plan_notes", "tooltip"]

POSITIONS_AUTO_NODES = 60
"""Positions are drawn by default in drawings of at most this many nodes."""
SMALL_BOARD_LINES = 4
"""Taller boards (Othello's 8 lines) are drawn at the root and along the principal
variation only: forty 8x8 boards differing by a disc or two are noise at slide size,
while the start and the line of play chosen tell the story (every board is in the
tooltips)."""
NUMBERS_CHARS = 13
"""Room kept for "pn 99 / dn 99": numbers change from frame to frame, the box must not."""


@dataclass(frozen=True)
class Slot:
    """What one node carries under it, for the whole sequence of pictures."""

    position: str | None = None
    """The board (or piles) drawn under the node."""
    numbers: bool = False
    """A line for the proof and disproof numbers."""
    tt: bool = False
    """A line saying where the transposition-table value came from."""
    chars: int = 0
    """The widest line, in characters."""


Plan = dict[str, Slot]
"""Node id -> its slot; an empty plan draws nothing under the nodes."""


def plan_notes(replay: Replay, visible: Visible, opts: RenderOptions, w: Words,
               pv: Collection[str]) -> Plan:
    """What goes under each drawn node, decided from the fully replayed trace."""
    skel = replay.skeleton
    positions = _positions_on(skel, visible, opts)
    numbers = opts.numbers and replay.numbers
    keep_pv = set(pv)
    plan: Plan = {}
    for nid in visible.order:
        sn = skel.nodes[nid]
        st = replay.states.get(nid)
        position = None
        if positions and sn.position and sn.position != nid:
            small = sn.position.count("\n") < SMALL_BOARD_LINES
            if small or nid == skel.root or nid in keep_pv:
                position = w.position(sn.position)
        tt = st is not None and st.tt is not None
        if position is None and not numbers and not tt:
            continue
        texts = note_texts(st, w, numbers=numbers, tt=tt)
        chars = max([len(t) for t in texts] + [NUMBERS_CHARS if numbers else 0])
        plan[nid] = Slot(position, numbers, tt, chars)
    return plan


def _positions_on(skel: Skeleton, visible: Visible, opts: RenderOptions) -> bool:
    if opts.positions is False or skel.nodes[skel.root].player == "state":
        return False  # A* search graphs write the state in the node already
    has = any(skel.nodes[n].position not in (None, n) for n in visible.order)
    if opts.positions:
        return has
    return has and len(visible.order) <= POSITIONS_AUTO_NODES


def note_texts(st: NodeState | None, w: Words, *, numbers: bool, tt: bool) -> tuple[str, ...]:
    """The small lines under a node, one per slot ("" while there is nothing to say)."""
    out: list[str] = []
    if numbers:
        if numbers and st is not None and st.proof is not None and st.disproof is not None:
            out.append(w("note.numbers", proof=w.number(st.proof),
                         disproof=w.number(st.disproof)))
        else:
            out.append("")
    if tt:
        hit = st.tt if st is not None else None
        out.append("" if hit is None else w("note.tt", node=hit.stored_at or "?"))
    return tuple(out)


def andor_kind(header: Header, player: str | None) -> str | None:
    """``or`` where the prover chooses, ``and`` where the opponent does (AND/OR and
    proof-number searches only; the prover is ``max`` unless the header says)."""
    if header.algorithm not in ("andor", "pns") or player not in ("max", "min"):
        return None
    prover = header.options.get("prover") or "max"
    return "or" if player == prover else "and"


def tooltip(nid: str, shape: str, status: str, player: str | None, position: str | None,
            value: str | None, w: Words, *, st: NodeState | None = None,
            andor: str | None = None, numbers: bool = True) -> str:
    """Hover text (SVG): the node, who moves there, its value, the position if any."""
    text = nid if shape in ("terminal", "static", "state") or not player \
        else f"{nid} ({w.player(player)})"
    if andor is not None:
        text += f" {andor.upper()}"
    if value:
        text += f": {w('value')} {value}"
    if status == "pruned":
        text += f" ({w('pruned.one')})"
    elif status == "unvisited":
        text += f" ({w('legend.unvisited')})"
    if st is not None and st.tt is not None:
        text += "\n" + w("tip.tt", flag=w(f"flag.{st.tt.flag}"), value=w.number(st.tt.value),
                         node=st.tt.stored_at or "?")
    if numbers and st is not None and st.proof is not None and st.disproof is not None:
        text += "\n" + w("note.numbers", proof=w.number(st.proof),
                         disproof=w.number(st.disproof))
    if position and position != nid:
        text += "\n" + position
    return text
