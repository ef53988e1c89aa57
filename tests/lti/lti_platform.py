"""A small LTI 1.3 platform (an LMS as far as the tool can tell) over HTTP on loopback,
for the tests of the tool's launch, deep linking, grade passback and roster.

It signs real JWTs with its own RSA key (PyJWT + cryptography) and serves, as Moodle and
Canvas do (IMS LTI 1.3 Core, LTI Advantage: Deep Linking 2.0, AGS 2.0, NRPS 2.0,
IMS Security Framework 1.0):

- ``GET /jwks``: its public key set;
- ``GET|POST /auth``: the OIDC authorization endpoint: checks ``client_id``,
  ``redirect_uri`` (the tool's launch URL), ``login_hint`` (a launch the test prepared)
  and answers an auto-submitting HTML form that posts ``id_token`` and ``state`` to the
  tool (with ``Accept: application/json``, the same two fields as data);
- ``POST /token``: client credentials with a signed JWT assertion, verified against the
  tool's own JWKS URL; answers a bearer token with ``expires_in``;
- ``GET /lineitems/{id}``, ``POST /lineitems/{id}/scores``: the line item, and the scores
  posted to it (recorded; :attr:`Platform.scores_answer` makes it answer 503 or 400, or
  drop the connection as a platform that is down);
- ``GET /memberships``: Names and Role Provisioning (:attr:`Platform.members`);
- ``POST /deep_link_return``: takes the tool's ``LtiDeepLinkingResponse`` (form field
  ``JWT``), verified against the tool's JWKS URL, recorded in :attr:`Platform.deep_links`.

A test starts one with :meth:`Platform.start`, writes the tool's configuration with
:meth:`Platform.registration`, serves the tool, tells the platform where it is
(:meth:`Platform.know_tool`), and launches with :func:`launch` (an ``httpx.Client`` is
one browser: its cookies are kept, so a second client is another browser).
"""

from __future__ import annotations

import html
import http.cookiejar
import itertools
import json
import re
import secrets
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

LTI = "https://purl.imsglobal.org/spec/lti/claim/"
"""The prefix of the LTI Core claims."""
DL = "https://purl.imsglobal.org/spec/lti-dl/claim/"
"""The prefix of the Deep Linking claims."""
AGS_ENDPOINT = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
NRPS_CLAIM = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
LINEITEM_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem"
RESULT_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly"
NRPS_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"

RESOURCE_LINK = "LtiResourceLinkRequest"
DEEP_LINKING = "LtiDeepLinkingRequest"

INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
TEACHING_ASSISTANT = ("http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor"
                      "#TeachingAssistant")

DROP = object()
"""An override's value that removes the claim from the id_token."""


def _private_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _pem(key: rsa.RSAPrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def tool_keys(folder: Path) -> tuple[Path, Path]:
    """A tool's RSA key pair in ``folder`` (``private.key`` mode 0600, ``public.key``),
    as ``gametrace lti keys`` makes it: the two paths."""
    key = _private_key()
    folder.mkdir(parents=True, exist_ok=True)
    private, public = folder / "private.key", folder / "public.key"
    private.write_bytes(_pem(key))
    private.chmod(0o600)
    public.write_bytes(key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    return private, public


@dataclass
class Prepared:
    """A launch the test prepared: what the platform puts in the id_token it makes for
    the login hint that names it."""

    message_type: str
    roles: list[str]
    sub: str
    claims: dict[str, Any]
    key: rsa.RSAPrivateKey | None = None
    """The key that signs it (None: the platform's own; another key: a bad signature)."""
    kid: str | None = None
    """The key id its header names (None: the platform's key's)."""


@dataclass
class Score:
    """A score the tool posted to a line item."""

    lineitem: str
    body: dict[str, Any]
    content_type: str


@dataclass
class Platform:
    """An LTI 1.3 platform on 127.0.0.1 (see the module's docstring)."""

    base: str
    client_id: str = "gametrace-tool"
    deployment_id: str = "deployment-1"
    kid: str = "platform-key-1"
    key: rsa.RSAPrivateKey = field(default_factory=_private_key)
    other_key: rsa.RSAPrivateKey = field(default_factory=_private_key)
    """A key the platform does not publish: signing with it is a bad signature."""
    tool_launch_url: str | None = None
    tool_login_url: str | None = None
    tool_jwks_url: str | None = None
    scores: list[Score] = field(default_factory=list)
    scores_answer: str = "ok"
    """How ``/lineitems/{id}/scores`` answers: ``ok`` (200), ``503``, ``400`` (with
    :attr:`refusal` as the body) or ``down`` (the connection dropped, nothing recorded)."""
    refusal: str = "scoreGiven is larger than the line item's maximum"
    score_tries: int = 0
    """Every POST to a scores URL, answered or not."""
    token_requests: int = 0
    jwks_requests: int = 0
    jwks_answer: str = "ok"
    """``ok``, or ``down``: the key set's connection dropped."""
    """Every fetch of the platform's key set (the tool keeps it: one in an hour)."""
    token_lifetime: int = 3600
    tokens: dict[str, list[str]] = field(default_factory=dict)
    """Access token -> its scopes."""
    members: list[dict[str, Any]] = field(default_factory=list)
    memberships_answer: str = "ok"
    """``ok`` or ``500``."""
    deep_links: list[dict[str, Any]] = field(default_factory=list)
    """The verified claims of every deep-linking response the tool returned."""
    lineitems: dict[str, dict[str, Any]] = field(default_factory=dict)
    prepared: dict[str, Prepared] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    _server: _Server | None = None
    _hints: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    # -- life -----------------------------------------------------------------

    @classmethod
    def start(cls, **options: Any) -> Platform:
        """A platform serving on a free port of 127.0.0.1, in a daemon thread."""
        server = _Server(("127.0.0.1", 0), _Handler)
        platform = cls(base=f"http://127.0.0.1:{server.server_address[1]}", **options)
        platform._server = server
        server.platform = platform
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return platform

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def know_tool(self, tool: str) -> None:
        """Where the tool is served (its base URL): its launch, login and JWKS URLs."""
        tool = tool.rstrip("/")
        self.tool_launch_url = f"{tool}/lti/launch"
        self.tool_login_url = f"{tool}/lti/login"
        self.tool_jwks_url = f"{tool}/lti/jwks"

    # -- what the tool is told --------------------------------------------------

    @property
    def issuer(self) -> str:
        return self.base

    @property
    def auth_login_url(self) -> str:
        return f"{self.base}/auth"

    @property
    def auth_token_url(self) -> str:
        return f"{self.base}/token"

    @property
    def key_set_url(self) -> str:
        return f"{self.base}/jwks"

    @property
    def memberships_url(self) -> str:
        return f"{self.base}/memberships"

    @property
    def deep_link_return_url(self) -> str:
        return f"{self.base}/deep_link_return"

    def lineitem_url(self, lineitem: str) -> str:
        return f"{self.base}/lineitems/{lineitem}"

    def registration(self, private_key_file: str | Path, public_key_file: str | Path, *,
                     deployment_ids: list[str] | None = None) -> dict[str, Any]:
        """This platform's entry of a pylti1p3 tool configuration (the ``--lti`` file):
        ``{issuer: [registration]}``."""
        return {self.issuer: [{
            "default": True,
            "client_id": self.client_id,
            "auth_login_url": self.auth_login_url,
            "auth_token_url": self.auth_token_url,
            "key_set_url": self.key_set_url,
            "private_key_file": str(private_key_file),
            "public_key_file": str(public_key_file),
            "deployment_ids": deployment_ids or [self.deployment_id],
        }]}

    def jwks(self) -> dict[str, Any]:
        public = jwt.algorithms.RSAAlgorithm.to_jwk(self.key.public_key(), as_dict=True)
        return {"keys": [{**public, "kid": self.kid, "alg": "RS256", "use": "sig"}]}

    # -- id_tokens ----------------------------------------------------------------

    def claims(self, message_type: str, roles: list[str], sub: str, *, nonce: str,
               context_id: str = "course-101", context_title: str = "Intelligenza Artificiale",
               assignment: str | None = None, lineitem: str | None = "item-1",
               memberships: bool = True, name: str | None = "Ada Lovelace",
               **overrides: Any) -> dict[str, Any]:
        """The claims of an id_token (see :meth:`id_token`)."""
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": self.issuer, "aud": self.client_id, "sub": sub,
            "iat": now, "exp": now + 300, "nonce": nonce,
            LTI + "message_type": message_type,
            LTI + "version": "1.3.0",
            LTI + "deployment_id": self.deployment_id,
            LTI + "roles": roles,
            LTI + "context": {"id": context_id, "label": "IA", "title": context_title,
                              "type": ["http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering"]},
            LTI + "tool_platform": {"guid": "platform-guid", "name": "Test LMS",
                                    "product_family_code": "moodle", "version": "4.3"},
            LTI + "launch_presentation": {"locale": "it", "document_target": "iframe"},
        }
        if name is not None:
            given, _, family = name.partition(" ")
            claims.update(name=name, given_name=given, family_name=family)
        if message_type == DEEP_LINKING:
            claims[LTI + "target_link_uri"] = self.tool_launch_url
            claims[DL + "deep_linking_settings"] = {
                "deep_link_return_url": self.deep_link_return_url,
                "accept_types": ["ltiResourceLink"],
                "accept_presentation_document_targets": ["iframe", "window"],
                "accept_multiple": False, "auto_create": True,
                "data": "platform-data-" + secrets.token_hex(4),
            }
        else:
            claims[LTI + "target_link_uri"] = self.tool_launch_url
            claims[LTI + "resource_link"] = {"id": f"link-{assignment}", "title": "Esercizio"}
            if assignment is not None:
                claims[LTI + "custom"] = {"assignment": assignment}
        if lineitem is not None:
            self.lineitems.setdefault(lineitem, {"id": self.lineitem_url(lineitem),
                                                 "scoreMaximum": 10, "label": "Esercizio"})
            claims[AGS_ENDPOINT] = {
                "scope": [LINEITEM_SCOPE, RESULT_SCOPE, SCORE_SCOPE],
                "lineitems": f"{self.base}/lineitems",
                "lineitem": self.lineitem_url(lineitem),
            }
        if memberships:
            claims[NRPS_CLAIM] = {"context_memberships_url": self.memberships_url,
                                  "service_versions": ["2.0"]}
        for claim, value in overrides.items():
            if value is DROP:
                claims.pop(claim, None)
            else:
                claims[claim] = value
        return claims

    def sign(self, claims: Mapping[str, Any], *, key: rsa.RSAPrivateKey | None = None,
             kid: str | None = None) -> str:
        """``claims`` as a JWT signed RS256 with this platform's key (or ``key``)."""
        return jwt.encode(dict(claims), key or self.key, algorithm="RS256",
                          headers={"kid": kid or self.kid})

    def id_token(self, message_type: str, roles: list[str], sub: str, *,
                 nonce: str | None = None, key: rsa.RSAPrivateKey | None = None,
                 **overrides: Any) -> str:
        """A signed id_token: ``overrides`` are claims (by their full names, ``**{LTI +
        "version": "1.2.0"}``, or :data:`DROP` to remove one) or the keyword options of
        :meth:`claims` (``assignment``, ``lineitem``, ``context_id``, ``name``, ...)."""
        return self.sign(self.claims(message_type, roles, sub,
                                     nonce=nonce or secrets.token_hex(8), **overrides),
                         key=key)

    def prepare(self, message_type: str, roles: list[str], sub: str, *,
                key: rsa.RSAPrivateKey | None = None, kid: str | None = None,
                **overrides: Any) -> str:
        """A launch for the next login: the ``login_hint`` that names it."""
        hint = f"hint-{next(self._hints)}"
        with self.lock:
            self.prepared[hint] = Prepared(message_type, list(roles), sub, dict(overrides),
                                           key, kid)
        return hint

    # -- what the tool sends ----------------------------------------------------------

    def verify_tool_jwt(self, token: str, *, audience: str) -> dict[str, Any]:
        """The claims of a JWT the tool signed, checked against the tool's JWKS URL
        (fetched over HTTP) for ``audience``; raises ``jwt.PyJWTError`` if it fails."""
        if self.tool_jwks_url is None:
            raise jwt.InvalidTokenError("the platform does not know the tool's JWKS URL")
        signing = jwt.PyJWKClient(self.tool_jwks_url, cache_keys=False,
                                  timeout=10).get_signing_key_from_jwt(token)
        claims: dict[str, Any] = jwt.decode(token, signing.key, algorithms=["RS256"],
                                            audience=audience,
                                            options={"require": ["exp", "iat", "iss"]})
        return claims

    def bearer_scopes(self, authorization: str | None) -> list[str] | None:
        if not authorization or not authorization.startswith("Bearer "):
            return None
        with self.lock:
            return self.tokens.get(authorization.removeprefix("Bearer "))


class _Server(ThreadingHTTPServer):
    """The platform's HTTP server, which its handlers ask for the platform they serve."""

    daemon_threads = True
    platform: Platform


class _Handler(BaseHTTPRequestHandler):
    """The platform's routes."""

    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass

    @property
    def platform(self) -> Platform:
        return self.server.platform

    # -- plumbing --------------------------------------------------------------

    def _form(self) -> dict[str, str]:
        url = urlsplit(self.path)
        fields = {k: v[0] for k, v in parse_qs(url.query).items()}
        if self.command == "POST":
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length).decode() if length else ""
            if self.headers.get("Content-Type", "").startswith(
                    "application/x-www-form-urlencoded"):
                fields.update({k: v[0] for k, v in parse_qs(body).items()})
            else:
                self._body = body
        return fields

    def _answer(self, status: int, body: str | dict[str, Any] | list[Any], *,
                content_type: str = "application/json",
                headers: Mapping[str, str] | None = None) -> None:
        data = (body if isinstance(body, str) else json.dumps(body)).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _drop(self) -> None:
        """A platform that is down: the connection closes with no answer."""
        self.close_connection = True
        self.connection.close()

    def do_GET(self) -> None:
        self._route()

    def do_POST(self) -> None:
        self._route()

    def _route(self) -> None:
        self._body = ""
        path = urlsplit(self.path).path
        fields = self._form()
        if path == "/jwks" and self.command == "GET":
            with self.platform.lock:
                self.platform.jwks_requests += 1
            if self.platform.jwks_answer == "down":
                self._drop()
            else:
                self._answer(200, self.platform.jwks())
        elif path == "/auth":
            self._auth(fields)
        elif path == "/token" and self.command == "POST":
            self._token(fields)
        elif (m := re.fullmatch(r"/lineitems/([^/]+)/scores", path)) and self.command == "POST":
            self._score(m.group(1))
        elif (m := re.fullmatch(r"/lineitems/([^/]+)", path)) and self.command == "GET":
            self._lineitem(m.group(1))
        elif path == "/memberships" and self.command == "GET":
            self._memberships()
        elif path == "/deep_link_return" and self.command == "POST":
            self._deep_link_return(fields)
        else:
            self._answer(404, {"error": f"no route {self.command} {path}"})

    # -- routes ------------------------------------------------------------------

    def _auth(self, fields: dict[str, str]) -> None:
        platform = self.platform
        wrong = [name for name, want in (("scope", "openid"), ("response_type", "id_token"),
                                         ("response_mode", "form_post"),
                                         ("client_id", platform.client_id),
                                         ("redirect_uri", platform.tool_launch_url))
                 if fields.get(name) != want]
        with platform.lock:
            prepared = platform.prepared.get(fields.get("login_hint", ""))
        if prepared is None:
            wrong.append("login_hint")
        if not fields.get("nonce"):
            wrong.append("nonce")
        if wrong:
            self._answer(400, {"error": "invalid_request", "wrong": wrong})
            return
        assert prepared is not None
        claims = platform.claims(prepared.message_type, prepared.roles, prepared.sub,
                                 nonce=fields["nonce"], **prepared.claims)
        id_token = platform.sign(claims, key=prepared.key, kid=prepared.kid)
        state = fields.get("state", "")
        if "application/json" in self.headers.get("Accept", ""):
            self._answer(200, {"action": fields["redirect_uri"], "id_token": id_token,
                               "state": state})
            return
        action = html.escape(fields["redirect_uri"], quote=True)
        page = (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
                f"<title>Test LMS</title></head><body>"
                f'<form id="launch" method="post" action="{action}">'
                f'<input type="hidden" name="id_token" value="{html.escape(id_token)}">'
                f'<input type="hidden" name="state" value="{html.escape(state)}">'
                f"<noscript><button>Continue</button></noscript></form>"
                f"<script>document.getElementById('launch').submit()</script>"
                f"</body></html>")
        self._answer(200, page, content_type="text/html; charset=utf-8")

    def _token(self, fields: dict[str, str]) -> None:
        platform = self.platform
        with platform.lock:
            platform.token_requests += 1
        if (fields.get("grant_type") != "client_credentials"
                or fields.get("client_assertion_type")
                != "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"):
            self._answer(400, {"error": "unsupported_grant_type"})
            return
        try:
            claims = platform.verify_tool_jwt(fields.get("client_assertion", ""),
                                              audience=platform.auth_token_url)
        except (jwt.PyJWTError, OSError) as exc:
            self._answer(401, {"error": "invalid_client", "error_description": str(exc)})
            return
        if claims.get("iss") != platform.client_id or claims.get("sub") != platform.client_id:
            self._answer(401, {"error": "invalid_client",
                               "error_description": "iss and sub must be the client id"})
            return
        scopes = fields.get("scope", "").split()
        token = secrets.token_urlsafe(24)
        with platform.lock:
            platform.tokens[token] = scopes
        self._answer(200, {"access_token": token, "token_type": "Bearer",
                           "expires_in": platform.token_lifetime, "scope": " ".join(scopes)})

    def _score(self, lineitem: str) -> None:
        platform = self.platform
        with platform.lock:
            platform.score_tries += 1
            answer = platform.scores_answer
        if answer == "down":
            self._drop()
            return
        scopes = platform.bearer_scopes(self.headers.get("Authorization"))
        if scopes is None or SCORE_SCOPE not in scopes:
            self._answer(401, {"error": "a bearer token with the score scope is required"})
            return
        if answer == "503":
            self._answer(503, "Service Unavailable", content_type="text/plain")
            return
        if answer == "400":
            self._answer(400, platform.refusal, content_type="text/plain")
            return
        content_type = self.headers.get("Content-Type", "")
        try:
            body = json.loads(self._body)
        except ValueError:
            self._answer(400, "the score is not JSON", content_type="text/plain")
            return
        with platform.lock:
            platform.scores.append(Score(lineitem, body, content_type))
        self._answer(200, {})

    def _lineitem(self, lineitem: str) -> None:
        found = self.platform.lineitems.get(lineitem)
        if found is None:
            self._answer(404, {"error": f"no line item {lineitem}"})
            return
        self._answer(200, found, content_type="application/vnd.ims.lis.v2.lineitem+json")

    def _memberships(self) -> None:
        platform = self.platform
        scopes = platform.bearer_scopes(self.headers.get("Authorization"))
        if scopes is None or NRPS_SCOPE not in scopes:
            self._answer(401, {"error": "a bearer token with the memberships scope is required"})
            return
        if platform.memberships_answer != "ok":
            self._answer(500, "Internal Server Error", content_type="text/plain")
            return
        self._answer(200, {"id": platform.memberships_url,
                           "context": {"id": "course-101", "title": "Intelligenza Artificiale"},
                           "members": platform.members},
                     content_type="application/vnd.ims.lti-nrps.v2.membershipcontainer+json")

    def _deep_link_return(self, fields: dict[str, str]) -> None:
        platform = self.platform
        try:
            claims = platform.verify_tool_jwt(fields.get("JWT", ""), audience=platform.issuer)
        except (jwt.PyJWTError, OSError) as exc:
            self._answer(400, {"error": f"the deep-linking response fails: {exc}"})
            return
        with platform.lock:
            platform.deep_links.append(claims)
        self._answer(200, "<!doctype html><title>Added</title><p>Added to the course.</p>",
                     content_type="text/html; charset=utf-8")


# -- a browser's launch ----------------------------------------------------------------


@dataclass
class AuthForm:
    """The platform's auto-submitting form: where it posts and what."""

    action: str
    id_token: str
    state: str

    def fields(self) -> dict[str, str]:
        return {"id_token": self.id_token, "state": self.state}


_INPUT = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)">')
_ACTION = re.compile(r'<form id="launch" method="post" action="([^"]*)">')


def login(client: httpx.Client, tool: str, platform: Platform, hint: str, *,
          method: str = "GET", target_link_uri: str | None = None,
          extra: Mapping[str, str] | None = None) -> AuthForm:
    """The browser's way to the platform's form: the tool's ``/lti/login`` (third-party
    initiated login), its redirect to the platform's ``/auth``, and the form there."""
    params = {"iss": platform.issuer, "login_hint": hint,
              "target_link_uri": target_link_uri or f"{tool.rstrip('/')}/lti/launch",
              "lti_message_hint": f"message-{hint}", "client_id": platform.client_id,
              "lti_deployment_id": platform.deployment_id, **(extra or {})}
    url = f"{tool.rstrip('/')}/lti/login"
    headers = {"Sec-Fetch-Site": "cross-site", "Origin": platform.base}
    if method == "GET":
        answer = client.get(f"{url}?{urlencode(params)}", headers=headers)
    else:
        answer = client.post(url, data=params, headers=headers)
    if answer.status_code not in (302, 303, 307):
        raise AssertionError(f"/lti/login answered {answer.status_code}: {answer.text[:500]}")
    page = client.get(answer.headers["location"])
    if page.status_code != 200:
        raise AssertionError(f"/auth answered {page.status_code}: {page.text[:500]}")
    action = _ACTION.search(page.text)
    fields = {name: html.unescape(value) for name, value in _INPUT.findall(page.text)}
    assert action is not None, page.text
    return AuthForm(html.unescape(action.group(1)), fields["id_token"], fields["state"])


def post_form(client: httpx.Client, form: AuthForm, *, platform: Platform | None = None,
              **fields: str) -> httpx.Response:
    """The form's cross-site post to the tool (``fields`` replace the form's)."""
    headers = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}
    if platform is not None:
        headers["Origin"] = platform.base
    return client.post(form.action, data={**form.fields(), **fields}, headers=headers)


def launch(client: httpx.Client, tool: str, platform: Platform, message_type: str,
           roles: list[str], sub: str, *, key: rsa.RSAPrivateKey | None = None,
           kid: str | None = None, accept_language: str | None = None,
           **overrides: Any) -> httpx.Response:
    """A whole launch by the browser ``client``: login, the platform's form, its post to
    the tool's ``/lti/launch``: the tool's answer (redirects not followed)."""
    if accept_language is not None:
        client.headers["Accept-Language"] = accept_language
    hint = platform.prepare(message_type, roles, sub, key=key, kid=kid, **overrides)
    return post_form(client, login(client, tool, platform, hint), platform=platform)


class _LoopbackSecure(http.cookiejar.DefaultCookiePolicy):
    """Secure cookies are sent to loopback over plain HTTP, as Chrome and Firefox do
    (``http://127.0.0.1`` is a secure context); the standard library's policy sends
    them over https only."""

    def return_ok_secure(self, cookie: http.cookiejar.Cookie, request: Any) -> bool:
        host = urlsplit(request.get_full_url()).hostname
        return host in ("127.0.0.1", "localhost", "::1") or bool(
            super().return_ok_secure(cookie, request))


class _Browser(httpx.Client):
    """An ``httpx.Client`` that sends Secure cookies to loopback (:class:`_LoopbackSecure`):
    httpx copies the jar into a new one (of the default policy) for each request, so the
    cookie header is made here from the client's own jar instead."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.cookies.jar.set_policy(_LoopbackSecure())

    def _merge_cookies(self, cookies: Any = None) -> Any:
        return cookies

    def build_request(self, *args: Any, **kwargs: Any) -> httpx.Request:
        request = super().build_request(*args, **kwargs)
        if "cookie" not in request.headers:
            self.cookies.set_cookie_header(request)
        return request


def browser(**options: Any) -> httpx.Client:
    """A browser as the tests need one: its own cookies (Secure ones sent to loopback),
    redirects not followed."""
    return _Browser(follow_redirects=False, timeout=30, **options)


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


__all__ = ["AGS_ENDPOINT", "DEEP_LINKING", "DL", "DROP", "INSTRUCTOR", "LEARNER", "LTI",
           "NRPS_CLAIM", "NRPS_SCOPE", "RESOURCE_LINK", "SCORE_SCOPE", "TEACHING_ASSISTANT",
           "AuthForm", "Platform", "Prepared", "Score", "browser", "launch", "login",
           "post_form", "tool_keys", "unique"]
