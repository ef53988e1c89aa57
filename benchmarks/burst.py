"""A burst of tiny searches from one client of ``gametrace serve``, the rate limit off.

Starts the service on loopback with its default limits but ``--rate-limit 0`` (one
process, a temporary store), then one client -- one address, ``--connections`` at once,
as a script's thread pool -- sends ``--requests`` searches of the AIMA example, each on a
new connection.  Prints the requests answered a second, the p50/p95 latency and the
errors; exits 1 on any error, or when fewer than ``--goal`` were answered a second.

    python benchmarks/burst.py                   # 400 searches, 8 at once
    python benchmarks/burst.py --requests 2000
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from abuse import HOST, _free_port, _idle, _percentile, _post  # noqa: E402

from tests.service.hostile import NORMAL  # noqa: E402

GOAL = 400.0
"""Requests a second the burst must be answered at (the 2-core development machine)."""


def burst(port: int, requests: int, connections: int) -> tuple[float, list[float], list[str]]:
    """The seconds the burst took, each answer's latency, and the errors."""
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    left = iter(range(requests))

    def client() -> None:
        while True:
            with lock:
                if next(left, None) is None:
                    return
            start = time.perf_counter()
            try:
                status, _, data = _post(port, "/v1/search", NORMAL, client="198.51.100.7")
            except (OSError, http.client.HTTPException) as exc:
                with lock:
                    errors.append(f"{type(exc).__name__}: {exc}")
                continue
            seconds = time.perf_counter() - start
            with lock:
                if status == 200 and json.loads(data)["value"] == 3:
                    latencies.append(seconds)
                else:
                    errors.append(f"HTTP {status}: {data[:200]!r}")

    threads = [threading.Thread(target=client) for _ in range(connections)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start, latencies, errors


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--goal", type=float, default=GOAL, help="requests a second")
    args = parser.parse_args(list(argv))

    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="gametrace-burst-") as folder:
        command = [sys.executable, "-m", "tracer", "serve", "--host", HOST, "--port",
                   str(port), "--db", str(Path(folder) / "traces.db"), "--trusted-proxy", HOST,
                   "--rate-limit", "0"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            _idle(port, server)
            burst(port, 20, args.connections)  # the first workers start
            _idle(port, server)
            seconds, latencies, errors = burst(port, args.requests, args.connections)
        finally:
            os.killpg(server.pid, signal.SIGTERM)  # the server started above
            server.wait(60)
    rate = len(latencies) / seconds
    met = rate >= args.goal and not errors
    print(f"{args.requests} searches from one client, {args.connections} at once, the rate "
          f"limit off: {rate:.0f} answered a second, p50 "
          f"{1000 * _percentile(latencies, 50):.1f} ms, p95 "
          f"{1000 * _percentile(latencies, 95):.1f} ms, {len(errors)} errors")
    print(f"goal ({args.goal:g} a second, 0 errors): {'met' if met else 'NOT met'}")
    for error in errors[:10]:
        print(f"burst: error: {error}", file=sys.stderr)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
