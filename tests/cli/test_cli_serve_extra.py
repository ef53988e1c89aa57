"""The web stack is the ``serve`` extra: ``gametrace serve``, ``browse`` and ``lti`` say
how to install it when it is missing, as an error (``gametrace: error: ``, exit code 1)
and before they write or print anything, and no other command imports it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

MISSING = ("gametrace: error: gametrace {command} needs the service's packages: "
           "pip install 'gametree-tracer[serve]'")


def _gametrace(args: list[str], *, hide: tuple[str, ...], cwd: Path,
               show: str = "") -> subprocess.CompletedProcess[str]:
    """``gametrace args`` in a fresh interpreter where the packages ``hide`` cannot be
    imported (a ``None`` in ``sys.modules`` makes Python refuse them); ``show``: the
    names of the modules to print, after the command, whose top package is this."""
    code = (
        "import sys\n"
        f"for name in {hide!r}:\n"
        "    sys.modules[name] = None\n"
        "from tracer.cli import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit as exc:\n"
        "    code = exc.code\n"
        f"if {show!r}:\n"
        f"    print(sorted(m for m in sys.modules if m.split('.')[0] in {show!r}.split(',')"
        " and sys.modules[m] is not None), file=sys.stderr)\n"
        "sys.exit(code)\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


@pytest.mark.parametrize("missing", ["starlette", "uvicorn", "sqlalchemy", "alembic"])
def test_serve_without_the_serve_extra_says_how_to_install_it(tmp_path: Path,
                                                               missing: str) -> None:
    done = _gametrace(["serve", "--db", "class.db", "--port", "0"], hide=(missing,),
                      cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr == MISSING.format(command="serve") + "\n"
    assert done.stdout == ""
    assert list(tmp_path.iterdir()) == []  # no store made


@pytest.mark.parametrize("missing", ["starlette", "uvicorn"])
def test_browse_without_the_serve_extra_says_so_before_it_writes_the_index(
        tmp_path: Path, missing: str) -> None:
    done = _gametrace(["run", "aima", "-o", "t.jsonl", "-q"], hide=(), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    done = _gametrace(["browse", "t.jsonl", "--port", "0"], hide=(missing,), cwd=tmp_path)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == MISSING.format(command="browse") + "\n"  # no URL printed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.jsonl"]  # no index written


def test_the_serve_extra_is_in_pyproject_and_in_dev() -> None:
    import tomllib

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())[
        "project"]
    assert project["name"] == "gametree-tracer"  # the name the message tells to install
    names = {d.split(">")[0].split("[")[0] for d in project["dependencies"]}
    assert not names & {"starlette", "uvicorn"}
    extras = project["optional-dependencies"]
    # requests, pyjwt and cryptography: imported by the LTI code itself, not only by pylti1p3
    assert {d.split(">")[0] for d in extras["serve"]} == {"starlette", "uvicorn", "sqlalchemy",
                                                          "alembic", "pylti1p3", "requests",
                                                          "pyjwt", "cryptography"}
    assert any(d.startswith("gametree-tracer[") and "serve" in d for d in extras["dev"])


def test_commands_other_than_serve_never_import_the_web_stack(tmp_path: Path) -> None:
    done = _gametrace(["run", "aima", "-a", "alphabeta", "-o", "aima.json"], hide=(),
                      cwd=tmp_path, show="starlette,uvicorn,sqlalchemy,alembic,pylti1p3,jwt,tracer")
    assert done.returncode == 0, done.stderr
    modules = ast.literal_eval(done.stderr.strip().splitlines()[-1])  # the sorted list
    assert "tracer.search" in modules  # the command ran: the search was imported
    service_stack = ("starlette", "uvicorn", "sqlalchemy", "alembic", "pylti1p3", "jwt")
    assert not [m for m in modules if m.split(".")[0] in service_stack]
    assert not [m for m in modules if m.startswith("tracer.service")]
    assert (tmp_path / "aima.json").stat().st_size > 0
