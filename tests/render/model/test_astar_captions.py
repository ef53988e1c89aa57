"""A* frame captions name a node as the picture does: by its state.

An A* node was named by the move into it: on a road map that is the road's length
("140 Sibiu expanded (#2)", "goal 101 reached"), on the jugs "fill1 (3,0)" and
"same state as n0" (an id drawn nowhere).  Every frame of Romania (AIMA fig. 3.24) and
of the jugs of the notes is read here.
"""

from __future__ import annotations

import re

import pytest

from tracer._api import search_problem
from tracer.problems.romania import romania_graph
from tracer.record import MemoryRecorder
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace


def _trace(problem: str) -> Trace:
    recorder = MemoryRecorder()
    search_problem(problem, recorder=recorder)
    return recorder.trace


def _captions(problem: str, lang: str = "en") -> list[str]:
    drawing = Drawing(_trace(problem), RenderOptions(lang=lang, step="event"))
    return [re.sub(r"^(Step|Passo) \d+/\d+: ", "", f.caption) for f in drawing.frames()]


def test_romania_frames_name_every_node_by_its_city() -> None:
    captions = _captions("romania")
    cities = "|".join(re.escape(c) for c in romania_graph().nodes)
    assert captions[:8] == [
        "Arad generated (start): g+h = 0+366 = 366",
        "Arad expanded (#1), f = 366",
        "Zerind generated from Arad at cost 75: g+h = 75+374 = 449",
        "Sibiu generated from Arad at cost 140: g+h = 140+253 = 393",
        "Timisoara generated from Arad at cost 118: g+h = 118+329 = 447",
        "Sibiu expanded (#2), f = 393",
        "Arad generated from Sibiu at cost 140: g+h = 280+366 = 646",
        "Arad discarded: repeated state",
    ]
    assert "goal Bucharest reached, cost 418" in captions
    steps = captions[:-1]  # the last frame says the result
    for text in steps:
        # A node is a city: the sentence starts with one (or "goal" and one) ...
        assert re.match(rf"(goal )?({cities}) ", text), text
        # ... and names no node by a road's length, nor by an id.
        assert not re.search(r"(^|from |goal )[0-9]+ ", text), text
        assert not re.search(r"\bn[0-9]+\b", text), text
    expanded = [m[1] for t in steps if (m := re.match(r"(.+) expanded \(#\d+\)", t))]
    assert expanded == ["Arad", "Sibiu", "Rimnicu Vilcea", "Fagaras", "Pitesti", "Bucharest"]


def test_romania_frames_in_italian() -> None:
    captions = _captions("romania", "it")
    assert captions[2] == "Zerind generato da Arad a costo 75: g+h = 75+374 = 449"
    assert "Sibiu espanso (#2), f = 393" in captions
    assert "obiettivo Bucharest raggiunto, costo 418" in captions


@pytest.mark.parametrize("problem", ["jugs", "puzzle8"])
def test_puzzle_frames_name_nodes_by_their_states(problem: str) -> None:
    trace = _trace(problem)
    states = {e.label for e in trace.events if e.type == "generate"}
    steps = _captions(problem)[:-1]
    for text in steps:
        first = re.match(r"(goal )?(\S+) ", text)
        assert first is not None and first[2] in states, text
        assert not re.search(r"\bn[0-9]+\b", text), text  # ids are drawn nowhere


def test_jugs_frames_keep_their_actions() -> None:
    captions = _captions("jugs")
    assert captions[2] == "(3,0) generated from (0,0) by fill 1: g+h = 1+1 = 2"
    assert captions[5] == "(0,3) generated from (3,0) by pour 1→2: g+h = 2+1 = 3"
    assert "goal (1,5) reached, cost 4" in captions
