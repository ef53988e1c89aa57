"""The rules of a well-formed trace (tracer.wellformed): one small trace per rule, and
every reader refusing the same broken traces with one line."""

from __future__ import annotations

import copy
import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import do_search
from tracer._api import check_answer_file, source_tree_shape, validate_file
from tracer.errors import InputError
from tracer.events import Backup, Evaluate, Event, Expand, Generate, Select
from tracer.render.pipeline import replay_source
from tracer.trace import Header, Result, Stats, Trace, check_well_formed, iter_trace, load_trace
from tracer.wellformed import WellFormed

HEADER = Header("minimax", "two-function", "A", {}, {"kind": "game", "name": "toy"})
RESULT = Result(5, "C", ("A", "C"), Stats())


def good() -> list[Event]:
    return [Expand(1, "A", None, 0, "max", ("B", "C")),
            Evaluate(2, "B", "A", 1, "min", 3, "terminal"),
            Backup(3, "A", "B", 3, 3, "B"),
            Evaluate(4, "C", "A", 1, "min", 5, "terminal"),
            Backup(5, "A", "C", 5, 5, "C")]


def refused(events: list[Event], result: Result | None = RESULT, *, header: Header = HEADER,
            tree: dict[str, str | None] | None = None) -> InputError:
    with pytest.raises(InputError) as info:
        check_well_formed(Trace(header, events, result), file="t.json", tree=tree)
    assert "\n" not in str(info.value) and info.value.file == "t.json"
    return info.value


def test_a_search_of_the_lecture_is_well_formed() -> None:
    check_well_formed(Trace(HEADER, good(), RESULT), file="t.json")
    check_well_formed(Trace(HEADER, good()[:2], None), file="t.json")  # stopped: no result


# rule 1: every node named was generated before --------------------------------------

def test_a_node_nobody_generated_is_refused() -> None:
    events = good()
    events[1] = Evaluate(2, "Z", "A", 1, "min", 3, "terminal")
    error = refused(events)
    assert error.where == "event 2"
    assert error.message.startswith("node 'Z' was never generated: expected the root 'A'")


def test_a_backup_from_a_node_that_is_not_a_child_is_refused() -> None:
    events = good()
    events[2] = Backup(3, "B", "A", 3, 3, "A")
    assert refused(events).message.startswith("backup at 'B' names child 'A', which is the root")


def test_the_result_names_nodes_of_the_search() -> None:
    error = refused(good(), Result(5, "Q", ("A", "Q"), Stats()))
    assert (error.where, error.message.split(",")[0]) == (
        "result", "the result names node 'Q'")


def test_an_astar_node_comes_from_a_generated_parent() -> None:
    header = Header("astar", "graph", "n0", {}, {"kind": "problem", "name": "p"})
    ok = [Generate(1, "n0", None, 0, 0, 1, 1), Select(2, "n0", 1),
          Generate(3, "n1", "n0", 1, 1, 1, 0)]
    check_well_formed(Trace(header, ok, None), file="t.json")
    error = refused([*ok, Generate(4, "n2", "n9", 2, 2, 0, 2)], None, header=header)
    assert (error.where, error.message.split(":")[0]) == ("event 4", "node 'n9' was never "
                                                                     "generated")


# rule 2: one root, the source tree's -----------------------------------------------

def test_a_second_node_without_parent_is_refused() -> None:
    events = good()
    events[1] = Evaluate(2, "R", None, 0, "min", 3, "terminal")
    assert refused(events).message == "node 'R' has no parent, but the root is 'A': " \
                                      "expected one root"


def test_the_header_root_is_the_source_trees_root() -> None:
    error = refused(good(), tree={"R": None, "A": "R", "B": "A", "C": "A"})
    assert (error.where, error.message) == (
        "$.header.root", "the header's root 'A' is not the source tree's root 'R'")


def test_an_expand_lists_the_nodes_children_in_the_source_tree() -> None:
    tree = {"A": None, "B": "A", "C": "B"}
    error = refused(good(), tree=tree)
    assert error.message == "expand of 'A' lists 'C', but the header's source tree puts " \
                            "it under 'B'"
    error = refused(good(), tree={"A": None, "B": "A"})
    assert error.message == "expand of 'A' lists 'C', which is not in the header's " \
                            "source tree"


# rule 3: no node is its own ancestor --------------------------------------------------

def test_a_node_that_is_its_own_child_is_refused() -> None:
    error = refused([Expand(1, "A", None, 0, "max", ("A",))])
    assert (error.where, error.message) == (
        "event 1", "expand of 'A' lists 'A' itself among its children: expected no node "
                   "to be its own ancestor")


def test_a_node_listing_its_ancestor_is_refused() -> None:
    # the trace that made render walk for ever: B's child is A, A's child is B
    error = refused([Expand(1, "A", None, 0, "max", ("B",)),
                     Expand(2, "B", "A", 1, "min", ("A",))])
    assert error.message == "expand of 'B' lists its ancestor 'A' among its children: " \
                            "expected no node to be its own ancestor"


def test_a_node_has_one_parent_and_the_depth_below_it() -> None:
    events = [Expand(1, "A", None, 0, "max", ("B", "C")),
              Expand(2, "B", "A", 1, "min", ("D",)),
              Expand(3, "C", "A", 1, "min", ("D",))]
    assert refused(events).message == "expand of 'C' lists 'D', which is already a child " \
                                      "of 'B': expected each node generated by one parent"
    error = refused([Expand(1, "A", None, 0, "max", ("B",)),
                     Evaluate(2, "B", "A", 2, "min", 3, "terminal")])
    assert error.message == "node 'B' is at depth 2 here: expected 1 (its parent's depth " \
                            "plus one; the root's is 0)"
    error = refused([Expand(1, "A", None, 0, "max", ("B",)),
                     Evaluate(2, "B", "X", 1, "min", 3, "terminal")])
    assert error.message == "node 'B' has parent 'X' here: expected 'A', which generated it"


def test_searching_a_node_again_with_its_own_children_is_well_formed() -> None:
    # iterative deepening, move ordering: the same children, in another order
    events = [*good(), Expand(6, "A", None, 0, "max", ("C", "B"))]
    check_well_formed(Trace(HEADER, events, None), file="t.json")


# rule 4: children where expanded --------------------------------------------------

def test_an_expand_without_children_is_refused() -> None:
    error = refused([Expand(1, "A", None, 0, "max", ())])
    assert error.message.startswith("expand of 'A' lists no children: expected at least one")


def test_a_child_listed_twice_is_refused() -> None:
    error = refused([Expand(1, "A", None, 0, "max", ("B", "B"))])
    assert error.message == "expand of 'A' lists 'B' twice: expected each child once"


# rule 5: one result, last -----------------------------------------------------------

def test_nothing_comes_after_the_result() -> None:
    rules = WellFormed(HEADER, file="t.jsonl")
    rules.event(good()[0])
    rules.result(RESULT)
    with pytest.raises(InputError) as info:
        rules.event(Evaluate(2, "B", "A", 1, "min", 3, "terminal"))
    assert (info.value.where, info.value.message) == (
        "event 2", "an event after the result: expected the result to be the last line of "
                   "the trace")


def test_a_second_result_is_refused() -> None:
    rules = WellFormed(HEADER, file="t.jsonl")
    rules.result(Result(None, None, (), Stats(), complete=False))
    with pytest.raises(InputError) as info:
        rules.result(Result(None, None, (), Stats(), complete=False))
    assert (info.value.where, info.value.message) == (
        "result", "a second result: expected one result, the last line of the trace")


# rule 6: seq increases ----------------------------------------------------------------

@pytest.mark.parametrize(("seqs", "where", "message"), [
    ((1, 2, 2, 4, 5), "event 2", "seq 2 after seq 2"),
    ((1, 3, 2, 4, 5), "event 2", "seq 2 after seq 3"),
    ((0, 1, 2, 3, 4), "event 0", "seq 0: expected the events' seq to start at 1 or more"),
], ids=["repeated", "reversed", "zero"])
def test_seq_increases(seqs: tuple[int, ...], where: str, message: str) -> None:
    events = [replace(e, seq=s) for e, s in zip(good(), seqs, strict=True)]
    error = refused(events)
    assert error.where == where and error.message.startswith(message)


# rule 7: no NaN ------------------------------------------------------------------------

def test_a_nan_value_made_in_memory_is_refused() -> None:
    events = good()
    events[1] = Evaluate(2, "B", "A", 1, "min", math.nan, "terminal")
    error = refused(events)
    assert (error.where, error.message) == (
        "event 2", 'value of the evaluate event is NaN: expected a number, "+inf" or "-inf"')
    assert refused(good(), Result(math.nan, "C", ("A", "C"), Stats())).where == "result"


def test_infinities_are_values() -> None:
    events = good()
    events[1] = Evaluate(2, "B", "A", 1, "min", -math.inf, "terminal")
    check_well_formed(Trace(HEADER, events, RESULT), file="t.json")


# every reader: the same rules ------------------------------------------------------------

def write(trace: dict[str, Any], path: Path, *, extra: list[dict[str, Any]] = ()) -> Path:
    if path.suffix == ".json":
        path.write_text(json.dumps(trace))
        return path
    lines = [{"type": "header", "format": trace["format"], "version": trace["version"],
              **trace["header"]}, *trace["events"]]
    if trace["result"] is not None:
        lines.append({"type": "result", **trace["result"]})
    path.write_text("".join(json.dumps(x) + "\n" for x in [*lines, *extra]))
    return path


def mutate(doc: dict[str, Any], kind: str, pick: int) -> tuple[dict[str, Any], list[Any]]:
    """``doc`` broken by one rule; the lines to add after the result (streams)."""
    doc = copy.deepcopy(doc)
    events = doc["events"]
    expands = [e for e in events if e["type"] == "expand"]
    evals = [e for e in events if e["type"] == "evaluate"]
    extra: list[Any] = []
    if kind == "unknown-node":
        evals[pick % len(evals)]["node"] = "ZZZ"
    elif kind == "self-child":
        e = expands[pick % len(expands)]
        e["children"][0] = e["node"]
    elif kind == "ancestor-child":
        e = expands[-1]
        e["children"][-1] = doc["header"]["root"]
    elif kind == "wrong-root":
        doc["header"]["root"] = expands[0]["children"][0]
    elif kind == "reversed-seq":
        i = pick % (len(events) - 1)
        events[i]["seq"], events[i + 1]["seq"] = events[i + 1]["seq"], events[i]["seq"]
    elif kind == "no-children":
        expands[pick % len(expands)]["children"] = []
    elif kind == "after-result":
        extra = [{**events[-1], "seq": events[-1]["seq"] + 1}]
    elif kind == "two-results":
        extra = [{"type": "result", **doc["result"]}]
    return doc, extra


KINDS = ["unknown-node", "self-child", "ancestor-child", "wrong-root", "reversed-seq",
         "no-children", "after-result", "two-results"]

leaves = st.integers(-9, 9)
trees = st.lists(st.lists(leaves, min_size=1, max_size=3) | leaves, min_size=2, max_size=4)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(tree=trees, algorithm=st.sampled_from(["minimax", "alphabeta"]))
def test_every_trace_our_searches_record_is_well_formed(tree: Any, algorithm: str) -> None:
    trace = do_search(tree, algorithm).trace
    shape = source_tree_shape(trace.header.source, file="t", where="$")
    assert shape is not None
    check_well_formed(trace, file="t", tree=shape)
    check_well_formed(Trace.from_json(trace.to_json()), file="t", tree=shape)


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(tree=st.lists(st.lists(leaves, min_size=2, max_size=3), min_size=2, max_size=3),
       kind=st.sampled_from(KINDS), pick=st.integers(0, 50),
       suffix=st.sampled_from([".json", ".jsonl"]))
def test_a_broken_rule_is_refused_by_validate_render_and_check_alike(
        tmp_path_factory: pytest.TempPathFactory, tree: Any, kind: str, pick: int,
        suffix: str) -> None:
    if suffix == ".json" and kind in ("after-result", "two-results"):
        suffix = ".jsonl"  # a document has one place for the result
    folder = tmp_path_factory.mktemp("broken")
    doc, extra = mutate(do_search(tree, "minimax").trace.to_json(), kind, pick)
    path = write(doc, folder / f"t{suffix}", extra=extra)
    answer = folder / "answer.json"
    answer.write_text('{"value": 0}')
    errors = []
    for read in (lambda: validate_file(path), lambda: replay_source(path),
                 lambda: check_answer_file(str(path), answer)):
        with pytest.raises(InputError) as info:
            read()
        assert "\n" not in str(info.value) and info.value.file == str(path)
        errors.append(info.value)
    if suffix == ".json":  # read by Trace.from_json first, everywhere: the same line
        assert str(errors[0]) == str(errors[1]) == str(errors[2])
    with pytest.raises(InputError):
        load_trace(path)
    with pytest.raises(InputError):
        list(iter_trace(path))



@pytest.mark.parametrize("pure", ["0", "1"], ids=["compiled", "pure"])
def test_both_builds_of_the_stream_reader_refuse_a_loop(tmp_path: Path, pure: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # the compiled scanner hands the replay the fields of each line; the pure reader a
    # dictionary: the rules see the same events either way
    monkeypatch.setenv("GAMETRACE_PURE", pure)
    doc = do_search([[1, 2], [3, 4]], "minimax").trace.to_json()
    doc["events"][1]["children"][0] = doc["header"]["root"]
    path = write(doc, tmp_path / "loop.jsonl")
    with pytest.raises(InputError) as info:
        replay_source(path)
    assert info.value.where == "event 2"
    assert info.value.message.startswith("expand of 'B' lists its ancestor 'A'")
