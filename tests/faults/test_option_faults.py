"""Options given where they do not apply (:data:`tracer.option_rules.OPTION_RULES`), drawn at
random from every command's rules and the modes where they do not apply, through the
fault harness (tests/faults/harness.py): each exits 2 with one line naming the option and
where it applies, and writes nothing.  ``FAULTS_EXAMPLES`` (``make fuzz``) draws more;
each new rule is drawn from as soon as it is declared."""

from __future__ import annotations

import io
import os
from pathlib import Path

from corpus import _draw
from harness import Case, problems, run_cases
from hypothesis import strategies as st
from option_modes import ANSWER, ASTAR_ANSWER, CASES, command_line

from tracer._api import search_tree
from tracer.record import MemoryRecorder
from tracer.sources import load_tree_source
from tracer.trace import write_trace

EXAMPLES = int(os.environ.get("FAULTS_EXAMPLES", "30"))


def _trace(order: str) -> bytes:
    memory = MemoryRecorder()
    search_tree(load_tree_source("aima"), algorithm="alphabeta", order=order, recorder=memory)
    out = io.StringIO()
    trace = memory.trace
    write_trace(out, trace.header, trace.events, trace.result, jsonl=False)
    return out.getvalue().encode()


def option_rule_cases(n: int) -> list[Case]:
    """``n`` options given where they do not apply (every rule at least once when ``n``
    is as large as the rules)."""
    files = {"a.json": _trace("natural"), "b.json": _trace("reverse"),
             "ans.json": ANSWER.encode(), "ans2.json": ANSWER.encode(),
             "astar.json": ASTAR_ANSWER.encode()}
    drawn = CASES if n >= len(CASES) else _draw(st.sampled_from(CASES), n)
    return [Case(f"option-rule-{k}", command_line(*case), files, codes=(2,),
                 contains=f"{case[1].replace('=', ' ')} applies to ", category="option rules")
            for k, case in enumerate(drawn)]


def test_options_that_do_not_apply(tmp_path: Path) -> None:
    cases = option_rule_cases(max(EXAMPLES, len(CASES)))
    outcomes = run_cases(cases, tmp_path / "runs")
    bad = [f"{c.name}: {' '.join(c.args)}: {'; '.join(found)}: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n".join(bad)
