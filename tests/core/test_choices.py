"""Which option applies where (tracer.spec), and names suggested for typos (tracer.choices)."""

from __future__ import annotations

import pytest

from tracer._api import search_source
from tracer.choices import check_frame_options, nearest, unknown_choice
from tracer.errors import UsageError
from tracer.search import run_search
from tracer.sources import resolve
from tracer.spec import check_options


@pytest.mark.parametrize(("algorithm", "variant", "given", "words"), [
    ("minimax", "two-function", {"cut_on": "gt"},
     "--cut-on applies to -a alphabeta (fail-soft, fail-hard, negamax, list), enhanced, "
     "expectiminimax (star1), not to minimax"),
    ("expectiminimax", "plain", {"cut_on": "ge"}, "not to expectiminimax plain"),
    ("alphabeta", "slide-002", {"cut_on": "gt"}, "not to alphabeta slide-002"),
    ("alphabeta", "fail-soft", {"bounds": (0, 1)},
     "--bounds applies to -a expectiminimax (star1), not to alphabeta"),
    ("expectiminimax", "plain", {"bounds": (0, 1)}, "not to expectiminimax plain"),
    ("minimax", "two-function", {"prover": "min"}, "--prover applies to -a andor, pns"),
    ("alphabeta", "fail-soft", {"techniques": "id"}, "(--technique) apply to -a enhanced"),
    ("alphabeta", "fail-soft", {"seed": 0},
     "--seed applies to --order random, not to --order natural"),
], ids=["cut-on-minimax", "cut-on-plain", "cut-on-slide", "bounds-alphabeta", "bounds-plain",
        "prover", "technique", "seed"])
def test_an_option_that_does_not_apply_is_refused(algorithm: str, variant: str,
                                                  given: dict[str, object],
                                                  words: str) -> None:
    with pytest.raises(UsageError) as info:
        check_options(algorithm, variant, given=given)
    assert words in str(info.value)


@pytest.mark.parametrize(("algorithm", "variant", "order", "given"), [
    ("alphabeta", "fail-hard", "natural", {"cut_on": "gt"}),
    ("expectiminimax", "star1", "natural", {"cut_on": "gt", "bounds": (0, 9)}),
    ("enhanced", "pvs", "natural", {"cut_on": "ge", "techniques": "id,tt"}),
    ("pns", "pns", "natural", {"prover": "min"}),
    ("minimax", "two-function", "random", {"seed": 3}),
    ("minimax", "two-function", "natural", {"cut_on": None, "bounds": None, "techniques": ""}),
], ids=["cut-on", "star1", "enhanced", "prover", "seed", "nothing-given"])
def test_an_option_that_applies_passes(algorithm: str, variant: str, order: str,
                                       given: dict[str, object]) -> None:
    check_options(algorithm, variant, order=order, given=given)


def test_search_source_refuses_what_the_search_would_ignore() -> None:
    """The command line and the service go through search_source: an option the search
    would ignore is refused there, as it is by run_search itself."""
    with pytest.raises(UsageError, match="--cut-on applies"):
        search_source("aima", algorithm="minimax", cut_on="gt")
    with pytest.raises(UsageError, match="--seed applies to --order random"):
        search_source("aima", seed=2)
    assert search_source("aima", algorithm="minimax")[0].value == 3


def test_frame_options_need_frames() -> None:
    with pytest.raises(UsageError, match="--frame-format applies to --frames DIR"):
        check_frame_options(frames=False, frame_format="png")
    check_frame_options(frames=True, frame_format="png")
    check_frame_options(frames=False, frame_format=None)


@pytest.mark.parametrize(("value", "allowed", "guess"), [
    ("fail-hrd", ("fail-soft", "fail-hard"), "fail-hard"),
    ("alphabta", ("minimax", "alphabeta"), "alphabeta"),
    ("Reverse", ("natural", "reverse"), "reverse"),
    ("zzz", ("natural", "reverse"), None),
])
def test_the_nearest_name(value: str, allowed: tuple[str, ...], guess: str | None) -> None:
    assert nearest(value, allowed) == guess


def test_an_unknown_choice_suggests_the_nearest() -> None:
    assert str(unknown_choice("alphabeta variant", "fail-hrd", ("fail-soft", "fail-hard"))) == (
        "unknown alphabeta variant 'fail-hrd' (choose from: fail-soft, fail-hard); "
        "did you mean 'fail-hard'?")
    assert str(unknown_choice("order", "zzz", ("natural",))) == (
        "unknown order 'zzz' (choose from: natural)")


def test_an_unknown_choice_is_worded_in_italian() -> None:
    from tracer.said import said

    line = unknown_choice(said("algorithm"), "alphabta", ("alphabeta", "minimax"))
    assert line.worded("it") == ("algoritmo: nessuna scelta si chiama 'alphabta' (scegli "
                                 "tra: alphabeta, minimax); forse 'alphabeta'?")


@pytest.mark.parametrize(("algorithm", "variant"), [
    ("minimax", "two-function"), ("minimax", "negamax"), ("minimax", "list"),
    ("alphabeta", "fail-soft"), ("alphabeta", "negamax"), ("alphabeta", "list"),
    ("enhanced", "fail-soft"),
])
def test_a_chance_node_is_named_by_its_id_not_an_index(algorithm: str, variant: str) -> None:
    """The issue: "node 0 is a chance node" on the coin example, whose node is B."""
    game, state, _ = resolve("coin").game()
    with pytest.raises(UsageError, match=r"^node B is a chance node"):
        run_search(game, state, algorithm=algorithm, variant=variant)
