"""The tool's HTTP to a platform's services (LTI Advantage: AGS scores, the NRPS roster):
pylti1p3's ``ServiceConnector``, one per registration of the tool configuration
(issuer, client id) in a process (:class:`Connectors`), each request within
:data:`HTTP_TIMEOUT`, its access token (client credentials with the tool's signed JWT
assertion, IMS Security Framework 1.0) asked for once and reused until it expires
(pylti1p3 alone would keep it for ever: :class:`Connector`); and what a failed request
means (:func:`outcome_of`): to be tried again (5xx, 408, 425, 429, a 401 once its token
is dropped, a timeout, no connection), or refused (any other 4xx, with the platform's
reason).  Every call blocks (pylti1p3 uses requests): callers run them in the thread
pool.
"""

from __future__ import annotations

import contextlib
import threading
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import requests
from pylti1p3.exception import LtiServiceException
from pylti1p3.service_connector import ServiceConnector

from ...said import Said, said
from ..core import Service

if TYPE_CHECKING:
    from pylti1p3.registration import Registration
    from pylti1p3.tool_config.dict import ToolConfDict

__all__ = ["HTTP_TIMEOUT", "REASON_CHARS", "Connector", "Connectors", "Outcome",
           "UnknownRegistration", "connectors_of", "outcome_of"]

HTTP_TIMEOUT = (5.0, 15.0)
"""Seconds to connect to the platform, and to wait for each answer once connected."""

REASON_CHARS = 500
"""How much of a platform's refusal is kept to show the teacher."""

TOKEN_MARGIN = 30.0
"""Seconds before its ``expires_in`` that a token is asked for again (one about to
expire could be refused on its way)."""

TOKEN_LIFETIME = 3600.0
"""The lifetime of a token whose answer gave no ``expires_in`` (RFC 6749 lets it out)."""

TRANSIENT = frozenset({401, 408, 425, 429})
"""The 4xx answers worth trying again: a token expired or revoked (dropped first), a
timeout, too early, too many requests.  Every 5xx is too."""


class _Session(requests.Session):
    """pylti1p3's HTTP for one registration: every request within :data:`HTTP_TIMEOUT`,
    and the ``expires_in`` of the last token its token URL gave."""

    def __init__(self, token_url: str | None) -> None:
        super().__init__()
        self.headers["User-Agent"] = "gametrace-lti (pylti1p3)"
        self.token_url = token_url
        self.expires_in = TOKEN_LIFETIME

    def request(self, method: str, url: str,  # type: ignore[override]
                *args: Any, **kwargs: Any) -> requests.Response:
        kwargs.setdefault("timeout", HTTP_TIMEOUT)
        answer = super().request(method, url, *args, **kwargs)
        if url == self.token_url and answer.ok:
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                self.expires_in = float(answer.json().get("expires_in", TOKEN_LIFETIME))
        return answer


class Connector(ServiceConnector):
    """pylti1p3's connector, with its token kept until it expires: pylti1p3 keeps one
    per scope for the connector's life, which would be refused once the platform's
    hour is up.  Thread-safe: the pool's threads share it."""

    def __init__(self, registration: Registration) -> None:
        self._session = _Session(registration.get_auth_token_url())
        super().__init__(registration, self._session)
        self._lock = threading.Lock()
        self._tokens: dict[str, tuple[str, float]] = {}

    def get_access_token(self, scopes: Sequence[str]) -> str:
        key = " ".join(sorted(scopes))
        with self._lock:
            kept = self._tokens.get(key)
            if kept is not None and time.monotonic() < kept[1]:
                return kept[0]
            self._access_tokens.clear()  # pylti1p3's own copy: ask the platform again
            token = super().get_access_token(scopes)
            lifetime = max(0.0, self._session.expires_in - TOKEN_MARGIN)
            self._tokens[key] = (token, time.monotonic() + lifetime)
            return token

    @property
    def token_url(self) -> str | None:
        """The platform's token URL (where a refusal of a token comes from)."""
        return self._session.token_url

    def drop_tokens(self) -> None:
        """Forget the tokens (the platform refused one: a new one next time)."""
        with self._lock:
            self._tokens.clear()


class UnknownRegistration(LookupError):
    """No registration of the tool configuration has this issuer and client id."""


class Connectors:
    """One pylti1p3 connector per registration (issuer, client id) of ``tool``, made
    when first needed and kept: their tokens are reused across scores and requests."""

    def __init__(self, tool: ToolConfDict) -> None:
        self._tool = tool
        self._made: dict[tuple[str, str], Connector] = {}
        self._lock = threading.Lock()

    def of(self, issuer: str, client_id: str) -> Connector:
        with self._lock:
            found = self._made.get((issuer, client_id))
            if found is None:
                try:
                    registration = self._tool.find_registration_by_params(issuer,
                                                                          client_id)
                except Exception:  # pylti1p3 raises a bare Exception for an unknown one
                    registration = None
                if registration is None:
                    raise UnknownRegistration(issuer, client_id) from None
                found = self._made[(issuer, client_id)] = Connector(registration)
            return found


_connectors: weakref.WeakKeyDictionary[Service, Connectors] = weakref.WeakKeyDictionary()


def connectors_of(service: Service) -> Connectors | None:
    """The connectors of ``service`` (``None`` without ``--lti``)."""
    if service.lti is None:
        return None
    found = _connectors.get(service)
    if found is None:
        found = _connectors[service] = Connectors(service.lti)
    return found


@dataclass(frozen=True)
class Outcome:
    """What became of one post: sent, to try again, or refused (with why)."""

    sent: bool
    refused: bool = False
    why: Said | None = None


def _reason(response: requests.Response) -> str:
    return response.text.strip()[:REASON_CHARS] or response.reason or ""


def outcome_of(exc: BaseException, *, token_url: str | None) -> Outcome:
    """What a failed post means for its score (see the module's docstring)."""
    if isinstance(exc, UnknownRegistration):
        return Outcome(False, refused=True, why=said(
            "the tool's configuration has no registration of issuer {issuer} and client "
            "{client} any more", issuer=str(exc.args[0]), client=str(exc.args[1])))
    if isinstance(exc, LtiServiceException):
        got = exc.response
        status = got.status_code
        refused = 400 <= status < 500 and status not in TRANSIENT
        if got.url == token_url:
            why = said("the platform's token URL answered {status}: {reason}",
                       status=status, reason=_reason(got))
        else:
            why = said("the platform answered {status}: {reason}", status=status,
                       reason=_reason(got))
        return Outcome(False, refused=refused, why=why)
    if isinstance(exc, requests.Timeout):
        return Outcome(False, why=said("the platform did not answer in time"))
    if isinstance(exc, requests.ConnectionError):
        return Outcome(False, why=said("the platform could not be reached"))
    return Outcome(False, why=said("the score could not be sent: {error}",
                                   error=str(exc)[:REASON_CHARS]))
