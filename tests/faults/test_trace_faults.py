"""Fault cases for the rules of a well-formed trace, infinite chance outcomes, and
``check`` on wide trees, run against the real CLI by the fault harness: each ends with
exit 1 or 2 and exactly one line on stderr (a wrong answer: exit 1, the verdict on
stdout), no traceback, no file touched, within the harness's time limit (a hang fails)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

from harness import Case, problems, run_cases

ROOT = Path(__file__).resolve().parents[2]
BASE: dict[str, Any] = json.loads(
    (ROOT / "traces" / "three-mins.alphabeta.fail-soft.json").read_text(encoding="utf-8"))
"""Alpha-beta on MAX{MIN{3,5,10}, MIN{2,a,b}, MIN{2,7,3}} (Algoritmo Minimax con potatura
alfa-beta): A is the root."""

ANSWER = b'{"value": 3}'


def _document(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc).encode()


def _stream(doc: dict[str, Any], extra: list[dict[str, Any]] | None = None) -> bytes:
    lines = [{"type": "header", "format": doc["format"], "version": doc["version"],
              **doc["header"]}, *doc["events"]]
    if doc["result"] is not None:
        lines.append({"type": "result", **doc["result"]})
    return "".join(json.dumps(x) + "\n" for x in [*lines, *(extra or [])]).encode()


def _cases(name: str, doc: dict[str, Any], contains: str, *,
           extra: list[dict[str, Any]] | None = None, stream_only: bool = False) -> list[Case]:
    """The broken trace as a document and a stream, through validate, render, check, diff."""
    files = {"t.jsonl": _stream(doc, extra), "good.json": _document(BASE), "a.json": ANSWER}
    if not stream_only:
        files["t.json"] = _document(doc)
    out = []
    for trace in ("t.jsonl",) if stream_only else ("t.json", "t.jsonl"):
        for args in (["validate", trace], ["render", trace, "-o", "x.svg"],
                     ["check", trace, "a.json"], ["diff", trace, "good.json"]):
            out.append(Case(f"{name}-{args[0]}-{trace}", args, dict(files), codes=(1,),
                            contains=contains, category=name))
    return out


def _broken(change: Any) -> dict[str, Any]:
    doc = copy.deepcopy(BASE)
    change(doc)
    return doc


def _event(doc: dict[str, Any], seq: int) -> dict[str, Any]:
    return next(e for e in doc["events"] if e["seq"] == seq)


def self_child_loop() -> list[Case]:
    # B's child is A (B is A's child): the renderer walked this loop for ever
    def loop(doc: dict[str, Any]) -> None:
        _event(doc, 2)["children"][0] = "A"
    def itself(doc: dict[str, Any]) -> None:
        _event(doc, 2)["children"][0] = "B"
    return [*_cases("self-child-loop", _broken(loop), "its own ancestor"),
            *_cases("self-child-itself", _broken(itself), "B")]


def unknown_node() -> list[Case]:
    def rename(doc: dict[str, Any]) -> None:
        _event(doc, 3)["node"] = "nobody"
    return _cases("unknown-node", _broken(rename), "'nobody' was never generated")


def wrong_root() -> list[Case]:
    def root(doc: dict[str, Any]) -> None:
        doc["header"]["root"] = "B"
    return _cases("wrong-root", _broken(root), "root")


def after_the_result() -> list[Case]:
    extra = [{**BASE["events"][-1], "seq": BASE["events"][-1]["seq"] + 1}]
    return _cases("after-result", BASE, "after the result", extra=extra, stream_only=True)


def two_results() -> list[Case]:
    return _cases("two-results", BASE, "a second result",
                  extra=[{"type": "result", **BASE["result"]}], stream_only=True)


def reversed_seq() -> list[Case]:
    def swap(doc: dict[str, Any]) -> None:
        four, five = _event(doc, 4), _event(doc, 5)
        four["seq"], five["seq"] = 5, 4
    return _cases("reversed-seq", _broken(swap), "seq 4 after seq 5")


def nan() -> list[Case]:
    """JSON has no NaN: the token, the string and an overflowing number are refused."""
    good = _stream(BASE)
    files = {"nan.jsonl": good.replace(b'"value": 3,', b'"value": NaN,', 1),
             "nanstr.jsonl": good.replace(b'"value": 3,', b'"value": "nan",', 1),
             "huge.jsonl": good.replace(b'"value": 3,', b'"value": 1e999,', 1),
             "nan.json": _document(BASE).replace(b'"value": 3,', b'"value": NaN,', 1),
             "good.json": _document(BASE), "a.json": ANSWER}
    assert all(v != good for k, v in files.items() if k.endswith(".jsonl"))
    out = []
    for name in ("nan.jsonl", "nanstr.jsonl", "huge.jsonl", "nan.json"):
        for args in (["validate", name], ["render", name, "-o", "x.svg"],
                     ["check", name, "a.json"], ["diff", name, "good.json"]):
            out.append(Case(f"nan-{args[0]}-{name}", args, dict(files), codes=(1,),
                            category="nan"))
    return out


def infinities_under_chance() -> list[Case]:
    files = {"both.tree": b"A(B[chance]([p=0.5]+inf [p=0.5]-inf) 3)\n",
             "three.tree": b"A(B[chance]([p=0.2]-inf [p=0.3]1 [p=0.5]+inf) 3)\n",
             "deep.tree": b"A(3 B[chance](C[p=0.5](+inf) D[p=0.5](-inf)))\n"}
    out = []
    for name in files:
        for args in (["run", name, "-a", "expectiminimax"],
                     ["run", name, "-a", "expectiminimax", "-o", "t.json"],
                     ["run", name, "-a", "expectiminimax", "--render", "t.svg"]):
            out.append(Case(f"chance-inf-{name}-{len(args)}", args, dict(files), codes=(1,),
                            contains="chance node B has outcomes worth +inf and -inf",
                            category="chance infinities"))
    return out


def wide_check() -> list[Case]:
    """A wrong answer on a wide tree: the verdict (exit 1), within the time limit."""
    rng = random.Random(7)
    flat = [rng.randint(-50, 50) for _ in range(20_000)]
    two = [[rng.randint(-50, 50) for _ in range(10)] for _ in range(2_000)]
    files = {"flat.json": json.dumps(flat).encode(), "two.json": json.dumps(two).encode(),
             "wrong.json": b'{"value": 1000, "pruned": []}',
             "order.json": json.dumps({"evaluated": [f"n{i}" for i in range(20_000)]}).encode()}
    return [Case(f"wide-check-{tree}-{answer}", ["check", tree, answer], dict(files),
                 codes=(1, 2), verdict=True, category="wide check")
            for tree, answer in (("flat.json", "wrong.json"), ("two.json", "wrong.json"),
                                 ("two.json", "order.json"))]


def all_cases() -> list[Case]:
    return [*self_child_loop(), *unknown_node(), *wrong_root(), *after_the_result(),
            *two_results(), *reversed_seq(), *nan(), *infinities_under_chance(),
            *wide_check()]


def test_each_class_has_at_least_three_cases() -> None:
    counts: dict[str, int] = {}
    for case in all_cases():
        counts[case.category] = counts.get(case.category, 0) + 1
    assert len(counts) == 10 and min(counts.values()) >= 3


def test_broken_traces_get_one_line_in_bounded_time(tmp_path: Path) -> None:
    cases = [c for c in all_cases() if c.category != "wide check"]
    outcomes = run_cases(cases, tmp_path)
    bad = [f"{c.name}: {problems(c, o)}: {o.stderr.strip()[:200]!r}"
           for c, o in zip(cases, outcomes, strict=True) if problems(c, o)]
    assert not bad, "\n".join(bad)


def test_check_on_wide_trees_ends_with_a_verdict(tmp_path: Path) -> None:
    cases = [c for c in all_cases() if c.category == "wide check"]
    outcomes = run_cases(cases, tmp_path, batch=1)
    bad = [f"{c.name}: {problems(c, o)}: {o.stderr.strip()[:200]!r}"
           for c, o in zip(cases, outcomes, strict=True) if problems(c, o)]
    assert not bad, "\n".join(bad)
    assert all(o.code == 1 and "score" in o.stdout for o in outcomes)
