"""vote: a class voting on the teacher's page, on the real servers (issue 26's budgets).

Every student is a protocol session (harness.protocol) that opens the join link (the
light first view), taps "Open the page", and answers the page's two questions ("Check":
its vote); the teacher is a protocol session that presses "Teach a class" in the
presenter view and then runs the projector's fragments every TEACHER_POLL_S, as the
browser's timer does. The page is PAGE (a choice and a number question).

1. One server (SQLite in a temporary directory): 30 students join within 3 s and vote
   within 5 s. How long after the last acknowledged vote the projector's refresh showed
   all 30; then, on the quiet server, the whole process's CPU (harness.process) of a
   "Check" in class and out of it (the vote's cost is the difference), of the projector's
   refresh with nothing new and after a vote, and of a student's poll.
2. Two replicas behind HAProxy sharing a real redis-server, the teacher on one: 60
   students vote within 5 s while the replica the teacher is not on is killed half-way;
   then each student whose vote was not acknowledged (the reply never came) votes again
   on the other replica, as a student would. Every acknowledged vote must be on the
   board, and each student counted exactly once; the class's p95.
3. A class of 150 on the two replicas, each student acting every 5–15 s (a temperature
   move, or a vote) with the poll on (the student's bar every STUDENT_POLL_S, the teacher's
   projector every TEACHER_POLL_S): p95 of the students' interactions.
4. Everyone joins at once: 150 students open the join link within 3 s, on one server and
   on the two replicas: the join link's first view (request → its run's end); then, as
   the worst case, all of them tap "Open the page" within 3 s (no budget: what the light
   first view spares the class, measured).
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import classroom
from bench.sections.class_load import SESSION_TTL_S, percentile
from bench.sections.common import Check, Column, Row, Section, limit_check, log, ms
from harness.plans import DEFAULT_PAGE, app_errors
from harness.process import ProcessClock
from harness.protocol import ProtocolSession
from harness.protocol_student import visit
from harness.redis_server import RedisServer, redis_server_path
from harness.school import School, haproxy_path
from harness.server import StreamlitServer
from ui.classroom import STUDENT_POLL_S, TEACHER_POLL_S
from ui.texts import CATALOG

PAGE = "weighted_sum"
CHOICE, NUMBER = f"quiz_{PAGE}_1_guess", f"quiz_{PAGE}_2_guess"
CHECK = f"quiz_{PAGE}_check"
COUNTED = CATALOG["classroom.vote.counted"]["en"].split("{")[0]  # "Your vote counts …"
JOIN_SPREAD_S, VOTE_WINDOW_S = 3.0, 5.0
SHOWN_MS, VOTE_MS, REFRESH_MS, P95_MS, JOIN_MS = 2000.0, 10.0, 5.0, 1000.0, 3000.0
BIG = int(os.environ.get("BENCH_VOTE_STUDENTS", "150"))
BIG_SECONDS = float(os.environ.get("BENCH_VOTE_SECONDS", "90"))
REPS = 7

COLUMNS = [
    Column("value", "value", "{:.1f}"),
    Column("p50", "p50 ms", "{:.0f}"),
    Column("p95", "p95 ms", "{:.0f}"),
    Column("max", "max ms", "{:.0f}"),
    Column("n", "n", "{:d}"),
    Column("errors", "errors", "{:d}"),
]


def voters_text(n: int) -> str:
    """The projector's counts line for round 1 once n have voted (any number in class)."""
    return f"**{n}** voted in round 1"


@dataclass
class Student:
    index: int
    session: ProtocolSession
    rng: random.Random
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    acked: bool = False  # the vote's reply said it counted
    sent: bool = False  # a vote was sent (acknowledged or not)
    acked_at: float | None = None
    replica: str = ""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def record(self, what: str, reply) -> None:
        if reply.seconds is not None:
            self.latencies.setdefault(what, []).append(reply.seconds)
        self.errors += [f"student {self.index}, {what}: {e}" for e in app_errors(reply.errors)]


def student(url: str, i: int, auto_reconnect: bool = False) -> Student:
    session = ProtocolSession(url, default_page=DEFAULT_PAGE, auto_reconnect=auto_reconnect)
    return Student(i, session, random.Random(i))


async def join(s: Student, code: str, open_page: bool = True) -> None:
    """The join link (its light first view), then "Open the page"."""
    await s.session.connect()
    s.replica = s.session.cookies.get("ATTENTION_LAB_REPLICA", "")
    async with s.lock:
        s.record("join", await s.session.open(PAGE, f"class={code}"))
        if open_page and "class_landed" in s.session.widgets:
            s.session.press("class_landed")
            s.record("page", await s.session.rerun("page"))


async def vote(s: Student) -> None:
    """Answer both questions and press Check: the student's vote."""
    async with s.lock:
        s.session.set_widget(CHOICE, "quiz.choice.yes" if s.index % 3 else "quiz.choice.no")
        s.session.set_widget(NUMBER, f"{3.5 + (s.index % 5) / 10:.1f}")
        s.session.press(CHECK)
        s.sent = True
        reply = await s.session.rerun("vote")
        s.record("vote", reply)
        if reply.status == "finished" and any(COUNTED in text for text in reply.texts):
            s.acked, s.acked_at = True, time.monotonic()


async def poll_student(s: Student) -> None:
    """One run of the student's bar (the fragment that looks for the teacher's moves)."""
    async with s.lock:
        for fragment_id in list(s.session.fragments):
            s.record("poll", await s.session.fragment(fragment_id))


class Teacher:
    """The projector: a protocol session that teaches, and runs its fragments on a timer."""

    def __init__(self, url: str) -> None:
        self.session = ProtocolSession(url, default_page=DEFAULT_PAGE)
        self.seen: list[tuple[float, list[str]]] = []  # (time, texts) of each refresh
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.code = self.key = ""
        self.replica = ""

    async def teach(self) -> None:
        await self.session.connect()
        self.replica = self.session.cookies.get("ATTENTION_LAB_REPLICA", "")
        reply = await self.session.open(PAGE, "present=1")
        self.errors += reply.errors
        self.session.press("class_teach_page")
        reply = await self.session.rerun("teach")
        self.errors += reply.errors
        query = self.session.query()
        self.code, self.key = query["class"], query["teach"]

    async def refresh(self) -> None:
        """One refresh of the projector: each of its fragments' runs."""
        texts: list[str] = []
        for fragment_id in list(self.session.fragments):
            reply = await self.session.fragment(fragment_id)
            texts += reply.texts
            self.errors += app_errors(reply.errors)
            if reply.seconds is not None:
                self.latencies.append(reply.seconds)
        self.seen.append((time.monotonic(), texts))

    async def poll(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            started = time.monotonic()
            await self.refresh()
            await asyncio.sleep(max(0.0, TEACHER_POLL_S - (time.monotonic() - started)))

    def first_showing(self, n: int) -> float | None:
        """When a refresh first showed n voters on the first question."""
        wanted = voters_text(n)
        return next((t for t, texts in self.seen if any(wanted in x for x in texts)), None)


async def close_all(sessions) -> None:
    await asyncio.gather(*(s.close() for s in sessions), return_exceptions=True)


def _latency_values(samples: list[float], errors: list[str]) -> dict:
    return {
        "p50": ms(percentile(samples, 0.5)),
        "p95": ms(percentile(samples, 0.95)),
        "max": ms(max(samples, default=None)),
        "n": len(samples),
        "errors": len(errors),
    }


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
    out: dict[str, list[float]] = {k: [] for k in ("in", "out", "idle", "moved", "poll")}
    for rep in range(REPS):
        member, alone = student(url, 1000 + rep), student(url, 2000 + rep)
        await join(member, teacher.code)
        await alone.session.connect()
        alone.record("page", await alone.session.open(PAGE, ""))
        out["in"].append(await _cpu_of(clock, lambda s=member: vote(s)) - drift)
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


# ---------------------------------------------------------------------------- the table


def run(options) -> list[Section]:
    quick = options.quick
    n = 6 if quick else 30
    big = 20 if quick else BIG
    section = Section("vote: a class voting", COLUMNS)
    measured = not quick
    log(f"vote: {n} students on one server, then the costs on a quiet server")
    found = one_server(n, big, log)
    klass = found["class"]
    shown = ms(klass["shown_after"])
    section.rows.append(
        Row(
            f"{n} students vote within {VOTE_WINDOW_S:g} s",
            "projector shows all",
            {"value": shown, "n": klass["acked"]},
            [limit_check(shown if measured else None, SHOWN_MS, "ms after the last vote")],
            f"{klass['acked']} of {n} votes acknowledged; the projector refreshes every "
            f"{TEACHER_POLL_S:g} s ({len(klass['teacher'].latencies)} fragment runs)",
        )
    )
    group = klass["group"]
    votes = [x for s in group for x in s.latencies.get("vote", [])]
    errors = [e for s in group for e in s.errors] + klass["teacher"].errors + found["warm_errors"]
    section.rows.append(
        Row(
            "their votes",
            "request → run's end",
            _latency_values(votes, errors),
            [Check("0 errors", not errors)],
        )
    )
    c = found["costs"]
    vote_cost = ms(c["in"] - c["out"])
    section.rows.append(
        Row(
            "a vote's CPU",
            "Check in class − out",
            {"value": vote_cost},
            [limit_check(vote_cost if measured else None, VOTE_MS, "ms")],
            f"Check in class {ms(c['in']):.1f} ms, the same Check in no class "
            f"{ms(c['out']):.1f} ms (whole process, median of {REPS})",
        )
    )
    idle = ms(c["idle"])
    section.rows.append(
        Row(
            "projector refresh",
            "nothing new",
            {"value": idle},
            [limit_check(idle if measured else None, REFRESH_MS, "ms")],
            f"its {c['fragments']} fragment's run; after a vote: {ms(c['moved']):.1f} ms",
        )
    )
    section.rows.append(Row("a student's poll", "nothing new", {"value": ms(c["poll"])}))
    seconds, join_errors, pages = found["joins"]
    values = _latency_values(seconds, join_errors)
    section.rows.append(
        Row(
            f"{big} open the join link",
            "one server",
            values,
            [
                limit_check(values["max"] if measured else None, JOIN_MS, "ms the last"),
                Check("0 errors", not join_errors),
            ],
        )
    )
    section.rows.append(
        Row("then all tap the page", "one server, within 3 s", _latency_values(pages, []))
    )
    if haproxy_path() is None or redis_server_path() is None:
        section.notes.append("two replicas skipped: HAProxy or redis-server not found")
        return [section]
    log(f"vote: two replicas with Redis: {big} join, a class of {big}, {2 * n} with a kill")
    two = school(n, big, log)
    seconds, join_errors, pages_two = two["joins"]
    values = _latency_values(seconds, join_errors)
    section.rows.append(
        Row(
            f"{big} open the join link",
            "two replicas",
            values,
            [
                limit_check(values["max"] if measured else None, JOIN_MS, "ms the last"),
                Check("0 errors", not join_errors),
            ],
        )
    )
    section.rows.append(
        Row("then all tap the page", "two replicas, within 3 s", _latency_values(pages_two, []))
    )
    b = two["big"]
    values = _latency_values(b["acts"], b["errors"])
    section.rows.append(
        Row(
            f"a class of {big}",
            f"{BIG_SECONDS:.0f} s, poll on",
            values,
            [
                limit_check(values["p95"] if measured else None, P95_MS, "ms p95"),
                Check("0 errors", not b["errors"]),
            ],
            f"polls: p50 {ms(percentile(b['polls'], 0.5)):.0f} ms, "
            f"p95 {ms(percentile(b['polls'], 0.95)):.0f} ms over {len(b['polls'])}; "
            f"the projector's refreshes p95 {ms(percentile(b['teacher'], 0.95)):.0f} ms",
        )
    )
    s = two["sixty"]
    values = _latency_values(s["seconds"], [])
    section.rows.append(
        Row(
            f"{2 * n} students, a replica killed",
            "votes",
            {"n": s["voters"], **{k: values[k] for k in ("p50", "p95", "max")}},
            [
                Check("every acknowledged vote counted", s["acked"] <= s["voters"]),
                Check("each student counted once", s["voters"] == s["students"]),
                limit_check(values["p95"] if measured else None, P95_MS, "ms p95"),
            ],
            f"{s['voters']} on the board for {s['students']} students; killed {s['victim']} "
            f"with {s['on_victim']} students on it after {s['acked_before_kill']} acknowledged "
            f"votes; {s['acked_first']} acknowledged before the students whose vote was not "
            f"voted again there, {s['acked']} after",
        )
    )
    for text in (s["errors"] + b["errors"] + join_errors)[:6]:
        section.notes.append(text[:200])
    section.notes += [
        "latencies: request → the run's script_finished, as a protocol student sees it;",
        "CPU: the whole server process (all threads, /proc), on a quiet server, less the",
        "  idle drift; a student's poll draws nothing (Streamlit's own cost of a fragment run).",
    ]
    return [section]
