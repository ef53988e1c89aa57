"""The markers of the kinds of test (tests/marking.py): put on by what a test uses, and a
test that starts a child of a kind it is not marked with fails.  Each case is a small
session of its own (pytester, in this process, with the hooks of tests/marking.py)."""

from __future__ import annotations

import dis
import re
import sys
from types import CodeType

import pytest
from marking import GLOBAL_LOADS, KINDS, MEASURED_LIST, SLOW, TESTS, _global_names, kinds_of_command

pytest_plugins = ["pytester"]

CHECK = " and ".join(f"not {kind}" for kind in KINDS)
"""What ``make check`` selects."""



def named(*parts: str) -> str:
    """A program's name, made as the test runs, so that this module's own tests are not
    marked by it ("pdf" + "latex" would be folded into one constant by the compiler)."""
    return "".join(parts)


LATEX, GAMETRACE = named("pdf", "latex"), named("game", "trace")
"""For the parameters and the sources written (module constants a test names mark it)."""


def session(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    """A session in ``pytester``'s folder with the hooks of tests/marking.py."""
    # marking is imported already (tests/conftest.py): it cannot be rewritten again
    return pytester.runpytest("-p", "marking", "-W", "ignore::pytest.PytestAssertRewriteWarning",
                              *args)


def selected(pytester: pytest.Pytester, expression: str) -> list[str]:
    """The tests of ``pytester``'s folder that ``-m expression`` selects."""
    run = session(pytester, "--collect-only", "-q", "-m", expression)
    return [line for line in run.outlines if "::" in line]


@pytest.mark.parametrize(("args", "kinds"), [
    ([LATEX, "-interaction=nonstopmode", "deck.tex"], {"tex"}),
    (["/usr/bin/pdftoppm", "-png", "a.pdf", "a"], {"tex"}),
    ([sys.executable, "-m", "tracer", "run", "aima"], {"subprocess"}),
    ([GAMETRACE, "serve"], {"subprocess"}),
    (f"{sys.executable} -m tracer run aima --render - | head -1", {"subprocess"}),
    (["bash", "-c", "gametrace run aima -q | head -1"], {"subprocess"}),
    (["/bin/sh", "-c", "pdflatex deck.tex"], {"tex"}),
    (["/usr/lib/postgresql/15/bin/pg_ctl", "start"], {"postgres"}),
    (["/venv/lib/python3.11/site-packages/playwright/driver/node", "cli.js"], {"browser"}),
    (["git", "ls-files", "-z"], set()),
    (["node", "player.js"], set()),
], ids=["pdflatex", "pdftoppm", "python", "gametrace", "shell", "bash", "sh", "pg_ctl",
        "playwright", "git", "node"])
def test_a_child_process_says_which_marker_it_asks_for(args: object, kinds: set[str]) -> None:
    assert kinds_of_command(args) == kinds


def test_a_test_is_marked_by_the_fixtures_and_parameters_it_takes(
        pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_uses="""
        import pytest

        @pytest.fixture
        def browser(): return "chromium"

        @pytest.fixture
        def postgres(): return "postgresql://"

        @pytest.fixture(params=["sqlite", "postgresql"])
        def store(request): return request.param

        def test_page(browser): pass

        def test_server(postgres): pass

        def test_store(store): pass

        def test_plain(): pass
    """)
    assert selected(pytester, "browser") == ["test_uses.py::test_page"]
    assert selected(pytester, "postgres") == ["test_uses.py::test_server",
                                              "test_uses.py::test_store[postgresql]"]
    assert selected(pytester, CHECK) == ["test_uses.py::test_store[sqlite]",
                                         "test_uses.py::test_plain"]


def test_a_test_is_marked_by_the_programs_its_module_runs(pytester: pytest.Pytester) -> None:
    latex, gametrace = named("pdf", "latex"), named("game", "trace")
    pytester.makepyfile(helper_cli="""
        import subprocess, sys

        GAMETRACE = [sys.executable, "-m", "tracer"]

        def run(*args):
            return subprocess.run([*GAMETRACE, *args], check=False)
    """)
    pytester.makepyfile(test_runs=f"""
        import subprocess
        import pytest
        import helper_cli
        from helper_cli import run

        def compile(path):
            return subprocess.run(["{latex}", path], check=False)

        @pytest.fixture
        def deck(tmp_path):
            compile(tmp_path / "deck.tex")

        def test_deck(deck): pass

        def test_pdf(tmp_path): compile(tmp_path / "x.tex")

        def test_cli(): run("games")

        def test_module(): helper_cli.run("games")

        def test_words():
            assert "{gametrace} run aima" != "{latex} is a program"

        @pytest.mark.slow
        def test_long(): pass
    """)
    assert selected(pytester, "tex") == ["test_runs.py::test_deck", "test_runs.py::test_pdf"]
    assert selected(pytester, "subprocess") == ["test_runs.py::test_cli",
                                                "test_runs.py::test_module"]
    assert selected(pytester, CHECK) == ["test_runs.py::test_words"]


def test_an_unmarked_test_that_starts_a_child_fails(pytester: pytest.Pytester) -> None:
    # The program's name is made as the test runs: no hook can see it in the source.
    pytester.makepyfile(test_hidden="""
        import subprocess
        import pytest

        def test_hidden(tmp_path):
            name = "pdf"
            name += "latex"
            subprocess.run([name, "--version"], cwd=tmp_path)

        @pytest.mark.tex
        def test_marked(tmp_path):
            try:
                subprocess.run(["pdflatex", "--version"], cwd=tmp_path,
                               capture_output=True)
            except FileNotFoundError:
                pass  # a machine without TeX: the marker was all this asks about
    """)
    run = session(pytester, "-q")
    run.assert_outcomes(passed=1, failed=1)
    assert ("test_hidden.py::test_hidden starts ['pdflatex', '--version'] but is not marked "
            "@pytest.mark.tex: put the marker on the test") in run.stdout.str()


def test_every_test_the_slow_table_names_is_there() -> None:
    # an entry left behind by a renamed test would put the test back in make check unseen
    modules = {path.name: path for path in TESTS.rglob("test_*.py")}
    missing = []
    for entry in sorted(SLOW):
        module, _, test = entry.partition("::")
        path = modules.get(module)
        if path is None or (test and not re.search(rf"^def {test}\(", path.read_text(),
                                                  re.MULTILINE)):
            missing.append(entry)
    assert missing == []


def test_every_test_the_measured_list_names_is_there() -> None:
    # tools/find_slow_tests.py writes the list; a test renamed since is named again
    modules = {path.name: path for path in TESTS.rglob("test_*.py")}
    missing = []
    for line in MEASURED_LIST.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        module, _, rest = line.partition("::")
        test = rest.split("[")[0].rsplit("::", 1)[-1]
        path = modules.get(module)
        if path is None or not re.search(rf"^\s*(async )?def {test}\(", path.read_text(),
                                         re.MULTILINE):
            missing.append(line)
    assert missing == []


def test_the_names_read_off_the_bytecode_are_those_dis_gives() -> None:
    # the fast reading of LOAD_GLOBAL and LOAD_NAME, on every function of the tests
    codes: list[CodeType] = []

    def walk(code: CodeType) -> None:
        codes.append(code)
        for const in code.co_consts:
            if isinstance(const, CodeType):
                walk(const)

    for path in sorted(TESTS.rglob("*.py")):
        walk(compile(path.read_text(encoding="utf-8"), str(path), "exec"))
    assert len(codes) > 5000
    wrong = [code.co_qualname for code in codes if _global_names(code) != {
        i.argval for i in dis.get_instructions(code) if i.opname in GLOBAL_LOADS}]
    assert wrong == []
