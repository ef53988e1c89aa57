"""pylti1p3 on starlette: the request, the cookies, the redirect, the launch-data storage
on the store, and the checks of a launch that pylti1p3 leaves to the tool.

pylti1p3 ships adapters for Django and Flask only; these are the same few classes for a
starlette request (IMS LTI 1.3 Core sections 5.1 and 5.3, IMS Security Framework 1.0
section 5.1.1).  Its calls block (its HTTP client is ``requests``, its storage here is
the SQL store), so the routes run them in the thread pool, each fetch with a timeout
(:class:`TimedSession`).

What a launch's checks add to pylti1p3's own (:class:`ToolLaunch`):

- ``aud`` names our client id (pylti1p3 takes the first audience as the client), and
  ``azp`` is our client id when there are several (OIDC Core 3.1.3.7);
- the nonce is consumed once by the tool (:meth:`.store.LtiStore.consume_nonce`):
  pylti1p3 only checks that this browser's login made it, so an exact replay of a form
  (whose state it remembers as valid) and an old nonce under a fresh state would pass;
- the message is a resource link or a deep-linking request (the two this tool answers).

Every failure is a :class:`~.refusals.Refused` naming which check failed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, cast
from urllib.parse import parse_qsl

import jwt
import requests
from pylti1p3.cookie import CookieService
from pylti1p3.exception import LtiException, OIDCException
from pylti1p3.launch_data_storage.base import DisableSessionId, LaunchDataStorage
from pylti1p3.message_launch import MessageLaunch
from pylti1p3.oidc_login import OIDCLogin
from pylti1p3.redirect import Redirect
from pylti1p3.request import Request as LtiRequestBase
from pylti1p3.session import SessionService
from pylti1p3.tool_config.abstract import ToolConfAbstract
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..json_values import JsonValue
from .refusals import Refused
from .store import LtiStore

__all__ = ["COOKIE_PREFIX", "DEEP_LINKING", "FETCH_TIMEOUT", "KEY_SET_LIFETIME",
           "LAUNCH_LIFETIME", "LTI_CLAIM", "MAX_FORM", "MESSAGE_TYPES", "RESOURCE_LINK",
           "STATE_LIFETIME", "LtiCookies", "LtiRedirect", "StartedLogin", "StoreData",
           "TimedSession", "ToolLaunch", "ToolLogin", "WebRequest", "apply_cookies",
           "client_ids", "refusing", "restored_launch", "start_login", "tool_launch",
           "web_request"]

FETCH_TIMEOUT = 10.0
"""Seconds any fetch from a platform (its key set, a token, a score) may take."""
KEY_SET_LIFETIME = 3600
"""Seconds a platform's key set is kept before it is fetched again."""
LAUNCH_LIFETIME = 2 * 3600
"""Seconds a deep-linking launch is kept (the teacher picks an assignment meanwhile)."""
STATE_LIFETIME = 300
"""Seconds between the login and the launch: the state cookie's and the nonce's life."""
COOKIE_PREFIX = "lti1p3"
MAX_FORM = 64_000
"""Largest form a platform may post (an id_token is a few kilobytes)."""

RESOURCE_LINK = "LtiResourceLinkRequest"
DEEP_LINKING = "LtiDeepLinkingRequest"
MESSAGE_TYPES = (RESOURCE_LINK, DEEP_LINKING)
"""The messages this tool answers."""

LTI_CLAIM = "https://purl.imsglobal.org/spec/lti/claim/"


class TimedSession(requests.Session):
    """A ``requests`` session whose every request has a timeout (``requests`` has none
    by default: a platform that never answers would hold a thread for ever)."""

    def __init__(self, timeout: float = FETCH_TIMEOUT) -> None:
        super().__init__()
        self.timeout = timeout
        self.headers["User-Agent"] = "gametrace-lti"

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:
        kwargs.setdefault("timeout", self.timeout)
        return super().request(*args, **kwargs)


@dataclass(frozen=True)
class WebRequest(LtiRequestBase):
    """What pylti1p3 reads of a request: its parameters (form over query), its cookies
    and whether it came over HTTPS; read on the event loop, used in the thread pool."""

    params: Mapping[str, str]
    cookies: Mapping[str, str]
    secure: bool

    @property
    def session(self) -> None:
        return None  # the launch data is in the store (StoreData), never a session

    def is_secure(self) -> bool:
        return self.secure

    def get_param(self, key: str) -> str:
        return self.params.get(key, "")


async def web_request(request: Request) -> WebRequest:
    """``request`` as pylti1p3 reads it: the query and, for a post, its URL-encoded form
    (what a platform's form posts; at most :data:`MAX_FORM` bytes)."""
    params = dict(request.query_params)
    if request.method == "POST":
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/x-www-form-urlencoded":
            raise Refused(415, "form", f"the post is {kind or 'without a type'}")
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_FORM:
                raise Refused(413, "form", f"the form exceeds {MAX_FORM} bytes")
        try:
            params.update(parse_qsl(raw.decode("utf-8"), max_num_fields=50))
        except (UnicodeDecodeError, ValueError) as exc:
            raise Refused(400, "form", str(exc)) from exc
    return WebRequest(params, dict(request.cookies), request.url.scheme == "https")


@dataclass
class LtiCookies(CookieService):
    """pylti1p3's cookies: read from the request, written to the answer by
    :func:`apply_cookies`, each ``SameSite=None; Secure; HttpOnly; Path=/`` (the
    platform posts the launch from another site: only such a cookie comes with it;
    browsers keep a Secure cookie of ``http://127.0.0.1`` too, a secure context)."""

    cookies: Mapping[str, str]
    set: list[tuple[str, str, int | None]] = field(default_factory=list)

    def _name(self, name: str) -> str:
        return f"{COOKIE_PREFIX}-{name}"

    def get_cookie(self, name: str) -> str | None:
        """The cookie as this answer sets it, else as the request brought it."""
        full = self._name(name)
        for set_name, value, _ in reversed(self.set):
            if set_name == full:
                return value
        return self.cookies.get(full)

    def set_cookie(self, name: str, value: str | int, exp: int | None = 3600) -> None:
        self.set.append((self._name(name), str(value), exp))


def apply_cookies(cookies: LtiCookies, response: Response) -> Response:
    for name, value, exp in cookies.set:
        response.set_cookie(name, value, max_age=exp, path="/", secure=True, httponly=True,
                            samesite="none")
    return response


class LtiRedirect(Redirect[Response]):
    """The login's answer: a redirect to the platform's authorization URL."""

    def __init__(self, location: str) -> None:
        self.location = location

    def do_redirect(self) -> Response:
        return RedirectResponse(self.location, status_code=302)

    def do_js_redirect(self) -> Response:
        return self.do_redirect()

    def set_redirect_url(self, location: str) -> None:
        self.location = location

    def get_redirect_url(self) -> str:
        return self.location


class StoreData(LaunchDataStorage[Any]):
    """pylti1p3's launch-data storage on :class:`.store.LtiStore` (the ``lti_cache``
    table), each key expiring: the nonces of logins, the states made valid, the launch
    data of deep linking, the platforms' key sets.  Shared by every server process, as
    a launch's login and post may reach two of them.

    ``browser``: keys are tied to the browser's ``lti1p3-session-id`` cookie (the login
    and the launch); without it (a launch read again by its id, which only its teacher's
    access token names) they are not."""

    def __init__(self, lti: LtiStore, clock: Callable[[], datetime], *,
                 browser: bool = True) -> None:
        super().__init__()
        self.lti, self.clock, self.browser = lti, clock, browser

    def get_session_cookie_name(self) -> str | None:
        return self._session_cookie_name if self.browser else None

    def can_set_keys_expiration(self) -> bool:
        return True

    def _key(self, key: str) -> str:
        prepared: str = self._prepare_key(key)
        return prepared if len(prepared) <= 200 else \
            "lti1p3-sha256-" + hashlib.sha256(prepared.encode()).hexdigest()

    def get_value(self, key: str) -> JsonValue | None:
        return self.lti.cache_get(self._key(key), self.clock().isoformat())

    def set_value(self, key: str, value: JsonValue, exp: int | None = None) -> None:
        expires = self.clock() + timedelta(seconds=exp or LAUNCH_LIFETIME)
        self.lti.cache_set(self._key(key), value, expires.isoformat())

    def check_value(self, key: str) -> bool:
        return self.get_value(key) is not None


def client_ids(conf: ToolConfAbstract[Any], issuer: str) -> list[str]:
    """The client ids registered at ``issuer`` (none: an issuer not registered)."""
    data = getattr(conf, "_config", {})  # pylti1p3's ToolConfDict keeps the file's JSON
    found = data.get(issuer) if isinstance(data, Mapping) else None
    items = found if isinstance(found, list) else [found] if isinstance(found, Mapping) \
        else []
    return [str(item["client_id"]) for item in items
            if isinstance(item, Mapping) and "client_id" in item]


@contextmanager
def refusing(reason: str, status: int = 401) -> Iterator[None]:
    """pylti1p3's ``LtiException`` inside as a :class:`Refused` for ``reason``."""
    try:
        yield
    except LtiException as exc:
        raise Refused(status, reason, str(exc)) from exc


@dataclass
class StartedLogin:
    """The login's answer and the cookies it sets."""

    response: Response
    cookies: LtiCookies


class ToolLogin(OIDCLogin[WebRequest, ToolConfAbstract[Any], SessionService, LtiCookies,
                          Response]):
    """pylti1p3's OIDC login initiation, answering a starlette redirect."""

    def get_redirect(self, url: str) -> LtiRedirect:
        return LtiRedirect(url)


class ToolLaunch(MessageLaunch[WebRequest, ToolConfAbstract[Any], SessionService,
                               LtiCookies]):
    """pylti1p3's message launch and what it leaves out (see the module's docstring).

    The steps are pylti1p3's own, in its order, each failure a :class:`Refused` with its
    reason; the nonce is consumed last, once the signature and the deployment are known
    good (a forged launch cannot use up a real one's nonce)."""

    lti: LtiStore
    clock: Callable[[], datetime]
    storage: StoreData

    def _get_request_param(self, key: str) -> str:
        return self._request.get_param(key)

    def _body(self) -> Mapping[str, Any]:
        """The id_token's claims as read so far (pylti1p3 types them as its own
        TypedDict, which knows no ``azp``)."""
        return cast(Mapping[str, Any], self._jwt.get("body", {}))

    def get_client_id(self) -> str:
        """Our client id when ``aud`` is a list that names it (pylti1p3 takes the first),
        else pylti1p3's."""
        body = self._body()
        aud = body.get("aud")
        if isinstance(aud, list) and isinstance(body.get("azp"), str) and body["azp"] in aud:
            return str(body["azp"])
        chosen: str = super().get_client_id()
        return chosen

    def validate(self) -> ToolLaunch:
        if self._restored:
            raise LtiException("Can't validate restored launch")
        self._validated = True
        try:
            with refusing("state", 403):
                self.validate_state()
            with refusing("format", 400):
                self.validate_jwt_format()
            with refusing("nonce_unknown", 403):
                self.validate_nonce()
            self.validate_registration()
            self.validate_audience()
            self.validate_jwt_signature()
            with refusing("deployment", 403):
                self.validate_deployment()
            self.validate_message_type()
            with refusing("message", 400):
                self.validate_message()
            self.consume_nonce()
            self.save_launch_data()
        except Exception:
            self._validated = False
            raise
        return self

    def validate_registration(self) -> ToolLaunch:
        """pylti1p3's, refusing an issuer it does not know (its dict configuration raises
        a bare ``Exception`` for one), and telling a wrong audience from a missing or
        wrong ``azp`` (pylti1p3 looks the client up by the first audience)."""
        try:
            super().validate_registration()
        except Exception as exc:  # pylti1p3 raises a bare Exception for an unknown issuer
            body = self._body()
            ours = client_ids(self._tool_config, str(body.get("iss", "")))
            if not ours:
                raise Refused(403, "registration", str(exc)) from exc
            aud = body.get("aud")
            several = isinstance(aud, list) and any(c in aud for c in ours)
            raise Refused(401, "azp" if several else "audience", str(exc)) from exc
        return self

    def validate_audience(self) -> ToolLaunch:
        """``aud`` contains the registration's client id; with several audiences, ``azp``
        is there and equals it; an ``azp`` given is always it."""
        body = self._body()
        assert self._registration is not None, "validate_registration found it"
        ours = self._registration.get_client_id()
        aud = body.get("aud")
        audiences = aud if isinstance(aud, list) else [aud]
        if ours not in audiences:
            raise Refused(401, "audience", f"aud {aud!r} does not name {ours!r}")
        azp = body.get("azp")
        if (len(audiences) > 1 or azp is not None) and azp != ours:
            raise Refused(401, "azp", f"azp {azp!r} is not {ours!r}")
        return self

    def validate_jwt_signature(self) -> ToolLaunch:
        try:
            super().validate_jwt_signature()
        except LtiException as exc:
            cause = exc.__cause__
            if isinstance(cause, jwt.ExpiredSignatureError):
                raise Refused(401, "expired", str(exc)) from exc
            if isinstance(cause, jwt.ImmatureSignatureError):
                raise Refused(401, "not_yet", str(exc)) from exc
            if str(exc).startswith(("Error during fetch", "Invalid response from")):
                raise Refused(502, "key_set", str(exc)) from exc
            raise Refused(401, "signature", str(exc)) from exc
        return self

    def validate_message_type(self) -> ToolLaunch:
        body = self._body()
        version = body.get(LTI_CLAIM + "version")
        if version != "1.3.0":
            raise Refused(400, "version", f"version {version!r} is not '1.3.0'")
        kind = body.get(LTI_CLAIM + "message_type")
        if kind not in MESSAGE_TYPES:
            raise Refused(400, "message_type",
                          f"message type {kind!r} (this tool answers: "
                          f"{', '.join(MESSAGE_TYPES)})")
        return self

    def consume_nonce(self) -> ToolLaunch:
        body = self._body()
        if not self.lti.consume_nonce(str(body["iss"]), str(body["nonce"]),
                                      self.clock().isoformat()):
            raise Refused(403, "nonce_used", f"nonce {str(body['nonce'])[:80]!r} was used")
        return self

    def save_launch_data(self) -> ToolLaunch:
        # kept apart from the browser's session: the deep-linking answer reads it by the
        # launch id that the teacher's access token holds (from any of their tabs)
        with DisableSessionId(self.storage):
            super().save_launch_data()
        return self


def tool_launch(request: WebRequest, conf: ToolConfAbstract[Any], lti: LtiStore,
                clock: Callable[[], datetime]) -> tuple[ToolLaunch, LtiCookies]:
    """A launch of ``request`` on pylti1p3, its storage the store's (not yet checked)."""
    cookies = LtiCookies(request.cookies)
    storage = StoreData(lti, clock)
    with refusing("state", 403):  # no session cookie: not the browser that logged in
        launch = ToolLaunch(request, conf, session_service=SessionService(request),
                            cookie_service=cookies, launch_data_storage=storage,
                            requests_session=TimedSession())
    launch.lti, launch.clock, launch.storage = lti, clock, storage
    launch.set_launch_data_lifetime(LAUNCH_LIFETIME)
    launch.set_public_key_caching(StoreData(lti, clock, browser=False),
                                  cache_lifetime=KEY_SET_LIFETIME)
    return launch, cookies


def restored_launch(launch_id: str, conf: ToolConfAbstract[Any], lti: LtiStore,
                    clock: Callable[[], datetime]) -> ToolLaunch:
    """A deep-linking launch read back by its id (``Refused`` when it expired)."""
    request = WebRequest({}, {}, True)
    storage = StoreData(lti, clock, browser=False)
    with refusing("launch_gone", 410):
        launch = cast(ToolLaunch, ToolLaunch.from_cache(
            launch_id, request, conf, session_service=SessionService(request),
            cookie_service=LtiCookies({}), launch_data_storage=storage,
            requests_session=TimedSession()))
    launch.lti, launch.clock, launch.storage = lti, clock, storage
    return launch


def start_login(request: WebRequest, conf: ToolConfAbstract[Any], lti: LtiStore,
                clock: Callable[[], datetime], launch_url: str) -> StartedLogin:
    """The OIDC login initiation: the redirect to the platform and its cookies."""
    cookies = LtiCookies(request.cookies)
    storage = StoreData(lti, clock)
    login = ToolLogin(request, conf, SessionService(request), cookies,
                      launch_data_storage=storage)
    login.set_launch_data_storage(storage).set_launch_data_lifetime(STATE_LIFETIME)
    try:
        response: Response = login.redirect(launch_url)
    except (LtiException, OIDCException) as exc:
        raise Refused(400, "login", str(exc)) from exc
    except Exception as exc:
        if "not found in settings" not in str(exc):  # pylti1p3's bare Exception of it
            raise
        raise Refused(400, "login", str(exc)) from exc
    return StartedLogin(response, cookies)
