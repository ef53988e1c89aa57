"""The ``--lti`` file as the service reads it at start-up: pylti1p3's tool configuration
with the tool's keys loaded from files beside it (its JWKS answers the public key), and
every refusal in one line naming the file and the place in it; the key pair
``gametrace lti keys`` makes; the URLs and Canvas's JSON an administrator pastes."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from tracer.errors import InputError, MissingInput, UsageError
from tracer.service.lti.config import (
    SCOPES,
    ToolConfig,
    administrator_text,
    canvas_config,
    load_tool_config,
    make_keys,
    tool_urls,
)

MOODLE = "https://moodle.example.edu"


def registration(**changes: Any) -> dict[str, Any]:
    """A Moodle registration as its administrator's page gives it."""
    item: dict[str, Any] = {
        "client_id": "AbC123", "default": True,
        "auth_login_url": f"{MOODLE}/mod/lti/auth.php",
        "auth_token_url": f"{MOODLE}/mod/lti/token.php",
        "key_set_url": f"{MOODLE}/mod/lti/certs.php",
        "private_key_file": "private.key", "public_key_file": "public.key",
        "deployment_ids": ["1"]}
    item.update(changes)
    return {k: v for k, v in item.items() if v is not None}


def tool_file(folder: Path, data: object) -> Path:
    folder.mkdir(exist_ok=True)
    if not (folder / "private.key").exists():
        make_keys(folder)
    path = folder / "tool.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def refusal(path: Path) -> str:
    with pytest.raises(InputError) as caught:
        load_tool_config(path)
    assert not isinstance(caught.value, MissingInput)  # a bad file: exit 1
    return str(caught.value)


def test_the_file_becomes_pylti1p3s_tool_config_with_its_keys(tmp_path: Path) -> None:
    path = tool_file(tmp_path / "lti", {MOODLE: registration()})
    config = load_tool_config(path)
    assert isinstance(config, ToolConfig) and config.path == path
    found = config.find_registration_by_issuer(MOODLE)
    assert (found.get_client_id(), found.get_auth_token_url()) == (
        "AbC123", f"{MOODLE}/mod/lti/token.php")
    assert found.get_tool_private_key() == (tmp_path / "lti/private.key").read_text()
    assert config.find_deployment(MOODLE, "1") is not None
    assert config.find_deployment(MOODLE, "2") is None
    [key] = config.get_jwks()["keys"]
    public = serialization.load_pem_public_key((tmp_path / "lti/public.key").read_bytes())
    assert isinstance(public, rsa.RSAPublicKey)
    n = int.from_bytes(_b64(key["n"]), "big")
    assert (key["kty"], key["alg"], key["use"], n) == (
        "RSA", "RS256", "sig", public.public_numbers().n)
    [kept] = config.registrations
    assert kept.private_key_file == tmp_path / "lti/private.key"
    assert config.registration(MOODLE, "AbC123") == kept
    assert config.registration(MOODLE, "other") is None


def _b64(text: str) -> bytes:
    import base64

    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def test_an_issuer_may_have_several_clients_each_with_its_keys(tmp_path: Path) -> None:
    make_keys(tmp_path / "other")
    path = tool_file(tmp_path / "lti", {
        MOODLE: [registration(), registration(client_id="Xyz", default=False,
                                              private_key_file="../other/private.key",
                                              public_key_file="../other/public.key",
                                              deployment_ids=["7", "8"])],
        "https://canvas.instructure.com": registration(client_id="10000000000001")})
    config = load_tool_config(path)
    one = config.find_registration_by_params(MOODLE, "AbC123")
    two = config.find_registration_by_params(MOODLE, "Xyz")
    assert one.get_tool_private_key() != two.get_tool_private_key()
    assert two.get_tool_private_key() == (tmp_path / "other/private.key").read_text()
    assert config.find_deployment_by_params(MOODLE, "8", "Xyz") is not None
    assert config.find_deployment_by_params(MOODLE, "8", "AbC123") is None
    assert len(config.get_jwks()["keys"]) == 2  # the same key of two issuers: once


def test_a_missing_file_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(MissingInput, match=r"tool\.json: cannot read file"):
        load_tool_config(tmp_path / "tool.json")


@pytest.mark.parametrize(("data", "says"), [
    ("{not json", r"tool\.json: line 1, column 2: "),
    ("[]", r"tool\.json: an LTI tool configuration is a JSON object whose keys are the "),
    ({}, r"tool\.json: an LTI tool configuration is a JSON object"),
    ({MOODLE: []}, r"tool\.json: \$\['https://moodle\.example\.edu'\]: no registration"),
    ({MOODLE: "AbC123"}, r"\$\['https://moodle\.example\.edu'\]: a registration is a JSON "
                         r"object with the keys client_id, auth_login_url"),
    ({MOODLE: [registration(), registration(key_set_url=None, client_id="B")]},
     r"\$\['https://moodle\.example\.edu'\]\[1\]: a registration lacks key_set_url "
     r"\(it needs client_id, auth_login_url, auth_token_url, key_set_url, "
     r"private_key_file, public_key_file, deployment_ids\)"),
    ({MOODLE: registration(client_id=None, private_key_file=None)},
     r"a registration lacks client_id, private_key_file \("),
    ({MOODLE: registration(client_id=7)}, r"\['https://moodle\.example\.edu'\]\.client_id: "
                                         r"not a text"),
    ({MOODLE: registration(auth_token_url="moodle/token.php")},
     r"\.auth_token_url: not an http or https URL: 'moodle/token\.php'"),
    ({MOODLE: registration(deployment_ids="1")}, r"\.deployment_ids: a list of the "),
    ({MOODLE: registration(deployment_ids=[])}, r"\.deployment_ids: a list of the "),
    ({MOODLE: registration(default="yes")}, r"\.default: true or false"),
    ({MOODLE: registration(private_key_file="nowhere.key")},
     r"\.private_key_file: .*nowhere\.key: cannot read it: "),
    ({MOODLE: registration(public_key_file="nowhere.pub")},
     r"\.public_key_file: .*nowhere\.pub: cannot read it: "),
    ({MOODLE: registration(public_key_file="tool.json")},
     r"\.public_key_file: .*tool\.json: not an RSA public key in PEM \(make a pair with "
     r"gametrace lti keys DIR\)"),
], ids=["not-json", "a-list", "empty", "no-registration", "not-an-object", "missing-key",
        "two-missing", "not-text", "not-a-url", "deployments-text", "no-deployments",
        "default-not-bool", "no-private-key", "no-public-key", "public-not-pem"])
def test_a_bad_file_is_refused_in_one_line_naming_the_place(
        tmp_path: Path, data: object, says: str) -> None:
    message = refusal(tool_file(tmp_path / "lti", data))
    assert "\n" not in message
    assert message.startswith(str(tmp_path / "lti" / "tool.json") + ": ")
    assert re.search(says, message), message


@pytest.mark.parametrize("mode", [0o640, 0o604, 0o660, 0o644, 0o610],
                         ids=["640", "604", "660", "644", "610"])
def test_a_private_key_others_may_read_is_refused(tmp_path: Path, mode: int) -> None:
    path = tool_file(tmp_path / "lti", {MOODLE: registration()})
    key = tmp_path / "lti/private.key"
    key.chmod(mode)
    message = refusal(path)
    assert message.endswith(f".private_key_file: {key}: others may read the private key "
                            f"(mode {mode:o}): chmod 600 {key}")


def test_a_private_key_of_its_owner_alone_is_taken_executable_or_not(tmp_path: Path) -> None:
    path = tool_file(tmp_path / "lti", {MOODLE: registration()})
    for mode in (0o400, 0o600, 0o700):
        (tmp_path / "lti/private.key").chmod(mode)
        assert load_tool_config(path).registrations


def test_a_private_key_that_cannot_be_read_is_refused(tmp_path: Path) -> None:
    path = tool_file(tmp_path / "lti", {MOODLE: registration()})
    (tmp_path / "lti/private.key").chmod(0o000)
    if os.access(tmp_path / "lti/private.key", os.R_OK):  # root reads whatever the mode
        (tmp_path / "lti/private.key").unlink()
        (tmp_path / "lti/private.key").mkdir(mode=0o700)  # a folder: no one reads it
    assert "private.key: cannot read it: " in refusal(path)


def _write_private(path: Path, key: object, fmt: str = "pem") -> None:
    assert isinstance(key, rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey)
    encoding = serialization.Encoding.PEM if fmt == "pem" else serialization.Encoding.DER
    path.write_bytes(key.private_bytes(encoding, serialization.PrivateFormat.PKCS8,
                                       serialization.NoEncryption()))
    path.chmod(0o600)


@pytest.mark.parametrize("kind", ["ec", "der", "text", "encrypted"])
def test_a_private_key_that_is_not_pem_rsa_is_refused(tmp_path: Path, kind: str) -> None:
    path = tool_file(tmp_path / "lti", {MOODLE: registration()})
    key = tmp_path / "lti/private.key"
    if kind == "ec":
        _write_private(key, ec.generate_private_key(ec.SECP256R1()))
    elif kind == "der":
        _write_private(key, rsa.generate_private_key(public_exponent=65537, key_size=2048),
                       "der")
    elif kind == "text":
        key.write_text("not a key\n")
    else:
        made = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        key.write_bytes(made.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
            serialization.BestAvailableEncryption(b"secret")))
    assert refusal(path).endswith(f".private_key_file: {key}: not an RSA private key in PEM "
                                  "(make a pair with gametrace lti keys DIR)")


def test_a_public_key_of_another_pair_is_refused(tmp_path: Path) -> None:
    make_keys(tmp_path / "other")
    path = tool_file(tmp_path / "lti", {MOODLE: registration(
        public_key_file="../other/public.key")})
    assert refusal(path).endswith(
        f"{tmp_path}/lti/../other/public.key: not the public key of "
        f"{tmp_path}/lti/private.key")


def test_the_refusals_are_said_in_italian(tmp_path: Path) -> None:
    path = tool_file(tmp_path / "lti", {MOODLE: registration(key_set_url=None)})
    with pytest.raises(InputError) as caught:
        load_tool_config(path)
    assert caught.value.worded("it").endswith(
        "a una registrazione manca key_set_url (servono client_id, auth_login_url, "
        "auth_token_url, key_set_url, private_key_file, public_key_file, deployment_ids)")
    (tmp_path / "lti/private.key").chmod(0o644)
    path.write_text(json.dumps({MOODLE: registration()}))
    with pytest.raises(InputError) as caught:
        load_tool_config(path)
    assert "altri possono leggere la chiave privata (permessi 644)" in caught.value.worded("it")


def test_make_keys_writes_a_pair_the_owner_alone_may_read(tmp_path: Path) -> None:
    pair = make_keys(tmp_path / "new" / "lti")
    assert (pair.private, pair.public) == (tmp_path / "new/lti/private.key",
                                           tmp_path / "new/lti/public.key")
    assert stat.S_IMODE(pair.private.stat().st_mode) == 0o600
    private = serialization.load_pem_private_key(pair.private.read_bytes(), password=None)
    public = serialization.load_pem_public_key(pair.public.read_bytes())
    assert isinstance(private, rsa.RSAPrivateKey) and isinstance(public, rsa.RSAPublicKey)
    assert private.key_size == 2048
    assert private.public_key().public_numbers() == public.public_numbers()
    assert sorted(p.name for p in pair.private.parent.iterdir()) == ["private.key",
                                                                     "public.key"]
    assert pair.snippet() == '"private_key_file": "private.key", "public_key_file": "public.key"'


@pytest.mark.parametrize("there", ["private.key", "public.key"])
def test_make_keys_never_overwrites_a_key(tmp_path: Path, there: str) -> None:
    (tmp_path / there).write_text("the key in use\n")
    with pytest.raises(UsageError, match=f"{there}: there already: a key is never "
                                         "overwritten"):
        make_keys(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == [there]  # nothing else written
    assert (tmp_path / there).read_text() == "the key in use\n"


def test_make_keys_leaves_no_half_pair(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                       ) -> None:
    import tracer.service.lti.config as config

    real = config.os.link

    def link(source: str, target: Path) -> None:  # public.key appears meanwhile
        if target.name == "public.key":
            target.write_text("another's")
        real(source, target)

    monkeypatch.setattr(config.os, "link", link)
    with pytest.raises(UsageError, match=r"public\.key: there already"):
        make_keys(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["public.key"]
    assert (tmp_path / "public.key").read_text() == "another's"


def test_make_keys_in_a_folder_it_cannot_make_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(UsageError, match="file/lti: cannot make the folder: "):
        make_keys(tmp_path / "file" / "lti")


def test_the_urls_are_under_the_base_url() -> None:
    urls = tool_urls("https://example.edu/gametrace/")
    assert (urls.base, urls.login, urls.launch, urls.jwks, urls.deep_linking) == (
        "https://example.edu/gametrace", "https://example.edu/gametrace/lti/login",
        "https://example.edu/gametrace/lti/launch", "https://example.edu/gametrace/lti/jwks",
        "https://example.edu/gametrace/lti/launch")
    assert tool_urls("http://127.0.0.1:8000").jwks == "http://127.0.0.1:8000/lti/jwks"


@pytest.mark.parametrize("base", ["example.edu", "ftp://example.edu", "https://",
                                  "https://example.edu/?x=1", "https://u:p@example.edu",
                                  "https://example.edu/#top"])
def test_a_base_url_that_is_no_address_is_a_usage_error(base: str) -> None:
    with pytest.raises(UsageError, match=re.escape(f"--url {base!r}: the tool's address ")):
        tool_urls(base)


@pytest.mark.parametrize("title", ["", "  ", "two\nlines", "x" * 201])
def test_a_title_that_is_not_one_short_line_is_a_usage_error(title: str) -> None:
    for made in (canvas_config, administrator_text):
        with pytest.raises(UsageError, match=re.escape(f"--title {title!r}: the tool's name")):
            made("https://gametrace.example.edu", title=title)


def test_canvas_json_has_the_urls_the_scopes_and_deep_linking_placements() -> None:
    got = canvas_config("https://gametrace.example.edu", title="Search lab")
    assert json.loads(json.dumps(got)) == got
    assert (got["title"], got["oidc_initiation_url"], got["target_link_uri"],
            got["public_jwk_url"]) == (
        "Search lab", "https://gametrace.example.edu/lti/login",
        "https://gametrace.example.edu/lti/launch", "https://gametrace.example.edu/lti/jwks")
    assert got["scopes"] == list(SCOPES)
    assert {"https://purl.imsglobal.org/spec/lti-ags/scope/score",
            "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
            "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"
            } <= set(got["scopes"])
    extensions = got["extensions"]
    assert isinstance(extensions, list)
    [extension] = extensions
    assert (extension["platform"], extension["privacy_level"], extension["domain"]) == (
        "canvas.instructure.com", "public", "gametrace.example.edu")
    assert [(p["placement"], p["message_type"], p["target_link_uri"])
            for p in extension["settings"]["placements"]] == [
        ("link_selection", "LtiDeepLinkingRequest", "https://gametrace.example.edu/lti/launch"),
        ("assignment_selection", "LtiDeepLinkingRequest",
         "https://gametrace.example.edu/lti/launch")]
    assert got["custom_fields"] == {}


def test_the_administrators_text_names_every_url_and_ends_with_canvas_json() -> None:
    text = administrator_text("https://gametrace.example.edu")
    lines = text.splitlines()
    assert lines[:5] == [
        "The tool gametrace at https://gametrace.example.edu",
        "  Login URL (OIDC login initiation): https://gametrace.example.edu/lti/login",
        "  Launch URL (redirect URL): https://gametrace.example.edu/lti/launch",
        "  JWKS URL (the tool's public keys): https://gametrace.example.edu/lti/jwks",
        "  Deep-linking URL: https://gametrace.example.edu/lti/launch"]
    assert "  Initiate login URL: https://gametrace.example.edu/lti/login" in lines
    assert "  Public keyset: https://gametrace.example.edu/lti/jwks" in lines
    assert "  Redirection URI(s): https://gametrace.example.edu/lti/launch" in lines
    start = lines.index("{")
    assert json.loads("\n".join(lines[start:])) == canvas_config(
        "https://gametrace.example.edu")
    assert text.endswith("}\n")



def test_the_service_keeps_the_tool_config_of_its_settings(tmp_path: Path) -> None:
    from tracer.service import Settings, create_app
    from tracer.service.app import SETTINGS_ENV, app_from_environment, settings_to_environment

    path = tool_file(tmp_path / "lti", {MOODLE: registration()})
    app = create_app(Settings(db=str(tmp_path / "t.db"), lti=str(path)))
    assert isinstance(app.state.service.lti, ToolConfig)
    assert app.state.service.lti.path == path
    plain = create_app(Settings(db=str(tmp_path / "t.db")))
    assert plain.state.service.lti is None
    settings = Settings(db=str(tmp_path / "t.db"), lti=str(path))
    os.environ[SETTINGS_ENV] = settings_to_environment(settings)
    try:
        worker = app_from_environment()  # as each of gametrace serve's workers builds it
    finally:
        del os.environ[SETTINGS_ENV]
    assert worker.state.service.settings == settings
    assert worker.state.service.lti.get_jwks() == app.state.service.lti.get_jwks()


def test_a_service_given_a_bad_tool_config_does_not_start(tmp_path: Path) -> None:
    from tracer.service import Settings, create_app

    path = tool_file(tmp_path / "lti", {MOODLE: registration()})
    (tmp_path / "lti/private.key").chmod(0o640)
    with pytest.raises(InputError, match="others may read the private key"):
        create_app(Settings(db=str(tmp_path / "t.db"), lti=str(path)))
    assert not (tmp_path / "t.db").exists()  # refused before the store is made
