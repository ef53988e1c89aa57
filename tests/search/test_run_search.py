"""run_search refuses what the chosen search would ignore, in the command line's words,
so that the Python API behaves as ``gametrace run`` does."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from tracer.cli import main
from tracer.errors import UsageError
from tracer.record import MemoryRecorder
from tracer.search import run_search
from tracer.sources import resolve

REFUSED = [
    ({"algorithm": "minimax", "cut_on": "gt"}, ["-a", "minimax", "--cut-on", "gt"]),
    ({"algorithm": "minimax", "cut_on": "ge"}, ["-a", "minimax", "--cut-on", "ge"]),
    ({"algorithm": "alphabeta", "variant": "slide-002", "cut_on": "gt"},
     ["--variant", "slide-002", "--cut-on", "gt"]),
    ({"algorithm": "alphabeta", "bounds": (0.0, 20.0)}, ["--bounds", "0", "20"]),
    ({"algorithm": "expectiminimax", "bounds": (0.0, 20.0)},
     ["-a", "expectiminimax", "--bounds", "0", "20"]),
    ({"algorithm": "minimax", "prover": "min"}, ["-a", "minimax", "--prover", "min"]),
    ({"algorithm": "alphabeta", "techniques": "id"}, ["--technique", "id"]),
    ({"algorithm": "alphabeta", "seed": 3}, ["--seed", "3"]),
    ({"algorithm": "minimax", "order": "reverse", "seed": 3},
     ["-a", "minimax", "--order", "reverse", "--seed", "3"]),
]


@pytest.mark.parametrize(("options", "argv"), REFUSED,
                         ids=["cut-on-minimax", "cut-on-ge-minimax", "cut-on-slide",
                              "bounds-alphabeta", "bounds-plain", "prover-minimax",
                              "technique-alphabeta", "seed-natural", "seed-reverse"])
def test_run_search_refuses_what_run_refuses_in_the_same_words(
        options: dict[str, Any], argv: list[str]) -> None:
    game, state, _ = resolve("aima").game()
    with pytest.raises(UsageError) as info:
        run_search(game, state, **options)
    result = CliRunner().invoke(main, ["run", "aima", *argv])
    assert result.exit_code == 2
    assert result.stderr == f"gametrace: error: {info.value}\n"


@pytest.mark.parametrize("options", [
    {"algorithm": "alphabeta", "variant": "fail-hard", "cut_on": "gt"},
    {"algorithm": "enhanced", "cut_on": "ge", "techniques": "killer,tt"},
    {"algorithm": "minimax", "order": "random", "seed": 3},
    {"algorithm": "minimax", "cut_on": None, "prover": None, "bounds": None, "techniques": ""},
], ids=["cut-on", "enhanced", "seed", "nothing-given"])
def test_run_search_takes_what_applies(options: dict[str, Any]) -> None:
    game, state, _ = resolve("aima").game()
    assert run_search(game, state, **options).value == 3


@pytest.mark.parametrize("algorithm", ["andor", "pns"])
def test_the_proof_searches_take_a_prover(algorithm: str) -> None:
    game, state, _ = resolve("grundy", params={"coins": "7", "first": "min"}).game()
    for prover, recorded in ((None, "max"), ("min", "min")):
        rec = MemoryRecorder()
        assert run_search(game, state, algorithm=algorithm, prover=prover,
                          recorder=rec).complete
        assert rec.trace.header.options["prover"] == recorded


def test_star1_takes_bounds_and_a_cut_test() -> None:
    game, state, _ = resolve("coin").game()
    plain = run_search(game, state, algorithm="expectiminimax")
    star = run_search(game, state, algorithm="expectiminimax", variant="star1",
                      bounds=(-2.0, 7.0), cut_on="gt")
    assert star.value == plain.value


def test_an_unknown_variant_is_refused_with_the_nearest_name() -> None:
    game, state, _ = resolve("aima").game()
    with pytest.raises(UsageError, match="did you mean 'fail-hard'"):
        run_search(game, state, variant="fail-hrd")


def test_a_spec_is_searched_as_its_keywords_are() -> None:
    """The front door hands run_search the frozen spec it made; a script's keywords make
    the same spec, so the two traces are one."""
    from tracer.spec import SearchSpec

    game, state, _ = resolve("aima").game()
    spec = SearchSpec.make(algorithm="alphabeta", variant="fail-hard", cut_on="gt")
    by_spec, by_keywords = MemoryRecorder(), MemoryRecorder()
    run_search(game, state, spec=spec, recorder=by_spec)
    run_search(game, state, algorithm="alphabeta", variant="fail-hard", cut_on="gt",
               recorder=by_keywords)
    assert by_spec.trace.to_json() == by_keywords.trace.to_json()
    assert by_spec.trace.header.variant == "fail-hard"
    assert by_spec.trace.header.options["cut_on"] == "gt"


def test_a_spec_and_keywords_together_are_refused() -> None:
    from tracer.spec import SearchSpec

    game, state, _ = resolve("aima").game()
    with pytest.raises(TypeError, match=r"not both \(depth\)"):
        run_search(game, state, spec=SearchSpec(), depth=2)
    with pytest.raises(TypeError, match="SearchSpec has no option 'dpeth'"):
        run_search(game, state, dpeth=2)
