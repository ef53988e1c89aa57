"""Moves counted by class (``gametrace stats --by-class``): on chess traces, every count
is checked against a count made here from the trace's lines with python-chess alone
(each node's board rebuilt from its path of SAN moves); the classes that come from the
enhanced search's ordering against its ``order`` events; a trace whose game cannot be
made again is refused in one line naming what is missing."""

from __future__ import annotations

import json
from pathlib import Path

import chess
import pytest

from tracer.analysis.stats import ClassStats, SearchStats, read_stats_and_header
from tracer.errors import UsageError
from tracer.games.registry import make_game
from tracer.record import FileRecorder
from tracer.search import run_search

POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
"""The Chess Programming Wiki's perft position 4: promotions, captures and checks at
once."""

ORDERED = {"pv": "pv move", "tt": "tt move", "killer": "killer"}


def _record(path: Path, fen: str, **options: object) -> Path:
    game, state, block = make_game("chess", {"fen": fen})
    with FileRecorder(path) as rec:
        run_search(game, state, recorder=rec, source=block, **options)
    return path


def _python_chess_count(path: Path, fen: str) -> dict[tuple[int, str], ClassStats]:
    """(ply, class) -> moves searched and cuts by rank, read from the trace's lines with
    python-chess: a node's board is its parent's with its last SAN move pushed."""
    boards: dict[str, chess.Board] = {"root": chess.Board(fen)}

    def board(nid: str) -> chess.Board:
        if nid not in boards:
            parent, _, san = nid.rpartition("/")
            b = board(parent or "root").copy(stack=False)
            b.push_san(san)
            boards[nid] = b
        return boards[nid]

    why: dict[str, dict[str, str]] = {}
    children: dict[str, list[str]] = {}
    pending: dict[str, dict[str, str]] = {}
    searched: dict[tuple[int, str], int] = {}
    ranks: dict[tuple[int, str], dict[int, int]] = {}

    def kind(parent: str, child: str) -> str:
        reason = why.get(parent, {}).get(child, "")
        if reason in ORDERED:
            return ORDERED[reason]
        b = board(parent)
        move = b.parse_san(child.rpartition("/")[2])
        if move.promotion:
            return "promotion"
        if b.is_capture(move):
            return "capture"
        return "check" if b.gives_check(move) else "quiet"

    def parent_of(nid: str) -> tuple[int, str]:
        head = nid.rpartition("/")[0]
        return nid.count("/"), head or "root"

    def tried(nid: str) -> None:
        ply, parent = parent_of(nid)
        key = (ply, kind(parent, nid))
        searched[key] = searched.get(key, 0) + 1

    for line in path.read_text().splitlines()[1:]:
        ev = json.loads(line)
        if ev["type"] == "order":
            pending = {ev["node"]: dict(zip(ev["children"], ev["reasons"], strict=True))}
        elif ev["type"] == "expand":
            why[ev["node"]] = pending.get(ev["node"], {})
            pending = {}
            children[ev["node"]] = ev["children"]
            if ev["node"] != "root":
                tried(ev["node"])
        elif (ev["type"] == "evaluate" and ev["node"] != "root") or (
                ev["type"] == "tt" and ev["kind"] == "hit"):
            tried(ev["node"])
        elif ev["type"] == "cut":
            node = ev["node"]
            ply = 0 if node == "root" else node.count("/") + 1
            key = (ply, kind(node, ev["after"]))
            rank = children[node].index(ev["after"]) + 1
            ranks.setdefault(key, {})[rank] = ranks.get(key, {}).get(rank, 0) + 1
    return {key: ClassStats(n, dict(sorted(ranks.get(key, {}).items())))
            for key, n in searched.items()}


def _classes(stats: SearchStats) -> dict[tuple[int, str], ClassStats]:
    return {(d.depth, name): c for d in stats.depths for name, c in d.classes.items()}


def test_alpha_beta_on_position_4_counts_as_python_chess_does(tmp_path: Path) -> None:
    path = _record(tmp_path / "p4.jsonl", POSITION_4, algorithm="alphabeta", depth=3)
    stats, _ = read_stats_and_header(path, by_class=True)
    got = _classes(stats)
    assert got == _python_chess_count(path, POSITION_4)
    assert {name for _, name in got} == {"promotion", "capture", "check", "quiet"}
    for d in stats.depths:  # every move searched at ply d is a node at ply d + 1
        below = stats.depths[d.depth + 1].nodes if d.depth + 1 < len(stats.depths) else 0
        assert sum(c.searched for c in d.classes.values()) == below
        assert sum(c.cuts for c in d.classes.values()) == d.cuts
        assert sum(c.first for c in d.classes.values()) == d.ranks.get(1, 0)


def test_the_enhanced_search_adds_tt_moves_killers_and_the_pv(tmp_path: Path) -> None:
    path = _record(tmp_path / "e.jsonl", "startpos", algorithm="enhanced",
                   techniques="id,tt,killer,history", depth=3)
    stats, _ = read_stats_and_header(path, by_class=True)
    got = _classes(stats)
    assert got == _python_chess_count(path, chess.STARTING_FEN)
    assert {"pv move", "tt move", "killer", "quiet"} <= {name for _, name in got}
    by_class = stats.by_class
    assert sum(c.cuts for c in by_class.values()) == stats.cuts
    # the JSON carries the same numbers, per depth and in all, and reads back
    data = stats.to_json()
    assert data["total"]["by_class"]["killer"]["cuts"] == by_class["killer"].cuts
    assert SearchStats.from_json(data, file="s.json") == stats


def test_a_hand_count_of_one_node(tmp_path: Path) -> None:
    """White: Ka1, Qg2, Pa7; Black: Kh8.  Counted by hand on the board: 30 moves, of
    which 4 promotions (a8=Q+ and a8=R+ are promotions first), 7 checks (Qg8 Qa8 Qg7 on
    the eighth rank and the long diagonal, Qh1 Qh2 Qh3 on the h-file, Qb2 on the
    diagonal b2-h8), no capture, 19 quiet (16 other queen moves, 3 king moves)."""
    fen = "7k/P7/8/8/8/8/6Q1/K7 w - - 0 1"
    path = _record(tmp_path / "h.jsonl", fen, algorithm="alphabeta", depth=1)
    stats, _ = read_stats_and_header(path, by_class=True)
    root = stats.depths[0].classes
    assert {name: c.searched for name, c in root.items()} == {
        "promotion": 4, "check": 7, "quiet": 19}
    assert stats.depths[0].cuts == 0  # the root never cuts


def test_a_game_without_classes_counts_moves_and_the_ordering(tmp_path: Path) -> None:
    game, state, block = make_game("othello", {})
    path = tmp_path / "o.jsonl"
    with FileRecorder(path) as rec:
        run_search(game, state, algorithm="enhanced", techniques="id,killer", depth=4,
                   recorder=rec, source=block)
    stats, _ = read_stats_and_header(path, by_class=True)
    assert set(stats.by_class) == {"move", "killer", "pv move"}
    orders = [json.loads(line) for line in path.read_text().splitlines()
              if '"type":"order"' in line]
    assert orders and any("killer" in ev["reasons"] for ev in orders)


def test_a_trace_whose_game_cannot_be_made_again(tmp_path: Path) -> None:
    path = _record(tmp_path / "c.jsonl", "startpos", algorithm="alphabeta", depth=1)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    del header["source"]["name"]
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(UsageError, match=r"counting by move class needs a trace of a tree "
                                         r"or a built-in game, and its header names no game "
                                         r"\(header.source.name\)"):
        read_stats_and_header(path, by_class=True)
    header["source"] = {}
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(UsageError, match=r"has no source \(header.source\)"):
        read_stats_and_header(path, by_class=True)
