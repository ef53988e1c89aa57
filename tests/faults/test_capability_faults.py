"""Fault cases for what a game of one's own declares (run through the harness, as
test_faults.py): a search that needs a method the game's capabilities do not declare
(a depth limit needs ``evaluate``) ends with exit 1 and one line naming the capability
to declare, whether or not the game happens to have the method; the same game searched
without the depth limit is valid."""

from __future__ import annotations

from pathlib import Path

from harness import Case, problems, run_cases

HERE = Path(__file__).parent
PROTOCOL = (HERE / "games" / "protocol_games.py").read_bytes()

UNDECLARED = PROTOCOL + b'''

class EvaluatesUndeclared(Base):
    """Has evaluate, but its capabilities do not say so."""

    def evaluate(self, state: tuple[int, ...]) -> Any:
        return 1
'''

SAYS = "capabilities does not declare evaluation"


def _cases() -> list[Case]:
    files = {"g.py": UNDECLARED}
    return [
        Case("depth-without-evaluate", ["run", "g.py:Base", "--depth", "1"], files,
             codes=(1,), contains=SAYS, category="capabilities"),
        Case("depth-with-an-undeclared-evaluate",
             ["run", "g.py:EvaluatesUndeclared", "-a", "minimax", "--depth", "1"], files,
             codes=(1,), contains=SAYS, category="capabilities"),
        Case("depth-undeclared-trace-left-as-it-was",
             ["run", "g.py:EvaluatesUndeclared", "--depth", "1", "-o", "t.json"], files,
             codes=(1,), contains=SAYS, category="capabilities"),
        Case("compare-depth-undeclared",
             ["compare", "g.py:EvaluatesUndeclared", "--depth", "1"], files,
             codes=(1,), contains=SAYS, category="capabilities"),
        Case("no-depth-is-valid", ["run", "g.py:EvaluatesUndeclared", "-q"], files,
             codes=(0,), category="capabilities"),
    ]


def test_a_method_the_capabilities_do_not_declare_is_one_line(tmp_path: Path) -> None:
    cases = _cases()
    outcomes = run_cases(cases, tmp_path / "cases")
    bad = [f"{c.name}: {'; '.join(found)}\n    stderr: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n" + "\n".join(bad)
