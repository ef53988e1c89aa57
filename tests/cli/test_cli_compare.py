"""``gametrace compare``: the table, CSV and JSON, the plot, the side-by-side picture, the
technique comparison, and ``run -a enhanced``."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from helpers import gametrace

from tracer.schema import validate


def test_the_table_on_the_aima_tree() -> None:
    code, out, err = gametrace("compare", "aima", "--orders",
                               "natural,reverse,best,worst,random:50")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "alphabeta (fail-soft) on aima: value 3; uniform tree, b = 3, d = 2"
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:7]}
    assert rows["minimax"][:4] == ["9", "100.0%", "4", "0"]
    assert rows["natural"][:6] == ["7", "77.8%", "4", "1", "1/1", "(100%)"]
    assert rows["reverse"][0] == "9" and rows["best"][0] == "5" and rows["worst"][0] == "9"
    assert lines[7].startswith("random (50), mean")
    assert "leaves: min 5," in lines[8]
    assert lines[9].split()[:2] == ["Knuth-Moore", "5"]
    assert lines[10].split()[:3] == ["critical", "tree", "5"]


def test_json_output() -> None:
    given = Path(__file__).parents[1] / "data" / "trees" / "three-mins-given.tree"
    code, out, _ = gametrace("compare", str(given), "--orders", "natural,random:5",
                             "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["critical_tree"] == data["knuth_moore"] == 5
    assert [(o["ordering"], o["leaves"]) for o in data["orderings"]] == [("natural", 5)]
    assert data["random"]["seeds"] == [0, 1, 2, 3, 4]
    assert set(data["random"]["leaves"]) == {"n", "mean", "min", "q1", "median", "q3", "max"}


def test_csv_to_a_file(tmp_path: Path) -> None:
    out_file = tmp_path / "aima.csv"
    code, out, err = gametrace("compare", "aima", "--orders", "natural,random:3", "-o",
                               str(out_file))
    assert code == 0 and out == "" and "csv written to" in err
    rows = list(csv.DictReader(io.StringIO(out_file.read_text())))
    assert [(r["kind"], r["ordering"], r["seed"]) for r in rows] == [
        ("minimax", "minimax", ""), ("ordering", "natural", ""), ("ordering", "random", "0"),
        ("ordering", "random", "1"), ("ordering", "random", "2"),
        ("bound", "knuth-moore", ""), ("bound", "critical-tree", "")]
    assert rows[1]["leaves"] == "7" and rows[-1]["leaves"] == "5"


def test_the_plot_and_the_picture(tmp_path: Path) -> None:
    plot, picture = tmp_path / "plot.dot", tmp_path / "pair.dot"
    code, _, err = gametrace("compare", "aima", "--orders", "natural,reverse,random:10",
                             "--plot", str(plot), "--picture", str(picture))
    assert code == 0, err
    assert 'label="critical tree 5"' in plot.read_text()
    pair = picture.read_text()
    assert "cluster_a" in pair and "natural: 7 leaves" in pair and "reverse: 9 leaves" in pair
    assert "searched under reverse only (2): J I" in err


def test_the_picture_of_two_chosen_orderings(tmp_path: Path) -> None:
    picture = tmp_path / "pair.dot"
    code, _, err = gametrace("compare", "aima", "--orders", "natural,best,random:2",
                             "--picture", str(picture), "--side-by-side", "best,random:1")
    assert code == 0, err
    assert "best: 5 leaves" in picture.read_text()
    assert "random (seed 1)" in picture.read_text()


def test_techniques_on_a_game(tmp_path: Path) -> None:
    code, out, err = gametrace("compare", "tictactoe", "-p", "board=x...o....", "--depth", "4",
                               "--techniques", "id+tt,pvs,mtdf", "--repeat", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "techniques on tictactoe, depth 4"
    names = [line.split()[0] for line in lines[2:6]]
    assert names == ["alphabeta", "id+tt", "pvs", "mtdf"]
    assert all(line.split()[-1] == "yes" for line in lines[2:6])
    assert "noisy" in out


def test_techniques_as_json_and_a_picture(tmp_path: Path) -> None:
    picture = tmp_path / "tt.dot"
    code, out, err = gametrace("compare", "tictactoe", "-p", "board=x.o.x.o..",
                               "--techniques", "tt", "--repeat", "1", "--format", "json",
                               "--picture", str(picture))
    assert code == 0, err
    data = json.loads(out)
    assert [t["technique"] for t in data["techniques"]] == ["alphabeta", "tt"]
    assert all(t["same_value"] for t in data["techniques"])
    assert data["techniques"][1]["nodes"] < data["techniques"][0]["nodes"]
    assert "answered by the transposition table" in picture.read_text()  # the legend


@pytest.mark.parametrize(("args", "message"), [
    (["--orders", "natural,sideways"], "unknown ordering 'sideways'"),
    (["--orders", "natural", "--techniques", "tt"], "not both"),
    (["--techniques", "tt", "--plot", "x.svg"], "goes with --orders"),
    (["--plot", "x.bmp"], "x.bmp': unknown extension '.bmp' for a diagram"),
    (["--techniques", "pvs+mtdf"], "two variants"),
    (["-a", "enhanced"], "orders moves itself"),
    (["--techniques", "tt+nope"], "unknown technique 'nope'"),
    (["--picture", "x.dot", "--side-by-side", "natural"], "two names"),
    (["--orders", "natural,reverse", "--picture", "x.dot", "--side-by-side", "natural,best"],
     "not among the orderings"),
    (["--techniques", "tt", "--picture", "x.dot", "--side-by-side", "tt,pvs"],
     "not among the techniques"),
])
def test_usage_errors_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    args = [a.replace("x.", str(tmp_path / "x.")) for a in args]
    code, out, err = gametrace("compare", "aima", *args)
    assert out == ""  # nothing is searched before the options are checked
    assert code == 2
    assert message in err and err.startswith("gametrace: error:")


def test_help_has_examples() -> None:
    code, out, _ = gametrace("compare", "--help")
    assert code == 0 and "Examples:" in out and "--techniques" in out


def test_run_with_the_enhanced_family(tmp_path: Path) -> None:
    trace = tmp_path / "o.json"
    code, out, err = gametrace("run", "othello", "--depth", "3", "-a", "enhanced",
                               "--variant", "pvs", "--technique", "id,tt,killer", "-o",
                               str(trace))
    assert code == 0, err
    assert out.startswith("enhanced (pvs; id,tt,killer) on othello\nvalue: 31\n")
    doc = json.loads(trace.read_text())
    validate(doc, "trace", file=str(trace))
    assert doc["header"]["options"]["techniques"] == ["id", "killer", "tt"]
    assert {e["type"] for e in doc["events"]} >= {"iteration", "tt", "order"}


def test_run_refuses_techniques_outside_the_enhanced_family() -> None:
    code, _, err = gametrace("run", "aima", "--technique", "tt")
    assert code == 2 and "apply to -a enhanced" in err
