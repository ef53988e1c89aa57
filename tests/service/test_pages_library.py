"""The library: stored traces newest first, paged with a total, searched; titles that
name what was searched; the page at three sizes in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from tracer.service import Settings, create_app
from tracer.service.store import SqlStore, describe

TREES = [f"R(X({n} {n + 1}) Y({n + 2} {n + 3}))" for n in range(7)]


def _info(n: int) -> dict[str, str]:
    return {"algorithm": "minimax", "variant": "v", "source": f"s{n % 2}",
            "title": f"trace {n}"}


def test_the_store_lists_newest_first_when_asked_and_counts_what_matches(
        store: SqlStore) -> None:
    ids = [store.put(f"t{n}".encode(), **_info(n), tags=[f"w{n % 3}"])[0] for n in range(7)]
    assert [r.id for r in store.list(newest=True)] == ids[::-1]
    assert [r.id for r in store.list(newest=True, limit=2, offset=2)] == [ids[4], ids[3]]
    assert [r.id for r in store.list()] == ids  # oldest first stays the default
    assert store.count() == 7
    assert (store.count(source="s1"), store.count(tag="w0"), store.count(text="TRACE 5"),
            store.count(algorithm="alphabeta")) == (3, 3, 1, 0)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The service on an empty store (no seeded traces), with seven trees stored."""
    db = tmp_path_factory.mktemp("library") / "traces.db"
    nothing = tmp_path_factory.mktemp("no-seeds")
    with TestClient(create_app(Settings(db=str(db), seed_dir=nothing))) as c:
        for tree in TREES:
            got = c.post("/v1/search", json={"tree": tree, "store": True})
            assert got.status_code == 200, got.text
        yield c


def _titles(c: TestClient, **query: str | int) -> list[str]:
    return [r["title"] for r in c.get("/v1/traces", params=query).json()["items"]]


def test_the_listing_is_newest_first_paged_with_its_total(fresh: TestClient) -> None:
    first = fresh.get("/v1/traces", params={"limit": 3}).json()
    assert (first["total"], first["limit"], first["offset"]) == (7, 3, 0)
    titles = [f"alphabeta (fail-soft) on tree R(X({n} {n + 1}) Y({n + 2} {n + 3})) (4 leaves)"
              for n in range(7)]
    assert [r["title"] for r in first["items"]] == titles[:3:-1]
    assert _titles(fresh, limit=3, offset=3) == titles[3:0:-1]
    assert _titles(fresh, limit=3, offset=6) == titles[:1]
    assert _titles(fresh, order="oldest", limit=2) == titles[:2]
    searched = fresh.get("/v1/traces", params={"text": "X(5 6)", "limit": 3}).json()
    assert (searched["total"], [r["title"] for r in searched["items"]]) == (1, [titles[5]])


def test_an_unknown_order_is_refused_naming_the_orders(fresh: TestClient) -> None:
    got = fresh.get("/v1/traces", params={"order": "random"})
    assert got.status_code == 400
    assert got.json()["detail"] == "unknown order 'random' (choose from: newest, oldest)"
    assert got.json()["where"] == "order"


def test_titles_name_the_tree_the_game_and_the_options() -> None:
    def title(source: dict[str, object], **options: object) -> str:
        return describe({"algorithm": "alphabeta", "variant": "fail-hard",
                         "source": source, "options": options})["title"]

    tree = {"kind": "tree", "name": None, "tree": {"tree": {"label": "A", "children": [
        {"label": "B", "children": [{"value": 3}, {"value": 12}]}, {"value": -2}]}}}
    assert title(tree) == "alphabeta (fail-hard) on tree A(B(3 12) -2) (3 leaves)"
    assert title(tree, order="random", seed=7, depth=2, cut_on="gt", root_player="min") == (
        "alphabeta (fail-hard) on tree A(B(3 12) -2) (3 leaves), order random seed 7, "
        "depth 2, cut on >, MIN at the root")
    wide = {"kind": "tree", "tree": {"tree": {"children": [{"value": n} for n in range(500)]}}}
    assert title(wide).endswith("19 20 21... (500 leaves)")
    assert len(title(wide)) < 120
    nim = {"kind": "game", "name": "nim", "params": {"piles": [2, 2], "misere": False}}
    assert title(nim, order="best") == (
        "alphabeta (fail-hard) on nim, order best, piles=2,2 misere=false")
    assert title({"kind": "tree", "name": "aima"}) == "alphabeta (fail-hard) on aima"
