"""Record (or check) every trace listed in tools/traces.json.

    python tools/record_traces.py          # rewrite traces/*.json from tools/traces.json
    python tools/record_traces.py --check  # exit 1 if any recorded trace is stale

Each entry is a ``gametrace`` command line; its trace goes to ``traces/<file>``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

from tracer.cli import main as gametrace

ROOT = Path(__file__).resolve().parent.parent
TRACES = ROOT / "traces"


def entries() -> list[dict[str, object]]:
    manifest = json.loads((ROOT / "tools" / "traces.json").read_text(encoding="utf-8"))
    return list(manifest["traces"])


def record(args: list[str], out: Path, *, stdout: bool = False) -> None:
    """Run one manifest entry: its trace goes to ``out`` (with ``stdout``, the command's
    JSON output does: for analyses such as payoff matrices, which write no trace)."""
    extra = ["--json"] if stdout else ["-o", str(out), "--json"]
    result = CliRunner().invoke(gametrace, [*args, *extra])
    if result.exit_code != 0:
        raise SystemExit(f"gametrace {' '.join(args)} failed: {result.output}")
    if stdout:
        out.write_text(result.stdout, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check; write nothing")
    opts = parser.parse_args()
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        for entry in entries():
            name = str(entry["file"])
            args = [str(a) for a in entry["args"]]  # type: ignore[attr-defined]
            fresh = Path(tmp) / name
            record(args, fresh, stdout=bool(entry.get("stdout")))
            target = TRACES / name
            if target.exists() and target.read_bytes() == fresh.read_bytes():
                continue
            stale.append(name)
            if not opts.check:
                target.write_bytes(fresh.read_bytes())
    if opts.check and stale:
        print("stale recorded traces (run python tools/record_traces.py):", *stale,
              sep="\n  ", file=sys.stderr)
        return 1
    if stale and not opts.check:
        print("recorded:", *stale, sep="\n  ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
