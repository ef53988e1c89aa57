"""``gametrace stats`` of an engine's trace (format version 2): the counts of a search
written with tracer.TraceWriter (iterative deepening, an aspiration fail-low then a wider
window, an LMR and a PVS re-search, TT cutoffs), in both builds of the reader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import gametrace

from tracer import TraceWriter
from tracer.analysis.stats import engine_stats, fails_high
from tracer.errors import InputError
from tracer.scanning import compiled_scan


def _deepening(path: Path) -> Path:
    """Two iterations of a negamax PVS engine.

    Depth 1: the root tries a (a TT hit, exact: settled), b (a leaf) and c, which ends
    the root's loop as its last child (a fail-high by the last move, rank 3).
    Depth 2: a's first child cuts (rank 1); the root fails low on its aspiration window
    and is searched again, wider; b is searched at reduced depth with a null window,
    again at full depth (LMR), then with the full window (PVS), its second child cutting
    (rank 2); c's probe hits with a bound (settled)."""
    with TraceWriter(str(path), game="toy", variant="pvs", convention="negamax",
                     eval="material", classes=("capture", "quiet")) as t:
        t.iteration(1)
        t.enter("a", move_class="capture")
        t.tt_probe(True, "exact", 1, 1)
        t.leave(1)
        t.enter("b", move_class="quiet")
        t.leave(-2)
        t.enter("c", move_class="quiet")
        t.leave(-5)
        t.cut()
        t.leave(5)
        t.iteration(2)
        t.enter("a", move_class="capture")
        t.enter("x", move_class="capture")
        t.leave(3)
        t.cut()
        t.leave(-3)
        t.leave(3)                      # below the aspiration window
        t.research(-1000, 1000)         # the root again, wider
        t.enter("a", move_class="capture")
        t.leave(-3)
        t.enter("b", move_class="quiet")
        t.leave(-4)                     # the reduced null-window search fails high
        t.research(-4, -3)              # LMR: full depth, the same null window
        t.enter("y", move_class="quiet")
        t.leave(2)
        t.leave(-2)
        t.research(-1000, -3)           # PVS: the full window
        t.enter("y", move_class="quiet")
        t.leave(1)
        t.enter("z", move_class="capture")
        t.leave(6)
        t.cut()
        t.leave(-6)
        t.enter("c", move_class="quiet")
        t.tt_probe(True, "lower", 2, 1)
        t.leave(2)
        t.tt_store("exact", 6, 2)
        t.leave(6)
    return path


BUILDS = [pytest.param(False, id="pure"),
          pytest.param(True, id="compiled", marks=pytest.mark.skipif(
              compiled_scan is None, reason="the compiled scanner was not built"))]


@pytest.mark.parametrize("fast", BUILDS)
def test_the_counts_of_a_deepening_engine(tmp_path: Path, fast: bool) -> None:
    stats, header = engine_stats(_deepening(tmp_path / "e.jsonl"), use_compiled=fast)
    assert (header.algorithm, header.variant, stats.eval) == ("alphabeta", "pvs", "material")
    whole = stats.whole
    # a node once per search of it: ply 1 has a, b, c, then a, a, b (three times), c
    assert [d.nodes for d in whole.depths] == [3, 9, 4]
    assert [d.inner for d in whole.depths] == [3, 3, 0]
    assert [d.ranks for d in whole.depths] == [{3: 1}, {1: 1, 2: 1}, {}]
    assert [(d.tt_hits, d.tt_cutoffs) for d in whole.depths] == [(0, 0), (2, 1), (0, 0)]
    assert stats.researches == {"pvs": 1, "lmr": 1, "aspiration": 1}
    assert [(i.depth, i.nodes) for i in stats.iterations] == [(1, 4), (2, 12)]
    assert stats.iteration_ebf(1) == 3.0
    assert [d.nodes for d in stats.iterations[1].stats.depths] == [2, 6, 4]
    assert stats.iterations[1].researches == {"pvs": 1, "lmr": 1, "aspiration": 1}
    assert (stats.iterations[0].probes, stats.iterations[0].hits) == (1, 1)


def test_a_cutoff_by_the_last_move_is_a_fail_high(tmp_path: Path) -> None:
    stats, _ = engine_stats(_deepening(tmp_path / "e.jsonl"))
    root = stats.iterations[0].stats.depths[0]
    assert fails_high(cutoff=True) and not fails_high(cutoff=False)
    assert (root.cuts, root.fail_high, root.ranks) == (1, 1.0, {3: 1})


@pytest.mark.parametrize("fast", BUILDS)
def test_moves_by_the_classes_the_header_declares(tmp_path: Path, fast: bool) -> None:
    stats, _ = engine_stats(_deepening(tmp_path / "e.jsonl"), by_class=True,
                            use_compiled=fast)
    classes = stats.whole.by_class
    assert sorted(classes) == ["capture", "quiet"]
    assert (classes["capture"].searched, classes["capture"].ranks) == (5, {1: 1, 2: 1})
    assert (classes["quiet"].searched, classes["quiet"].ranks) == (6, {3: 1})


def test_the_cli_table_json_and_refusals(tmp_path: Path) -> None:
    trace = str(_deepening(tmp_path / "e.jsonl"))
    code, out, err = gametrace("stats", trace)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "alphabeta (pvs) on toy, recorded: full"
    assert lines[3].split() == ["1", "9", "3", "2", "66.7%", "50.0%", "3.00", "1:1", "2:1",
                                "2", "1"]
    assert "re-searches: 3 (pvs 1, lmr 1, aspiration 1)" in lines
    assert lines[lines.index("TT probes: 2, hits: 2 (100.0%)") + 1:][:5] == [
        "by iteration:", "depth  nodes   EBF", "    1      4     -", "    2     12  3.00",
        "EBF: nodes(d)/nodes(d-1), iteration d's nodes over the one's before."]
    assert "iteration 2, depth 2, re-searches: 3 (pvs 1, lmr 1, aspiration 1)" in lines
    code, out, _ = gametrace("stats", trace, "--json")
    data = json.loads(out)
    assert code == 0 and data["engine"]["researches"] == {"pvs": 1, "lmr": 1,
                                                          "aspiration": 1}
    assert [i["nodes"] for i in data["engine"]["iterations"]] == [4, 12]
    code, out, err = gametrace("stats", trace, "--minimal")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "evaluation" in err and "(material)" in err


def test_a_search_cut_short_is_refused(tmp_path: Path) -> None:
    path = _deepening(tmp_path / "e.jsonl")
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n")
    with pytest.raises(InputError, match="no result line"):
        engine_stats(path)


def test_a_leave_of_another_node_is_refused(tmp_path: Path) -> None:
    path = _deepening(tmp_path / "e.jsonl")
    lines = path.read_text().splitlines()
    lines[4] = '{"type":"leave","node":7,"value":1}'
    path.write_text("\n".join(lines) + "\n")
    code, out, err = gametrace("stats", str(path))
    assert (code, out) == (1, "")
    assert err.count("\n") == 1 and f"{path}: line 5: leave of node 7" in err


def _othello_with(tmp_path: Path, params: dict[str, str]) -> Path:
    """A version-1 trace of Othello whose header names ``params`` as its game's."""
    path = tmp_path / "o.jsonl"
    code, _, _ = gametrace("run", "othello", "--depth", "2", "-q", "-o", str(path))
    assert code == 0
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["source"]["params"] = params
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    return path


@pytest.mark.parametrize(("params", "said"), [
    ({"board": "start", "first": "black"}, "the trace's header names none"),
    ({"board": "start", "first": "black", "eval": "engine-own"},
     "the trace's evaluation 'engine-own' is not the game's"),
], ids=["no evaluation named", "an evaluation the game lacks"])
def test_the_minimal_tree_needs_the_search_s_own_evaluation(
        tmp_path: Path, params: dict[str, str], said: str) -> None:
    code, out, err = gametrace("stats", str(_othello_with(tmp_path, params)), "--minimal")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and said in err


def test_the_minimal_tree_of_a_named_evaluation(tmp_path: Path) -> None:
    path = _othello_with(tmp_path, {"board": "start", "first": "black", "eval": "weighted"})
    code, out, err = gametrace("stats", str(path), "--minimal", "--json")
    assert (code, err) == (0, "")
    assert [d["minimal"] for d in json.loads(out)["depths"]][:2] == [1, 4]


def test_one_search_without_iterations_from_a_gz_file(tmp_path: Path) -> None:
    """No deepen: one search of the root, no table per iteration; a table probe that
    misses is a probe, not a hit; the stream read through gzip as the plain one."""
    path = tmp_path / "one.jsonl.gz"
    with TraceWriter(str(path), game="toy", eval=None) as t:
        t.tt_probe(False)
        t.enter("a")
        t.tt_probe(False)
        t.leave(1)
        t.enter("b")
        t.leave(2)
        t.leave(2)
    stats, _ = engine_stats(path)
    assert [d.nodes for d in stats.whole.depths] == [1, 2]
    assert [(i.depth, i.probes, i.hits) for i in stats.iterations] == [(None, 2, 0)]
    code, out, err = gametrace("stats", str(path))
    assert (code, err) == (0, "")
    assert out.splitlines()[-2:] == ["re-searches: 0 (pvs 0, lmr 0, aspiration 0)",
                                     "TT probes: 2, hits: 0 (0.0%)"]
    code, out, err = gametrace("stats", str(path), "--minimal")
    assert code == 2 and "has its own (not named)" in err


@pytest.mark.parametrize("fast", BUILDS)
def test_a_window_that_is_no_number_is_refused_at_its_line(tmp_path: Path,
                                                           fast: bool) -> None:
    path = _deepening(tmp_path / "e.jsonl")
    text = path.read_text().replace('"alpha":-1000,"beta":1000', '"alpha":null,"beta":1000')
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        engine_stats(path, use_compiled=fast)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if '"alpha":null' in t)
    assert caught.value.where is not None and caught.value.where.startswith(f"line {line}")


@pytest.mark.parametrize("fast", BUILDS)
@pytest.mark.parametrize("spoilt", ['"hit":5', '"hit":1', '"flag":"EXACT"', '"flag":null'])
def test_a_probe_of_another_shape_is_refused_at_its_line(tmp_path: Path, fast: bool,
                                                         spoilt: str) -> None:
    """The scanner checks a probe's fields as the schema does (``hit`` a boolean, a flag
    exact, lower or upper): both builds refuse the line, naming it."""
    path = _deepening(tmp_path / "e.jsonl")
    key = spoilt.split(":")[0]
    lines = path.read_text().splitlines()
    n = next(i for i, t in enumerate(lines) if '"type":"probe"' in t)
    obj = json.loads(lines[n])
    obj[key.strip('"')] = json.loads(spoilt.split(":", 1)[1])
    lines[n] = json.dumps(obj, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError) as caught:
        engine_stats(path, use_compiled=fast)
    assert caught.value.where is not None and caught.value.where.startswith(f"line {n + 1}")


@pytest.mark.parametrize("fast", BUILDS)
def test_an_infinite_window_is_a_number(tmp_path: Path, fast: bool) -> None:
    """A research with the window ``"-inf"``, ``"+inf"`` (as written) is counted: a
    child's with a full window is PVS's."""
    path = tmp_path / "e.jsonl"
    with TraceWriter(str(path), game="toy", variant="pvs", convention="minimax") as t:
        t.enter("a")
        t.leave(1)
        t.research(float("-inf"), float("inf"))
        t.leave(2)
        t.leave(2)
    assert '"alpha":"-inf","beta":"+inf"' in path.read_text()
    stats, _ = engine_stats(path, use_compiled=fast)
    assert stats.researches == {"pvs": 1, "lmr": 0, "aspiration": 0}
