"""Normal-form games: the prisoner's dilemma (Teoria dei giochi), elimination, tree matrices."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer._api import search_tree
from tracer.analysis.matrices.payoff import (
    Dominance,
    MatrixGame,
    Step,
    dominance,
    eliminate,
    from_tree,
    game_from_json,
    load_game,
    prisoners_dilemma,
    pure_equilibria,
)
from tracer.analysis.matrices.pictures import format_table, to_svg
from tracer.errors import InputError, LimitExceeded, UsageError
from tracer.schema import validate
from tracer.trees import parse_tree_json, parse_tree_text


def game(rows: list[list[tuple[int, int]]], *, row_names: str = "", col_names: str = "",
         prefer: str = "higher") -> MatrixGame:
    r = tuple(row_names.split()) or tuple(f"r{i}" for i in range(len(rows)))
    c = tuple(col_names.split()) or tuple(f"c{j}" for j in range(len(rows[0])))
    return MatrixGame(("R", "C"), r, c, tuple(tuple(row) for row in rows), prefer=prefer)


# ---------------------------------------------------------------- Teoria dei giochi


def test_prisoners_dilemma_as_in_the_notes() -> None:
    pd = prisoners_dilemma()
    assert pd.players == ("A", "B") and pd.rows == pd.columns == ("C", "NC")
    # Years in prison of (A, B): both confess 2 each; one confesses alone and walks.
    assert pd.payoffs == (((2, 2), (0, 7)), ((7, 0), (1, 1)))
    assert pd.prefer == "lower"


def test_confessing_is_strictly_dominant_for_both() -> None:
    assert dominance(prisoners_dilemma()) == (Dominance("C", "C"), Dominance("C", "C"))


def test_confess_confess_is_the_only_pure_equilibrium() -> None:
    pd = prisoners_dilemma()
    assert pure_equilibria(pd) == [(0, 0)]
    elim = eliminate(pd)
    assert elim.steps == (Step("A", "NC", "C"), Step("B", "NC", "C"))
    assert (elim.rows, elim.columns) == (("C",), ("C",))


def test_table_marks_the_equilibrium() -> None:
    pd = prisoners_dilemma()
    assert format_table(pd, pure_equilibria(pd)).splitlines() == [
        "A \\ B   C        NC",
        "C       2, 2 *   0, 7",
        "NC      7, 0     1, 1",
    ]


def test_svg_shades_the_equilibrium_cell() -> None:
    pd = prisoners_dilemma()
    svg = to_svg(pd, pure_equilibria(pd))
    assert svg.startswith("<svg xmlns=\"http://www.w3.org/2000/svg\"")
    assert svg.count('fill="#fde68a"') == 1
    shaded = svg.index('fill="#fde68a"')
    assert svg[shaded:].split("</text>")[0].endswith(">2, 2")
    assert "Prisoner&apos;s dilemma" in svg or "Prisoner's dilemma" in svg


# --------------------------------------------------------------------------- other games


def test_iterated_elimination_on_a_3x3_game() -> None:
    g = game([[(4, 3), (5, 1), (6, 2)],
              [(2, 1), (8, 4), (3, 6)],
              [(3, 0), (9, 6), (2, 8)]], row_names="T M B", col_names="L C R")
    assert dominance(g) == (Dominance(None, None), Dominance(None, None))
    elim = eliminate(g)
    # C is dominated by R; then T beats M and B; then L beats R.
    assert elim.steps == (Step("C", "C", "R"), Step("R", "M", "T"), Step("R", "B", "T"),
                          Step("C", "R", "L"))
    assert (elim.rows, elim.columns) == (("T",), ("L",))
    assert pure_equilibria(g) == [(0, 0)]


def test_weak_dominance_and_several_equilibria() -> None:
    g = game([[(1, 1), (0, 0)], [(1, 0), (0, 1)]], row_names="U D", col_names="L R")
    # R's rows pay R the same; each of C's columns is better against one row only.
    assert dominance(g) == (Dominance(None, None), Dominance(None, None))
    h = game([[(2, 1), (1, 1)], [(2, 0), (0, 0)]], row_names="U D", col_names="L R")
    assert dominance(h)[0] == Dominance(None, "U")   # ties against L, better against R
    assert eliminate(h).steps == ()                     # weak dominance removes nothing
    assert pure_equilibria(h) == [(0, 0), (0, 1), (1, 0)]


def test_matching_pennies_has_no_pure_equilibrium() -> None:
    g = game([[(1, -1), (-1, 1)], [(-1, 1), (1, -1)]])
    assert pure_equilibria(g) == []
    assert eliminate(g).steps == ()


# --------------------------------------------------------------------------- files


def test_file_round_trip_and_schema(tmp_path: Path) -> None:
    pd = prisoners_dilemma()
    data = pd.to_json()
    validate(data, "payoff", file="x")
    path = tmp_path / "pd.json"
    path.write_text(json.dumps(data))
    assert load_game(path) == pd
    assert load_game("prisoners-dilemma") == pd


@pytest.mark.parametrize(("change", "where", "message"), [
    ({"payoffs": [[[2, 2], [0, 7]]]}, "$.payoffs", "expected 2 rows"),
    ({"payoffs": [[[2, 2]], [[7, 0], [1, 1]]]}, "$.payoffs[0]", "expected 2 payoff pairs"),
    ({"payoffs": [[[2, 2, 3], [0, 7]], [[7, 0], [1, 1]]]}, "$.payoffs[0][0]", ""),
    ({"prefer": "less"}, "$.prefer", ""),
    ({"rows": ["C", "C"]}, "$.rows", '"C" is listed more than once'),
    ({"colour": "red"}, "$.colour", "unknown key 'colour' (allowed: columns"),
], ids=["rows", "columns", "pair", "prefer", "duplicate", "unknown-key"])
def test_bad_files_say_where(change: dict[str, Any], where: str, message: str) -> None:
    data = {**prisoners_dilemma().to_json(), **change}
    with pytest.raises(InputError) as info:
        game_from_json(data, file="g.json")
    assert info.value.where == where and info.value.file == "g.json"
    assert message in info.value.message


def test_unknown_game_lists_the_built_ins() -> None:
    with pytest.raises(UsageError, match=r"built-in: prisoners-dilemma"):
        load_game("dilemma")


def test_infinite_payoffs_are_written_as_strings() -> None:
    g = game([[(1, -1)]])
    g = MatrixGame(g.players, g.rows, g.columns, (((float("inf"), float("-inf")),),))
    data = g.to_json()
    assert data["payoffs"] == [[["+inf", "-inf"]]]
    assert game_from_json(data) == g


# --------------------------------------------------------------------------- game trees


def test_two_ply_tree_gives_2_by_4() -> None:
    # MIN has two information sets (B and C) with two moves each: 2 x 2 = 4 strategies.
    tree = parse_tree_text("A(B(D:3 E:5) C(F:2 G:9))")
    m = from_tree(tree)
    assert m.players == ("MAX", "MIN")
    assert m.rows == ("B", "C")
    assert m.columns == ("D/F", "D/G", "E/F", "E/G")
    assert m.payoffs[0] == ((3, -3), (3, -3), (5, -5), (5, -5))
    assert m.payoffs[1] == ((2, -2), (9, -9), (2, -2), (9, -9))
    # The saddle points pay the minimax value 3: MAX plays B, MIN answers D at B.
    assert [(m.rows[i], m.columns[j]) for i, j in pure_equilibria(m)] == [("B", "D/F")]


def test_strategies_choose_at_every_node_of_the_player_reachable_or_not() -> None:
    # MAX moves at A and at D, E, F, G: 2^5 = 32 strategies, though a play visits
    # only two of MAX's five nodes; MIN moves at B and C: 4 strategies.
    tree = parse_tree_text("A(B(D(1 2) E(3 4)) C(F(5 6) G(7 8)))")
    m = from_tree(tree)
    assert len(m.rows) == 2**5
    assert m.rows[0] == "B/H/J/L/N"  # at A: B; at D: H; at E: J; at F: L; at G: N
    assert len(m.columns) == 2 * 2


def test_chance_nodes_and_huge_trees_are_refused() -> None:
    chance = parse_tree_json({"tree": {"children": [
        {"player": "chance", "children": [{"value": 1, "prob": 0.5}, {"value": 2, "prob": 0.5}]},
        {"value": 0}]}})
    with pytest.raises(UsageError, match="chance node"):
        from_tree(chance)
    wide = parse_tree_json([[1] * 9] * 6)  # MIN has 9^6 strategies
    with pytest.raises(LimitExceeded, match="531,441 strategies"):
        from_tree(wide)


leaf = st.integers(min_value=-5, max_value=5)
small_trees = st.lists(st.lists(st.one_of(leaf, st.lists(leaf, min_size=1, max_size=2)),
                                min_size=1, max_size=2), min_size=1, max_size=3)


@settings(max_examples=examples(40), deadline=None)
@given(small_trees)
def test_every_pure_equilibrium_of_a_tree_pays_its_minimax_value(nested: Any) -> None:
    # Perfect information: a pure equilibrium exists (Kuhn 1953, after Zermelo), and
    # in a zero-sum game every equilibrium pays the value.
    tree = parse_tree_json(nested)
    m = from_tree(tree)
    value = search_tree(tree, algorithm="minimax").value
    found = pure_equilibria(m)
    assert found
    assert {m.payoffs[i][j][0] for i, j in found} == {value}
