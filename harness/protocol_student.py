"""A student without a browser: a ProtocolSession (harness.protocol) that runs a plan.

Also what runs protocol sessions from synchronous code: ``LoopThread`` (an asyncio loop in
a thread of its own, beside sync Playwright, which keeps a loop running in its own
thread), ``run_apart`` (one coroutine to its end in such a thread), and ``visit`` (one
visitor who opens pages in turn, as a server that has been up a while has seen).
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from urllib.parse import parse_qsl

from harness.plans import (
    CHECK,
    CONTROL_KEYS,
    DEFAULT_PAGE,
    GUESS,
    QUESTION_FORM,
    SKIP,
    THINK_S,
    Failover,
    Interaction,
    Model,
    Step,
    app_errors,
    lang_name,
)
from harness.protocol import ProtocolSession
from harness.replies import marker
from harness.wire import choices

STAY_S = 5.0  # after `stay` is set: how long a lost connection may take to show itself
NUMBER_GUESS = "1"  # what a student types where a question asks for a number


def answer(session: ProtocolSession) -> str | None:
    """Give each open question of the page's first question form a guess (its first choice,
    or a number) and press Check, or press a button that skips; the button's key, None when
    the page asks nothing. Sent with the session's next run."""
    for form in sorted(k for k in session.drawn.forms if QUESTION_FORM.match(k)):
        for key, (kind, element) in session.widgets.items():
            found = GUESS.match(key)
            if found and found["form"] == form:
                options = choices(kind, element)
                session.set_widget(key, options[0] if options else NUMBER_GUESS)
        check = CHECK.format(form=form)
        session.press(check if check in session.widgets else form)
        return check
    for key, (kind, _) in session.widgets.items():
        if kind == "button" and SKIP.search(key):
            session.press(key)
            return key
    return None


async def visit(url: str, pages: list[str], timeout: float = 60) -> tuple[list[str], list[str]]:
    """One visitor who opens every page in turn: (the errors it saw, by page; the links
    of the navigation the server sent, as URL paths)."""
    session = ProtocolSession(url, default_page=DEFAULT_PAGE)
    await session.connect()
    errors: list[str] = []
    try:
        for page in pages:
            if session.page_hashes:
                reply = await session.goto(page, timeout=timeout)
            else:
                reply = await session.open(page, timeout=timeout)
            errors += [f"{url}/{page}: {e}" for e in reply.errors]
    finally:
        await session.close()
    return errors, session.links


def run_apart(coro):
    """Run a coroutine to its end in a thread of its own (the caller's thread may be
    running a loop: Playwright's), and return its result."""
    found: list = []
    failed: list[BaseException] = []

    def work() -> None:
        try:
            found.append(asyncio.run(coro))
        except BaseException as exc:
            failed.append(exc)

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    if failed:
        raise failed[0]
    return found[0]


class ProtocolStudent:
    """A student without a browser: a ProtocolSession that runs its plan."""

    def __init__(
        self,
        base_url: str,
        index: int,
        steps: list[Step],
        page: str,
        *,
        think: tuple[float, float] = THINK_S,
        auto_reconnect: bool = False,
    ) -> None:
        self.name = f"protocol {index}"
        self.index = index
        self.marker = marker(index)
        self.steps = steps
        self.start = page
        self.think = think
        self.rng = random.Random(index)
        self.model = Model(index)
        self.session = ProtocolSession(
            base_url,
            own_marker=self.marker,
            default_page=DEFAULT_PAGE,
            auto_reconnect=auto_reconnect,
        )
        self.interactions: list[Interaction] = []
        self.own_seen = 0  # replies that carried this student's own marker
        self.failovers: list[Failover] = []
        self.cookie = ""  # the name of the balancer's affinity cookie, if any

    def _record(self, reply, what: str) -> Interaction:
        item = Interaction(self.name, what, reply.started, reply.seconds, reply.page)
        item.errors = app_errors(reply.errors)
        item.leaks = list(reply.leaks)
        self.own_seen += bool(reply.own_marker)
        if reply.status == "disconnected":
            item.interrupted, item.seconds = True, None
        elif reply.status == "finished":
            item.errors += self.model.check(self.session.query_string)
        self.interactions.append(item)
        return item

    async def open(self) -> Interaction:
        await self.session.connect()
        reply = await self.session.open(self.start, self.model.query())
        return self._record(reply, f"open /{self.start}")

    async def after_failover(self) -> Failover:
        """Once reconnected: move the temperature a notch (or the seed, where the page has no
        temperature; nothing where it has neither), and compare with the view before."""
        s = self.session
        await s.wait_reconnected()
        record = s.reconnects[len(self.failovers)]
        item = Failover(self.name, lost=record.lost, page_before=record.page_before)
        item.link_before = dict(parse_qsl(record.query_before, keep_blank_values=True))
        item.replica_before = record.cookies_before.get(self.cookie, "")
        item.replica_after = record.cookies_after.get(self.cookie, "")
        self.failovers.append(item)
        if record.error or record.seconds is None:
            item.errors.append(f"no reconnection: {record.error}")
            return item
        item.reconnected = record.lost + record.connected
        if record.rerun:
            # A run was cut short: it ran again there, as the first run of the new session.
            item.first_run = record.lost + record.seconds
            first = dict(parse_qsl(record.query_after, keep_blank_values=True))
            item.kept = first == self.model.params()
            if not item.kept and first != item.link_before:
                item.errors += self.model.check(record.query_after)
            self.model.resync(record.query_after)
        before = dict(self.model.values)
        if "temperature" in s.widgets:
            value = self.model.nudge_temperature()
            self.model.set("temperature", value)
            s.set_widget("temperature", value)
        elif "seed" in s.widgets:  # a page without the temperature: the next seed
            self.model.set("seed", self.model.values["seed"] + 1)
            s.set_widget("seed", self.model.values["seed"])
        reply = await s.rerun("a move after the fail-over")
        item.page_after = s.page
        item.link_after = s.query()
        item.errors += reply.errors + reply.leaks
        if reply.status != "finished":
            item.errors.append(f"the first run after the fail-over: {reply.status}")
            return item
        item.first_run = item.first_run or time.monotonic()
        if item.link_after == self.model.params():
            item.kept = True if item.kept is None else item.kept
        elif item.kept is None and item.link_after == item.link_before:
            item.kept = False  # the new session took the link over the move just made
            self.model.values = before
        else:
            item.errors += self.model.check(s.query_string)
            self.model.resync(s.query_string)
        if item.page_after != item.page_before:
            item.errors.append(f"on /{item.page_after} after the fail-over (/{item.page_before})")
        return item

    def _moved(self) -> bool:
        """The connection was lost (or is being regained) since the last fail-over seen."""
        s = self.session
        return s.reconnecting or len(s.reconnects) > len(self.failovers)

    def _on_this_page(self, step: Step) -> Step:
        """The step, or, when the page does not show its control (a page shows only the
        shared settings it uses), the first planned kind it does show: what a student in
        front of that page would move instead."""
        if step.kind not in CONTROL_KEYS or CONTROL_KEYS[step.kind] in self.session.widgets:
            return step
        for kind, key in CONTROL_KEYS.items():
            if key in self.session.widgets and kind != "lang":
                value = {"temperature": 0.5, "d_model": 8, "heads": 1, "seed": 7}.get(kind)
                return Step(kind, value)
        return Step("rerun")

    async def step(self, step: Step) -> Interaction:
        s = self.session
        if self._moved():
            await self.after_failover()
        if step.kind == "page":
            return self._record(await s.goto(step.value), f"page {step.value}")
        if step.kind == "answer":
            key = answer(s)
            if key is None:  # the page asks nothing: no run, nothing to record
                return Interaction(self.name, "answer: nothing asked", time.monotonic(), 0.0)
            return self._record(await s.rerun(), f"answer {key}")
        if step.kind == "press":
            s.press(step.value)
            return self._record(await s.rerun(), f"press {step.value}")
        step = self._on_this_page(step)
        if step.kind == "rerun":  # nothing of the plan's kind here: a page's own slider
            key = next((k for k, (kind, _) in s.widgets.items() if kind == "slider"), None)
            if key is not None:
                s.set_widget(key, float(s.widgets[key][1].max) / 2)
            return self._record(await s.rerun(), f"rerun {key or ''}".strip())
        if step.kind in ("scale", "causal"):
            value = not self.model.values[step.kind]
            self.model.set(step.kind, value)
            s.set_widget(step.kind, value)
        elif step.kind == "lang":
            value = "zh" if self.model.values["lang"] == "en" else "en"
            self.model.set("lang", value)
            s.set_widget("lang", lang_name(value))
        elif step.kind == "d_model":
            self.model.set("d_model", step.value)
            s.set_widget("d_model", step.value)
        elif step.kind == "heads":
            heads = self.model.heads_for(self.model.values["d_model"], step.value)
            self.model.set("n_heads", heads)
            s.set_widget("n_heads", heads)
        elif step.kind == "temperature":
            self.model.set("temperature", step.value)
            s.set_widget("temperature", step.value)
        elif step.kind == "seed":
            self.model.set("seed", step.value)
            s.set_widget("seed", step.value)
        value = self.model.values.get({"heads": "n_heads"}.get(step.kind, step.kind), step.value)
        return self._record(await s.rerun(), f"{step.kind} {value}")

    async def run(self, until: float | None = None, stay: threading.Event | None = None) -> None:
        """Open the start page, then every step after a think time (or until `until`).

        With `stay`, the student keeps the page open after the last step until the event is
        set, and then for up to STAY_S more while a lost connection shows itself, so a
        student who finished early is still in class when a replica dies.
        """
        try:
            await self.open()
            for step in self.steps:
                await asyncio.sleep(self.rng.uniform(*self.think))
                if until is not None and time.monotonic() > until:
                    break
                await self.step(step)
            if stay is not None:
                while not stay.is_set():
                    await asyncio.sleep(0.05)
                deadline = time.monotonic() + STAY_S
                while not self._moved() and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
            if self._moved():
                await self.after_failover()
        except Exception as exc:  # a student that cannot go on is an error, not a crash
            item = Interaction(self.name, "run", time.monotonic())
            item.errors.append(f"{type(exc).__name__}: {exc}")
            self.interactions.append(item)
        finally:
            await self.session.close()

    @property
    def stray(self) -> list[str]:
        return self.session.stray


class LoopThread:
    """An asyncio loop in a thread of its own, for protocol students beside sync Playwright
    (which keeps a loop of its own running in the thread that drives the browser)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> LoopThread:
        self.thread.start()
        return self

    def submit(self, coro):
        """Schedule a coroutine; returns a concurrent.futures.Future."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def run(self, coro, timeout: float | None = None):
        return self.submit(coro).result(timeout)

    def __exit__(self, *exc) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()
