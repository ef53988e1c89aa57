"""``gametrace regret``: the report (text, JSON), the regret map and the worst nodes'
diagrams; exit codes, stdout and stderr apart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import gametrace


@pytest.fixture
def reverse(tmp_path: Path) -> Path:
    """The lecture's exercise: the AIMA tree right to left, which cuts nothing."""
    path = tmp_path / "aima.jsonl"
    code, _, err = gametrace("run", "aima", "--order", "reverse", "-o", str(path), "-q")
    assert code == 0, err
    return path


def test_the_report_of_the_aima_tree_right_to_left(reverse: Path) -> None:
    code, out, err = gametrace("regret", str(reverse))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "alphabeta (fail-soft) on aima: value 3"
    assert lines[1] == "nodes searched 13, ideal tree 9, wasted 4 (30.8%)"
    assert lines[4].split() == ["1", "2", "4", "-", "(no", "cut)", "M", "(1)", "D"]
    assert lines[5].split() == ["2", "2", "4", "-", "(no", "cut)", "H", "(3)", "C"]


def test_json(reverse: Path) -> None:
    code, out, _ = gametrace("regret", str(reverse), "--json")
    data = json.loads(out)
    assert (code, data["format"], data["searched"], data["wasted"]) == (0, "gametree-regret",
                                                                        13, 4)
    assert [(w["path"], w["wasted"], w["refuter"]) for w in data["worst"]] == [
        (["D"], 2, "M"), (["C"], 2, "H")]
    assert data["worst"][0]["children"][0] == {"move": "M", "rank": 1, "nodes": 1,
                                               "value": 2, "kept": True}


def test_the_picture_and_the_details(reverse: Path, tmp_path: Path) -> None:
    picture, details = tmp_path / "map.svg", tmp_path / "worst"
    code, out, err = gametrace("regret", str(reverse), "--picture", str(picture),
                               "--details", str(details))
    assert code == 0 and out.startswith("alphabeta")
    assert err.splitlines() == [f"picture written to {picture}",
                                f"2 diagrams written to {details}"]
    assert sorted(p.name for p in details.iterdir()) == ["worst-01.svg", "worst-02.svg"]
    svg = picture.read_text()
    assert 'href="worst/worst-01.svg"' in svg and 'href="worst/worst-02.svg"' in svg
    detail = (details / "worst-01.svg").read_text()
    assert "#1: D (min): 2 of 4 nodes wasted" in detail and "rank 3" in detail


def test_the_picture_as_dot_folds_below_depth(reverse: Path) -> None:
    code, out, _ = gametrace("regret", str(reverse), "--picture", "-", "--depth", "1")
    assert code == 0 and out.startswith("digraph regret")
    assert out.count("peripheries=2") == 3  # B, C and D have children the map folds
    assert "#ffffb2" in out and "nodes wasted under the node" in out
    assert "URL" not in out and "HREF" not in out  # no --details: no links


def test_details_need_the_picture(reverse: Path, tmp_path: Path) -> None:
    code, out, err = gametrace("regret", str(reverse), "--details", str(tmp_path / "w"))
    assert (code, out) == (2, "")
    assert "--details applies to --picture FILE" in err and not (tmp_path / "w").exists()
