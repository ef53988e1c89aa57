"""Normal clients of ``gametrace serve`` with and without one abusive client beside them.

Starts the service on loopback with its default limits (one process, a temporary
store), then runs ``--clients`` normal clients (each ``POST /v1/search`` on the AIMA
example, again and again) for ``--seconds``, twice: alone, and beside one abusive
client that sends the hostile requests of tests/service/hostile.py in turn (a search of
a game too big to answer, a 100,000-leaf worksheet, a trace whose node is its own
child, ...).  Prints the normal clients' p50/p95 latency, their 503s (``Retry-After``)
and errors side by side, what the abuser got, and whether the goal is met: p95 beside
the abuser within 2x of p95 alone, and no error.  Exits 1 when it is not.

    python benchmarks/abuse.py                   # 8 clients, 30 s each way
    python benchmarks/abuse.py --seconds 10      # a quick run
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import multiprocessing
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tests.service.hostile import HOSTILE, NORMAL  # noqa: E402

HOST = "127.0.0.1"
GOAL_RATIO = 2.0
TIMEOUT = 120.0


@dataclass
class Tally:
    """What the normal clients saw in one phase; appended to under a lock."""

    latencies: list[float] = field(default_factory=list)
    busy: int = 0
    errors: list[str] = field(default_factory=list)
    abuser: collections.Counter[str] = field(default_factory=collections.Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _post(port: int, path: str, body: bytes, content_type: str = "application/json", *,
          client: str) -> tuple[int, dict[str, str], bytes]:
    """A request as if from ``client``: the server trusts this loopback proxy's
    ``X-Forwarded-For``, so each simulated student has a rate bucket of their own, as
    behind a school's reverse proxy (documentation addresses, never reached)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
    try:
        conn.request("POST", path, body=body,
                     headers={"content-type": content_type, "x-forwarded-for": client})
        response = conn.getresponse()
        return (response.status, {k.lower(): v for k, v in response.getheaders()},
                response.read())
    finally:
        conn.close()


def normal(port: int, deadline: float, tally: Tally, client: str) -> None:
    while time.monotonic() < deadline:
        start = time.perf_counter()
        try:
            status, headers, data = _post(port, "/v1/search", NORMAL, client=client)
        except (OSError, http.client.HTTPException) as exc:
            with tally.lock:
                tally.errors.append(f"{type(exc).__name__}: {exc}")
            continue
        seconds = time.perf_counter() - start
        with tally.lock:
            if status == 200:
                tally.latencies.append(seconds)
            elif status == 503 and "retry-after" in headers:
                tally.busy += 1
            else:
                tally.errors.append(f"HTTP {status}: {data[:200]!r}")


def abuser(port: int, deadline: float, tally: Tally) -> None:
    i = 0
    while time.monotonic() < deadline:
        hostile = HOSTILE[i % len(HOSTILE)]
        i += 1
        try:
            status, _, _ = _post(port, hostile.path, hostile.body, hostile.content_type,
                                 client="198.51.100.66")
            outcome = str(status)
        except (OSError, http.client.HTTPException) as exc:
            outcome = type(exc).__name__
        with tally.lock:
            tally.abuser[f"{hostile.name} {outcome}"] += 1


def _abuse(port: int, deadline: float, out: Connection) -> None:
    """The abuser, in a process of its own, as a student's own machine would be: reading
    its 20 MB answers in the clients' process would slow the clients' own threads (one
    interpreter lock) and be counted as the server's latency."""
    tally = Tally()
    abuser(port, deadline, tally)
    out.send(dict(tally.abuser))
    out.close()


def _phase(port: int, clients: int, seconds: float, abusive: bool) -> Tally:
    tally = Tally()
    deadline = time.monotonic() + seconds  # CLOCK_MONOTONIC: one clock for every process
    threads = [threading.Thread(target=normal, args=(port, deadline, tally, f"192.0.2.{10 + i}"))
               for i in range(clients)]
    process = None
    if abusive:
        receiving, sending = multiprocessing.get_context("fork").Pipe(duplex=False)
        process = multiprocessing.get_context("fork").Process(
            target=_abuse, args=(port, deadline, sending))
        process.start()
        sending.close()
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + TIMEOUT + 10)
    if process is not None:
        if receiving.poll(TIMEOUT + 10):
            tally.abuser.update(receiving.recv())
        process.join(TIMEOUT)
        if process.is_alive():
            process.kill()
            process.join()
    return tally


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _health(port: int) -> dict[str, Any] | None:
    try:
        conn = http.client.HTTPConnection(HOST, port, timeout=5)
        conn.request("GET", "/healthz")
        data = conn.getresponse().read()
        conn.close()
        result: dict[str, Any] = json.loads(data)
        return result
    except (OSError, http.client.HTTPException, ValueError):
        return None


def _idle(port: int, server: subprocess.Popen[bytes], timeout: float = TIMEOUT) -> None:
    """Wait until the server answers and runs no job."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if server.poll() is not None:
            raise SystemExit(f"abuse: the server exited with code {server.returncode}")
        health = _health(port)
        if health is not None and health["running"] == 0 and health["queued"] == 0:
            return
        time.sleep(0.2)
    raise SystemExit(f"abuse: the server was not idle within {timeout} s")


def _percentile(xs: list[float], q: int) -> float:
    if not xs:
        return float("nan")
    if len(xs) == 1:
        return xs[0]
    return statistics.quantiles(xs, n=100, method="inclusive")[q - 1]


def _figures(tally: Tally) -> dict[str, Any]:
    return {"answered": len(tally.latencies),
            "p50_ms": round(1000 * _percentile(tally.latencies, 50), 1),
            "p95_ms": round(1000 * _percentile(tally.latencies, 95), 1),
            "busy_503": tally.busy, "errors": len(tally.errors)}


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=30.0, help="of each phase")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(list(argv))

    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="gametrace-abuse-") as folder:
        command = [sys.executable, "-m", "tracer", "serve", "--host", HOST, "--port",
                   str(port), "--db", str(Path(folder) / "traces.db"), "--trusted-proxy", HOST]
        log = open(Path(folder) / "server.log", "wb")  # noqa: SIM115 -- closed below
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log,
                                  start_new_session=True)
        try:
            _idle(port, server)
            limits = (_health(port) or {}).get("limits", {})
            alone = _phase(port, args.clients, args.seconds, abusive=False)
            _idle(port, server)
            beside = _phase(port, args.clients, args.seconds, abusive=True)
            _idle(port, server)
            alive = server.poll() is None
        finally:
            os.killpg(server.pid, signal.SIGTERM)  # the server started above
            server.wait(60)
            log.close()
            said = (Path(folder) / "server.log").read_text(errors="replace").splitlines()
            # its last words on SIGTERM are expected; anything else is shown
            for line in said:
                if line != "gametrace: error: terminated":
                    print(f"abuse: server: {line}", file=sys.stderr)

    a, b = _figures(alone), _figures(beside)
    ratio = b["p95_ms"] / a["p95_ms"] if a["p95_ms"] else float("inf")
    met = ratio <= GOAL_RATIO and a["errors"] == 0 and b["errors"] == 0 and alive
    if args.json:
        print(json.dumps({"clients": args.clients, "seconds": args.seconds,
                          "limits": limits, "alone": a, "abused": b,
                          "p95_ratio": round(ratio, 2), "goal_met": met,
                          "abuser": dict(sorted(beside.abuser.items()))}, indent=2))
    else:
        print(f"{args.clients} normal clients, {args.seconds:g} s each way, on one server "
              f"process ({limits.get('max_jobs')} jobs at once, "
              f"{limits.get('cpu_limit')} s CPU, {limits.get('wall_limit')} s wall, "
              f"{limits.get('memory_limit')} MB per job)")
        print(f"  {'':<24} {'alone':>10} {'beside abuser':>14}")
        for key, label in (("answered", "searches answered"), ("p50_ms", "p50 latency (ms)"),
                           ("p95_ms", "p95 latency (ms)"), ("busy_503", "503 Retry-After"),
                           ("errors", "errors")):
            print(f"  {label:<24} {a[key]:>10} {b[key]:>14}")
        print("  abuser: " + ", ".join(f"{k}: {n}" for k, n in sorted(beside.abuser.items())))
        verdict = "met" if met else "NOT met"
        print(f"goal (p95 beside the abuser within {GOAL_RATIO:g}x of alone, 0 errors): "
              f"{verdict} ({ratio:.2f}x, {a['errors'] + b['errors']} errors"
              f"{'' if alive else ', the server died'})")
    for error in (alone.errors + beside.errors)[:10]:
        print(f"abuse: error: {error}", file=sys.stderr)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
