"""``import tracer``, the one front door: a typed function for each thing the command line
does, each agreeing with the command to the byte, with no option that a misspelling
could slip past."""

from __future__ import annotations

import inspect
import json
import sys
from pathlib import Path

import pytest
from helpers import gametrace

import tracer
from tracer._api import front
from tracer.spec import SearchSpec

DOORS = ("run", "search_tree", "draw", "frames", "check", "diff", "compare", "stats",
         "regret", "bisect")


def test_every_command_has_its_function_at_the_front_door() -> None:
    assert set(DOORS) == set(front.__all__)
    for name in DOORS:
        assert getattr(tracer, name) is getattr(front, name)
        assert name in tracer.__all__ and name in dir(tracer)


@pytest.mark.parametrize("name", DOORS)
def test_each_option_is_a_typed_keyword_and_none_is_open_ended(name: str) -> None:
    signature = inspect.signature(getattr(tracer, name))
    kinds = {p.kind for p in signature.parameters.values()}
    assert inspect.Parameter.VAR_KEYWORD not in kinds  # no **options: a typo is an error
    assert inspect.Parameter.VAR_POSITIONAL not in kinds
    unannotated = [p.name for p in signature.parameters.values()
                   if p.annotation is inspect.Parameter.empty]
    assert unannotated == []
    assert signature.return_annotation is not inspect.Signature.empty


def test_a_misspelt_option_is_refused_not_ignored() -> None:
    # the misspellings are the point: a type checker refuses them (the last test here
    # shows mypy doing so), and this test shows Python refusing them at run time
    tree = tracer.parse_tree_text("A(B(3 12 8) C(2 4 6) D(14 5 2))")
    with pytest.raises(TypeError, match="algoritm"):
        tracer.search_tree(tree, algoritm="minimax")  # type: ignore[call-arg]  # on purpose
    with pytest.raises(TypeError, match="presett"):
        tracer.draw(tree, "x.svg", presett="slides")  # type: ignore[call-arg,arg-type]  # ditto


def test_run_writes_the_bytes_the_command_writes(tmp_path: Path) -> None:
    code, _, err = gametrace("run", "aima", "-a", "alphabeta", "--variant", "fail-soft", "-o",
                             str(tmp_path / "cli.json"), "-q")
    assert code == 0, err
    result = tracer.run("aima", algorithm="alphabeta", variant="fail-soft",
                        output=tmp_path / "lib.json")
    assert (result.value, result.move) == (3, "B")
    assert (tmp_path / "lib.json").read_bytes() == (tmp_path / "cli.json").read_bytes()


def test_a_tree_is_searched_from_the_front_door_as_from_a_file(tmp_path: Path) -> None:
    tree = tracer.example_tree("aima")
    by_name, by_tree = tracer.MemoryRecorder(), tracer.MemoryRecorder()
    tracer.run("aima", recorder=by_name)
    tracer.run(tree, recorder=by_tree)
    assert [e.to_json() for e in by_name.trace.events] == \
        [e.to_json() for e in by_tree.trace.events]
    with pytest.raises(TypeError, match="not both"):
        tracer.run(tree, recorder=by_tree, output=tmp_path / "x.json")
    with pytest.raises(TypeError, match="not both"):
        tracer.run(tree, spec=SearchSpec(), depth=2)


def test_draw_and_frames_give_what_render_gives(tmp_path: Path) -> None:
    trace = tmp_path / "aima.json"
    tracer.run("aima", output=trace)
    code, _, err = gametrace("render", str(trace), "--preset", "slides", "--lang", "it",
                             "-o", str(tmp_path / "cli.svg"), "-q")
    assert code == 0, err
    tracer.draw(trace, tmp_path / "lib.svg", preset="slides", lang="it")
    assert (tmp_path / "lib.svg").read_bytes() == (tmp_path / "cli.svg").read_bytes()
    written = tracer.frames(trace, tmp_path / "frames", step="leaf")
    assert len(written.frames) > 1
    with pytest.raises(TypeError, match="not both"):
        tracer.draw(trace, tmp_path / "x.svg", preset="slides",
                    options=tracer.RenderOptions())


def test_check_judges_as_the_command_does(tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"value": 3, "move": "C"}), encoding="utf-8")
    report = tracer.check(answer, source="aima")
    assert report.to_json() == gametrace_json(["check", "aima", str(answer), "--json"])
    trace = tracer.MemoryRecorder()
    tracer.run("aima", recorder=trace)
    assert tracer.check({"value": 3, "move": "B"}, trace=trace.trace).correct
    assert tracer.check({"value": 3}, source="aima", items="value,move").score == 1
    with pytest.raises(TypeError, match="one of them"):
        tracer.check({"value": 3})


def test_the_readers_of_traces_take_a_file_or_a_trace(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    tracer.run("aima", output=a)
    tracer.run("aima", order="reverse", output=b)
    loaded = tracer.load_trace(a)
    assert tracer.stats(a) == tracer.stats(loaded)
    assert tracer.stats(a).to_json() == gametrace_json(["stats", str(a), "--json"])
    assert tracer.diff(a, a).same and not tracer.diff(a, b).same
    assert tracer.diff(loaded, loaded).same
    with pytest.raises(TypeError, match="two"):
        tracer.diff(loaded, b)
    assert tracer.regret(a).to_json() == gametrace_json(["regret", str(a), "--json"])
    assert tracer.bisect(a, b).to_json() == gametrace_json(["bisect", str(a), str(b),
                                                             "--json"])
    report = tracer.compare("aima", orders="natural,reverse")
    assert [run.name for run in report.runs] == ["natural", "reverse"]


def gametrace_json(args: list[str]) -> object:
    code, out, err = gametrace(*args)
    assert code in (0, 1), err  # check's exit 1: a wrong answer, judged
    return json.loads(out)


@pytest.mark.slow
def test_a_type_checker_catches_a_misspelt_option() -> None:
    from mypy import api

    snippet = ('import tracer\n'
               't = tracer.parse_tree_text("A(B(3) C(2))")\n'
               'tracer.search_tree(t, algoritm="alphabeta")\n'
               'tracer.draw(t, "x.svg", preset="slides")\n')
    limit = sys.getrecursionlimit()
    try:
        out, err, status = api.run(["--config-file", "", "--strict", "--no-incremental",
                                    "--follow-imports=silent", "-c", snippet])
    finally:  # mypy raises the process's limit to 2**14 and leaves it for the next tests
        sys.setrecursionlimit(limit)
    assert status == 1, err
    assert 'Unexpected keyword argument "algoritm" for "search_tree"' in out
    assert 'Argument 1 to "draw" has incompatible type "Tree"' in out
    assert "Found 2 errors" in out
