"""`gametrace serve` as a user starts it, for tests that need real server processes (several
workers, several servers on one database): start, wait until it answers, store trees
through it from many threads at once, and stop it with its workers."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

__all__ = ["free_port", "serving", "store_at_once"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(db: str, *, workers: int = 2) -> Iterator[str]:
    """``gametrace serve --db DB --workers N`` on a free port, answering: its base URL.
    The server and its workers (one process group) are stopped when the block ends."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "tracer", "serve", "--port", str(port),
                               "--db", db, "--workers", str(workers)],
                              stdout=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{base}/v1/algorithms", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # the server started above and its workers
        server.wait(30)


def store_at_once(bases: Sequence[str], trees: Sequence[str]) -> list[str]:
    """Each tree searched and stored (tag ``shared``) by one thread of its own, all at
    once, tree ``i`` through server ``i % len(bases)``: the ids answered, in no order.
    Any error in a thread fails the caller."""
    ids: list[str] = []
    errors: list[BaseException] = []

    def store(i: int) -> None:
        body = json.dumps({"tree": trees[i], "store": True, "tags": ["shared"]}).encode()
        request = urllib.request.Request(f"{bases[i % len(bases)]}/v1/search", data=body,
                                         headers={"content-type": "application/json"})
        try:
            ids.append(json.loads(urllib.request.urlopen(request, timeout=60).read())["id"])
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=store, args=(i,)) for i in range(len(trees))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    return ids
