"""Many students at once, on the real server: the class, a burst, the trainer, a school.

On one server process started through harness.instrumented (its sessions expire after
``SESSION_TTL_S``, Streamlit's default being 120 s), every page opened once first:

1. The class: ``n`` protocol students (harness.protocol_student), each with its own
   sentence (holding a marker), starting page and plan of ``interactions`` 1–3 s apart
   (harness.plans), starting within 3 s. Latency: request → the run's script_finished,
   the first view of each student left out. The server's CPU per run: the whole
   process's CPU time across the class (harness.process) over the script runs it
   recorded. Its resident memory before (warm, nobody there), at the peak (sampled every
   0.5 s), after (everyone gone) and once the sessions have expired (a later visitor
   makes the server drop them).
2. A burst: ``n`` other students open their pages; once the server is still, each moves
   the temperature at a random moment within ``BURST_WINDOW_S``.
3. The trainer beside the class: one student trains the Train page at its largest
   settings, again and again with a new seed, while ``n - 1`` others follow their plans.

Then two replicas behind HAProxy (harness.school, deploy/haproxy.cfg) with ``2 n``
students on their plans; and on the same school, a replica killed mid-class
(harness.failover) with protocol and browser students.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import random
import signal
import statistics
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from harness.instrumented import read_held, read_runs
from harness.plans import DEFAULT_PAGE, Step, pages, plan, start_page
from harness.process import ProcessClock
from harness.protocol import ProtocolSession
from harness.protocol_student import ProtocolStudent, visit
from harness.server import StreamlitServer

SESSION_TTL_S = 15  # server.disconnectedSessionTTL for these servers (Streamlit: 120)
SPREAD_S = 3.0  # the students of a class arrive within this
BURST_WINDOW_S = 2.0
# The Train page's own controls at their tops (core.train.loop's limits); the page cuts them to
# its width and time limits, as it does for a student who asks for the most.
# Its question is left off (ask=0): the trainer has come to train, and the button waits for
# an answer otherwise.
TRAIN_LARGEST = {"dk": "512", "h": "8", "steps": "2000", "seeds": "10", "ask": "0"}
TRAIN_TIMEOUT_S = 600.0
FAILOVER = {"n_protocol": 10, "n_browser": 2, "think": (0.5, 1.5), "kill_after": 6.0}
FAILOVER_STEPS, FAILOVER_STEPS_AFTER = 8, 3


def percentile(samples: list[float], q: float) -> float | None:
    """The q-th quantile (0 … 1) by nearest rank; None without samples."""
    if not samples:
        return None
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def tally(students) -> dict:
    """Latencies (seconds, first views apart), errors and leaks of a group of students."""
    items = [i for s in students for i in s.interactions if not i.what.startswith("open")]
    opens = [i for s in students for i in s.interactions if i.what.startswith("open")]
    seconds = [i.seconds for i in items if i.seconds is not None]
    errors = [
        f"{i.student}, {i.what}: {e}" for s in students for i in s.interactions for e in i.errors
    ]
    errors += [f"{s.name}: {e}" for s in students for e in getattr(s, "stray", [])]
    leaks = [f"{i.student}: {e}" for s in students for i in s.interactions for e in i.leaks]
    return {
        "seconds": seconds,
        "p50": percentile(seconds, 0.5),
        "p95": percentile(seconds, 0.95),
        "max": max(seconds, default=None),
        "n": len(seconds),
        "errors": errors,
        "leaks": leaks,
        "opens": statistics.median([i.seconds for i in opens if i.seconds is not None] or [0]),
        "never_saw_own": [s.name for s in students if not s.own_seen],
    }


def students(url: str, indices, interactions: int) -> list[ProtocolStudent]:
    """Protocol students with their own sentences, starting pages and plans."""
    page_list = pages()
    out = []
    for i in indices:
        page = start_page(i, page_list)
        out.append(ProtocolStudent(url, i, plan(i, interactions, page_list, page), page))
    return out


async def run_class(group: list[ProtocolStudent], spread_s: float = SPREAD_S) -> None:
    """Every student's plan, the students arriving within `spread_s`."""

    async def one(student: ProtocolStudent, delay: float) -> None:
        await asyncio.sleep(delay)
        await student.run()

    rng = random.Random(7)
    await asyncio.gather(*(one(s, rng.uniform(0, spread_s)) for s in group))


class MemorySampler:
    """A server's resident memory every half second, in a thread; the peak it saw."""

    def __init__(self, server: StreamlitServer) -> None:
        self.server = server
        self.peak = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self.server.memory_mb()["rss"])
            self._stop.wait(0.5)

    def __enter__(self) -> MemorySampler:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.peak = max(self.peak, self.server.memory_mb()["rss"])


async def burst(url: str, indices, window_s: float) -> dict:
    """Students on their pages, all still; then each moves the temperature once within
    `window_s`. The latency of each move, and of the one asked for last."""
    group = students(url, indices, 0)
    try:
        await asyncio.gather(*(s.open() for s in group))
        await asyncio.sleep(2.0)
        rng = random.Random(11)

        async def move(student: ProtocolStudent) -> None:
            await asyncio.sleep(rng.uniform(0, window_s))
            value = student.model.nudge_temperature()
            await student.step(Step("temperature", value))

        await asyncio.gather(*(move(s) for s in group))
    finally:
        await asyncio.gather(*(s.session.close() for s in group))
    out = tally(group)
    moves = [i for s in group for i in s.interactions if not i.what.startswith("open")]
    last = max(moves, key=lambda i: i.started, default=None)
    out["last"] = last.seconds if last is not None else None
    out["spread"] = max(i.started for i in moves) - min(i.started for i in moves)
    return out


async def trainer(url: str, stop: asyncio.Event) -> dict:
    """One student who trains the Train page at its largest settings, each time with a new
    seed, until `stop` is set: how long each training took, and the errors seen."""
    session = ProtocolSession(url, default_page=DEFAULT_PAGE)
    await session.connect()
    found: dict = {"seconds": [], "errors": []}
    try:
        reply = await session.open("train", urlencode(TRAIN_LARGEST))
        found["errors"] += reply.errors
        for seed in itertools.count(7000):
            if stop.is_set():
                break
            session.set_widget("seed", seed)
            session.press("train_run")
            reply = await session.rerun("train", timeout=TRAIN_TIMEOUT_S)
            found["errors"] += reply.errors
            if reply.seconds is not None:
                found["seconds"].append(reply.seconds)
    except Exception as exc:  # the trainer could not go on: an error, not a crash
        found["errors"].append(f"{type(exc).__name__}: {exc}")
    finally:
        await session.close()
    return found


async def beside_trainer(url: str, indices, interactions: int) -> tuple[dict, dict]:
    """The class with one trainer beside it: (the class's tally, the trainer's)."""
    stop = asyncio.Event()
    training = asyncio.create_task(trainer(url, stop))
    await asyncio.sleep(1.0)  # the trainer has asked for its first training
    group = students(url, indices, interactions)
    await run_class(group)
    stop.set()
    return tally(group), await training


def the_class(server: StreamlitServer, runs: Path, n: int, interactions: int) -> dict:
    """`n` students on their plans; their tally, the server's CPU per run and peak memory."""
    clock = ProcessClock(server.pid)
    group = students(server.url, range(1, n + 1), interactions)
    recorded = len(read_runs(runs))
    cpu = asyncio.run(clock.settle())
    started = time.monotonic()
    with MemorySampler(server) as memory:
        asyncio.run(run_class(group))
    out = tally(group)
    out["seconds_taken"] = time.monotonic() - started
    cpu = asyncio.run(clock.settle()) - cpu
    records = read_runs(runs)[recorded:]
    out["runs"] = len(records)
    out["mem_peak"] = memory.peak
    if records:
        out["cpu_per_run"] = cpu / len(records)
        out["gc_per_run"] = statistics.mean(r["gc_cpu"] for r in records)
        out["script_per_run"] = statistics.mean(r["cpu"] for r in records)
    return out


def memory_left(server: StreamlitServer, runs: Path, out: dict) -> None:
    """The server's memory once everyone has gone, and once their sessions have expired
    (a later visitor makes the server drop them); what it holds then."""
    time.sleep(3.0)
    out["mem_after"] = server.memory_mb()["rss"]
    asked = time.time()
    server.signal(signal.SIGUSR2)
    out["held_after"] = read_held(runs, asked)
    time.sleep(SESSION_TTL_S + 5)
    asyncio.run(visit(server.url, [DEFAULT_PAGE]))
    time.sleep(3.0)
    out["mem_expired"] = server.memory_mb()["rss"]
    asked = time.time()
    server.signal(signal.SIGUSR2)
    out["held_expired"] = read_held(runs, asked)


def one_server(n: int, interactions: int, log) -> dict:
    """The class, the burst and the trainer beside the class, on one instrumented server."""
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        runs = Path(tmp) / "runs.jsonl"
        options = {"server.disconnectedSessionTTL": SESSION_TTL_S}
        with StreamlitServer(runs=runs, options=options) as server:
            out["warm_errors"], _ = asyncio.run(visit(server.url, pages()))
            asyncio.run(ProcessClock(server.pid).settle())
            out["mem_before"] = server.memory_mb()["rss"]
            out["class"] = the_class(server, runs, n, interactions)
            out["mem_peak"] = out["class"]["mem_peak"]
            log(_summary(f"{n} students", out["class"]))
            memory_left(server, runs, out)
            log(
                f"  memory: before {out['mem_before']:.0f} MB, peak {out['mem_peak']:.0f}, "
                f"after {out['mem_after']:.0f}, expired {out['mem_expired']:.0f}"
            )
            out["burst"] = asyncio.run(burst(server.url, range(300, 300 + n), BURST_WINDOW_S))
            log(_summary(f"burst of {n}", out["burst"]))
            time.sleep(2.0)
            indices = range(100, 100 + n - 1)
            out["trained"], out["trainer"] = asyncio.run(
                beside_trainer(server.url, indices, interactions)
            )
            log(_summary(f"{n - 1} beside the trainer", out["trained"]))
            if not server.alive():
                out["died"] = server.log_tail()
    return out


def school(n: int, interactions: int, failover_steps: int, browser_missing: str, log) -> dict:
    """Two replicas behind HAProxy: a class of `n` students; then a replica killed."""
    from harness.browser import launch
    from harness.failover import failover_class
    from harness.school import School

    out: dict = {}
    with School(options={"server.disconnectedSessionTTL": SESSION_TTL_S}) as two:
        out["warm_errors"] = two.warm(pages())
        group = students(two.url, range(n), interactions)
        asyncio.run(run_class(group))
        out["class"] = tally(group)
        log(_summary(f"{n} students on 2 replicas", out["class"]))
        if browser_missing:
            return out
        time.sleep(SESSION_TTL_S)
        with launch() as browser:
            out["failover"] = failover_class(
                two, browser, steps=failover_steps, steps_after=FAILOVER_STEPS_AFTER,
                spread_s=1.0, **FAILOVER,
            )  # fmt: skip
        run = out["failover"]
        log(f"  killed {run.victim} ({len(run.expected)} of {len(run.on)} students on it)")
    return out


def _summary(what: str, found: dict) -> str:
    def ms(x):
        return f"{1000 * x:.0f}" if x is not None else "—"

    return (
        f"  {what}: p50 {ms(found['p50'])} ms, p95 {ms(found['p95'])} ms, "
        f"{len(found['errors'])} errors, {len(found['leaks'])} leaks"
    )
