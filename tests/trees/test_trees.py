"""Explicit game trees: the loaders, the text notation, ids, players and TreeGame."""

from __future__ import annotations

import json
import math
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from tracer.errors import InputError, UsageError
from tracer.games.base import Game, Player
from tracer.jsonio import dumps_json, encode_number, loads_json
from tracer.trees import (
    Node,
    Tree,
    TreeGame,
    format_tree_text,
    load_tree,
    parse_tree_json,
    parse_tree_text,
)

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "tests" / "data" / "trees"
SCHEMA = json.loads((ROOT / "schemas" / "tree.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)

MAX, MIN, CHANCE = Player.MAX, Player.MIN, Player.CHANCE
AIMA_TEXT = "A(B(3 12 8) C(2 4 6) D(14 5 2))"
AIMA_JSON = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
T = TypeVar("T")


def table(tree: Tree) -> list[tuple[str, str, float | int | None]]:
    """(id, player, value) of every node in preorder."""
    return [(n.id, n.player.value, n.value) for n in tree.nodes()]


def players(tree: Tree) -> dict[str, Player]:
    return {n.id: n.player for n in tree.nodes()}


def error_of(call: Callable[[], object]) -> InputError:
    with pytest.raises(InputError) as info:
        call()
    return info.value


def with_big_stack(work: Callable[[], T]) -> T:
    """Run ``work`` in a thread with a 512 MiB stack and a high recursion limit.

    Both settings are process-wide, so they are restored afterwards.
    """
    box: dict[str, Any] = {}

    def target() -> None:
        sys.setrecursionlimit(300_000)
        try:
            box["value"] = work()
        except BaseException as exc:  # handed to the calling thread
            box["error"] = exc

    old_size = threading.stack_size(512 * 1024 * 1024)
    old_limit = sys.getrecursionlimit()
    try:
        thread = threading.Thread(target=target)
        thread.start()
        thread.join()
    finally:
        threading.stack_size(old_size)
        sys.setrecursionlimit(old_limit)
    if "error" in box:
        raise box["error"]
    result: T = box["value"]
    return result


# --------------------------------------------------------------------------- ids


AIMA_TABLE = [
    ("A", "max", None),
    ("B", "min", None),
    ("E", "max", 3),
    ("F", "max", 12),
    ("G", "max", 8),
    ("C", "min", None),
    ("H", "max", 2),
    ("I", "max", 4),
    ("J", "max", 6),
    ("D", "min", None),
    ("K", "max", 14),
    ("L", "max", 5),
    ("M", "max", 2),
]


@pytest.mark.parametrize(
    "tree",
    [
        pytest.param(lambda: parse_tree_json(AIMA_JSON), id="nested-arrays"),
        pytest.param(lambda: parse_tree_text(AIMA_TEXT), id="text-labelled"),
        pytest.param(lambda: parse_tree_text("((3 12 8) (2 4 6) (14 5 2))"), id="text-bare"),
        pytest.param(lambda: load_tree(TREES / "aima.json"), id="aima.json"),
        pytest.param(lambda: load_tree(TREES / "aima.tree"), id="aima.tree"),
    ],
)
def test_aima_tree_ids_players_values(tree: Callable[[], Tree]) -> None:
    assert table(tree()) == AIMA_TABLE


def test_generated_ids_go_on_like_spreadsheet_columns() -> None:
    tree = parse_tree_json(list(range(30)))
    ids = [n.id for n in tree.nodes()]
    assert ids[:3] == ["A", "B", "C"]
    assert ids[-6:] == ["Z", "AA", "AB", "AC", "AD", "AE"]
    wide = parse_tree_json(list(range(26 + 26 * 26)))  # one more node: the root
    assert [n.id for n in wide.nodes()][-2:] == ["ZZ", "AAA"]


def test_generated_ids_skip_labels_used_anywhere() -> None:
    tree = parse_tree_text("(B:1, (2 C:3) E(4))")
    assert [n.id for n in tree.nodes()] == ["A", "B", "D", "F", "C", "E", "G"]
    assert [n.label for n in tree.nodes()] == [None, "B", None, None, "C", "E", None]


def test_labels_may_be_lowercase_and_primed() -> None:
    tree = parse_tree_text("A(B(a:3 b:1) B'(E':2 _x:0))")
    assert [n.id for n in tree.nodes()] == ["A", "B", "a", "b", "B'", "E'", "_x"]


# --------------------------------------------------------------------------- players


def test_players_alternate_and_root_player_flips_them() -> None:
    tree = parse_tree_text(AIMA_TEXT, root_player=MIN)
    mins = ["min"] * 3
    expected = ["min", "max", *mins, "max", *mins, "max", *mins]
    assert [p.value for p in players(tree).values()] == expected


def test_explicit_player_overrides_and_children_alternate_from_it() -> None:
    tree = parse_tree_text("A(B[max](C(1) 2) 3)")
    assert players(tree) == {"A": MAX, "B": MAX, "C": MIN, "F": MAX, "E": MIN, "D": MIN}


def test_children_of_chance_nodes_face_the_nearest_non_chance_ancestor() -> None:
    tree = parse_tree_text("A(B[chance](C[chance,p=1](D[p=1](1 2))) E[chance](F[p=1]:3))")
    got = players(tree)
    assert (got["A"], got["B"], got["C"], got["D"], got["E"], got["F"]) == (
        MAX,
        CHANCE,
        CHANCE,
        MIN,
        CHANCE,
        MIN,
    )
    assert {got["G"], got["H"]} == {MAX}


@pytest.mark.parametrize(
    ("root_player", "below"), [(None, MAX), (MAX, MAX), (MIN, MIN)], ids=["none", "max", "min"]
)
def test_a_chance_root_hands_the_first_move_to_root_player(
    root_player: Player | None, below: Player
) -> None:
    tree = parse_tree_text("X[chance]([p=0.5]1 [p=0.5](2 3))", root_player=root_player)
    assert tree.root.player is CHANCE
    assert [c.player for c in tree.root.children] == [below, below]
    assert tree.root.children[1].children[0].player is below.opponent


def test_the_source_beats_root_player() -> None:
    assert parse_tree_text("A[max](1 2)", root_player=MIN).root.player is MAX
    assert parse_tree_text("A[min](1 2)").root.player is MIN


@pytest.mark.parametrize(
    ("doc", "argument", "root"),
    [
        ({"tree": [[1]], "root_player": "min"}, None, MIN),
        ({"tree": [[1]], "root_player": "min"}, MAX, MAX),
        ({"tree": {"player": "max", "children": [[1]]}, "root_player": "min"}, MIN, MAX),
        ({"tree": [[1]]}, MIN, MIN),
    ],
    ids=["document-beats-default", "argument-beats-document", "source-beats-all", "argument"],
)
def test_root_player_precedence(doc: dict[str, Any], argument: Player | None, root: Player) -> None:
    tree = parse_tree_json(doc, root_player=argument)
    assert tree.root.player is root
    assert tree.root.children[0].player is root.opponent


def test_root_player_cannot_be_chance() -> None:
    with pytest.raises(UsageError, match="root_player must be max or min"):
        parse_tree_text("1", root_player=CHANCE)


# --------------------------------------------------------------------------- values and forms


def test_leaves_at_different_depths() -> None:
    tree = parse_tree_json([2, [-1, 5], [1, 3], 4])
    assert table(tree) == [
        ("A", "max", None),
        ("B", "min", 2),
        ("C", "min", None),
        ("F", "max", -1),
        ("G", "max", 5),
        ("D", "min", None),
        ("H", "max", 1),
        ("I", "max", 3),
        ("E", "min", 4),
    ]
    assert (tree.size, tree.leaf_count, tree.height) == (9, 6, 2)


def test_values_keep_their_type_and_infinities_are_floats() -> None:
    tree = parse_tree_json([3, 3.0, "+inf", "-inf", "inf", 1e3, -0.5])
    values = [c.value for c in tree.root.children]
    assert [type(v) for v in values] == [int, float, float, float, float, float, float]
    assert values == [3, 3.0, math.inf, -math.inf, math.inf, 1000.0, -0.5]


def test_text_numbers() -> None:
    tree = parse_tree_text("(-3, 2.5, 1e3, +inf, -inf, .5, 7., 1E-2, +4)")
    values = [c.value for c in tree.root.children]
    assert values == [-3, 2.5, 1000.0, math.inf, -math.inf, 0.5, 7.0, 0.01, 4]
    assert [type(v) for v in values] == [int] + [float] * 7 + [int]


def test_text_notation_features() -> None:
    text = """
        # AIMA with extras
        A [min] (               # attributes, and blanks before '('
          B:5(3, 12, 8),        # a static value; commas or blanks separate
          (2 4 6)               # an unlabelled inner node
          :7(E':14 5 2)         # an unlabelled inner node with a static value
        )
    """
    tree = parse_tree_text(text)
    root = tree.root
    assert (root.id, root.player, root.value) == ("A", MIN, None)
    b, c, d = root.children
    assert (b.id, b.player, b.value, [x.value for x in b.children]) == ("B", MAX, 5, [3, 12, 8])
    assert (c.id, c.label, c.value) == ("C", None, None)
    assert (d.id, d.label, d.value, d.children[0].id) == ("D", None, 7, "E'")
    assert tree.find("E'").value == 14


def test_object_form_mixes_with_arrays_and_numbers() -> None:
    tree = load_tree(TREES / "mixed.json")
    assert tree.name == "mixed"
    assert table(tree) == [
        ("R", "max", None),
        ("A", "min", 2),
        ("B", "min", None),
        ("C", "max", -1),
        ("D", "max", 5),
        ("S", "min", 4),
        ("E", "max", 1),
        ("t", "max", 3),
        ("U", "min", -math.inf),
    ]
    assert tree.find("S").label == "S" and tree.find("B").label is None


def test_chance_tree_keeps_probabilities() -> None:
    tree = load_tree(TREES / "chance.tree")
    assert [(n.id, n.player.value, n.prob) for n in tree.nodes() if not n.is_leaf] == [
        ("A", "max", None),
        ("B", "chance", None),
        ("D", "min", 0.5),
        ("E", "min", 0.5),
        ("C", "chance", None),
        ("F", "min", 0.5),
        ("G", "min", 0.5),
    ]


def test_unlabelled_leaf_with_attributes() -> None:
    tree = parse_tree_text("X[chance]([p=0.25]1 [p=0.75,min]:2)")
    first, second = tree.root.children
    assert (first.prob, first.value, first.player) == (0.25, 1, MAX)
    assert (second.prob, second.value, second.player) == (0.75, 2, MIN)


def test_probabilities_must_sum_to_one_within_1e_9() -> None:
    third = "X[chance]([p=0.{0}]1 [p=0.{0}]2 [p=0.{0}]3)"
    tree = parse_tree_text(third.format("3" * 10))  # sums to 1 - 1e-10
    assert [c.prob for c in tree.root.children] == [0.3333333333] * 3
    error = error_of(lambda: parse_tree_text(third.format("3" * 8)))  # 1 - 1e-8
    assert "sum to 0.99999999, not 1" in error.message


# --------------------------------------------------------------------------- errors


JSON_ERRORS = [
    pytest.param(
        [[3, 12, 8], [2, 4, "x"]],
        "$[1][2]",
        'expected a number or "+inf"/"-inf" as a leaf value, got "x"',
        id="string-leaf",
    ),
    pytest.param(
        {"children": [1, {"children": [2, True]}]},
        "$.children[1].children[1]",
        'expected a number or "+inf"/"-inf" as a leaf value, got true',
        id="bool-leaf",
    ),
    pytest.param([1, "3"], "$[1]", 'as a leaf value, got "3"', id="numeric-string"),
    pytest.param([1, None], "$[1]", "as a leaf value, got null", id="null-leaf"),
    pytest.param([1, math.nan], "$[1]", "as a leaf value, got nan", id="nan-leaf"),
    pytest.param(
        {"tree": [[3], []]}, "$.tree[1]", "an inner node needs at least one child", id="empty-array"
    ),
    pytest.param([], "$", "an inner node needs at least one child", id="empty-root"),
    pytest.param(
        {"children": []},
        "$.children",
        "an inner node needs at least one child",
        id="empty-children",
    ),
    pytest.param(
        {"children": 3}, "$.children", "'children' must be an array of nodes, got 3", id="children"
    ),
    pytest.param(
        [1, {"value": 4, "colour": "red"}],
        "$[1].colour",
        "unknown key 'colour' (allowed: children, label, player, prob, uniform, unknown, value)",
        id="unknown-key",
    ),
    pytest.param(
        {"label": "A"}, "$", "a leaf needs a 'value' (or give the node 'children')", id="no-value"
    ),
    pytest.param({"value": False}, "$.value", "as a leaf value, got false", id="bool-value"),
    pytest.param(
        {"value": "x", "children": [1]}, "$.value", "as a static value, got", id="static-value"
    ),
    pytest.param(
        {"label": "1x", "value": 3},
        "$.label",
        'a label must match [A-Za-z_][A-Za-z0-9_\']*, got "1x"',
        id="bad-label",
    ),
    pytest.param(
        {"player": "Max", "value": 3},
        "$.player",
        'unknown player "Max" (choose from: chance, max, min)',
        id="bad-player",
    ),
    pytest.param(
        {"label": "A", "children": [{"label": "B", "value": 1}, {"label": "B", "value": 2}]},
        "$.children[1].label",
        "duplicate label 'B' (also used at $.children[0].label)",
        id="duplicate-label",
    ),
    pytest.param(
        {"children": [{"value": 1, "prob": 0.5}, 2]},
        "$.children[0].prob",
        "node B has a probability but its parent A is not a chance node",
        id="prob-below-max",
    ),
    pytest.param(
        {"prob": 1, "value": 3},
        "$.prob",
        "the root cannot have a probability",
        id="prob-on-root",
    ),
    pytest.param(
        {"player": "chance", "children": [{"value": 1, "prob": 0.5}, 2]},
        "$.children[1]",
        "node C is a child of chance node A and needs a probability",
        id="missing-prob",
    ),
    pytest.param(
        {"player": "chance", "children": [{"value": 1, "prob": 0.5}, {"value": 2, "prob": 0.4}]},
        "$",
        "the probabilities below chance node A sum to 0.9, not 1",
        id="prob-sum",
    ),
    pytest.param(
        {"player": "chance", "children": [{"value": 1, "prob": 1.5}]},
        "$.children[0].prob",
        "a probability must be a number between 0 and 1 or a fraction such as 1/3, got 1.5",
        id="prob-range",
    ),
    pytest.param(
        {"tree": [1], "nmae": "x"},
        "$.nmae",
        "unknown key 'nmae' in a tree document (allowed: $schema, description, name, "
        "root_player, tree)",
        id="document-key",
    ),
    pytest.param(
        {"tree": [1], "root_player": "chance"},
        "$.root_player",
        'unknown root_player "chance" (choose from: max, min)',
        id="document-root-player",
    ),
    pytest.param({"tree": [1], "name": 3}, "$.name", "'name' must be a string, got 3", id="name"),
]


@pytest.mark.parametrize(("data", "where", "message"), JSON_ERRORS)
def test_json_errors_name_the_path(data: Any, where: str, message: str) -> None:
    error = error_of(lambda: parse_tree_json(data, file="trees/x.json"))
    assert error.where == where
    assert message in error.message
    assert error.file == "trees/x.json"
    assert str(error).startswith(f"trees/x.json: {where}: ")


TEXT_ERRORS = [
    pytest.param(
        ")", "line 1, column 1", "expected a number, a label or '(' but found ')'", id="lone-paren"
    ),
    pytest.param(
        "",
        "line 1, column 1",
        "expected a number, a label or '(' but found end of input",
        id="empty",
    ),
    pytest.param(
        "A(B(3 12 8)))",
        "line 1, column 13",
        "expected end of input but found ')'",
        id="extra-paren",
    ),
    pytest.param(
        "A(1 2) B", "line 1, column 8", "expected end of input but found 'B'", id="two-roots"
    ),
    pytest.param(
        "A(3 , , 4)",
        "line 1, column 7",
        "expected a number, a label or '(' but found ','",
        id="two-commas",
    ),
    pytest.param(
        "A(3, 4,)",
        "line 1, column 8",
        "expected a number, a label or '(' but found ')'",
        id="trailing-comma",
    ),
    pytest.param(
        "A()", "line 1, column 3", "an inner node needs at least one child", id="empty-parens"
    ),
    pytest.param(
        "A(B 3)",
        "line 1, column 3",
        "node B has no value: write B:<number> for a leaf or B(...) for an inner node",
        id="label-without-value",
    ),
    pytest.param("A(inf 3)", "line 1, column 3", "(infinity is written +inf)", id="bare-inf"),
    pytest.param(
        "A(3 4\n",
        "line 2, column 1",
        "expected ')' to close the '(' at line 1, column 2 but found end of input",
        id="unclosed",
    ),
    pytest.param("A(3e 4)", "line 1, column 3",
                 "expected a number written with the digits 0-9 (such as 3, -2.5 or 1e6), "
                 "got '3e'", id="bad-number"),
    pytest.param("A(+infinity)", "line 1, column 3",
                 "expected a number written with the digits 0-9 (such as 3, -2.5 or 1e6), "
                 "got '+infinity'", id="bad-inf"),
    pytest.param("A(3 $)", "line 1, column 5", "unexpected character '$'", id="bad-character"),
    pytest.param(
        "A[foo](1)",
        "line 1, column 3",
        "unknown attribute 'foo' (allowed: chance, max, min, uniform, p=<probability>)",
        id="unknown-attribute",
    ),
    pytest.param(
        "A[](1)",
        "line 1, column 3",
        "expected an attribute (max, min, chance, uniform or p=<probability>) but found ']'",
        id="empty-attributes",
    ),
    pytest.param(
        "A[max min](1)", "line 1, column 7", "two players given: max and min", id="two-players"
    ),
    pytest.param(
        "A[p 0.5](1)",
        "line 1, column 5",
        "expected '=' after 'p' but found '0.5'",
        id="p-without-=",
    ),
    pytest.param(
        "X[chance](B[p=1.5]:1)",
        "line 1, column 15",
        "a probability must be a number between 0 and 1 or a fraction such as 1/3, got 1.5",
        id="prob-range",
    ),
    pytest.param(
        "A(B:)", "line 1, column 5", "expected a number after ':' but found ')'", id="colon"
    ),
    pytest.param(
        "A([p=0.5])",
        "line 1, column 10",
        "expected a number, ':' or '(' after the attributes but found ')'",
        id="attributes-alone",
    ),
    pytest.param(
        "A(3(4 5))", "line 1, column 4", "a bare number is a whole leaf", id="glued-number"
    ),
    pytest.param(
        "A(E:3 (4 5))",
        "line 1, column 7",
        "a '(' after a value must touch it to give the node children (C:5(...)); put a comma "
        "before a sibling (E:3, (...))",
        id="value-then-blank-paren",
    ),
    pytest.param(
        "A(B(3 12 8) B(2 4 6))",
        "line 1, column 13",
        "duplicate label 'B' (also used at line 1, column 3)",
        id="duplicate-label",
    ),
    pytest.param(
        "X[chance](B[p=0.5](2 4) C[p=0.4](0 -2))",
        "line 1, column 1",
        "the probabilities below chance node X sum to 0.9, not 1",
        id="prob-sum",
    ),
    pytest.param(
        "X[chance](B[p=0.5](2 4)\n  C(0 -2))",
        "line 2, column 3",
        "node C is a child of chance node X and needs a probability",
        id="missing-prob",
    ),
    pytest.param(
        "A(B[p=0.5](2 4) 1)",
        "line 1, column 3",
        "node B has a probability but its parent A is not a chance node",
        id="prob-below-max",
    ),
]


@pytest.mark.parametrize(("text", "where", "message"), TEXT_ERRORS)
def test_text_errors_say_where_and_what_was_expected(text: str, where: str, message: str) -> None:
    error = error_of(lambda: parse_tree_text(text, file="x.tree"))
    assert (error.file, error.where) == ("x.tree", where)
    assert message in error.message


BAD_FILES = [
    pytest.param("bad_empty.json", "$[1]", "an inner node needs at least one child", id="empty"),
    pytest.param("bad_leaf.json", "$.tree[1][2]", 'as a leaf value, got "x"', id="leaf"),
    pytest.param("bad_unknown_key.json", "$.children[1].colour", "unknown key 'colour'", id="key"),
    pytest.param(
        "bad_syntax.json", "line 1, column 13", "invalid JSON: expecting ',' delimiter", id="json"
    ),
    pytest.param(
        "bad_syntax.tree", "line 3, column 3", "expected end of input but found 'D'", id="text"
    ),
    pytest.param("bad_probs.tree", "line 1, column 1", "sum to 0.9, not 1", id="probs"),
    pytest.param("bad_duplicate.tree", "line 1, column 13", "duplicate label 'B'", id="duplicate"),
    pytest.param("missing.tree", None, "cannot read file: No such file or directory", id="missing"),
]


@pytest.mark.parametrize(("name", "where", "message"), BAD_FILES)
def test_bad_files(name: str, where: str | None, message: str) -> None:
    error = error_of(lambda: load_tree(TREES / name))
    assert error.file == str(TREES / name)
    assert error.where == where
    assert message in error.message


# --------------------------------------------------------------------------- round trips


@st.composite
def tree_sources(draw: st.DrawFn) -> tuple[Any, Player | None]:
    """A random tree in the JSON object form (with arrays and numbers mixed in)."""
    used: set[str] = set()
    values = st.one_of(
        st.integers(-50, 50),
        st.floats(allow_nan=False, allow_infinity=True),
        st.sampled_from([0.5, -2.25, 1e-7, 3.0]),
    )

    def node(depth: int, prob: float | None) -> Any:
        obj: dict[str, Any] = {}
        if draw(st.integers(0, 2)) == 0:
            label = draw(st.from_regex(r"[A-Za-z_][A-Za-z0-9_']{0,2}", fullmatch=True))
            if label not in used:
                used.add(label)
                obj["label"] = label
        if draw(st.integers(0, 4)) == 0:
            obj["player"] = draw(st.sampled_from(["max", "min", "chance"]))
        if prob is not None:
            obj["prob"] = prob
        if depth >= 4 or draw(st.integers(0, 2)) == 0:
            obj["value"] = encode_number(draw(values))
            if list(obj) == ["value"] and draw(st.booleans()):
                return obj["value"]
            return obj
        if draw(st.integers(0, 3)) == 0:
            obj["value"] = encode_number(draw(values))
        k = draw(st.integers(1, 3))
        probs: list[float | None] = [None] * k
        if obj.get("player") == "chance":
            weights = draw(st.lists(st.integers(1, 5), min_size=k, max_size=k))
            probs = [w / sum(weights) for w in weights]
        children = [node(depth + 1, p) for p in probs]
        if not obj and draw(st.booleans()):
            return children
        obj["children"] = children
        return obj

    root = node(0, None)
    return root, draw(st.sampled_from([None, MAX, MIN]))


@given(tree_sources(), st.sampled_from([88, 12]))
@settings(max_examples=examples(300), deadline=None)
def test_text_round_trip_and_idempotent_format(source: Any, width: int) -> None:
    data, root_player = source
    tree = parse_tree_json(data, root_player=root_player)
    text = format_tree_text(tree, width=width)
    again = parse_tree_text(text)
    assert again.same_as(tree), text
    assert format_tree_text(again, width=width) == text
    assert format_tree_text(tree) == format_tree_text(again)


@given(tree_sources())
@settings(max_examples=examples(300), deadline=None)
def test_json_round_trip_and_schema(source: Any) -> None:
    data, root_player = source
    assert VALIDATOR.is_valid(data)
    tree = parse_tree_json(data, root_player=root_player)
    doc = tree.to_json()
    assert VALIDATOR.is_valid(doc)
    again = parse_tree_json(loads_json(dumps_json(doc), file="<doc>"))
    assert again.same_as(tree)
    assert again.to_json() == doc


def test_to_json_writes_only_what_alternation_cannot_give() -> None:
    tree = parse_tree_text("A[min](B(3 12.0) X[chance](C[p=0.5]:1 [p=0.5]-inf))")
    named = Tree(tree.root, name="n", description="d")
    assert named.to_json() == {
        "tree": {
            "label": "A",
            "player": "min",
            "children": [
                {"label": "B", "children": [{"value": 3}, {"value": 12.0}]},
                {
                    "label": "X",
                    "player": "chance",
                    "children": [
                        {"label": "C", "value": 1, "prob": 0.5},
                        {"value": "-inf", "prob": 0.5},
                    ],
                },
            ],
        },
        "name": "n",
        "description": "d",
    }


def test_format_is_canonical() -> None:
    source = "# comment\nA( B( 3,12 , 8 ) C(2 4 6)\n D(14 5 2) )"
    assert format_tree_text(parse_tree_text(source)) == AIMA_TEXT + "\n"
    assert format_tree_text(parse_tree_json(AIMA_JSON)) == "((3 12 8) (2 4 6) (14 5 2))\n"
    chance = "X[chance](B[p=0.5](2 4) C[p=0.5](0 -2))"
    assert format_tree_text(parse_tree_text(chance)) == chance + "\n"
    assert format_tree_text(parse_tree_text("A[min](:5(1 +inf) 2.0)")) == "A[min](:5(1 +inf) 2.0)\n"
    siblings = "(E:3, (1 2) F:4 [chance]([p=1]5) G:6 :7(8))"
    assert format_tree_text(parse_tree_text(siblings)) == siblings + "\n"


def test_format_breaks_big_trees_into_lines() -> None:
    tree = parse_tree_json([[list(range(10)) for _ in range(3)] for _ in range(3)])
    text = format_tree_text(tree, width=40)
    assert text.splitlines()[:3] == ["(", "  (", "    (0 1 2 3 4 5 6 7 8 9)"]
    assert max(len(line) for line in text.splitlines()) <= 40
    assert parse_tree_text(text).same_as(tree)


def doc_text_examples() -> list[str]:
    """The text column of the examples table in docs/trees.md."""
    doc = (ROOT / "docs" / "trees.md").read_text(encoding="utf-8")
    section = doc.split("### Examples", 1)[1].split("###", 1)[0]
    return [line.split("`")[1] for line in section.splitlines() if line.startswith("| `")]


@pytest.mark.parametrize("text", doc_text_examples())
def test_documented_text_examples_parse_and_round_trip(text: str) -> None:
    tree = parse_tree_text(text)
    assert parse_tree_text(format_tree_text(tree)).same_as(tree)


def test_documented_example_players() -> None:
    tree = parse_tree_text("A(B[max](1 2) 3)")
    assert players(tree) == {"A": MAX, "B": MAX, "D": MIN, "E": MIN, "C": MIN}


# --------------------------------------------------------------------------- the schema


def test_schema_is_valid_and_documents_every_property() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$id"].endswith("tree.schema.json") and SCHEMA["title"]

    def properties(schema: Any) -> list[tuple[str, Any]]:
        found = []
        if isinstance(schema, dict):
            for key, sub in schema.get("properties", {}).items():
                found.append((key, sub))
            for value in schema.values():
                found += properties(value)
        elif isinstance(schema, list):
            for value in schema:
                found += properties(value)
        return found

    described = properties(SCHEMA)
    assert len(described) >= 10
    assert all("description" in sub for _, sub in described)


VALID_EXAMPLES = [
    AIMA_JSON,
    [2, [-1, 5], [1, 3], 4],
    {"tree": AIMA_JSON, "name": "aima", "root_player": "min"},
    {"label": "A", "player": "chance", "children": [{"prob": 1, "value": "+inf"}]},
    *(json.loads(p.read_text(encoding="utf-8")) for p in sorted(TREES.glob("[!b]*.json"))),
]


@pytest.mark.parametrize("data", VALID_EXAMPLES, ids=lambda d: dumps_json(d)[:30])
def test_schema_accepts_what_the_loader_accepts(data: Any) -> None:
    parse_tree_json(data)
    assert VALIDATOR.is_valid(data)


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({"value": 4, "colour": "red"}, id="unknown-key"),
        pytest.param({"children": []}, id="empty-children"),
        pytest.param([[3], []], id="empty-array"),
        pytest.param([1, "x"], id="non-number-leaf"),
        pytest.param([1, True], id="bool-leaf"),
        pytest.param({"label": "A"}, id="no-value"),
        pytest.param({"label": "1x", "value": 1}, id="bad-label"),
        pytest.param({"player": "chance", "children": [{"value": 1, "prob": 2}]}, id="prob"),
        pytest.param({"tree": [1], "root_player": "chance"}, id="root-player"),
        *(
            pytest.param(json.loads(p.read_text(encoding="utf-8")), id=p.name)
            for p in sorted(TREES.glob("bad_*.json"))
            if p.name != "bad_syntax.json"
        ),
    ],
)
def test_schema_rejects_what_the_loader_rejects(data: Any) -> None:
    assert not VALIDATOR.is_valid(data)
    with pytest.raises(InputError):
        parse_tree_json(data)


# --------------------------------------------------------------------------- Tree and Node


def test_tree_queries() -> None:
    tree = parse_tree_text(AIMA_TEXT)
    assert [n.id for n in tree.nodes()] == [row[0] for row in AIMA_TABLE]
    assert tree.find("C").children[2].id == "J"
    with pytest.raises(KeyError, match="no node with id 'Z' in the tree"):
        tree.find("Z")
    parents = tree.parents()
    assert parents["A"] is None and parents["J"] == "C" and parents["D"] == "A"
    assert (tree.size, tree.leaf_count, tree.height) == (13, 9, 2)
    assert parse_tree_text("7").height == 0


def test_node_equality_hash_and_repr_are_safe_and_strict() -> None:
    one, two = parse_tree_text(AIMA_TEXT), parse_tree_text(AIMA_TEXT)
    assert one.root == two.root and one == two and one.same_as(two)
    assert hash(one.root) == hash("A")
    assert one.root != parse_tree_text(AIMA_TEXT.replace("12", "12.0")).root
    assert one.root != parse_tree_json(AIMA_JSON).root  # labels differ
    assert repr(one.root) == (
        "Node(id='A', player=max, value=None, prob=None, label='A', children=<3>)"
    )
    assert not one.root.is_leaf and one.find("E").is_leaf


# --------------------------------------------------------------------------- TreeGame


def test_tree_game() -> None:
    tree = parse_tree_text("A:1(B(3 12 8) C(2 4 6) D(14 5 2))")
    game: Game[Node, int] = TreeGame(tree)
    assert game.name == "tree"
    assert game.capabilities.chance is False
    assert game.capabilities.evaluation and game.capabilities.named_nodes
    root = game.initial_state()
    assert root is tree.root
    assert (game.to_move(root), list(game.actions(root)), game.is_terminal(root)) == (
        MAX,
        [0, 1, 2],
        False,
    )
    c = game.result(root, 1)
    assert (game.node_id(c), game.describe(c), game.move_name(root, 1)) == ("C", "C", "C")
    assert game.to_move(c) is MIN
    leaf = game.result(c, 2)
    assert game.is_terminal(leaf) and game.utility(leaf) == 6 and list(game.actions(leaf)) == []
    assert game.evaluate(root) == 1
    error = error_of(lambda: game.evaluate(c))
    assert str(error) == "node C has no static value: give it a 'value' or search deeper (--depth)"


def test_tree_game_with_chance() -> None:
    tree = Tree(load_tree(TREES / "chance.tree").root, name="coin")
    game = TreeGame(tree)
    assert game.name == "coin" and game.capabilities.chance
    b = game.result(game.initial_state(), 0)
    assert game.to_move(b) is CHANCE
    assert [game.probability(b, i) for i in game.actions(b)] == [0.5, 0.5]


# --------------------------------------------------------------------------- deep and big


DEPTH = 100_000


@pytest.mark.slow
def test_deep_chain_in_text() -> None:
    text = "(" * DEPTH + "7" + ")" * DEPTH
    tree = parse_tree_text(text)
    assert (tree.height, tree.size, tree.leaf_count) == (DEPTH, DEPTH + 1, 1)
    assert tree.root.player is MAX and tree.root.children[0].player is MIN
    again = parse_tree_text(format_tree_text(tree))
    assert again.same_as(tree) and again.root == tree.root
    assert parse_tree_json(tree.to_json()).same_as(tree)
    assert len(tree.parents()) == DEPTH + 1
    assert repr(tree.root).startswith("Node(id='A'")


@pytest.mark.slow
def test_deep_chain_in_json_object_form() -> None:
    text = '{"tree":' + '{"children":[' * DEPTH + '{"label":"L","value":1}' + "]}" * DEPTH + "}"
    data = with_big_stack(lambda: loads_json(text, file="deep.json"))
    tree = parse_tree_json(data)
    assert tree.height == DEPTH and tree.find("L").value == 1
    doc = tree.to_json()
    assert with_big_stack(lambda: dumps_json(doc)) == text


def test_reading_a_valid_tree_works_out_no_json_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    # A node's JSON path walks the nodes before it: computing it for every leaf made
    # reading a tree (every trace header holds one) quadratic in its size.
    from tracer.trees import json_form

    calls = []
    real = json_form._json_where
    monkeypatch.setattr(json_form, "_json_where", lambda *a: calls.append(a) or real(*a))

    def node(d: int) -> dict[str, object]:
        return {"value": 1} if d == 0 else {"children": [node(d - 1), node(d - 1), 5]}

    parse_tree_json(node(5))
    assert calls == []
    with pytest.raises(InputError) as info:
        parse_tree_json({"children": [{"value": 1}, {"value": "x"}]})
    assert info.value.where == "$.children[1].value"
