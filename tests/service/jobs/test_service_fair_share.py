"""The machine shared between clients: a client whose jobs kept the CPUs busy lately runs
its next ones at low priority, so that the others' short searches go first; a client sent
more answers than its budget waits until it is paid back."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from tracer.service import Settings, create_app
from tracer.service.core import HEAVY_CPU
from tracer.service.jobs.isolation import NICE
from tracer.service.jobs.slots import CLIENT, CpuShare


def _niceness() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


def test_a_client_that_used_the_cpus_lately_gets_low_priority(tmp_path: Path) -> None:
    app = create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path))
    service = app.state.service
    base = _niceness()

    async def job_of(client: str) -> object:
        CLIENT.set(client)  # what the gate does for a request
        return await service.job(_niceness)

    async def scenario() -> list[object]:
        first = await job_of("192.0.2.1")
        service.cpu_share.charge("192.0.2.1", HEAVY_CPU + 1)  # as a long search would
        return [first, await job_of("192.0.2.1"), await job_of("192.0.2.2")]

    assert asyncio.run(scenario()) == [base, min(base + NICE, 19), base]


def test_each_job_charges_its_client_the_cpu_it_used(tmp_path: Path) -> None:
    service = create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path)).state.service

    def spin() -> int:
        total = 0
        for i in range(3_000_000):
            total += i
        return total

    async def scenario() -> object:
        CLIENT.set("192.0.2.7")
        return await service.job(spin)

    asyncio.run(scenario())
    assert service.cpu_share.recent("192.0.2.7") > 0.01
    assert service.cpu_share.recent("192.0.2.8") == 0


def test_a_share_halves_every_ten_seconds_and_the_table_stays_bounded() -> None:
    now = [100.0]
    share = CpuShare(clock=lambda: now[0])
    share.charge("a", 4.0)
    now[0] += 10
    assert share.recent("a") == 2.0
    now[0] += 10
    share.charge("a", 1.0)
    assert share.recent("a") == 2.0
    for i in range(CpuShare.most + 5):
        share.charge(f"c{i}", 0.001)
    assert len(share.used) <= CpuShare.most


def test_a_client_sent_more_than_its_answer_budget_waits_until_it_is_paid_back(
        tmp_path: Path) -> None:
    # answers of about 2 MB against a budget of twice the 3 MB cap (6 MB), refilled slowly
    from starlette.testclient import TestClient

    app = create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path,
                              max_answer=3_000_000, answer_rate=1_000.0))
    big = {"game": "grundy", "params": {"coins": "100"}}
    with TestClient(app) as c:
        sizes = []
        for _ in range(4):  # 6 MB and more: the last one takes the bucket into debt
            got = c.post("/v1/search", json=big)
            assert got.status_code == 200
            sizes.append(len(got.content))
        refused = c.post("/v1/search", json={"example": "aima"})
        assert c.get("/v1/examples").status_code == 200  # lists cost nothing
    assert sum(sizes) > 6_000_000
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) > 60
    assert "MB of answers" in refused.json()["detail"]


def test_an_answer_debt_is_paid_back_at_the_rate() -> None:
    from tracer.service.routes.gate import TokenBuckets

    now = [0.0]
    bucket = TokenBuckets(1_000.0, 10_000.0, clock=lambda: now[0])
    assert bucket.take("a", 0.0) == 0
    bucket.charge("a", 15_000.0)  # 5,000 bytes in debt
    assert bucket.take("a", 0.0) == 5.0
    now[0] += 5.0
    assert bucket.take("a", 0.0) == 0
