"""Writes release-store.db: a store as the service released before the store moved to
SQLAlchemy and Alembic left it (run once with that release's code, never by the tests):

    python tests/service/data/make_release_store.py OUT.db

Three repository traces seeded, three searches computed, three traces uploaded (one of
them computed afterwards, so it is ``computed``), some of them tagged."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from starlette.testclient import TestClient

from tracer.service import Settings, create_app

ROOT = Path(__file__).resolve().parents[3]
SEEDED = ("aima.alphabeta.fail-hard.json", "aima.minimax.negamax.json",
          "two-mins.alphabeta.list.json")


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        seeds = Path(tmp)
        for name in SEEDED:
            shutil.copy(ROOT / "traces" / name, seeds / name)
        with TestClient(create_app(Settings(db=str(out), seed_dir=seeds))) as c:
            uploaded = [c.post("/v1/search", json=body).json()["trace"] for body in (
                {"tree": "A(B(1 2) C(3 4))", "algorithm": "minimax"},
                {"example": "aima", "order": "reverse"},
                {"example": "aima", "algorithm": "alphabeta", "variant": "fail-hard",
                 "order": "worst"})]
            for n, trace in enumerate(uploaded):
                c.post("/v1/traces", json={"trace": trace, "tags": [f"week{n}"]})
            for body in ({"example": "aima", "store": True, "tags": ["lecture"]},
                         {"tree": "A(B(5 -1) C(2 8))", "store": True},
                         {"example": "aima", "order": "reverse", "store": True}):
                assert c.post("/v1/search", json=body).status_code == 200


if __name__ == "__main__":
    main(Path(sys.argv[1]))
