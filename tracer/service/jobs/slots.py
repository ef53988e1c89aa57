"""Job slots shared fairly between clients.

A first-come-first-served queue lets one client who sends thirty long searches at once
make every other student wait behind all thirty (measured: a one-line search answered
after 18 s).  Here, when a slot comes free it goes to the waiting client that holds the
fewest slots, among those the one served longest ago (round robin), then the one who
asked first: another student waits at
most for one running job to end, however many the first one has queued.  A client may
also keep only a share of the queue waiting (:meth:`FairSlots.waiting_of`), so that no
one client can fill it and turn everyone else away with a 503.

The client of a request is set by the gate (:mod:`..routes.gate`) in :data:`CLIENT`; work the
service starts on its own counts as one client, ``"service"``.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import deque
from collections.abc import Callable
from contextvars import ContextVar

__all__ = ["CLIENT", "CpuShare", "FairSlots"]

CLIENT: ContextVar[str] = ContextVar("gametrace_client", default="service")
"""The client the current request comes from (:func:`..routes.gate.client_address`)."""


class FairSlots:
    """``size`` slots; waiting clients served fewest-held first, then in turn; with
    ``heavy``, the clients it names (those that kept the CPUs busy lately) only after every
    other waiting client."""

    def __init__(self, size: int, *, heavy: Callable[[str], bool] | None = None) -> None:
        self.heavy = heavy or (lambda client: False)
        self.free = size
        self.held: dict[str, int] = {}
        self.waiting: dict[str, deque[tuple[int, asyncio.Future[None]]]] = {}
        self.served: dict[str, int] = {}
        """When each client holding or awaiting a slot was last given one."""
        self._order = itertools.count()  # one clock for asking and serving

    def waiting_of(self, client: str) -> int:
        """Jobs of ``client`` waiting for a slot now."""
        return len(self.waiting.get(client, ()))

    async def acquire(self, client: str) -> None:
        """A slot for ``client``, now if one is free and no one waits, else in turn."""
        if self.free > 0 and not self.waiting:
            self.free -= 1
            self._give(client)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (next(self._order), future)
        self.waiting.setdefault(client, deque()).append(entry)
        try:
            await future
        except BaseException:  # a timeout or a client gone: leave the line
            if future.done() and not future.cancelled():
                self.release(client)  # the slot came as we left: hand it on
            else:
                line = self.waiting.get(client)
                if line is not None and entry in line:
                    line.remove(entry)
                    if not line:
                        del self.waiting[client]
            raise

    def release(self, client: str) -> None:
        """Give back a slot of ``client``: to the next in turn, or to the free ones."""
        left = self.held.get(client, 0) - 1
        if left > 0:
            self.held[client] = left
        else:
            self.held.pop(client, None)
        while self.waiting:
            turn = min(self.waiting, key=lambda c: (
                self.heavy(c), self.held.get(c, 0), self.served.get(c, -1),
                self.waiting[c][0][0]))
            line = self.waiting[turn]
            _, future = line.popleft()
            if not line:
                del self.waiting[turn]
            if not future.done():  # done: cancelled, its task not yet out of the line
                self._give(turn)
                future.set_result(None)
                break
        else:
            self.free += 1
        for c in [c for c in self.served if c not in self.held and c not in self.waiting]:
            del self.served[c]  # bounded by the clients holding or awaiting a slot

    def _give(self, client: str) -> None:
        self.held[client] = self.held.get(client, 0) + 1
        self.served[client] = next(self._order)


class CpuShare:
    """CPU seconds each client's jobs used lately, decaying by half every
    :attr:`half_life` seconds; it forgets the clients whose share has faded when it holds
    more than :attr:`most` of them (a bounded table, whatever the number of addresses)."""

    half_life = 10.0
    most = 10_000

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.used: dict[str, tuple[float, float]] = {}

    def recent(self, client: str) -> float:
        """The client's decayed CPU seconds now."""
        seconds, when = self.used.get(client, (0.0, 0.0))
        return float(seconds * 0.5 ** ((self.clock() - when) / self.half_life))

    def charge(self, client: str, seconds: float) -> None:
        """Add ``seconds`` of CPU to the client's share."""
        self.used[client] = (self.recent(client) + seconds, self.clock())
        if len(self.used) > self.most:
            faded = [c for c in self.used if self.recent(c) < 0.01]
            for c in faded or list(self.used)[: len(self.used) // 2]:
                del self.used[c]
