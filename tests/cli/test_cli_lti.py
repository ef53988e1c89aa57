"""``gametrace lti keys``, ``gametrace lti config`` and ``gametrace serve --lti``: what
they print, the files they write (a key never overwritten), their one-line refusals and
exit codes, and the tool configuration handed to the server's workers."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from helpers import gametrace

from tracer.service.lti.config import administrator_text, canvas_config

MOODLE = "https://moodle.example.edu"


def _in(folder: Path, *args: str) -> tuple[int, str, str]:
    here = os.getcwd()
    os.chdir(folder)
    try:
        return gametrace(*args)
    finally:
        os.chdir(here)


def test_lti_keys_writes_the_pair_and_prints_the_configurations_lines(tmp_path: Path) -> None:
    code, out, err = _in(tmp_path, "lti", "keys", "lti")
    assert (code, err) == (0, "")
    assert out == ("wrote lti/private.key (mode 600) and lti/public.key: an RSA 2048 key "
                   "pair\n"
                   '"private_key_file": "private.key", "public_key_file": "public.key"\n')
    assert stat.S_IMODE((tmp_path / "lti/private.key").stat().st_mode) == 0o600
    assert (tmp_path / "lti/public.key").read_text().startswith("-----BEGIN PUBLIC KEY-----")
    assert sorted(p.name for p in (tmp_path / "lti").iterdir()) == ["private.key",
                                                                    "public.key"]


def test_lti_keys_refuses_to_overwrite_a_key(tmp_path: Path) -> None:
    assert _in(tmp_path, "lti", "keys", "lti")[0] == 0
    before = (tmp_path / "lti/private.key").read_bytes()
    code, out, err = _in(tmp_path, "lti", "keys", "lti")
    assert (code, out) == (2, "")
    assert err == ("gametrace: error: lti/private.key: there already: a key is never "
                   "overwritten (give another folder, or remove the old pair once no "
                   "platform uses it)\n")
    assert (tmp_path / "lti/private.key").read_bytes() == before


def test_lti_keys_says_its_refusal_in_italian(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "lti").mkdir()
    (tmp_path / "lti/public.key").write_text("old")
    monkeypatch.setenv("GAMETRACE_LANG", "it")
    code, _, err = _in(tmp_path, "lti", "keys", "lti")
    assert code == 2
    assert err.startswith("gametrace: error: lti/public.key: esiste già: una chiave non "
                          "viene mai sovrascritta")


def test_lti_keys_needs_its_folder(tmp_path: Path) -> None:
    code, out, err = _in(tmp_path, "lti", "keys")
    assert (code, out) == (2, "")
    assert err.startswith("gametrace: error: Missing argument 'DIR'.")


def test_lti_config_prints_the_administrators_text(tmp_path: Path) -> None:
    code, out, err = _in(tmp_path, "lti", "config", "--url", "https://gametrace.example.edu")
    assert (code, err) == (0, "")
    assert out == administrator_text("https://gametrace.example.edu")
    assert "  Login URL (OIDC login initiation): https://gametrace.example.edu/lti/login\n" \
        in out


def test_lti_config_canvas_prints_valid_json_alone(tmp_path: Path) -> None:
    code, out, err = _in(tmp_path, "lti", "config", "--url", "https://example.edu/gt/",
                         "--canvas", "--title", "Search lab")
    assert (code, err) == (0, "")
    assert json.loads(out) == canvas_config("https://example.edu/gt", title="Search lab")
    assert json.loads(out)["public_jwk_url"] == "https://example.edu/gt/lti/jwks"


@pytest.mark.parametrize(("args", "says"), [
    (["--url", "gametrace.example.edu"], "gametrace: error: --url 'gametrace.example.edu': "
                                         "the tool's address as the platform's browsers"),
    ([], "gametrace: error: Missing option '--url'."),
], ids=["not-a-url", "no-url"])
def test_lti_config_refuses_in_one_line_with_exit_2(tmp_path: Path, args: list[str],
                                                    says: str) -> None:
    code, out, err = _in(tmp_path, "lti", "config", *args)
    assert (code, out) == (2, "")
    assert err.startswith(says) and err.count("\n") == 1


def test_every_lti_command_has_help_with_examples() -> None:
    for command in ("keys", "config"):
        code, out, _ = gametrace("lti", command, "--help")
        assert code == 0 and "Examples:" in out and f"gametrace lti {command}" in out


# ------------------------------------------------------------------ serve --lti


def _tool_file(folder: Path, **changes: Any) -> Path:
    assert _in(folder, "lti", "keys", "lti")[0] == 0
    item = {"client_id": "AbC123", "auth_login_url": f"{MOODLE}/mod/lti/auth.php",
            "auth_token_url": f"{MOODLE}/mod/lti/token.php",
            "key_set_url": f"{MOODLE}/mod/lti/certs.php",
            "private_key_file": "private.key", "public_key_file": "public.key",
            "deployment_ids": ["1"], **changes}
    path = folder / "lti/tool.json"
    path.write_text(json.dumps({MOODLE: item}))
    return path


def test_serve_refuses_a_missing_lti_file_with_exit_2(tmp_path: Path) -> None:
    code, out, err = _in(tmp_path, "serve", "--db", "s.db", "--port", "0", "--lti",
                         "tool.json")
    assert (code, out) == (2, "")
    assert err.startswith(f"gametrace: error: {tmp_path}/tool.json: cannot read file: ")
    assert err.count("\n") == 1
    assert not (tmp_path / "s.db").exists()  # refused before the store is made


def test_serve_refuses_a_bad_lti_file_in_one_line_with_exit_1(tmp_path: Path) -> None:
    _tool_file(tmp_path, key_set_url=None)
    (tmp_path / "lti/tool.json").write_text(
        (tmp_path / "lti/tool.json").read_text().replace('"key_set_url": null, ', ""))
    code, out, err = _in(tmp_path, "serve", "--db", "s.db", "--port", "0", "--lti",
                         "lti/tool.json")
    assert (code, out) == (1, "")
    assert err == (f"gametrace: error: {tmp_path}/lti/tool.json: $['{MOODLE}']: a "
                   "registration lacks key_set_url (it needs client_id, auth_login_url, "
                   "auth_token_url, key_set_url, private_key_file, public_key_file, "
                   "deployment_ids)\n")
    assert not (tmp_path / "s.db").exists()


def test_serve_refuses_a_private_key_others_may_read(tmp_path: Path) -> None:
    _tool_file(tmp_path)
    (tmp_path / "lti/private.key").chmod(0o644)
    code, _, err = _in(tmp_path, "serve", "--db", "s.db", "--port", "0", "--lti",
                       "lti/tool.json")
    assert code == 1
    assert err == (f"gametrace: error: {tmp_path}/lti/tool.json: $['{MOODLE}']"
                   f".private_key_file: {tmp_path}/lti/private.key: others may read the "
                   f"private key (mode 644): chmod 600 {tmp_path}/lti/private.key\n")


def test_serve_hands_the_lti_file_to_its_workers(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from tracer.service.app import SETTINGS_ENV

    path = _tool_file(tmp_path)
    started: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: started.append(
        json.loads(os.environ[SETTINGS_ENV])))
    monkeypatch.setenv(SETTINGS_ENV, "")  # so that the one serve sets is undone after
    code, _, err = _in(tmp_path, "serve", "--db", "s.db", "--port", "0", "--lti",
                       "lti/tool.json")
    assert code == 0, err
    [settings] = started
    assert settings["lti"] == str(path)  # absolute: the workers read it wherever they run


@pytest.mark.parametrize("missing", ["pylti1p3", "sqlalchemy"])
def test_lti_without_the_serve_extra_says_how_to_install_it(tmp_path: Path,
                                                             missing: str) -> None:
    import subprocess
    import sys

    code = (f"import sys\nsys.modules[{missing!r}] = None\n"
            "from tracer.cli import main\nmain(['lti', 'keys', 'lti'])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120, check=False)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == ("gametrace: error: gametrace lti needs the service's packages: "
                           "pip install 'gametree-tracer[serve]'\n")
    assert list(tmp_path.iterdir()) == []  # no key made
