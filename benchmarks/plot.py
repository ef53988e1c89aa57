"""Draw docs/speed.svg from the measurements ``bench_search.py`` saves (``BENCH_JSON``).

    BENCH_JSON=out/bench.json .venv-bench/bin/python benchmarks/run.py search
    .venv-bench/bin/python benchmarks/plot.py out/bench.json docs/speed.svg

Two panels, minimax and alpha-beta: the CPU time of one cold search (median of the
rounds) against the number of nodes our search visits from each start position, for
ours, OpenSpiel and aima-python, on log scales so the growth with the tree shows.
matplotlib is needed only here (``make bench`` installs it into .venv-bench).
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

LIBRARIES = (("ours", "gametree-tracer", "o-"), ("openspiel", "OpenSpiel 2.0.2", "s--"),
             ("aima", "aima-python", "^:"))


def points(runs: list[dict[str, Any]], algorithm: str, library: str) -> list[tuple[int, float]]:
    """(nodes, median cold CPU seconds) per start position; nodes are our search's count."""
    cold: dict[str, list[float]] = defaultdict(list)
    nodes: dict[str, int] = {}
    for r in runs:
        if r["name"] == f"{library}-{algorithm}":
            cold[r["board"]].append(r["cold"])
        if r["name"] == f"ours-{algorithm}":
            nodes[r["board"]] = r["nodes"]
    return sorted((nodes[b], statistics.median(times)) for b, times in cold.items()
                  if b in nodes)


def main() -> int:
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    runs = json.loads(source.read_text())
    plt.rcParams["svg.hashsalt"] = "gametree-tracer"  # the same ids in every drawing
    plt.rcParams["svg.fonttype"] = "none"
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.2))
    for ax, (algorithm, title) in zip(axes, (("minimax", "minimax (full tree)"),
                                             ("alphabeta", "alpha-beta")), strict=True):
        for library, label, style in LIBRARIES:
            pts = points(runs, algorithm, library)
            if pts:
                ax.plot([n for n, _ in pts], [t for _, t in pts], style, label=label)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(f"tic-tac-toe, {title}")
        ax.set_xlabel("nodes our search visits (one point per start position)")
        ax.set_ylabel("CPU seconds, cold, median")
        ax.grid(True, which="major", alpha=0.3)
        ax.legend()
    fig.tight_layout()
    fig.savefig(target, metadata={"Date": None})
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
