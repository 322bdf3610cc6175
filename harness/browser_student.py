"""A student in a real browser: a Chromium page (sync Playwright) that runs a plan.

It shows what only a browser can: the page settles (every chart drawn), no exception
element, no lost connection, the student's own sentence on screen, and every request the
page makes to an origin other than the app's. Runs are counted by harness.browser's Tab;
the times the connection went and came back are noted in the page (Streamlit writes the
connection state on its root element).
"""

from __future__ import annotations

import contextlib
import random
import time
from urllib.parse import parse_qsl, urlsplit

from harness.browser import IDLE_JS, SETTLED_JS, Tab, new_context
from harness.plans import (
    CONTROL_KEYS,
    D_MODELS,
    DEFAULT_PAGE,
    THINK_S,
    Failover,
    Interaction,
    Model,
    Step,
    lang_name,
    pages,
)
from harness.replies import MARKER, marker

# Counts the times the connection came back, with the wall-clock times it went and came.
RECONNECTS_JS = """
Object.assign(window, {__stReconnects: 0, __stLost: 0, __stBack: 0});
new MutationObserver((changes) => {
  for (const c of changes) {
    const data = c.target.dataset;
    if (c.oldValue === 'CONNECTED' && data.testConnectionState !== 'CONNECTED') {
      window.__stLost = Date.now();
    } else if (window.__stLost && data.testConnectionState === 'CONNECTED'
               && c.oldValue !== 'CONNECTED') {
      window.__stReconnects += 1;
      window.__stBack = Date.now();
    }
  }
}).observe(document, {
  subtree: true, attributes: true, attributeOldValue: true,
  attributeFilter: ['data-test-connection-state'],
});
"""
# Everything a reader can see of the sentence: the text, form values, labels of marks.
SCREEN_TEXT_JS = """() => [document.body.innerText,
  ...Array.from(document.querySelectorAll('textarea, input'), (e) => e.value || ''),
  ...Array.from(document.querySelectorAll('[aria-label]'), (e) => e.ariaLabel)].join('\\n')"""
NAV_INDEX_JS = """(path) => Array.from(
  document.querySelectorAll('[data-testid="stSidebarNavLink"]'),
  (a) => new URL(a.href).pathname).indexOf(path)"""
AT_PATH_JS = "(path) => location.pathname === path"
NAV_WAIT_MS = 10_000  # a page link followed: the address changes at once, unless lost
CONNECTION_JS = """() => document.querySelector('[data-testid="stApp"]')
  ?.dataset.testConnectionState || ''"""
# A plan's kinds of step that move a shared control (a click away), and the control each moves.
CONTROLS = {kind: key for kind, key in CONTROL_KEYS.items() if kind != "lang"}
STEP_TIMEOUT_MS = 45_000
POLL_MS = 50


def student_context(browser, base_url: str, outside: list[str]):
    """A context for browser students: requests to other origins noted in `outside`."""
    return new_context(browser, base_url=base_url, outside=outside, init_script=RECONNECTS_JS)


class BrowserStudent:
    """A student in a real browser page (sync Playwright), running a plan step by step."""

    def __init__(
        self,
        context,
        base_url: str,
        index: int,
        steps: list[Step],
        page: str,
        *,
        think: tuple[float, float] = THINK_S,
        outside: list[str] | None = None,
    ) -> None:
        self.name = f"browser {index}"
        self.index = index
        self.marker = marker(index)
        self.base_url = base_url.rstrip("/")
        self.steps = steps
        self.start = page
        self.think = think
        self.rng = random.Random(500 + index)
        self.model = Model(index)
        self.here = page
        self.context = context
        self.tab = Tab(context.new_page(), base_url, poll_ms=POLL_MS, after_ms=0)
        self.page = self.tab.page
        self.page_errors = self.tab.page_errors
        self.outside = outside if outside is not None else []
        self.interactions: list[Interaction] = []
        self.own_seen = 0

    def settle(self, before: int, timeout_ms: float = STEP_TIMEOUT_MS) -> None:
        """Until a run later than the first `before` has ended, and the page is drawn."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        self.tab.wait_runs(before, timeout_ms)
        self.tab.settle(timeout_ms)
        if not self.page.evaluate(SETTLED_JS):
            raise PlaywrightTimeout(f"the page did not settle ({self.tab.stuck()})")

    def screen_checks(self) -> tuple[list[str], list[str]]:
        """(errors, leaks) of what the page shows now."""
        from ui.registry import pages

        errors = []
        boxes = self.page.get_by_test_id("stException")
        if boxes.count():
            errors.append(f"exception shown: {boxes.first.inner_text()[:300]}")
        connection = self.page.evaluate(CONNECTION_JS)
        if connection != "CONNECTED":
            errors.append(f"connection state {connection or 'unknown'}")
        if self.page_errors:
            errors.append(f"errors in the page: {self.page_errors[:3]}")
            self.page_errors.clear()
        text = self.page.evaluate(SCREEN_TEXT_JS)
        found = set(MARKER.findall(text.encode()))
        own = self.marker.encode()
        if own in found:
            self.own_seen += 1
        elif "sentence" in pages()[self.here].controls:  # not on a page that has no sentence
            errors.append("the student's own sentence is not on screen")
        leaks = [f"another student's marker on screen: {m.decode()}" for m in found - {own}]
        query = urlsplit(self.page.url).query
        errors += self.model.check(query)
        path = urlsplit(self.page.url).path.strip("/") or DEFAULT_PAGE
        if path != self.here:
            errors.append(f"on /{path}, expected /{self.here}")
        return errors, leaks

    def _timed(self, what: str, action, *, after_run: bool = True) -> Interaction:
        from playwright.sync_api import Error as PlaywrightError

        item = Interaction(self.name, what, time.monotonic(), page=self.here)
        # No run of before is still on (its end must not pass for this action's); a page
        # that never comes to rest is reported by the step itself. A blank tab has no run.
        if after_run:
            with contextlib.suppress(PlaywrightError):
                self.page.wait_for_function(IDLE_JS, polling=POLL_MS)
        start = time.perf_counter()
        try:
            before = self.tab.finished
            action()
            self.settle(before)
            item.seconds = time.perf_counter() - start
            item.errors, item.leaks = self.screen_checks()
        except PlaywrightError as exc:
            item.errors.append(f"{what}: {str(exc).splitlines()[0][:300]}")
        self.interactions.append(item)
        return item

    def open(self) -> Interaction:
        path = "" if self.start == DEFAULT_PAGE else self.start
        url = f"{self.base_url}/{path}?{self.model.query()}"
        return self._timed(
            f"open /{self.start}",
            lambda: self.page.goto(url, wait_until="domcontentloaded"),
            after_run=False,
        )

    def _sidebar(self, key: str):
        return self.page.get_by_test_id("stSidebar").locator(f".st-key-{key}")

    def _temperatures(self) -> list[float]:
        cfg = self.model.cfg
        steps = round((cfg.TEMPERATURE_MAX - cfg.TEMPERATURE_MIN) / cfg.TEMPERATURE_STEP)
        return [round(cfg.TEMPERATURE_MIN + k * cfg.TEMPERATURE_STEP, 2) for k in range(steps + 1)]

    def _notch(self, key: str, options: list, current, direction: int):
        """A select slider or slider one notch along; the new value (or None at an end)."""
        i = options.index(current)
        j = i + direction if 0 <= i + direction < len(options) else i - direction
        thumb = self._sidebar(key).get_by_role("slider")
        thumb.focus()
        self.page.keyboard.press("ArrowRight" if j > i else "ArrowLeft")
        return options[j]

    def _on_this_page(self, step: Step) -> Step:
        """The step, or, when this page does not show its control (a page shows only the
        shared settings it uses), the first planned kind it does show; on a page with none
        of them (the Q, K, V page's own sliders), a visit to the default page."""
        from ui.registry import pages

        shown = pages()[self.here].controls
        if CONTROLS.get(step.kind, "") in shown or step.kind not in CONTROLS:
            return step
        for kind, control in CONTROLS.items():
            if control in shown:
                return Step(kind)
        return Step("page", DEFAULT_PAGE)

    def step(self, step: Step) -> Interaction:
        m = self.model
        direction = 1 if self.rng.random() < 0.5 else -1
        step = self._on_this_page(step)
        if step.kind == "page":
            target = step.value
            if target == self.here:
                target = next(p for p in pages() if p != self.here)
            path = "/" if target == DEFAULT_PAGE else f"/{target}"

            def go() -> None:
                from playwright.sync_api import Error as PlaywrightError
                from playwright.sync_api import TimeoutError as PlaywrightTimeout

                # The navigation is drawn again by a run: until its link is there, an index
                # of -1 would make nth() the last link, another page.
                present = f"(path) => ({NAV_INDEX_JS})(path) >= 0"
                self.page.wait_for_function(present, arg=path, polling=POLL_MS)
                for attempt in range(2):  # a click while a run draws the page can be lost
                    index = self.page.evaluate(NAV_INDEX_JS, path)
                    if index < 0:
                        raise PlaywrightError(f"no link to {path} in the navigation")
                    self.page.get_by_test_id("stSidebarNavLink").nth(index).click()
                    try:
                        wait = NAV_WAIT_MS if attempt == 0 else STEP_TIMEOUT_MS
                        self.page.wait_for_function(AT_PATH_JS, arg=path, timeout=wait)
                        break
                    except PlaywrightTimeout:
                        if attempt:
                            raise
                self.here = target

            return self._timed(f"page {target}", go)
        if step.kind == "temperature":
            options = self._temperatures()

            def move() -> None:
                m.set(
                    "temperature",
                    self._notch("temperature", options, m.values["temperature"], direction),
                )

            return self._timed("temperature", move)
        if step.kind == "d_model":
            options = list(m.cfg.D_MODEL_OPTIONS)
            options = options[: options.index(max(D_MODELS)) + 1]

            def move() -> None:
                m.set("d_model", self._notch("d_model", options, m.values["d_model"], direction))

            return self._timed("d_model", move)
        if step.kind == "heads":
            options = m.cfg.head_options(m.values["d_model"])
            if len(options) == 1:
                return self.step(Step("scale"))

            def move() -> None:
                m.set("n_heads", self._notch("n_heads", options, m.values["n_heads"], direction))

            return self._timed("heads", move)
        if step.kind in ("scale", "causal"):

            def flip() -> None:
                self._sidebar(step.kind).locator("label").first.click()
                m.set(step.kind, not m.values[step.kind])

            return self._timed(step.kind, flip)
        if step.kind == "seed":

            def up() -> None:
                self._sidebar("seed").get_by_test_id("stNumberInputStepUp").click()
                m.set("seed", m.values["seed"] + 1)

            return self._timed("seed", up)
        if step.kind == "lang":
            code = "zh" if m.values["lang"] == "en" else "en"

            def switch() -> None:
                name = lang_name(code)
                self._sidebar("lang").get_by_role("radio", name=name, exact=True).click()
                m.set("lang", code)

            return self._timed(f"lang {code}", switch)
        raise ValueError(f"unknown step {step.kind!r}")

    def run(self, until: float | None = None) -> None:
        self.open()
        for step in self.steps:
            time.sleep(self.rng.uniform(*self.think))
            if until is not None and time.monotonic() > until:
                break
            self.step(step)

    def mark(self, cookie: str = "") -> dict:
        """What to compare with after a fail-over; taken before the server goes away."""
        return {
            "reconnects": self.page.evaluate("() => window.__stReconnects"),
            "runs": self.tab.finished,
            "url": self.page.url,
            "here": self.here,
            "replica": self.replica(cookie),
        }

    def replica(self, cookie: str) -> str:
        return next((c["value"] for c in self.context.cookies() if c["name"] == cookie), "")

    def after_failover(self, mark: dict, cookie: str = "", timeout_s: float = 60.0) -> Failover:
        """Once the page is connected again: is it the same view? Then a temperature move."""
        from playwright.sync_api import Error as PlaywrightError

        item = Failover(self.name, page_before=mark["here"], replica_before=mark["replica"])
        item.link_before = dict(parse_qsl(urlsplit(mark["url"]).query, keep_blank_values=True))
        offset = time.monotonic() - time.time()
        try:
            self.page.wait_for_function(
                """(n) => window.__stReconnects > n && document.querySelector(
                  '[data-testid="stApp"]')?.dataset.testConnectionState === 'CONNECTED'""",
                arg=mark["reconnects"],
                polling=POLL_MS,
                timeout=timeout_s * 1000,
            )
            lost, back = self.page.evaluate("() => [window.__stLost, window.__stBack]")
            item.lost, item.reconnected = lost / 1000 + offset, back / 1000 + offset
            item.replica_after = self.replica(cookie)
            if not self.tab.idle():  # it was running: the frontend reruns
                self.settle(mark["runs"], timeout_s * 1000)
                item.first_run = time.monotonic()
            errors, leaks = self.screen_checks()
            item.errors += errors + leaks
        except PlaywrightError as exc:
            item.errors.append(f"no reconnection: {str(exc).splitlines()[0][:300]}")
            return item
        before = dict(self.model.values)
        # The temperature, or what this page shows instead (its view must not change).
        move = self.step(Step("temperature"))
        move.what += " after the fail-over"
        item.page_after = self.here
        item.link_after = dict(parse_qsl(urlsplit(self.page.url).query, keep_blank_values=True))
        if move.seconds is None:
            item.errors += move.errors
            return item
        item.first_run = item.first_run or time.monotonic()
        model_errors = self.model.check(urlsplit(self.page.url).query)
        item.errors += [e for e in move.errors + move.leaks if e not in model_errors]
        if not model_errors:
            item.kept = True
        elif item.link_after == item.link_before:
            item.kept = False  # the new session took the link over the move just made
            self.model.values = before
        else:
            item.errors += model_errors
            self.model.resync(urlsplit(self.page.url).query)
        move.errors = [e for e in move.errors if e not in model_errors]
        path = urlsplit(self.page.url).path.strip("/") or DEFAULT_PAGE
        item.page_after = path
        if path != item.page_before:
            item.errors.append(f"on /{path} after the fail-over (/{item.page_before})")
        return item

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.context.close()
