"""SIGTERM (what a service manager sends: systemd, docker stop) ends ``gametrace serve``
quietly with exit code 0, after the requests in flight are answered; it printed
``gametrace: error: terminated`` and exited 143."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from tests.service.served import free_port

pytestmark = pytest.mark.subprocess


def _start(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "tracer", "serve", "--port", str(port),
                               "--db", str(tmp_path / "class.db"), *extra],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              cwd=tmp_path, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(f"{base}/v1/algorithms", timeout=2).read()
            return server, base
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError(server.communicate()[1])


@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigterm_ends_serve_quietly_after_the_requests_in_flight(tmp_path: Path,
                                                                 workers: str) -> None:
    server, base = _start(tmp_path, "--workers", workers)
    answers: list[dict[str, object]] = []

    def search() -> None:  # a search of some size, in flight when the signal comes
        body = json.dumps({"game": "grundy", "params": {"coins": "13"},
                           "algorithm": "minimax"}).encode()
        request = urllib.request.Request(f"{base}/v1/search", data=body,
                                         headers={"content-type": "application/json"})
        answers.append(json.loads(urllib.request.urlopen(request, timeout=60).read()))

    thread = threading.Thread(target=search)
    thread.start()
    time.sleep(0.3)
    os.kill(server.pid, signal.SIGTERM)
    out, err = server.communicate(timeout=60)
    thread.join(60)
    assert (server.returncode, err) == (0, "")
    assert out.startswith("gametrace: serving http://127.0.0.1:")
    assert len(answers) == 1  # the request in flight was answered, not dropped


def test_sigterm_before_the_server_listens_is_quiet_too(tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "tracer", "serve", "--port", str(port),
                               "--db", str(tmp_path / "class.db")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              cwd=tmp_path, start_new_session=True)
    assert server.stdout is not None
    server.stdout.readline()  # "serving ...": the handler is in place, uvicorn starting
    os.kill(server.pid, signal.SIGTERM)
    _, err = server.communicate(timeout=60)
    assert (server.returncode, err) == (0, "")
