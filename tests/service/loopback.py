"""A service app on 127.0.0.1, served by uvicorn in a thread of the test process, for the
tests that talk to it over HTTP (a browser, a script's requests)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any


def served(app: Any) -> Iterator[str]:
    """``app`` on 127.0.0.1 (a uvicorn server in a thread): its base URL, until the
    generator closes."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(400):  # 20 s: only to stop a hang
        if server.started:
            break
        time.sleep(0.05)
    assert server.started, "the service did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
