"""A class of students against ``gametrace serve``, at the pace of a real class and faster.

Each simulated student joins an assignment (alpha-beta, fail-soft, on the lecture's AIMA
tree, one tree for all), fetches the task, sends five step answers and then a whole
answer, over real HTTP on loopback (httpx, one thread and one keep-alive connection per
student, as a browser tab); the teacher reloads the gradebook all along.  Every fourth
student slips once (a wrong beta on step 2, then the right one: still five step
answers); every fifth submits the fail-hard answer.  Each verdict is checked against
what the student sent, and at the end every student's gradebook score against the score
their submission got: a verdict or a total that differs counts as an error, as does any
answer other than the route's 200/201.

**Pace 1x is a real class** (:data:`REAL`): 200 students open the link the teacher shows
over the first 60 s of the period (uniformly); the page fetches the task at once after
joining; a student reads the task for 20 s, takes 10 s over each step (the first steps
of the AIMA tree are one leaf or one return each, worked by hand on the tree in front of
them) and 20 s to write the whole answer; the teacher reloads the gradebook every 5 s.
Think times are exponential with those means (cut at three times the mean), so requests
do not come in lockstep.  Pace Nx divides every one of these times by N: the same class,
N times as fast (N times the requests a second).  The paces are tried slowest first; a
pace is *held* when every kind of request has p95 under 250 ms and nothing failed, and
the run stops at the first pace missed.

Two set-ups in one run: SQLite with one server of two worker processes (``--workers
2``), and PostgreSQL (Debian's server, started as in tests/service/pg_server.py, as a
non-root user in a temporary folder) with two servers of one process each on one
database, the students spread over them as a load balancer would.  The students come
as if through a school's reverse proxy (``--trusted-proxy 127.0.0.1``, one
``X-Forwarded-For`` address each, from the benchmarking network 198.18.0.0/15), so each
has a rate bucket of their own.  Server and client share this machine's cores.

    python benchmarks/class.py                     # both set-ups, paces 1x 2x 4x 8x 16x
    python benchmarks/class.py --setups sqlite --paces 4,8 --json
    python benchmarks/class.py --quick             # SQLite, 12 students, pace 16x
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from class_servers import SETUPS, Server  # noqa: E402

KINDS = ("join", "task", "step", "submission", "gradebook")
GOAL_MS = 250.0
TIMEOUT = 60.0
"""Of one request: long enough that only a hung server reaches it."""
KEEPALIVE = 3.0
"""Seconds a client keeps an idle connection: less than the server's 5 s."""


@dataclass(frozen=True)
class Class:
    """A class's timings at pace 1x, in seconds; :meth:`at` divides them all."""

    arrivals: float = 60.0
    read_task: float = 20.0
    per_step: float = 10.0
    write_answer: float = 20.0
    gradebook_every: float = 5.0

    def at(self, pace: float) -> Class:
        return Class(self.arrivals / pace, self.read_task / pace, self.per_step / pace,
                     self.write_answer / pace, self.gradebook_every / pace)


REAL = Class()

ASSIGNMENT: dict[str, Any] = {
    "title": "Alpha-beta on the AIMA tree", "source": {"example": "aima"},
    "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
    "items": ["value", "move", {"values": ["B", "C", "D"]}, "pruned"],
    "attempts": 2, "feedback": "first-mistake", "solution": "never"}


def _answers() -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
    """The first steps of the expected search, the right answer and the fail-hard one,
    from the library (as a student who worked the tree by hand would have them)."""
    from tracer.analysis.check import Conventions, expected_trace, extract_solution
    from tracer.classroom.steps import steps_of
    from tracer.examples import example_tree
    from tracer.student import scripted_alpha_beta

    trace, _ = expected_trace("aima", Conventions(algorithm="alphabeta",
                                                  variant="fail-soft"))
    tree = example_tree("aima")
    return ([s.fields() for s in steps_of(trace)][:5],
            extract_solution(scripted_alpha_beta(tree)).to_json(),
            extract_solution(scripted_alpha_beta(tree, variant="fail-hard")).to_json())


STEPS, RIGHT, FAIL_HARD = _answers()


@dataclass
class Tally:
    """What the clients saw at one pace; appended to under a lock."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    errors: list[str] = field(default_factory=list)
    scores: dict[str, float] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    first: float = float("inf")
    last: float = 0.0
    server_cpu: float = 0.0
    """CPU seconds the servers (and their jobs) used during the class."""

    def timed(self, client: httpx.Client, kind: str, method: str, url: str,
              expect: int, **kw: Any) -> Any:
        """The request's JSON answer, its latency noted; None (an error noted) when it
        failed or answered another status."""
        start = time.monotonic()
        try:
            response = client.request(method, url, **kw)
        except httpx.HTTPError as exc:
            self.error(f"{kind}: {type(exc).__name__}: {exc}")
            return None
        end = time.monotonic()
        with self.lock:
            self.latencies[kind].append(end - start)
            self.first, self.last = min(self.first, start), max(self.last, end)
        if response.status_code != expect:
            self.error(f"{kind}: HTTP {response.status_code}: {response.text[:160]}")
            return None
        return response.json()

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


def _client(base: str, student: int | None) -> httpx.Client:
    """A client behind the school's proxy: its own address, or the teacher's."""
    address = "198.19.255.1" if student is None else \
        f"198.18.{student // 250}.{student % 250 + 1}"
    # A browser sends a request again when the server closed its reused keep-alive
    # connection just as the request went out; httpx does not, so the clients drop an
    # idle connection before the server does (uvicorn: after 5 s).
    return httpx.Client(base_url=base, timeout=TIMEOUT,
                        limits=httpx.Limits(keepalive_expiry=KEEPALIVE),
                        headers={"x-forwarded-for": address})


def _think(rng: random.Random, mean: float) -> float:
    return min(rng.expovariate(1 / mean), 3 * mean) if mean > 0 else 0.0


def student(i: int, base: str, assignment: str, start: float, timing: Class,
            tally: Tally, stop: threading.Event) -> None:
    rng = random.Random(i)
    slips, fails = i % 4 == 3, i % 5 == 4
    url = f"/v1/assignments/{assignment}"
    if stop.wait(max(0.0, start - time.monotonic())):
        return
    with _client(base, i) as client:
        joined = tally.timed(client, "join", "POST", f"{url}/join", 201,
                             json={"student": f"s{i:03d}", "name": f"Student {i}"})
        if joined is None:
            return
        client.headers["authorization"] = f"Bearer {joined['student_token']}"
        if tally.timed(client, "task", "GET", f"{url}/task", 200) is None:
            return
        sent = [(n, STEPS[n - 1], True) for n in range(1, 6)]
        if slips:  # a wrong beta at step 2, then the right step: five answers still
            sent = [sent[0], (2, {**STEPS[1], "beta": "+inf"}, False), *sent[1:4]]
        think = timing.read_task
        for number, answer, right in sent:
            if stop.wait(_think(rng, think)):
                return
            think = timing.per_step
            verdict = tally.timed(client, "step", "POST", f"{url}/steps", 200,
                                  json={"step": number, "answer": answer})
            if verdict is None:
                return
            if verdict.get("right") is not right:
                tally.error(f"step {number} of s{i:03d}: right={verdict.get('right')}, "
                            f"expected {right}")
        if stop.wait(_think(rng, timing.write_answer)):
            return
        graded = tally.timed(client, "submission", "POST", f"{url}/submissions", 201,
                             json={"answer": FAIL_HARD if fails else RIGHT})
        if graded is None:
            return
        if graded.get("correct") is fails:
            tally.error(f"submission of s{i:03d}: correct={graded.get('correct')}")
        with tally.lock:
            tally.scores[f"s{i:03d}"] = graded.get("score")


def teacher(client: httpx.Client, course: str, every: float, tally: Tally,
            done: threading.Event) -> None:
    while not done.wait(every):
        tally.timed(client, "gradebook", "GET", f"/v1/courses/{course}/gradebook", 200)


def _check_gradebook(client: httpx.Client, course: str, tally: Tally) -> None:
    """Every student who submitted has, in the gradebook, the score they were given."""
    response = client.get(f"/v1/courses/{course}/gradebook")
    if response.status_code != 200:
        tally.error(f"the last gradebook: HTTP {response.status_code}")
        return
    # the class has one assignment: a student's score on it is the score they were given
    totals = {row["student"]: next(iter(row["assignments"].values()), {}).get("score")
              for row in response.json()["students"]}
    for name, score in sorted(tally.scores.items()):
        if totals.get(name) != score:
            tally.error(f"gradebook: {name} has {totals.get(name)}, was given {score}")


def run_class(servers: Sequence[Server], students: int, pace: float, seed: int) -> Tally:
    """One class at ``pace`` on ``servers`` (student i on servers[i % n])."""
    timing = REAL.at(pace)
    tally = Tally()
    with _client(servers[0].url, None) as admin:
        made = admin.post("/v1/courses", json={"title": f"class at {pace:g}x"})
        made.raise_for_status()
        course = made.json()["id"]
        admin.headers["authorization"] = f"Bearer {made.json()['teacher_token']}"
        made = admin.post(f"/v1/courses/{course}/assignments", json=ASSIGNMENT)
        made.raise_for_status()
        assignment = made.json()["id"]

        rng = random.Random(seed)
        begin = time.monotonic() + 0.5
        arrivals = sorted(rng.uniform(0, timing.arrivals) for _ in range(students))
        stop, done = threading.Event(), threading.Event()
        threads = [threading.Thread(target=student, args=(
            i, servers[i % len(servers)].url, assignment, begin + at, timing, tally, stop))
            for i, at in enumerate(arrivals)]
        reloads = threading.Thread(target=teacher, args=(
            admin, course, timing.gradebook_every, tally, done))
        cpu = sum(s.cpu_seconds() for s in servers)
        for t in threads:
            t.start()
        reloads.start()
        # bounded: the slowest student's think times are cut at three times their mean
        longest = timing.arrivals + 3 * (timing.read_task + 5 * timing.per_step
                                         + timing.write_answer)
        end = time.monotonic() + longest + 8 * TIMEOUT
        for t in threads:
            t.join(max(0.0, end - time.monotonic()))
        stop.set()  # a hung server: the students still waiting give up
        done.set()
        reloads.join(TIMEOUT + 5)
        tally.server_cpu = sum(s.cpu_seconds() for s in servers) - cpu
        if any(t.is_alive() for t in threads):
            tally.error("some students were still waiting at the end")
        _check_gradebook(admin, course, tally)
    return tally


def _ms(xs: list[float], q: int) -> float | None:
    if not xs:
        return None
    if len(xs) == 1:
        return round(1000 * xs[0], 1)
    return round(1000 * statistics.quantiles(xs, n=100, method="inclusive")[q - 1], 1)


def figures(pace: float, tally: Tally) -> dict[str, Any]:
    requests = sum(len(xs) for xs in tally.latencies.values())
    seconds = max(tally.last - tally.first, 1e-9)
    kinds = {k: {"n": len(xs), "p50_ms": _ms(xs, 50), "p95_ms": _ms(xs, 95)}
             for k, xs in tally.latencies.items()}
    held = not tally.errors and all(
        f["p95_ms"] is not None and f["p95_ms"] < GOAL_MS for f in kinds.values())
    return {"pace": pace, "arrivals_s": round(REAL.arrivals / pace, 1),
            "requests": requests, "seconds": round(seconds, 1),
            "requests_per_s": round(requests / seconds, 1), "errors": len(tally.errors),
            "server_cpu_ms_per_request": round(1000 * tally.server_cpu / max(requests, 1), 1),
            "kinds": kinds, "held": held}


def _cell(kind: dict[str, Any]) -> str:
    if kind["p50_ms"] is None:
        return "-"
    return f"{kind['p50_ms']:.0f}/{kind['p95_ms']:.0f}"


HEADER = ["pace", "arrivals", "requests", "req/s", "cpu/req", "errors", *KINDS, "held"]


def table(rows: list[dict[str, Any]]) -> list[str]:
    """The rows as aligned text: latencies as p50/p95 in ms."""
    cells = [HEADER] + [
        [f"{r['pace']:g}x", f"{r['arrivals_s']:g} s", str(r["requests"]),
         str(r["requests_per_s"]), f"{r['server_cpu_ms_per_request']:g} ms", str(r["errors"]),
         *(_cell(r["kinds"][k]) for k in KINDS), "yes" if r["held"] else "no"]
        for r in rows]
    widths = [max(len(row[c]) for row in cells) for c in range(len(HEADER))]
    return ["  ".join(v.rjust(w) for v, w in zip(row, widths, strict=True))
            for row in cells]


def _paces(text: str) -> list[float]:
    paces = sorted({float(p) for p in text.split(",") if p.strip()})
    if not paces or paces[0] <= 0:
        raise argparse.ArgumentTypeError("expected paces above 0, e.g. 1,2,4")
    return paces


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--paces", type=_paces, default=[1.0, 2.0, 4.0, 8.0, 16.0],
                        help="tried slowest first, up to the first missed (default 1,2,4,8,16)")
    parser.add_argument("--setups", default="sqlite,postgresql",
                        help="comma-separated: sqlite, postgresql")
    parser.add_argument("--quick", action="store_true",
                        help="a short run: SQLite, 12 students, pace 16x")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(list(argv))
    if args.quick:
        args.students, args.paces, args.setups = 12, [16.0], "sqlite"
    setups = [s.strip() for s in args.setups.split(",") if s.strip()]
    unknown = [s for s in setups if s not in SETUPS]
    if unknown or not setups:
        parser.error(f"unknown set-up {unknown} (choose from: {', '.join(SETUPS)})")

    load = os.getloadavg()[0]
    report: dict[str, Any] = {"students": args.students, "cores": os.cpu_count(),
                              "load_average_at_start": round(load, 2), "setups": {}}
    if not args.json:
        print(f"{args.students} students (join, task, 5 steps, an answer) and a teacher "
              f"reloading the gradebook; pace 1x: arrivals over {REAL.arrivals:g} s, "
              f"think {REAL.read_task:g} s / {REAL.per_step:g} s / {REAL.write_answer:g} s, "
              f"gradebook every {REAL.gradebook_every:g} s")
        print(f"server and client share this machine's {os.cpu_count()} cores "
              f"(load average {load:.2f} at start); latencies p50/p95 in ms")
    failed = False
    for name in setups:
        title, setup = SETUPS[name]
        rows: list[dict[str, Any]] = []
        with tempfile.TemporaryDirectory(prefix="gametrace-class-") as tmp, \
                setup(Path(tmp)) as servers:
            for n, pace in enumerate(args.paces):
                tally = run_class(servers, args.students, pace, seed=n)
                rows.append(figures(pace, tally))
                for error in tally.errors[:5]:
                    print(f"class: {name} {pace:g}x: {error}", file=sys.stderr)
                if not rows[-1]["held"]:
                    break
        held = [r["pace"] for r in rows if r["held"]]
        report["setups"][name] = {"title": title, "paces": rows,
                                  "highest_pace_held": held[-1] if held else None}
        failed = failed or any(r["errors"] for r in rows)
        if not args.json:
            print(f"\n{title}")
            for line in table(rows):
                print(f"  {line}")
            best = f"{held[-1]:g}x" if held else f"none (not even {args.paces[0]:g}x)"
            print(f"  highest pace held (p95 of every kind under {GOAL_MS:g} ms, "
                  f"no error): {best}")
    if args.json:
        print(json.dumps(report, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
