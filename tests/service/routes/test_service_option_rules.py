"""The service applies the option rule of the command line (tracer.option_rules.OPTION_RULES)
through the same library calls: an option that does not apply is a 422 problem in the
words ``gametrace`` says it, never ignored."""

from __future__ import annotations

from starlette.testclient import TestClient


def test_a_heuristic_for_an_alpha_beta_answer_is_refused(client: TestClient) -> None:
    got = client.post("/v1/check", json={"example": "aima", "answer": {"value": 3},
                                         "heuristic": "zero"})
    assert got.status_code == 422, got.text
    assert got.json()["detail"] == ("--heuristic applies to -a astar (an A* answer), not "
                                    "to -a alphabeta")


def test_an_ordering_for_an_astar_answer_is_refused(client: TestClient) -> None:
    got = client.post("/v1/check", json={"problem": "jugs", "answer": {"cost": 4},
                                         "order": "reverse"})
    assert got.status_code == 422, got.text
    assert got.json()["detail"] == ("--order applies to -a minimax and -a alphabeta, not "
                                    "to -a astar")


def test_a_negative_number_of_cuts_is_refused(client: TestClient) -> None:
    got = client.post("/v1/exercise", json={"branching": 2, "depth": 2, "cuts": [-1, 2]})
    assert got.status_code == 422, got.text
    assert "-1" in got.json()["detail"]
