"""The LTI tool's configuration: the ``gametrace serve --lti FILE`` file read and checked
at start-up, the tool's RSA key pair (``gametrace lti keys``), and what an LMS
administrator pastes to register the tool (``gametrace lti config``).

The file is pylti1p3's tool configuration (its ``ToolConfJsonFile`` format): a JSON
object whose keys are the platforms' issuers, each with one registration or a list of
them (one per client id)::

    {"https://moodle.example.edu": {
        "client_id": "AbC123", "default": true,
        "auth_login_url": "https://moodle.example.edu/mod/lti/auth.php",
        "auth_token_url": "https://moodle.example.edu/mod/lti/token.php",
        "key_set_url": "https://moodle.example.edu/mod/lti/certs.php",
        "private_key_file": "private.key", "public_key_file": "public.key",
        "deployment_ids": ["1"]}}

Key files are relative to the file's folder.  The start-up refuses, in one line naming
the file and the place in it, a file that is missing or not JSON, a registration
without one of :data:`REQUIRED`, a private key that cannot be read or that others may
read (any of the group's or the world's bits), and a key that is not an RSA key in PEM
(or a public key that is not the private key's).
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from pylti1p3.tool_config.dict import TJsonData, ToolConfDict

from ...errors import InputError, UsageError
from ...jsonio import dumps_json_pretty, load_json_file
from ...outputs import os_reason
from ...said import Said, said

__all__ = ["DEEP_LINKING", "JWKS", "KEY_BITS", "LAUNCH", "LOGIN", "PRIVATE_KEY",
           "PUBLIC_KEY", "REQUIRED", "SCOPES", "KeyPair", "Registration", "ToolConfig",
           "ToolUrls", "administrator_text", "canvas_config", "load_tool_config",
           "make_keys", "tool_urls"]

REQUIRED = ("client_id", "auth_login_url", "auth_token_url", "key_set_url",
            "private_key_file", "public_key_file", "deployment_ids")
"""The keys every registration of the file has."""

LOGIN, LAUNCH, JWKS = "/lti/login", "/lti/launch", "/lti/jwks"
"""The tool's LTI routes, under its base URL."""
DEEP_LINKING = LAUNCH
"""Deep-linking requests come to the launch URL too (the message type tells them)."""

SCOPES = ("https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
          "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
          "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
          "https://purl.imsglobal.org/spec/lti-ags/scope/score",
          "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly")
"""The services the tool asks for: Assignment and Grade Services (line items, scores),
and Names and Role Provisioning Services (the course's members)."""

KEY_BITS = 2048
PRIVATE_KEY, PUBLIC_KEY = "private.key", "public.key"
"""The files ``gametrace lti keys`` writes."""


@dataclass(frozen=True)
class Registration:
    """One registration of the file: the tool as one platform's client."""

    issuer: str
    client_id: str
    auth_login_url: str
    auth_token_url: str
    key_set_url: str
    deployment_ids: tuple[str, ...]
    private_key_file: Path
    """Resolved against the file's folder, as the public key's."""
    public_key_file: Path


class ToolConfig(ToolConfDict):
    """pylti1p3's tool configuration as read from the ``--lti`` file, its keys loaded
    (so :meth:`get_jwks` answers the tool's public keys), with the file's path and its
    registrations."""

    def __init__(self, path: Path, data: dict[str, object],
                 registrations: Sequence[Registration], keys: Mapping[Path, str]) -> None:
        super().__init__(cast("TJsonData", data))  # its shape checked by load_tool_config
        self.path = path
        self.registrations = tuple(registrations)
        for r in self.registrations:
            client = r.client_id if self.check_iss_has_many_clients(r.issuer) else None
            self.set_private_key(r.issuer, keys[r.private_key_file], client_id=client)
            self.set_public_key(r.issuer, keys[r.public_key_file], client_id=client)

    def registration(self, issuer: str, client_id: str) -> Registration | None:
        """The file's registration of ``client_id`` at ``issuer``, or None."""
        for r in self.registrations:
            if (r.issuer, r.client_id) == (issuer, client_id):
                return r
        return None


def load_tool_config(path: str | os.PathLike[str]) -> ToolConfig:
    """The ``--lti`` file, checked (see the module's docstring): a
    :class:`~tracer.errors.MissingInput` when it is not there (exit 2), else an
    :class:`~tracer.errors.InputError` naming the file and the place in it (exit 1)."""
    file = Path(path)
    shown = os.fspath(path)
    data = load_json_file(file)
    if not isinstance(data, dict) or not data:
        raise InputError(said("an LTI tool configuration is a JSON object whose keys are "
                              "the platforms' issuers (see docs/lti.md)"), file=shown)
    registrations: list[Registration] = []
    for issuer, value in data.items():
        items = value if isinstance(value, list) else [value]
        if not items:
            raise InputError(said("no registration for this issuer"), file=shown,
                             where=_path(issuer))
        for n, item in enumerate(items):
            where = _path(issuer, n if isinstance(value, list) else None)
            registrations.append(_registration(issuer, item, file, shown, where))
    keys: dict[Path, str] = {}
    for r, where in zip(registrations, _places(data), strict=True):
        private = keys.get(r.private_key_file) or _private_key(r.private_key_file, shown,
                                                               f"{where}.private_key_file")
        keys[r.private_key_file] = private
        public = keys.get(r.public_key_file) or _public_key(r.public_key_file, shown,
                                                            f"{where}.public_key_file")
        keys[r.public_key_file] = public
        if not _same_key(private, public):
            raise InputError(said("{file}: not the public key of {private}",
                                  file=str(r.public_key_file), private=str(r.private_key_file)),
                             file=shown, where=f"{where}.public_key_file")
    return ToolConfig(file, data, registrations, keys)


def _path(issuer: str, index: int | None = None) -> str:
    return f"$[{issuer!r}]" + ("" if index is None else f"[{index}]")


def _places(data: Mapping[str, object]) -> Iterator[str]:
    for issuer, value in data.items():
        if isinstance(value, list):
            yield from (_path(issuer, n) for n in range(len(value)))
        else:
            yield _path(issuer)


def _registration(issuer: str, item: object, file: Path, shown: str,
                  where: str) -> Registration:
    if not isinstance(item, dict):
        raise InputError(said("a registration is a JSON object with the keys {keys}",
                              keys=", ".join(REQUIRED)), file=shown, where=where)
    missing = [k for k in REQUIRED if k not in item]
    if missing:
        raise InputError(said("a registration lacks {keys} (it needs {required})",
                              keys=", ".join(missing), required=", ".join(REQUIRED)),
                         file=shown, where=where)
    for key in REQUIRED:
        if key != "deployment_ids" and (not isinstance(item[key], str) or not item[key]):
            raise InputError(said("not a text"), file=shown, where=f"{where}.{key}")
    for key in ("auth_login_url", "auth_token_url", "key_set_url"):
        if urlsplit(item[key]).scheme not in ("http", "https"):
            raise InputError(said("not an http or https URL: {url!r}", url=item[key]),
                             file=shown, where=f"{where}.{key}")
    deployments = item["deployment_ids"]
    if not isinstance(deployments, list) or not deployments or not all(
            isinstance(d, str) and d for d in deployments):
        raise InputError(said("a list of the deployment ids the platform gave (texts), "
                              "at least one"), file=shown, where=f"{where}.deployment_ids")
    if "default" in item and not isinstance(item["default"], bool):
        raise InputError(said("true or false"), file=shown, where=f"{where}.default")
    folder = file.parent
    return Registration(issuer, item["client_id"], item["auth_login_url"],
                        item["auth_token_url"], item["key_set_url"], tuple(deployments),
                        folder / item["private_key_file"], folder / item["public_key_file"])


def _read_key(key: Path, shown: str, where: str) -> bytes:
    try:
        with open(key, "rb") as handle:
            return handle.read(100_000)
    except OSError as exc:
        raise InputError(said("{key}: cannot read it: {reason}", key=str(key),
                              reason=os_reason(exc)), file=shown, where=where) from None


def _private_key(key: Path, shown: str, where: str) -> str:
    try:
        mode = os.stat(key).st_mode
    except OSError as exc:
        raise InputError(said("{key}: cannot read it: {reason}", key=str(key),
                              reason=os_reason(exc)), file=shown, where=where) from None
    if mode & 0o077:
        raise InputError(said("{key}: others may read the private key (mode {mode}): chmod "
                              "600 {key}", key=str(key), mode=f"{stat.S_IMODE(mode):o}"),
                         file=shown, where=where)
    data = _read_key(key, shown, where)
    try:
        loaded = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError):
        loaded = None
    if not isinstance(loaded, rsa.RSAPrivateKey):
        raise InputError(_not_rsa(key, "private"), file=shown, where=where)
    return data.decode("ascii")


def _public_key(key: Path, shown: str, where: str) -> str:
    data = _read_key(key, shown, where)
    try:
        loaded = serialization.load_pem_public_key(data)
    except (ValueError, TypeError):
        loaded = None
    if not isinstance(loaded, rsa.RSAPublicKey):
        raise InputError(_not_rsa(key, "public"), file=shown, where=where)
    return data.decode("ascii")


def _not_rsa(key: Path, kind: str) -> Said:
    if kind == "private":
        return said("{key}: not an RSA private key in PEM (make a pair with gametrace lti "
                    "keys DIR)", key=str(key))
    return said("{key}: not an RSA public key in PEM (make a pair with gametrace lti keys "
                "DIR)", key=str(key))


def _same_key(private: str, public: str) -> bool:
    mine = serialization.load_pem_private_key(private.encode(), password=None)
    theirs = serialization.load_pem_public_key(public.encode())
    return isinstance(mine, rsa.RSAPrivateKey) and isinstance(theirs, rsa.RSAPublicKey) \
        and mine.public_key().public_numbers() == theirs.public_numbers()


# ---------------------------------------------------------------- the key pair


@dataclass(frozen=True)
class KeyPair:
    """The files :func:`make_keys` wrote."""

    private: Path
    public: Path

    def snippet(self) -> str:
        """The registration's two key lines, for a configuration file in the keys'
        folder."""
        return (f'"private_key_file": "{self.private.name}", '
                f'"public_key_file": "{self.public.name}"')


def make_keys(folder: str | os.PathLike[str]) -> KeyPair:
    """Write a new RSA key pair (:data:`KEY_BITS`) in ``folder`` (made if missing):
    :data:`PRIVATE_KEY` (PKCS #8 PEM, mode 600) and :data:`PUBLIC_KEY` (PEM).  A
    :class:`~tracer.errors.UsageError` when either file is there already: a key in use
    is never replaced (the platforms know its public half)."""
    where = Path(folder)
    pair = KeyPair(where / PRIVATE_KEY, where / PUBLIC_KEY)
    for path in (pair.private, pair.public):
        if os.path.lexists(path):
            raise UsageError(said("{file}: there already: a key is never overwritten (give "
                                  "another folder, or remove the old pair once no platform "
                                  "uses it)", file=str(path)))
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(said("{folder}: cannot make the folder: {reason}", folder=str(where),
                              reason=os_reason(exc))) from None
    key = rsa.generate_private_key(public_exponent=65537, key_size=KEY_BITS)
    private = key.private_bytes(serialization.Encoding.PEM,
                                serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    public = key.public_key().public_bytes(serialization.Encoding.PEM,
                                           serialization.PublicFormat.SubjectPublicKeyInfo)
    _write_new(pair.private, private, 0o600)
    try:
        _write_new(pair.public, public, 0o644)
    except BaseException:
        pair.private.unlink()  # ours, written a moment ago: no half pair is left
        raise
    return pair


def _write_new(path: Path, data: bytes, mode: int) -> None:
    """``data`` in a new file at ``path``: written whole to a temporary file beside it,
    then linked in place (a link, not a rename: a rename would replace a file that
    appeared meanwhile, and a key is never replaced)."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.fchmod(handle, mode)  # the private key is never readable by others, even briefly
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            raise UsageError(said("{file}: there already: a key is never overwritten (give "
                                  "another folder, or remove the old pair once no platform "
                                  "uses it)", file=str(path))) from None
        except OSError as exc:
            raise InputError(said("cannot write it: {reason}", reason=os_reason(exc)),
                             file=str(path)) from None
    finally:
        os.unlink(temporary)


# ---------------------------------------------------------------- the administrator's text


@dataclass(frozen=True)
class ToolUrls:
    """The URLs an LMS administrator gives the platform, under the tool's base URL."""

    base: str
    login: str
    launch: str
    jwks: str
    deep_linking: str


def tool_urls(base: str) -> ToolUrls:
    """The tool's URLs under ``base`` (``https://host`` or ``https://host/prefix``, as the
    platform's browsers reach ``gametrace serve``); a :class:`UsageError` for anything
    else."""
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
            or parts.fragment or "@" in parts.netloc:
        raise UsageError(said("--url {url!r}: the tool's address as the platform's browsers "
                              "reach it, like https://gametrace.example.edu (a path after "
                              "it if it is served under one)", url=base))
    root = base.rstrip("/")
    return ToolUrls(root, root + LOGIN, root + LAUNCH, root + JWKS, root + DEEP_LINKING)


def _check_title(title: str) -> None:
    if not title.strip() or len(title) > 200 or any(not c.isprintable() for c in title):
        raise UsageError(said("--title {title!r}: the tool's name in the LMS: one line of "
                              "text, at most {most} characters", title=title, most=200))


def canvas_config(base: str, *, title: str = "gametrace") -> dict[str, object]:
    """Canvas's JSON configuration of the tool (Admin > Developer Keys > + Developer Key >
    LTI Key, Method: Paste JSON): its URLs, the services' scopes, and deep linking from
    the link and assignment selection placements."""
    urls = tool_urls(base)
    _check_title(title)
    placements = [{"placement": placement, "message_type": "LtiDeepLinkingRequest",
                   "target_link_uri": urls.deep_linking, "text": title}
                  for placement in ("link_selection", "assignment_selection")]
    return {
        "title": title,
        "description": "Adversarial search exercises (minimax, alpha-beta) with their "
                       "traces, graded into the course's gradebook",
        "oidc_initiation_url": urls.login,
        "target_link_uri": urls.launch,
        "public_jwk_url": urls.jwks,
        "scopes": list(SCOPES),
        "extensions": [{
            "domain": urlsplit(urls.base).hostname,
            "tool_id": "gametrace",
            "platform": "canvas.instructure.com",
            "privacy_level": "public",
            "settings": {"text": title, "placements": placements},
        }],
        "custom_fields": {},
    }


def administrator_text(base: str, *, title: str = "gametrace") -> str:
    """What ``gametrace lti config`` prints: the four URLs, the fields of Moodle's form
    for a tool configured manually (by their names in Moodle's English), and Canvas's
    JSON configuration."""
    urls = tool_urls(base)
    _check_title(title)
    fields = {
        "Tool name": title,
        "Tool URL": urls.launch,
        "LTI version": "LTI 1.3",
        "Public key type": "Keyset URL",
        "Public keyset": urls.jwks,
        "Initiate login URL": urls.login,
        "Redirection URI(s)": urls.launch,
        "Supports Deep Linking (Content-Item Message)": "yes",
        "Content Selection URL": urls.deep_linking,
        "IMS LTI Assignment and Grade Services": "Use this service for grade sync and "
                                                 "column management",
        "IMS LTI Names and Role Provisioning": "Use this service to retrieve members' "
                                               "information as per privacy settings",
        "Share launcher's name with tool": "Always",
        "Accept grades from the tool": "Always",
    }
    return "\n".join([
        f"The tool {title} at {urls.base}",
        f"  Login URL (OIDC login initiation): {urls.login}",
        f"  Launch URL (redirect URL): {urls.launch}",
        f"  JWKS URL (the tool's public keys): {urls.jwks}",
        f"  Deep-linking URL: {urls.deep_linking}",
        "",
        "Moodle: Site administration > Plugins > Activity modules > External tool > Manage "
        "tools > configure a tool manually",
        *(f"  {name}: {value}" for name, value in fields.items()),
        "",
        "Canvas: Admin > Developer Keys > + Developer Key > LTI Key, Method: Paste JSON "
        "(gametrace lti config --canvas prints it alone)",
        dumps_json_pretty(canvas_config(base, title=title)).rstrip("\n")]) + "\n"
