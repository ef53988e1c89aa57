"""Leaves the notes leave unknown (``?a``): read, written back, searched only where pruned.

"Minimax Decisione = MAX{MIN{3,5,10}, MIN{2,a,b}, MIN{2,7,3}} = 3" (Algoritmo Minimax
con potatura alfa-beta, "Potatura alfa-beta"): a and b are never given, and alpha-beta
never needs them.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from tracer.cli import main
from tracer.errors import InputError, UsageError
from tracer.search import run_search
from tracer.trees import TreeGame, parse_tree_json, parse_tree_text
from tracer.trees.text_writer import format_tree_text

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "tree.schema.json").read_text(encoding="utf-8"))
NOTES = "A(B(3 5 10) C(2 ?a ?b) D(2 7 3))"


def test_unknown_leaves_read_and_write_back() -> None:
    tree = parse_tree_text(NOTES)
    assert tree.unknown_leaves == ("a", "b")
    assert tree.find("a").value is None and tree.find("a").is_leaf
    assert format_tree_text(tree).strip() == NOTES
    doc = tree.to_json()
    assert doc["tree"]["children"][1]["children"][1] == {"label": "a", "unknown": True}
    assert parse_tree_json(doc).same_as(tree)
    jsonschema.validate(doc, SCHEMA)


@pytest.mark.parametrize("text, found", [
    ("A(1 ?a:3)", "has no value and no children"),
    ("A(1 ?a(1 2))", "has no value and no children"),
    ("A(1 ? a)", "a label right after '?'"),
    ("A(1 ?)", "a label right after '?'"),
])
def test_a_bad_unknown_leaf_is_one_line(text: str, found: str) -> None:
    with pytest.raises(InputError, match=found) as info:
        parse_tree_text(text, file="t.tree")
    assert "line 1, column" in str(info.value.where) and "\n" not in str(info.value)


@pytest.mark.parametrize("obj, found", [
    ({"unknown": True}, "needs a 'label'"),
    ({"label": "a", "unknown": False}, "'unknown' must be true"),
    ({"label": "a", "unknown": True, "value": 3}, "has no 'value'"),
    ({"label": "a", "unknown": True, "children": [1]}, "has no 'children'"),
])
def test_a_bad_unknown_leaf_in_json(obj: dict[str, object], found: str) -> None:
    with pytest.raises(InputError, match=found):
        parse_tree_json({"tree": {"label": "A", "children": [1, obj]}})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"tree": {"label": "A", "children": [1, obj]}}, SCHEMA)


def test_alpha_beta_prunes_the_unknown_leaves() -> None:
    result = run_search(TreeGame(parse_tree_text(NOTES)), algorithm="alphabeta")
    assert result.value == 3 and result.move == "B"


def test_a_search_that_reads_an_unknown_leaf_fails_naming_it() -> None:
    # In reverse order C's children come b, a, 2: b is read.
    with pytest.raises(InputError, match=r"leaf b is unknown \(\?b in the tree\)"):
        run_search(TreeGame(parse_tree_text(NOTES)), algorithm="alphabeta", order="reverse")


def test_minimax_is_refused_before_it_starts() -> None:
    with pytest.raises(UsageError, match="minimax reads every leaf, and the tree leaves "
                                         "unknown: a, b"):
        run_search(TreeGame(parse_tree_text(NOTES)), algorithm="minimax")


def test_the_command_line_says_it_in_one_line(tmp_path: Path) -> None:
    tree = tmp_path / "t.tree"
    tree.write_text(NOTES + "\n", encoding="utf-8")
    out = tmp_path / "m.json"
    result = CliRunner().invoke(main, ["run", str(tree), "-a", "minimax", "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()
    assert result.stderr.count("\n") == 1 and "unknown: a, b" in result.stderr
    result = CliRunner().invoke(main, ["run", str(tree), "--order", "reverse"])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "leaf b is unknown" in result.stderr and "Traceback" not in result.stderr
    result = CliRunner().invoke(main, ["run", str(tree)])
    assert result.exit_code == 0 and "value: 3" in result.stdout
