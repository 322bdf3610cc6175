"""vote's class: the students and the teacher as protocol sessions (harness.protocol) on
the teacher's page, PAGE (a choice and a number question), and what each of them does:
join by the link, vote, poll; teach, and refresh the projector on the browser's timer."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

from harness.plans import DEFAULT_PAGE, app_errors
from harness.protocol import ProtocolSession
from ui.classroom.session import TEACHER_POLL_S
from ui.texts import CATALOG

PAGE = "weighted_sum"
CHOICE, NUMBER = f"quiz_{PAGE}_1_guess", f"quiz_{PAGE}_2_guess"
CHECK = f"quiz_{PAGE}_check"
COUNTED = CATALOG["classroom.vote.counted"]["en"]  # "Your vote is in. …" (no verdict yet)


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
        said = [*reply.texts, *reply.alerts]
        if reply.status == "finished" and any(COUNTED in text for text in said):
            s.acked, s.acked_at = True, time.monotonic()


async def rerun(s: Student) -> None:
    """The student's page run again, nothing pressed (after a vote: the held page)."""
    async with s.lock:
        s.record("rerun", await s.session.rerun("rerun"))


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
