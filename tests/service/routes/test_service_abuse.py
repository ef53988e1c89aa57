"""One student sends each hostile request while others search: the others keep answering.

A real server (``gametrace serve`` in a subprocess on a free loopback port, default
limits), a few client threads doing small searches, one thread asking ``/healthz`` all
along, and one hostile request after another (:data:`hostile.HOSTILE`).  Each hostile
request must end in a 4xx, or a 503 with ``Retry-After``, as problem+json; the normal
clients must see nothing but 200 (a 503 with ``Retry-After`` is counted, not an error);
``/healthz`` must answer throughout; at the end the server is alive and has no child
left, zombie or not.  Timeouts here only detect hangs; nothing is timed.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from tests.service.hostile import HOSTILE, NORMAL, Hostile, children

Server = subprocess.Popen[bytes]
HOST = "127.0.0.1"
CLIENTS = 3
HANG = 120.0
"""Seconds after which a request is taken to hang (a job's wall limit is 10 s, a wait
for a slot at most 20 s)."""


@dataclass
class Crowd:
    """What the normal clients and the health poller saw."""

    ok: int = 0
    busy: int = 0
    """503 with Retry-After: allowed, counted."""
    errors: list[str] = field(default_factory=list)
    health: int = 0
    health_errors: list[str] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _call(port: int, method: str, path: str, body: bytes | None = None,
          content_type: str = "application/json", *,
          client: str = "192.0.2.1") -> tuple[int, dict[str, str], bytes]:
    """One request, as if from ``client`` (the server trusts this loopback proxy's
    ``X-Forwarded-For``: each simulated student has an address, and a rate bucket, of
    their own, as behind a school's reverse proxy; documentation addresses, never
    reached)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=HANG)
    try:
        headers = {"content-type": content_type} if body is not None else {}
        headers["x-forwarded-for"] = client
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, \
            response.read()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Server]]:
    port = _free_port()
    db = tmp_path_factory.mktemp("abuse") / "traces.db"
    proc = subprocess.Popen([sys.executable, "-m", "tracer", "serve", "--host", HOST,
                             "--port", str(port), "--db", str(db),
                             "--trusted-proxy", HOST],
                            stdout=subprocess.DEVNULL, start_new_session=True)
    try:
        for _ in range(600):
            assert proc.poll() is None, "the server did not start"
            try:
                if _call(port, "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        yield port, proc
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # the server started above
        proc.wait(60)


@pytest.fixture(scope="module")
def crowd(server: tuple[int, Server]) -> Iterator[Crowd]:
    port, _ = server
    tally = Crowd()

    def normal(client: str) -> None:
        while not tally.stop.is_set():
            try:
                status, headers, data = _call(port, "POST", "/v1/search", NORMAL,
                                              client=client)
            except (OSError, http.client.HTTPException) as exc:
                with tally.lock:
                    tally.errors.append(f"{type(exc).__name__}: {exc}")
                continue
            with tally.lock:
                if status == 200 and json.loads(data)["value"] == 3:
                    tally.ok += 1
                elif status == 503 and "retry-after" in headers:
                    tally.busy += 1
                else:
                    tally.errors.append(f"HTTP {status}: {data[:200]!r}")

    def health() -> None:
        while not tally.stop.is_set():
            try:
                status, _, data = _call(port, "GET", "/healthz")
                ok = status == 200 and json.loads(data)["status"] == "ok"
            except (OSError, http.client.HTTPException, ValueError) as exc:
                ok, data = False, repr(exc).encode()
            with tally.lock:
                if ok:
                    tally.health += 1
                else:
                    tally.health_errors.append(data[:200].decode(errors="replace"))
            tally.stop.wait(0.25)

    threads = [threading.Thread(target=normal, args=(f"192.0.2.{10 + i}",))
               for i in range(CLIENTS)]
    threads.append(threading.Thread(target=health))
    for t in threads:
        t.start()
    yield tally
    tally.stop.set()
    for t in threads:
        t.join(HANG + 10)


@pytest.mark.parametrize("hostile", HOSTILE, ids=[h.name for h in HOSTILE])
def test_a_hostile_request_gets_a_problem_and_nothing_else(
        server: tuple[int, Server], crowd: Crowd, hostile: Hostile) -> None:
    port, proc = server
    status, headers, data = _call(port, "POST", hostile.path, hostile.body,
                                  hostile.content_type, client="198.51.100.66")
    if status == 200 and hostile.stops_cleanly:
        # stopped by its own budgets, within the service's answer cap (20 MB)
        assert len(data) <= 20_000_000 and json.loads(data)["complete"] is False
        assert proc.poll() is None
        return
    assert 400 <= status < 500 or (status == 503 and "retry-after" in headers), (
        status, data[:300])
    assert headers["content-type"] == "application/problem+json", data[:300]
    problem = json.loads(data)
    assert problem["status"] == status and problem["detail"]
    assert proc.poll() is None


def test_the_others_kept_answering_and_nothing_was_left_behind(
        server: tuple[int, Server], crowd: Crowd) -> None:
    port, proc = server
    crowd.stop.set()
    time.sleep(0.5)
    with crowd.lock:
        errors, ok, busy = list(crowd.errors), crowd.ok, crowd.busy
        health, health_errors = crowd.health, list(crowd.health_errors)
    assert errors == [], f"{len(errors)} errors beside {ok} answers and {busy} 503s"
    assert ok > 0
    assert health > 0 and health_errors == []
    assert proc.poll() is None
    for _ in range(int(HANG * 10)):  # the last jobs end within their wall limit
        now = json.loads(_call(port, "GET", "/healthz")[2])
        if (now["running"], now["queued"]) == (0, 0):
            break
        time.sleep(0.1)
    assert (now["running"], now["queued"]) == (0, 0)
    assert children(proc.pid) == []
    assert _call(port, "POST", "/v1/search", NORMAL)[0] == 200
