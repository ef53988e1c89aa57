"""The variants an export asks about: the spec checked, the seeds bounded, each
variant's answers taken from its exercise's answer key, pruned nodes in the tree's
order; an assignment's own tree as one question, or its per-student trees by seed."""

from __future__ import annotations

import pytest

from tracer.analysis.check import Conventions, make_exercise
from tracer.classroom import MAX_SEEDS, QuestionSpec, make_variants, parse_seeds
from tracer.classroom.assignments import Assignment
from tracer.classroom.exports import assignment_variants
from tracer.classroom.reading import parse_assignment
from tracer.errors import UsageError


@pytest.mark.parametrize(("kw", "says"), [
    ({"variant": "negamax"}, "choose from: fail-soft, fail-hard"),
    ({"cut_on": "gte"}, "choose from: ge, gt"),
    ({"values": (5, 1)}, "values: 5..1 is empty"),
    ({"cuts": (3, 2)}, "cuts: 3..2 is empty"),
], ids=["variant", "cut-test", "values", "cuts"])
def test_a_bad_spec_is_a_usage_error(kw: dict[str, object], says: str) -> None:
    with pytest.raises(UsageError, match=says):
        QuestionSpec(2, 2, **kw)


def test_seeds_are_a_bounded_range() -> None:
    assert parse_seeds("1..20") == range(1, 21)
    assert parse_seeds("7") == range(7, 8)
    assert len(parse_seeds(f"0..{MAX_SEEDS - 1}")) == MAX_SEEDS
    with pytest.raises(UsageError, match=f"at most {MAX_SEEDS}"):
        parse_seeds(f"0..{MAX_SEEDS}")
    with pytest.raises(UsageError, match="from 0"):
        parse_seeds("-1..3")


def test_each_variant_is_its_seed_s_exercise() -> None:
    spec = QuestionSpec(3, 3, (2, 5), (-5, 5), "fail-hard", "gt")
    made = make_variants(spec, [9, 3, 4])
    assert [v.seed for v in made.variants] == [9, 3, 4] and made.repeated == ()
    for v in made.variants:
        ex = make_exercise(branching=3, depth=3, cuts=(2, 5), values=(-5, 5), seed=v.seed,
                           conventions=Conventions(variant="fail-hard", cut_on="gt"))
        assert ex.solution.value is not None
        assert (v.value, v.move) == (ex.solution.value.number, ex.solution.move)
        assert set(v.pruned) == set(ex.solution.pruned or ())
        assert v.tree == ex.tree
        assert len(v.leaves) == 27 and len(v.order) == 1 + 3 + 9 + 27


def test_pruned_nodes_are_written_in_the_tree_s_order() -> None:
    # 121 nodes: names run past Z (AA, AB, ...), where alphabetical order is not the
    # tree's, and the search prunes them in its own order.
    v = make_variants(QuestionSpec(3, 4), [1]).variants[0]
    place = {node: i for i, node in enumerate(v.order)}
    assert [place[n] for n in v.pruned] == sorted(place[n] for n in v.pruned)
    assert v.order[:4] == ("A", "B", "C", "D") and v.order[26] == "AA"
    assert any(len(n) == 2 for n in v.pruned)
    assert v.pruned_text == " ".join(v.pruned)


def test_a_spec_describes_itself_and_its_exercise_command() -> None:
    spec = QuestionSpec(2, 3, (1, 1))
    assert spec.describe() == ("alpha-beta (fail-soft, cut when alpha >= beta), 2 children "
                               "per node, depth 3, 1 cut, leaf values 0..20")
    assert spec.exercise_command(4) == ("gametrace exercise -b 2 -d 3 --cuts 1..1 "
                                        "--values 0..20 --variant fail-soft --cut-on ge "
                                        "--seed 4")


def _assignment(**fields: object) -> Assignment:
    doc: dict[str, object] = {"id": "a1", "title": "Potatura à la AIMA",
                              "source": {"example": "aima"}, "items": ["value", "pruned"],
                              "solution": "always"}
    return parse_assignment({**doc, **fields})


def test_a_fixed_tree_is_one_question_whatever_the_seeds() -> None:
    made = assignment_variants(_assignment(), range(1, 50))
    (v,) = made.variants
    assert v.seed is None and v.label == ""
    assert (v.value, v.move, v.pruned) == (3, "B", ("I", "J"))  # the AIMA tree, fail-soft
    assert [(p.key, p.answer_text()) for p in v.parts] == [("value", "3"), ("pruned", "I J")]
    assert made.name == "Potatura a la AIMA" and made.title == "Potatura à la AIMA"


def test_per_student_variants_are_drawn_as_a_student_s_tree() -> None:
    a = _assignment(per_student=True)
    made = assignment_variants(a, range(1, 7))
    assert [v.seed for v in made.variants] + list(made.repeated) == list(range(1, 7))
    shapes = {tuple(n for n in v.order) for v in made.variants}
    assert shapes == {made.variants[0].order}  # the AIMA tree's shape, other leaves
    assert len({v.leaves for v in made.variants}) == len(made.variants)
    exercise = _assignment(per_student=True, source={"exercise": {"branching": 2,
                                                                  "depth": 3}})
    default = assignment_variants(exercise)  # the seeds 1..20
    assert [v.seed for v in default.variants] + list(default.repeated) == list(range(1, 21))
    for v in assignment_variants(exercise, [5, 9]).variants:
        assert v.seed is not None
        ex = make_exercise(branching=2, depth=3, seed=v.seed, conventions=Conventions(
            variant="fail-soft", order="natural", cut_on="ge"))
        assert v.tree == ex.tree and v.remake is not None and f"--seed {v.seed}" in v.remake


def test_an_assignment_bank_is_bounded_too() -> None:
    a = _assignment(per_student=True, source={"exercise": {"branching": 3, "depth": 6}})
    with pytest.raises(UsageError, match="too many for one export"):
        assignment_variants(a, range(1, 40))
    with pytest.raises(UsageError, match="no seeds"):
        assignment_variants(a, range(0))
