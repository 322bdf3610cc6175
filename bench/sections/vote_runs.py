"""vote's measurements (bench.sections.vote draws the table): one server, where 30
students vote and the process's CPU of a vote, a refresh and a poll is read on the quiet
server, and everyone joins at once; the school, two replicas with Redis, where 60 vote
while a replica is killed and a class of 150 works with the poll on.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import classroom
from bench.sections.class_load import SESSION_TTL_S, percentile
from bench.sections.vote_class import (
    PAGE,
    Student,
    Teacher,
    close_all,
    join,
    poll_student,
    rerun,
    student,
    vote,
)
from harness.plans import DEFAULT_PAGE
from harness.process import ProcessClock
from harness.protocol_student import visit
from harness.redis_server import RedisServer
from harness.school import School
from harness.server import StreamlitServer
from ui.classroom.session import STUDENT_POLL_S

JOIN_SPREAD_S, VOTE_WINDOW_S = 3.0, 5.0
REPS = 7
BIG_SECONDS = float(os.environ.get("BENCH_VOTE_SECONDS", "90"))  # the class of 150


# ---------------------------------------------------------------------------- one server


async def _thirty(url: str, n: int) -> dict:
    teacher = Teacher(url)
    await teacher.teach()
    stop = asyncio.Event()
    polling = asyncio.create_task(teacher.poll(stop))
    group = [student(url, i) for i in range(1, n + 1)]
    rng = random.Random(26)

    async def one(s: Student) -> None:
        await asyncio.sleep(rng.uniform(0, JOIN_SPREAD_S))
        await join(s, teacher.code)

    await asyncio.gather(*(one(s) for s in group))
    votes_from = time.monotonic()

    async def ballot(s: Student) -> None:
        await asyncio.sleep(max(0.0, votes_from + rng.uniform(0, VOTE_WINDOW_S) - time.monotonic()))
        await vote(s)

    await asyncio.gather(*(ballot(s) for s in group))
    acked = [s.acked_at for s in group if s.acked_at is not None]
    deadline = time.monotonic() + 10
    while teacher.first_showing(len(acked)) is None and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    stop.set()
    await polling
    last = max(acked, default=None)
    shown = teacher.first_showing(len(acked))
    out = {
        "acked": len(acked),
        "shown_after": None if last is None or shown is None else shown - last,
        "teacher": teacher,
        "group": group,
    }
    await close_all([teacher.session] + [s.session for s in group])
    return out


async def _cpu_of(clock: ProcessClock, request) -> float:
    """The whole server process's CPU for one request, on a quiet server (seconds)."""
    before = await clock.settle()
    await request()
    return await clock.settle() - before


async def _costs(url: str, pid: int) -> dict:
    """Quiet-server CPU: a Check in class and out of it, the projector's and a student's
    refresh with nothing new, the projector's refresh after a vote."""
    clock = ProcessClock(pid)
    drift = await _cpu_of(clock, lambda: asyncio.sleep(0))
    teacher = Teacher(url)
    await teacher.teach()
    await teacher.refresh()
    keys = ("in", "out", "held", "idle", "moved", "poll")
    out: dict[str, list[float]] = {k: [] for k in keys}
    for rep in range(REPS):
        member, alone = student(url, 1000 + rep), student(url, 2000 + rep)
        await join(member, teacher.code)
        await alone.session.connect()
        alone.record("page", await alone.session.open(PAGE, ""))
        out["in"].append(await _cpu_of(clock, lambda s=member: vote(s)) - drift)
        # The vote's own cost: the Check against the same held page run without one (in a
        # class a Check draws no verdict and holds the page's figures back, so a Check
        # outside, which draws them, is no longer the same page).
        out["held"].append(await _cpu_of(clock, lambda s=member: rerun(s)) - drift)
        out["out"].append(await _cpu_of(clock, lambda s=alone: vote(s)) - drift)
        out["moved"].append(await _cpu_of(clock, teacher.refresh) - drift)
        out["idle"].append(await _cpu_of(clock, teacher.refresh) - drift)
        out["poll"].append(await _cpu_of(clock, lambda s=member: poll_student(s)) - drift)
        await close_all([member.session, alone.session])
    await teacher.session.close()
    found = {k: statistics.median(v) for k, v in out.items()}
    found["fragments"] = len(teacher.session.fragments)
    found["drift"] = drift
    return found


async def _everyone_joins(url: str, n: int, offset: int) -> tuple[list[float], list[str]]:
    teacher = Teacher(url)
    await teacher.teach()
    group = [student(url, offset + i) for i in range(n)]
    rng = random.Random(offset)

    async def one(s: Student) -> None:
        await asyncio.sleep(rng.uniform(0, JOIN_SPREAD_S))
        await join(s, teacher.code, open_page=False)

    await asyncio.gather(*(one(s) for s in group))

    async def tap(s: Student) -> None:  # the worst case: all tap "Open the page" at once
        await asyncio.sleep(rng.uniform(0, JOIN_SPREAD_S))
        async with s.lock:
            s.session.press("class_landed")
            s.record("page", await s.session.rerun("page"))

    await asyncio.gather(*(tap(s) for s in group))
    seconds = [x for s in group for x in s.latencies.get("join", [])]
    pages = [x for s in group for x in s.latencies.get("page", [])]
    errors = [e for s in group for e in s.errors] + teacher.errors
    if len(seconds) < n:
        errors.append(f"{n - len(seconds)} of {n} join links never finished")
    await close_all([teacher.session] + [s.session for s in group])
    return seconds, errors, pages


def one_server(n: int, big: int, log) -> dict:
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = {"ATTENTION_LAB_DATA": tmp}
        options = {"server.disconnectedSessionTTL": SESSION_TTL_S}
        with StreamlitServer(env=env, options=options) as server:
            out["warm_errors"], _ = asyncio.run(visit(server.url, [PAGE, DEFAULT_PAGE]))
            asyncio.run(ProcessClock(server.pid).settle())
            out["class"] = asyncio.run(_thirty(server.url, n))
            log(f"  {n} students: {out['class']['acked']} votes acknowledged")
            time.sleep(SESSION_TTL_S + 2)
            out["costs"] = asyncio.run(_costs(server.url, server.pid))
            log(f"  costs: {out['costs']}")
            time.sleep(SESSION_TTL_S + 2)
            out["joins"] = asyncio.run(_everyone_joins(server.url, big, 5000))
            log(f"  {big} join links: max {max(out['joins'][0], default=0):.2f} s")
            out["alive"] = server.alive()
    return out


# ---------------------------------------------------------------------------- the school


async def _sixty(two: School, n: int) -> dict:
    teacher = Teacher(two.url)
    await teacher.teach()
    group = [student(two.url, 100 + i, auto_reconnect=True) for i in range(n)]
    rng = random.Random(60)

    async def one(s: Student) -> None:
        await asyncio.sleep(rng.uniform(0, JOIN_SPREAD_S))
        await join(s, teacher.code)

    await asyncio.gather(*(one(s) for s in group))
    victim = next(name for name in two.replicas if name != teacher.replica)
    start = time.monotonic()
    killed: dict = {}

    async def ballot(s: Student) -> None:
        await asyncio.sleep(rng.uniform(0, VOTE_WINDOW_S))
        try:
            await vote(s)
        except Exception as exc:  # the connection is gone: no acknowledgement
            s.errors.append(f"student {s.index}: {type(exc).__name__}")

    async def kill_half_way() -> None:
        await asyncio.sleep(VOTE_WINDOW_S / 2)
        killed["acked_before"] = sum(s.acked for s in group)
        killed["at"] = two.kill(victim)

    await asyncio.gather(kill_half_way(), *(ballot(s) for s in group))
    first_try = sum(s.acked for s in group)

    async def again(s: Student) -> None:
        """A vote not acknowledged is given again, once the page is back (on the other
        replica, which starts from the student's URL: the same member)."""
        if s.acked:
            return
        try:
            await s.session.wait_reconnected()
            if not s.session.connected:
                await s.session.connect()
            async with s.lock:
                s.record("back", await s.session.rerun("back"))
            await vote(s)
        except Exception as exc:
            s.errors.append(f"student {s.index}, again: {type(exc).__name__}: {exc}")

    await asyncio.gather(*(again(s) for s in group))
    store = classroom.open_store(two.replicas[teacher.replica].env["ATTENTION_LAB_CLASS_STORE"])
    board = store.board(teacher.code, teacher.key)
    store.close()
    first = board.questions[0]
    out = {
        "voters": first.rounds[-1].voters if first.rounds else 0,
        "acked": sum(s.acked for s in group),
        "acked_first": first_try,
        "students": len(group),
        "sent": sum(s.sent for s in group),
        "acked_before_kill": killed.get("acked_before", 0),
        "on_victim": sum(s.replica == victim for s in group),
        "victim": victim,
        "seconds": [
            x for s in group for k in ("join", "page", "vote") for x in s.latencies.get(k, [])
        ],
        "errors": [e for s in group for e in s.errors],
        "took": time.monotonic() - start,
    }
    await close_all([teacher.session] + [s.session for s in group])
    return out


async def _big_class(url: str, n: int, seconds: float) -> dict:
    teacher = Teacher(url)
    await teacher.teach()
    stop = asyncio.Event()
    polling = asyncio.create_task(teacher.poll(stop))
    group = [student(url, 3000 + i) for i in range(n)]
    rng = random.Random(150)

    async def life(s: Student) -> None:
        await asyncio.sleep(rng.uniform(0, 10.0))  # a class arriving over ten seconds
        await join(s, teacher.code)
        end = time.monotonic() + seconds
        next_act = time.monotonic() + s.rng.uniform(5, 15)
        next_poll = time.monotonic() + STUDENT_POLL_S
        voted = False
        while time.monotonic() < end:
            now = time.monotonic()
            if next_poll <= next_act:
                await asyncio.sleep(max(0.0, next_poll - now))
                await poll_student(s)
                next_poll = time.monotonic() + STUDENT_POLL_S
                continue
            await asyncio.sleep(max(0.0, next_act - now))
            if not voted:
                await vote(s)
                voted = True
            else:  # a temperature move: 1.00 <-> 1.05
                async with s.lock:
                    value = 1.05 if s.session.query().get("temp") != "1.05" else 1.0
                    s.session.set_widget("temperature", value)
                    s.record("move", await s.session.rerun("move"))
            next_act = time.monotonic() + s.rng.uniform(5, 15)

    await asyncio.gather(*(life(s) for s in group))
    stop.set()
    await polling
    acts = [x for s in group for k in ("page", "vote", "move") for x in s.latencies.get(k, [])]
    polls = [x for s in group for x in s.latencies.get("poll", [])]
    out = {
        "acts": acts,
        "polls": polls,
        "joins": [x for s in group for x in s.latencies.get("join", [])],
        "errors": [e for s in group for e in s.errors] + teacher.errors,
        "teacher": teacher.latencies,
    }
    await close_all([teacher.session] + [s.session for s in group])
    return out


def school(n: int, big: int, log) -> dict:
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp, RedisServer(Path(tmp) / "redis") as redis:
        env = {"ATTENTION_LAB_CLASS_STORE": redis.url}
        options = {"server.disconnectedSessionTTL": SESSION_TTL_S}
        with School(env=env, options=options) as two:
            out["warm_errors"] = two.warm([PAGE, DEFAULT_PAGE])
            out["joins"] = asyncio.run(_everyone_joins(two.url, big, 6000))
            log(f"  {big} join links on 2 replicas: max {max(out['joins'][0], default=0):.2f} s")
            time.sleep(SESSION_TTL_S + 2)
            out["big"] = asyncio.run(_big_class(two.url, big, BIG_SECONDS))
            log(f"  {big} students: p95 {percentile(out['big']['acts'], 0.95)}")
            time.sleep(SESSION_TTL_S + 2)
            out["sixty"] = asyncio.run(_sixty(two, 2 * n))
            log(f"  {2 * n} students, a replica killed: {out['sixty']}"[:300])
    return out
