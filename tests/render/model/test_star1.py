"""Star1 drawn as its trace says, the trace's events being the oracle.

`run coin -a expectiminimax --variant star1 --bounds -2 7` then `render --preset slides`
drew E empty although the trace backs 2.5 up to it, A as "≥ 2.5" where the result is
exactly 2.5, and the cut note "5 ≤ α = 5" with an alpha derived for G alone, shown
nowhere.  A chance node's interval is now its children's weighted by their
probabilities, a child never searched counting as the leaf bounds
(tracer/render/model/values.py), and a cut below a chance node is written with the
chance node's bound and the alpha it was searched with (captions.cut_texts).
"""

from __future__ import annotations

import re

import pytest

from tracer._api import search_content
from tracer.events import Backup, Cut, Evaluate
from tracer.record import MemoryRecorder
from tracer.render.draw.presets import preset_options
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace

CASES = {"coin": (-2.0, 7.0), "transform-a": (0.0, 10.0), "transform-b": (0.0, 500.0)}


def _star1(name: str, order: str = "natural") -> Trace:
    recorder = MemoryRecorder()
    search_content(name, algorithm="expectiminimax", variant="star1", bounds=CASES[name],
                   order=order, recorder=recorder)
    return recorder.trace


def _number(text: str) -> float:
    return float(text.replace("−", "-").replace(",", "."))


def _values(drawing: Drawing) -> dict[str, str]:
    return {n.key: n.value for n in drawing.view.nodes if n.value is not None}


@pytest.mark.parametrize("order", ["natural", "reverse"])
@pytest.mark.parametrize("name", CASES)
def test_every_node_shows_what_the_trace_backs_up_to_it(name: str, order: str) -> None:
    trace = _star1(name, order)
    # What each node returned: a leaf its evaluation, an inner node the value its
    # parent's backup received from it (a chance node that cut returns its bound).
    backed: dict[str, float] = {e.node: e.value for e in trace.events
                                if isinstance(e, Evaluate)}
    backed.update((e.child, e.child_value) for e in trace.events if isinstance(e, Backup))
    drawing = Drawing(trace, preset_options("slides"))
    shown = _values(drawing)
    for node, value in backed.items():
        assert node in shown, f"{node} backs up {value} and is drawn empty"
        assert _number(shown[node].lstrip("≤≥ ")) == pytest.approx(value), node
    # The result is exact: the root says so, with no bound sign.
    assert trace.result is not None and trace.result.complete
    root = trace.header.root
    assert shown[root] == drawing.words.number(trace.result.value)


def test_coin_draws_e_as_a_bound_and_a_as_its_exact_value() -> None:
    shown = _values(Drawing(_star1("coin"), preset_options("slides")))
    assert (shown["A"], shown["B"], shown["E"], shown["G"]) == ("2.5", "2.5", "≤ 2.5", "≤ 5")


@pytest.mark.parametrize("order", ["natural", "reverse"])
@pytest.mark.parametrize("name", CASES)
def test_a_cut_note_names_only_values_the_picture_shows(name: str, order: str) -> None:
    trace = _star1(name, order)
    cuts = [e for e in trace.events if isinstance(e, Cut)]
    drawing = Drawing(trace, RenderOptions())
    shown = _values(drawing)
    notes = [e.cut for e in drawing.view.edges if e.cut is not None]
    assert len(notes) == len(cuts)
    drawn = {_number(v.lstrip("≤≥ ")) for v in shown.values()}
    for kind, comparison in notes:
        # "E ≤ 2.5 ≤ α = 2.5": the chance node's bound, as drawn at that node, and the
        # alpha of the MAX node above it, its value as drawn.  A cut where no window
        # came from above ("−2 = lowest leaf value") names only the cut node's value.
        numbers = [_number(x) for x in re.findall(r"−?[0-9]+(?:\.[0-9]+)?", comparison)]
        assert numbers and all(x in drawn for x in numbers), (kind, comparison, shown)
        chance = comparison.split()[0]
        if chance in shown:
            assert shown[chance].startswith(("≤", "≥")), comparison
            assert _number(shown[chance].lstrip("≤≥ ")) == numbers[0]
        else:
            assert len(set(numbers)) == 1, comparison
    if name == "transform-b" and order == "reverse":
        assert notes == [("alpha cut", "B ≤ 21 ≤ α = 40.9")]
    if name == "coin" and order == "reverse":
        assert notes == [("alpha cut", "−2 = lowest leaf value")]


def test_the_coin_cut_compares_e_with_the_alpha_of_a() -> None:
    trace = _star1("coin")
    alpha = next(e.alpha for e in trace.events if isinstance(e, Backup) and e.node == "A")
    (note,) = [e.cut for e in Drawing(trace).view.edges if e.cut is not None]
    assert note == ("alpha cut", f"E ≤ 2.5 ≤ α = {alpha:g}")
