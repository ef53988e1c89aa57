"""The package's public face: ``import tracer``; and the package as an index holds it."""

from __future__ import annotations

import email
import email.policy
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest


def test_dir_of_the_package_lists_each_public_name_once() -> None:
    import tracer

    # Names load on first use (PEP 562); once loaded, they were listed twice.
    loaded = tracer.load_tree
    assert callable(loaded)
    names = dir(tracer)
    assert len(names) == len(set(names)) and "load_tree" in names and "__version__" in names
    assert not {"Any", "importlib", "TYPE_CHECKING", "annotations"} & set(names)


def test_an_event_gives_a_dict_and_json_text() -> None:
    import json

    from tracer.events import Cut, event_from_json
    from tracer.jsonio import dumps_json

    cut = Cut(7, "C", "alpha", "H", 3, 2, 2, ("I", "J"))
    data = cut.to_dict()
    assert data["type"] == "cut" and data["pruned"] == ["I", "J"]
    assert cut.to_json() == dumps_json(data) and json.loads(cut.to_json()) == data
    assert event_from_json(json.loads(cut.to_json())) == cut


# The package as an index holds it ----------------------------------------------------
# tools/make_dist.py (`make dist`) builds the sdist, the manylinux wheel and the pure
# wheel; each wheel is installed into a new venv outside the source tree, its
# dependencies from the configured index, and draws the AIMA tree there.

ROOT = Path(__file__).resolve().parent.parent
PROJECT = "https://github.com/gametree-tracer/gametree-tracer"
PAGES = f"{PROJECT}/blob/main/"
RAW = "https://raw.githubusercontent.com/gametree-tracer/gametree-tracer/main/"


def _pyproject() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def index_readme() -> str:
    """README.md as hatch-fancy-pypi-readme writes it into the package's metadata: each
    substitution of pyproject.toml applied in order, as the plugin applies them."""
    hooks = _pyproject()["tool"]["hatch"]["metadata"]["hooks"]  # type: ignore[index]
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for substitution in hooks["fancy-pypi-readme"]["substitutions"]:
        text = re.sub(substitution["pattern"], substitution["replacement"], text)
    return text


def _tracked() -> set[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode().split("\0")
    return {name for name in listed if name}


def test_the_index_page_has_only_absolute_links_to_files_that_exist() -> None:
    text = index_readme()
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    assert targets and all(t.startswith("https://") for t in targets), \
        [t for t in targets if not t.startswith("https://")]
    tracked = _tracked()
    folders = {name.rsplit("/", 1)[0] + "/" for name in tracked if "/" in name}
    for target in targets:
        if target.startswith(RAW):
            assert target.removeprefix(RAW) in tracked, target
            assert re.search(r"\.(svg|png)$", target), target
        elif target.startswith(PAGES):
            path = target.removeprefix(PAGES).split("#", 1)[0]
            assert path in tracked or path in folders, target
    # every picture comes from the raw files (a page of the repository is not an image)
    assert all(url.startswith(RAW) for url in re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text))


def test_the_metadata_follows_pep_639() -> None:
    """An SPDX expression and the license file; no ``License ::`` classifier beside it
    (PEP 639 forbids both at once); hatchling new enough to write them."""
    project = _pyproject()["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]
    assert "Programming Language :: Python :: 3.11" in project["classifiers"]
    assert set(project["urls"]) == {"Homepage", "Documentation", "Source", "Issues",
                                    "Changelog"}
    assert all(url.startswith(PROJECT) for url in project["urls"].values())
    requires = _pyproject()["build-system"]["requires"]
    assert "hatchling>=1.27" in requires
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License") and "The gametree-tracer authors" in license_text


def test_the_core_install_draws_and_leaves_the_service_to_its_extra() -> None:
    """The demo installs only the core: the drawing libraries; the service, the adapters
    and the test tools are extras."""
    project = _pyproject()["project"]
    names = {re.split(r"[<>=\[ ;]", d, maxsplit=1)[0] for d in project["dependencies"]}
    assert names == {"click", "jsonschema", "graphviz", "pygraphviz", "pypdf"}  # frames.pdf
    extras = project["optional-dependencies"]
    assert {"serve", "chess", "openspiel", "test", "dev"} <= set(extras)
    assert any(d.startswith("starlette") for d in extras["serve"])
    assert any(d.startswith("pytest") for d in extras["test"])


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """tools/make_dist.py's files, by kind: sdist, manylinux, pure (it fails unless
    ``twine check --strict`` passes all three)."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_dist.py"), "--out",
                           str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    files = {path.name: path for path in out.iterdir()}
    assert len(files) == 3, files
    kinds = {"sdist": [p for n, p in files.items() if n.endswith(".tar.gz")],
             "manylinux": [p for n, p in files.items() if "manylinux" in n],
             "pure": [p for n, p in files.items() if n.endswith("-py3-none-any.whl")]}
    assert all(len(paths) == 1 for paths in kinds.values()), files
    return {kind: paths[0] for kind, paths in kinds.items()}


def _child_env() -> dict[str, str]:
    """This environment without what points a Python at the source tree or this venv."""
    return {k: v for k, v in os.environ.items()
            if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "GAMETRACE_PURE")}


@pytest.mark.slow
@pytest.mark.subprocess
def test_auditwheel_calls_the_compiled_wheel_manylinux(dist: dict[str, Path]) -> None:
    wheel = dist["manylinux"]
    assert re.search(r"-cp311-cp311-(manylinux\w*\.)*manylinux_2_\d+_x86_64\.whl$", wheel.name)
    bin_dir = str(Path(sys.executable).parent)
    shown = subprocess.run([sys.executable, "-m", "auditwheel", "show", str(wheel)],
                           capture_output=True, text=True, check=False,
                           env={**os.environ, "PATH": bin_dir + os.pathsep + os.environ["PATH"]})
    assert shown.returncode == 0, shown.stderr
    assert re.search(r'consistent with\s+the following platform tag:\s+"manylinux_2_\d+_x86_64"',
                     shown.stdout), shown.stdout
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert {"tracer/_lines", "tracer/_scan"} <= {n.split(".", 1)[0] for n in names
                                                  if n.endswith(".so")}
    with zipfile.ZipFile(dist["pure"]) as archive:
        assert not [n for n in archive.namelist() if n.endswith((".so", ".pyd"))]


@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.parametrize("kind", ["manylinux", "pure"])
def test_the_metadata_an_index_reads(kind: str, dist: dict[str, Path]) -> None:
    with zipfile.ZipFile(dist[kind]) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        metadata = email.message_from_string(archive.read(name).decode("utf-8"),
                                             policy=email.policy.compat32)
        assert any(n.endswith(".dist-info/licenses/LICENSE") for n in archive.namelist())
    assert metadata["Metadata-Version"] == "2.4"
    assert metadata["License-Expression"] == "MIT" and metadata["License-File"] == "LICENSE"
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert {url.split(",", 1)[0] for url in metadata.get_all("Project-URL")} == {
        "Homepage", "Documentation", "Source", "Issues", "Changelog"}
    assert not [c for c in metadata.get_all("Classifier") if c.startswith("License ::")]
    assert metadata.get_payload().strip() == index_readme().strip()


@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.parametrize("kind", ["manylinux", "pure"])
def test_a_fresh_venv_installs_the_wheel_and_draws_the_aima_tree(
        kind: str, dist: dict[str, Path], tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    env = _child_env()
    subprocess.run([str(Path(sys.base_prefix) / "bin" / "python3"), "-m", "venv", str(venv)],
                   check=True, env=env, capture_output=True)
    python = venv / "bin" / "python"
    installed = subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                                str(dist[kind])], capture_output=True, text=True, env=env,
                               cwd=tmp_path, check=False)
    assert installed.returncode == 0, installed.stderr
    gametrace = str(venv / "bin" / "gametrace")
    ran = subprocess.run([gametrace, "run", "aima", "-a", "alphabeta", "-o", "t.json"],
                         capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert ran.returncode == 0, ran.stderr
    assert "value: 3" in ran.stdout and "best move: B" in ran.stdout
    drawn = subprocess.run([gametrace, "render", "t.json", "-o", "t.svg"], capture_output=True,
                           text=True, env=env, cwd=tmp_path, check=False)
    assert drawn.returncode == 0, drawn.stderr
    svg = (tmp_path / "t.svg").read_text(encoding="utf-8")
    assert svg.lstrip().startswith("<?xml") and "</svg>" in svg
    labels = set(re.findall(r"<text[^>]*>([^<]*)</text>", svg))
    assert set("ABCDEFGHIJKLM") <= labels  # every node of the lecture tree, pruned I, J too
    assert "alpha&#45;beta (fail&#45;soft): value 3, best move B" in labels
    # the package it ran is the venv's, compiled or not as its wheel is
    where = subprocess.run([str(python), "-c", "import importlib.util as u, tracer; "
                            "print(tracer.__file__); print(u.find_spec('tracer._lines') is None)"],
                           capture_output=True, text=True, env=env, cwd=tmp_path, check=True)
    file, pure = where.stdout.split()
    assert Path(file).is_relative_to(venv) and not Path(file).is_relative_to(ROOT)
    assert pure == str(kind == "pure")


def test_make_demo_installs_the_package_alone_and_the_rest_install_dev() -> None:
    """The demo's stamp installs no extra; every target that runs the tests, the lint or
    the builds installs ``[dev]``; ``make serve`` the service's extra."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")

    def recipe(target: str) -> str:
        found = re.search(rf"^{re.escape(target)}:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
        assert found, target
        return found.group(1)

    def prerequisites(target: str) -> list[str]:
        found = re.search(rf"^{target}:(.*)$", makefile, re.MULTILINE)
        assert found, target
        return found.group(1).split()

    assert "$(PIP) -e .\n" in recipe("$(DEMO_STAMP)")
    assert "$(PIP) -e '.[serve]'" in recipe("$(SERVE_STAMP)")
    assert "$(PIP) -e '.[dev]'" in recipe("$(STAMP)")
    assert prerequisites("demo") == ["$(DEMO_STAMP)"]
    assert prerequisites("serve") == ["$(SERVE_STAMP)"]
    for target in ("test", "check", "lint", "docs", "docs-check", "dist"):
        assert "$(STAMP)" in prerequisites(target), target
