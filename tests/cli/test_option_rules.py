"""Options that do not apply: one rule, declared in the core
(:data:`tracer.option_rules.OPTION_RULES`),
enumerated here for every command's options against each of its modes.

Every option of every command is declared (it applies everywhere in its command, or in
some modes only); every option given in a mode where it does not apply exits 2 with one
line naming it and where it applies (docs/errors.md, "Options that do not apply").
"""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tests.faults.option_modes import ANSWER, ASTAR_ANSWER, CASES, GIVEN, MODES, command_line
from tracer.cli import main
from tracer.option_rules import OPTION_RULES

NO_MODES = {"browse", "diff", "examples", "export moodle", "export prairielearn", "games",
            "index", "lti config", "lti keys", "sdk", "serve", "validate"}
"""The commands whose every option applies whenever the command runs."""


def _commands() -> dict[str, click.Command]:
    out: dict[str, click.Command] = {}
    for name, command in main.commands.items():
        if isinstance(command, click.Group):
            out.update({f"{name} {n}": c for n, c in command.commands.items()})
        else:
            out[name] = command
    return out


def _flags(command: click.Command) -> set[str]:
    return {max(p.opts, key=len) for p in command.params
            if isinstance(p, click.Option) and p.name != "help"}


def test_every_command_is_declared() -> None:
    assert set(_commands()) == set(OPTION_RULES) | NO_MODES
    assert not set(OPTION_RULES) & NO_MODES


@pytest.mark.parametrize("name", sorted(OPTION_RULES))
def test_every_option_is_declared(name: str) -> None:
    table = OPTION_RULES[name]
    ruled = {r.option.partition("=")[0] for r in table.rules}
    flags = _flags(_commands()[name])
    assert not ruled - flags, "rules for options the command does not have"
    assert not set(table.everywhere) - flags, "options the command does not have"
    assert flags - {"--help"} == ruled | set(table.everywhere), \
        "each option is declared once: everywhere, or in some modes"
    assert not ruled & set(table.everywhere)
    for rule in table.rules:
        modes = table.dimensions[rule.dimension]
        assert set(rule.modes) < set(modes), rule  # applies somewhere, not everywhere


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("modes")
    runner = CliRunner()
    for name, order in (("a.json", "natural"), ("b.json", "reverse")):
        done = runner.invoke(main, ["run", "aima", "--order", order, "-o", str(base / name),
                                    "-q"])
        assert done.exit_code == 0, done.output
    (base / "ans.json").write_text(ANSWER)
    (base / "ans2.json").write_text(ANSWER)
    (base / "astar.json").write_text(ASTAR_ANSWER)
    return base


def _run(folder: Path, args: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.chdir(folder)
    done = CliRunner().invoke(main, args)
    return done.exit_code, done.stderr


def test_every_rule_has_a_case() -> None:
    for name, option, dimension, mode in CASES:
        assert option in GIVEN, option
        assert mode in MODES[name][dimension], (name, dimension, mode)


@pytest.mark.parametrize(("name", "option", "dimension", "mode"), CASES,
                         ids=[f"{n}-{o}-{m}" for n, o, _, m in CASES])
def test_refused_where_it_does_not_apply(folder: Path, monkeypatch: pytest.MonkeyPatch,
                                         name: str, option: str, dimension: str,
                                         mode: str) -> None:
    code, err = _run(folder, command_line(name, option, dimension, mode), monkeypatch)
    shown = option.replace("=", " ")
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith(f"gametrace: error: {shown} applies to ")
    assert str(OPTION_RULES[name].dimensions[dimension][mode]) in err


ISSUE = [
    (["check", "aima", "ans.json", "--heuristic", "zero"],
     "--heuristic applies to -a astar (an A* answer), not to -a alphabeta"),
    (["exercise", "-b", "2", "-d", "2", "-o", "e1", "-q", "--ask", "alpha-beta"],
     "--ask applies to a worksheet (--worksheet FILE.pdf), not to an exercise without "
     "--worksheet"),
    (["exercise", "-b", "2", "-d", "2", "-o", "e2", "-q", "--size", "a4"],
     "--size applies to a worksheet"),
    (["exercise", "-b", "2", "-d", "2", "-o", "e3", "-q", "--cuts", "-1..2"],
     "--cuts -1..2: a number of cuts is 0 or more"),
    (["compare", "aima", "--orders", "natural", "--format", "csv", "-o", "x.json"],
     "--format csv applies to standard output or -o FILE.csv, not to -o FILE.json"),
    (["check", "aima", "ans.json", "-p", "goal=4"], "--param applies to -a astar"),
    (["check", "jugs", "astar.json", "-a", "astar", "--order", "reverse"],
     "--order applies to -a minimax and -a alphabeta, not to -a astar"),
    (["check", "aima", "ans.json", "--preset", "slides"], "--preset applies to a drawing"),
    (["run", "aima", "--preset", "slides"], "--preset applies to a drawing"),
    (["astar", "jugs", "--preset", "slides"], "--preset applies to a drawing"),
    (["compare", "aima", "--orders", "natural", "--repeat", "2"],
     "--repeat applies to comparing --techniques"),
    (["compare", "aima", "--orders", "natural", "--side-by-side", "natural,reverse"],
     "--side-by-side applies to --picture FILE"),
    (["compare", "aima", "--orders", "natural", "--theme", "print", "--plot", "p.svg"],
     "--theme applies to --picture FILE"),
    (["render", "a.json", "-o", "r.svg", "--step", "leaf"], "--step applies to --frames"),
    (["render", "a.json", "-o", "r.svg", "--max-frames", "3"],
     "--max-frames applies to --frames"),
    (["render", "a.json", "-o", "r.svg", "--strip-columns", "2"],
     "--strip-columns applies to --strip"),
    (["render", "a.json", "-o", "r.svg", "--dpi", "300"], "--dpi applies to a PNG output"),
    (["regret", "a.json", "--width", "3"], "--width applies to --picture FILE"),
    (["bisect", "a.json", "b.json", "--json", "--limit", "3"], "--limit applies to"),
    (["astar", "jugs", "--json", "--limit", "3"], "--limit applies to the printed tables"),
    (["admissible", "jugs", "--json", "--limit", "3"], "--limit applies to"),
    (["stats", "a.json", "--max-ply", "10"], "--max-ply applies to --minimal"),
]
"""The issue's examples and what the enumeration found, as command lines: each accepted
silently before the rule (exit 0, the option doing nothing)."""


@pytest.mark.parametrize(("args", "said"), ISSUE, ids=[" ".join(a[:1] + a[-2:])
                                                       for a, _ in ISSUE])
def test_found_cases(folder: Path, monkeypatch: pytest.MonkeyPatch, args: list[str],
                     said: str) -> None:
    code, err = _run(folder, args, monkeypatch)
    assert code == 2 and err.count("\n") == 1 and said in err, err


@pytest.mark.parametrize("rule", [(n, r.option) for n, t in OPTION_RULES.items()
                                  for r in t.rules], ids=str)
def test_rule_said_in_italian(rule: tuple[str, str]) -> None:
    from tracer.said import catalog

    name, option = rule
    table = OPTION_RULES[name]
    found = next(r for r in table.rules if r.option == option)
    assert found.where.known_in("it")
    for words in table.dimensions[found.dimension].values():
        assert words.known_in("it")
    assert "{option} applies to {where}, not to {here}" in catalog("it")
