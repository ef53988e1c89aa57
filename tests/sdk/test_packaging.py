"""The header ships in the wheel, where ``gametrace sdk --include`` finds it."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_holds_the_header() -> None:
    from hatchling.builders.wheel import WheelBuilder

    files = {f.distribution_path for f in WheelBuilder(str(ROOT)).recurse_included_files()}
    assert "tracer/sdk/include/gametrace.h" in files
    assert "tracer/schemas/trace.schema.json" in files
