"""Who may ask what: requests from other sites, CORS, and a rate limit per client.

A pure ASGI middleware in front of the routes (the body's type and depth are checked
where it is read, :mod:`..models.bodies`):

- **Other sites.** A page on another site can make a student's browser send a form
  (``application/x-www-form-urlencoded``, ``multipart/form-data``, ``text/plain``)
  without asking anyone: the routes refuse every type but ``application/json`` (415),
  which a browser sends across sites only after a preflight that this service answers
  for the configured origins alone.  Browsers also say where a request comes from
  (``Sec-Fetch-Site``): a POST that says ``cross-site`` or ``same-site`` from an origin
  not configured is refused here (403) before anything is read.  Two paths take them:
  ``/lti/login`` and ``/lti/launch``, where an LMS (Moodle, Canvas) posts its launch
  form from its own site (:data:`CROSS_SITE_FORMS`); what protects those is the launch's
  state cookie, its nonce and its signature (:mod:`..lti.adapter`), not where it comes from.
- **CORS.** No ``Access-Control-*`` header unless origins are configured
  (``--cors-origin``); then Starlette's ``CORSMiddleware`` answers preflights
  (``OPTIONS``) from exactly those origins, for ``GET`` and ``POST`` and the
  CORS-safelisted headers (``Content-Type``, ``Accept``, ...), and adds
  ``Access-Control-Allow-Origin`` and ``Vary: Origin`` to their answers, the gate's
  refusals included, so a page there can read why it was refused.  A preflight it
  refuses is answered as the service's problems are: a 403 in the request's language.
- **Answer bandwidth.** The bytes answered to each client are counted in a second bucket
  (``answer_burst``, refilled at ``answer_rate`` bytes a second); a client in debt gets a
  429 on its next job request until it is paid back.
- **Rate limit.** A token bucket per client on the requests that run jobs: ``burst``
  tokens, refilled at ``rate`` a second, one per request (a parse, sent by the editor
  as one types, a quarter).  Past it, 429 with ``Retry-After``.  The client is the
  peer's address; ``X-Forwarded-For`` is believed only when the peer is a configured
  proxy (``--trusted-proxy``), and then read from the right, up to the first address
  that is not a trusted proxy (the left end is whatever the client wrote).
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable, Iterable

from starlette.datastructures import Headers
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...said import said
from ..jobs.slots import CLIENT
from ..models.problem_details import Problem
from ..models.problem_words import wanted_language

__all__ = ["RequestGate", "ServiceCors", "TokenBuckets", "client_address", "client_key", "costs"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
ALLOWED_METHODS = ("GET", "POST")
ALLOWED_HEADERS = ("Content-Type", "Accept")
"""Beyond the CORS-safelisted ones, none: the API reads JSON and sends JSON."""
PREFLIGHT_MAX_AGE = 600
CROSS_SITE_FORMS = frozenset({"/lti/login", "/lti/launch"})
"""The paths that take a form posted from another site: an LTI platform's login and
launch (IMS LTI 1.3 Core 5.1.1, OpenID Connect's form post response mode)."""
MAX_CLIENTS = 10_000
"""Buckets kept before the full ones (idle clients) are forgotten."""


def costs(method: str, path: str) -> float:
    """Tokens a request costs: those that run a job cost one (a parse a quarter), the
    others nothing (the page, the lists, a stored trace's bytes)."""
    if method == "POST" and path.startswith("/v1/"):
        return 0.25 if path == "/v1/parse" else 1.0
    if method in ("GET", "HEAD") and path.startswith("/v1/traces/") and (
            "/diagram." in path or path.endswith("/frames")):
        return 1.0
    if method in ("GET", "HEAD") and path.startswith("/v1/assignments/"):
        return 1.0  # the classroom's task, steps, solution and exports: each a job
    if method in ("GET", "HEAD") and path.startswith("/v1/courses/") and \
            path.rsplit("/", 1)[-1] in ("gradebook", "gradebook.csv"):
        return 1.0  # the items asked of every assignment: a job
    return 0.0


class TokenBuckets:
    """One token bucket per key: ``burst`` tokens, ``rate`` more a second."""

    def __init__(self, rate: float, burst: float, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def take(self, key: str, cost: float) -> float:
        """Take ``cost`` tokens from ``key``'s bucket; 0 when it had them, else the
        seconds until it will."""
        now = self.clock()
        tokens, when = self.buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.rate)
        wait = 0.0 if tokens >= cost else (cost - tokens) / self.rate
        self.buckets[key] = (tokens - cost if not wait else tokens, now)  # last: newest
        if len(self.buckets) > MAX_CLIENTS:
            self._forget(now)
        return wait

    def charge(self, key: str, cost: float) -> None:
        """Take ``cost`` tokens from ``key``'s bucket whatever it holds: a debt, paid back
        at ``rate`` (what was used is counted after the fact, as bytes answered are)."""
        now = self.clock()
        tokens, when = self.buckets.pop(key, (self.burst, now))
        self.buckets[key] = (min(self.burst, tokens + (now - when) * self.rate) - cost, now)
        if len(self.buckets) > MAX_CLIENTS:
            self._forget(now)

    def _forget(self, now: float) -> None:
        """Forget the buckets that are full again, and if that is not enough the ones
        used longest ago (the dict is kept in order of use): forgetting a bucket gives
        its client a full one, so the limit errs towards letting the idle in."""
        for key in [k for k, (tokens, when) in self.buckets.items()
                    if tokens + (now - when) * self.rate >= self.burst]:
            del self.buckets[key]
        while len(self.buckets) > MAX_CLIENTS * 3 // 4:
            del self.buckets[next(iter(self.buckets))]


def _networks(items: Iterable[str]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(item, strict=False) for item in items)


def _trusted(address: str, proxies: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in net for net in proxies)


def client_address(scope: Scope, proxies: tuple[Network, ...]) -> str:
    """The client a request comes from (:func:`client_key` of an address): the peer, or
    behind trusted proxies the right-most address of ``X-Forwarded-For`` that is not one
    of them."""
    client = scope.get("client")
    peer = str(client[0]) if client else "unknown"
    if not proxies or not _trusted(peer, proxies):
        return client_key(peer)
    forwarded = Headers(scope=scope).getlist("x-forwarded-for")
    hops = [h.strip() for value in forwarded for h in value.split(",") if h.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, proxies):
            return client_key(hop)
    return client_key(hops[0] if hops else peer)


def client_key(address: str) -> str:
    """An IPv4 address as it is; an IPv6 address as its /64 network, which one home or
    one machine gets whole (counting each of its addresses apart would let one client
    be 2**64 clients)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _route_path(scope: Scope) -> str:
    path: str = scope["path"]
    root = scope.get("root_path", "")
    if root and path.startswith(root + "/"):
        return path[len(root):]
    return path


class RequestGate:
    """Refuses cross-site posts, answers CORS for the origins given, limits the rate of
    job requests per client (see the module's docstring)."""

    def __init__(self, app: ASGIApp, *, cors_origins: Iterable[str] = (),
                 rate: float = 0.0, burst: float = 0.0,
                 trusted_proxies: Iterable[str] = (), unread: int = 0,
                 answer_rate: float = 0.0, answer_burst: float = 0.0) -> None:
        self.app = app
        self.origins = frozenset(o.rstrip("/") for o in cors_origins)
        self.entry: ASGIApp = self.gate
        """The gate, behind the CORS middleware when origins are configured."""
        if self.origins:
            self.entry = ServiceCors(self.gate, allow_origins=sorted(self.origins),
                                     allow_methods=ALLOWED_METHODS,
                                     allow_headers=ALLOWED_HEADERS, max_age=PREFLIGHT_MAX_AGE)
        self.buckets = TokenBuckets(rate, max(burst, 1.0)) if rate > 0 else None
        self.proxies = _networks(trusted_proxies)
        self.unread = unread
        """Bytes of answers one client may have waiting to be read before its next job
        request gets a 429 (0: no limit)."""
        self.sending: dict[str, int] = {}
        """Bytes of answers each client has not yet taken from the server."""
        self.answered = (TokenBuckets(answer_rate, max(answer_burst, 1.0))
                         if answer_rate > 0 else None)
        """Bytes answered per client: ``answer_burst``, paid back at ``answer_rate`` a
        second; a client in debt gets no job until it is paid (the server's own work of
        passing an answer on grows with its size, for every client at once)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.entry(scope, receive, send)

    async def gate(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Cross-site posts, unread answers, bandwidth and rate, for one request."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        method = scope["method"]
        client = client_address(scope, self.proxies)
        CLIENT.set(client)  # job slots are shared out by client (:mod:`..jobs.slots`)
        origin = headers.get("origin")
        allowed = origin is not None and origin in self.origins
        problem: Problem | None = None
        if method not in SAFE_METHODS and not allowed and \
                headers.get("sec-fetch-site") in ("cross-site", "same-site") and \
                _route_path(scope) not in CROSS_SITE_FORMS:
            problem = Problem(403, "Forbidden", said("a page on another site may not send "
                                                     "requests here (only this service's "
                                                     "page)"))
        elif self.unread and costs(method, _route_path(scope)) and \
                self.sending.get(client, 0) > self.unread:
            # a client that does not read its answers (they wait in the server's memory,
            # 19 MB each: sixty such took 640 MB) gets no more until it has read them
            problem = Problem(429, "Too many requests",
                              said("this client has {n:,} bytes of answers not yet read: "
                                   "read them first", n=self.sending[client]), retry_after=1)
        elif self.answered is not None and costs(method, _route_path(scope)) and \
                (wait := self.answered.take(client, 0.0)):
            seconds = max(1, math.ceil(wait))
            problem = Problem(429, "Too many requests",
                              said("this client was sent more than the service's limit of "
                                   "{burst:g} MB of answers, {rate:g} MB a second after "
                                   "that: retry in {seconds} s",
                                   burst=self.answered.burst / 1e6,
                                   rate=self.answered.rate / 1e6, seconds=seconds),
                              retry_after=seconds)
        elif self.buckets is not None:
            cost = costs(method, _route_path(scope))
            wait = self.buckets.take(client, cost) if cost else 0
            if wait:
                seconds = max(1, math.ceil(wait))
                problem = Problem(429, "Too many requests",
                                  said("this client sent more requests than the service's "
                                       "limit ({rate:g} a second, {burst:g} at once): retry "
                                       "in {seconds} s", rate=self.buckets.rate,
                                       burst=self.buckets.burst, seconds=seconds),
                                  retry_after=seconds)
        if problem is not None:
            await problem.response(wanted_language(headers.get("accept-language")))(
                scope, receive, send)
            return

        async def sending(message: Message) -> None:
            size = len(message.get("body", b"")) if message["type"] == \
                "http.response.body" else 0
            if not size:
                await send(message)
                return
            if self.answered is not None:
                self.answered.charge(client, size)
            # counted while the server holds it: the send returns once the connection
            # has taken all but its buffer's worth
            self.sending[client] = self.sending.get(client, 0) + size
            try:
                await send(message)
            finally:
                left = self.sending[client] - size
                if left:
                    self.sending[client] = left
                else:
                    del self.sending[client]

        await self.app(scope, receive, sending)


class ServiceCors(CORSMiddleware):
    """Starlette's CORS, with a preflight's answer in the service's manner: 204 No
    Content when allowed (Starlette sends 200 and the text ``OK``), and a refusal as a
    problem (403, ``application/problem+json``, in the request's language) rather than
    Starlette's plain-text 400, with no ``Access-Control-*`` header."""

    def preflight_response(self, request_headers: Headers) -> Response:
        answer = super().preflight_response(request_headers)
        if answer.status_code != 200:
            return Problem(403, "Forbidden", said("this origin, method or header is not "
                                                  "allowed here (see the service's "
                                                  "--cors-origin)")
                           ).response(wanted_language(request_headers.get("accept-language")))
        kept = {k: v for k, v in answer.headers.items()
                if k.lower().startswith("access-control-") or k.lower() == "vary"}
        return Response(status_code=204, headers=kept)
