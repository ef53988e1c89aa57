"""The recorded traces in traces/ are up to date and pinned by snapshots.

A snapshot is a claim about a lecture: before ``--snapshot-update``, read the diff
and check it against the notes (for the trees here: Algoritmo Minimax con potatura
alfa-beta, and Teoria dei giochi, "Esempio di α-β pruning").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from tracer.cli import main
from tracer.schema import validate

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = json.loads((ROOT / "tools" / "traces.json").read_text(encoding="utf-8"))
ENTRIES: list[dict[str, Any]] = MANIFEST["traces"]


@pytest.fixture
def snapshot_json(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(JSONSnapshotExtension)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_recorded_trace_is_what_the_command_records(entry: dict[str, Any], tmp_path: Path,
                                                    snapshot_json: SnapshotAssertion) -> None:
    out = tmp_path / entry["file"]
    if entry.get("stdout"):  # an analysis that prints JSON rather than writing a trace
        result = CliRunner().invoke(main, [*entry["args"], "--json"])
        out.write_text(result.stdout, encoding="utf-8")
    else:
        result = CliRunner().invoke(main, [*entry["args"], "-o", str(out)])
    assert result.exit_code == 0, result.output
    recorded = ROOT / "traces" / entry["file"]
    assert out.read_bytes() == recorded.read_bytes(), (
        f"{recorded.name} is stale: run `python tools/record_traces.py` and review the diff")
    doc = json.loads(recorded.read_text(encoding="utf-8"))
    if not entry.get("stdout"):
        validate(doc, "trace", file=str(recorded))
    assert doc == snapshot_json


def test_every_trace_file_is_in_the_manifest() -> None:
    listed = {e["file"] for e in ENTRIES}
    on_disk = {p.name for p in (ROOT / "traces").glob("*.json*")}
    assert on_disk == listed
