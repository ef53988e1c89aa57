"""The search spec (tracer.spec): one frozen request, checked once, and the one table the
command line, the service's request schemas and the page's menus are made from."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer._api import SearchSpec, read_trace, record_search, search_source
from tracer.cli import main
from tracer.errors import UsageError
from tracer.families import ALGORITHMS
from tracer.limits import Limits
from tracer.spec import APPLIES, FIELDS, menus


def test_a_spec_is_frozen_and_names_its_default_variant() -> None:
    spec = SearchSpec.make(algorithm="enhanced", variant="pvs", techniques="id,tt")
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.depth = 3
    assert spec.title == "enhanced (pvs; id,tt)"
    assert SearchSpec().shown_variant == "fail-soft"
    assert SearchSpec.make(algorithm="minimax", order=None).order == "natural"


@pytest.mark.parametrize(("given", "message"), [
    ({"algorithm": "alphabta"},
     "unknown algorithm 'alphabta' (choose from: minimax, alphabeta, expectiminimax, "
     "andor, pns, enhanced); did you mean 'alphabeta'?"),
    ({"variant": "fail-sfot"},
     "unknown alphabeta variant 'fail-sfot' (choose from: fail-soft, fail-hard, negamax, "
     "list, slide-002); did you mean 'fail-soft'?"),
    ({"algorithm": "minimax", "cut_on": "gt"},
     "--cut-on applies to -a alphabeta (fail-soft, fail-hard, negamax, list), enhanced, "
     "expectiminimax (star1), not to minimax"),
    ({"variant": "slide-002", "cut_on": "gt"},
     "--cut-on applies to -a alphabeta (fail-soft, fail-hard, negamax, list), enhanced, "
     "expectiminimax (star1), not to alphabeta slide-002"),
    ({"seed": 3}, "--seed applies to --order random, not to --order natural"),
    ({"bounds": (-2, 7)}, "--bounds applies to -a expectiminimax (star1), not to alphabeta"),
    ({"prover": "min"}, "--prover applies to -a andor, pns, not to alphabeta"),
    ({"techniques": "id"}, "move-ordering techniques (--technique) apply to -a enhanced, "
                           "not to alphabeta"),
    ({"order": "revrese"}, "unknown ordering 'revrese' (choose from: natural, reverse, "
                           "random, best, worst); did you mean 'reverse'?"),
    ({"depth": -1}, "depth must be 0 or more, got -1"),
], ids=["algorithm", "variant", "cut-on", "cut-on-slide", "seed", "bounds", "prover",
        "techniques", "order", "depth"])
def test_a_spec_refuses_in_the_words_of_run(given: dict[str, object], message: str) -> None:
    with pytest.raises(UsageError) as caught:
        SearchSpec.make(**given)
    assert str(caught.value) == message


def test_the_spec_is_checked_before_the_source_is_read() -> None:
    # a source that does not exist: the option is refused first, as run refuses it
    with pytest.raises(UsageError, match="--prover applies"):
        search_source("no-such-tree.json", prover="min")


def test_a_spec_made_once_searches_like_its_keywords() -> None:
    spec = SearchSpec.make(algorithm="alphabeta", variant="fail-hard", order="reverse",
                           cut_on="gt", limits=Limits(max_nodes=1_000))
    made, text = record_search("aima", spec=spec)
    keywords, same = record_search("aima", algorithm="alphabeta", variant="fail-hard",
                                   order="reverse", cut_on="gt",
                                   limits=Limits(max_nodes=1_000))
    assert text == same and made.value == keywords.value == 3
    with pytest.raises(TypeError, match="not both"):
        record_search("aima", spec=spec, depth=2)


def test_a_request_body_makes_the_same_spec() -> None:
    body = {"example": "aima", "algorithm": "expectiminimax", "variant": "star1",
            "bounds": [-2, 7], "cut_on": "gt", "store": True}
    spec = SearchSpec.from_request(body)
    assert spec == SearchSpec(algorithm="expectiminimax", variant="star1",
                              bounds=(-2.0, 7.0), cut_on="gt")


def test_every_option_that_applies_somewhere_only_is_a_field() -> None:
    assert set(APPLIES) == {"cut_on", "bounds", "prover", "techniques"} <= set(FIELDS)
    assert {f.flag for f in FIELDS.values()} >= {
        "--algorithm", "--variant", "--order", "--seed", "--depth", "--cut-on", "--bounds",
        "--prover", "--technique", "--max-nodes", "--time-limit", "--max-trace-mb"}


@pytest.fixture
def trial_variant(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A trial alpha-beta variant, added to the one table at run time."""
    from tracer.service.models.openapi import openapi, request_validator

    monkeypatch.setitem(ALGORITHMS, "alphabeta", (*ALGORITHMS["alphabeta"], "trial"))
    openapi.cache_clear()  # the document is built once: build it again with the trial
    request_validator.cache_clear()
    yield "trial"
    openapi.cache_clear()
    request_validator.cache_clear()


def test_a_new_variant_is_added_in_one_place(trial_variant: str, tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from tracer.service import Settings, create_app

    # the command line's help ...
    done = CliRunner().invoke(main, ["run", "--help"])
    assert done.exit_code == 0
    assert "slide-002, trial." in " ".join(done.output.split())
    # ... the OpenAPI document's enum of the algorithm's variants ...
    with TestClient(create_app(Settings(db=str(tmp_path / "t.db")))) as client:
        doc = client.get("/v1/openapi.json").json()
        rules = doc["components"]["schemas"]["SearchRequest"]["allOf"]
        enums = [r["then"]["properties"]["variant"]["enum"] for r in rules]
        assert [*ALGORITHMS["alphabeta"]] in enums and "trial" in enums[1]
        # ... and the page's menus
        algos = client.get("/v1/algorithms").json()
        assert {"name": "alphabeta", "variants": [*ALGORITHMS["alphabeta"]]} \
            in algos["algorithms"]
        assert algos == {**algos, **menus()}
        # the request is taken as far as the search, which says it has no such variant
        got = client.post("/v1/search", json={"example": "aima", "variant": "tral"})
        assert got.status_code == 422
        assert "did you mean 'trial'?" in got.json()["detail"]


@pytest.mark.parametrize("given", [
    {"algorithm": "alphabeta", "variant": "fail-hard", "cut_on": "gt", "order": "reverse"},
    {"algorithm": "minimax", "depth": 2},
    {"algorithm": "alphabeta", "order": "random", "seed": 4},
    {"algorithm": "expectiminimax", "variant": "star1", "bounds": (-2, 7)},
], ids=["fail-hard-gt", "minimax-depth", "random-seed", "star1-bounds"])
def test_a_trace_header_gives_back_the_spec_that_recorded_it(given: dict[str, object]) -> None:
    source = "coin" if given["algorithm"] == "expectiminimax" else "aima"
    _, text = record_search(source, **given)
    header = read_trace(json.loads(text)).header
    again = SearchSpec.from_header(header)
    asked = SearchSpec.make(**given)
    assert again == dataclasses.replace(asked, variant=asked.shown_variant)  # recorded
    assert record_search(source, spec=again)[1] == text
