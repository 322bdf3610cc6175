"""A replica dies mid-class: students of a school (harness.school), and one replica killed.

``failover_class`` puts protocol students (who reconnect as Streamlit's frontend does)
and browser students on the school's balancer, which keeps each on one replica with a
cookie. The protocol students come with that cookie already set, one replica after the
other, as students the balancer placed earlier in the lesson would: the killed replica
then always has some of them, however the balancer would have spread a burst of new
connections beside a browser's. The browser students open their pages while the
protocol students run their plans; after a while every browser student moves the
temperature, and the replica of the first browser student is killed (SIGKILL, by its
own PID), so that a real page always goes through the fail-over. Each student of that
replica must reach the other one, see the same page with the same settings (they all
live in the link) and meet no error after the reconnect; then the browser students make
a few more moves. The end-to-end test asserts on the result, the benchmark times it.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from dataclasses import dataclass, field

from harness.browser_student import CONTROLS, BrowserStudent, student_context
from harness.plans import Failover, Step, pages, plan, start_page
from harness.protocol_student import LoopThread, ProtocolStudent
from harness.school import COOKIE, School
from ui import registry

RUN_TIMEOUT_S = 600


@dataclass
class FailoverRun:
    """What came of a class whose replica died."""

    victim: str
    survivor: str
    killed_at: float  # time.monotonic()
    on: dict[str, str]  # student -> the replica it was on before the kill
    moved: list[Failover]  # the students of the killed replica, once they had moved
    errors_after: list[str] = field(default_factory=list)  # errors after the kill
    outside: list[str] = field(default_factory=list)  # requests to other origins
    protocol: list[ProtocolStudent] = field(default_factory=list)
    browsers: list[BrowserStudent] = field(default_factory=list)

    @property
    def expected(self) -> list[str]:
        """The students who were on the killed replica."""
        return sorted(name for name, replica in self.on.items() if replica == self.victim)

    def since_kill(self, when: float | None) -> float | None:
        return None if when is None else when - self.killed_at

    def report(self) -> str:
        """One line per student who moved: where from and to, when, and its first move."""
        lines = []
        for f in sorted(self.moved, key=lambda f: f.student):
            back, ran = self.since_kill(f.reconnected), self.since_kill(f.first_run)
            kept = "kept" if f.kept else "undone" if f.kept is False else "?"
            lines.append(
                f"{f.student}: {f.replica_before} -> {f.replica_after}, /{f.page_before} -> "
                f"/{f.page_after}, connected {back if back is None else round(back, 2)} s and "
                f"run {ran if ran is None else round(ran, 2)} s after the kill, first move {kept}"
            )
        return "\n".join(lines)


async def _class(students: list[ProtocolStudent], spread_s: float, stay: threading.Event):
    async def one(student: ProtocolStudent, delay: float) -> None:
        await asyncio.sleep(delay)
        await student.run(stay=stay)

    rng = random.Random(7)
    await asyncio.gather(*(one(s, rng.uniform(0, spread_s)) for s in students))


def failover_class(
    school: School,
    browser,
    *,
    n_protocol: int,
    n_browser: int,
    steps: int,
    think: tuple[float, float],
    kill_after: float,
    steps_after: int,
    spread_s: float = 0.0,
) -> FailoverRun:
    """Run the class on `school` (its pages warmed) with Chromium `browser`; kill a replica."""
    page_list = pages()
    movable = [p for p in page_list if set(registry.pages()[p].controls) & set(CONTROLS.values())]
    protocol = []
    replicas = sorted(school.replicas)
    for i in range(n_protocol):
        page = start_page(i, page_list)
        steps_i = plan(i, steps, page_list, page)
        student = ProtocolStudent(school.url, i, steps_i, page, think=think, auto_reconnect=True)
        student.cookie = COOKIE
        student.session.cookies[COOKIE] = replicas[i % len(replicas)]
        protocol.append(student)
    outside: list[str] = []
    browsers = []
    killed = threading.Event()  # until it is set, a student who has done the plan stays
    with LoopThread() as loop:
        try:
            for j in range(n_browser):
                i = n_protocol + j
                # Not the protocol students' first pages, and one with a shared control to
                # move on both sides of the kill (its view must stay what it was).
                page = start_page(i + 2, movable)
                context = student_context(browser, school.url, outside)
                b = BrowserStudent(context, school.url, i, [], page, think=think, outside=outside)
                browsers.append(b)
                b.open()
            running = loop.submit(_class(protocol, spread_s, killed))
            time.sleep(kill_after)
            for b in browsers:
                b.step(Step("temperature"))
            marks = [b.mark(COOKIE) for b in browsers]
            on = {s.name: s.session.cookies.get(COOKIE, "") for s in protocol}
            on = {name: replica for name, replica in on.items() if replica}
            on.update({b.name: m["replica"] for b, m in zip(browsers, marks, strict=True)})
            victim = marks[0]["replica"]
            if victim not in school.replicas:
                raise RuntimeError(f"the first browser student is on no replica: {marks}")
            killed_at = school.kill(victim)
            killed.set()
            moved = [
                b.after_failover(m, COOKIE)
                for b, m in zip(browsers, marks, strict=True)
                if m["replica"] == victim
            ]
            for b in browsers:
                for step in plan(b.index, steps_after, page_list, b.here):
                    b.step(step)
            running.result(timeout=RUN_TIMEOUT_S)
        finally:
            killed.set()
            for b in browsers:
                b.close()
    moved += [f for s in protocol for f in s.failovers]
    moved = [f for f in moved if f.replica_before == victim]
    after = [f"{f.student}: {e}" for f in moved for e in f.errors]
    for s in [*protocol, *browsers]:
        for item in s.interactions:
            if item.started > killed_at and not item.interrupted:
                after += [f"{s.name}, {item.what}: {e}" for e in item.errors + item.leaks]
    survivor = next(name for name in school.replicas if name != victim)
    return FailoverRun(
        victim, survivor, killed_at, on, moved, after, sorted(set(outside)), protocol, browsers
    )
