"""A class of students, for the benchmark's class section and the load tests.

Student i has its own sentence, holding its marker (``harness.protocol.marker(i)``), its
own starting page and its own plan of interactions: temperature moves, the model
dimension and the head count, the scaling and mask toggles, the seed, page changes and
a language switch, with a think time before each. It keeps a model of its own settings,
and after every interaction checks that the page's link (the URL's query string) says
exactly those settings, the way ``ui.settings.to_params`` writes them.

Two kinds run the same plans: a ``ProtocolStudent`` is a ``ProtocolSession`` (a websocket
client speaking Streamlit's messages, no browser), a ``BrowserStudent`` a page in a real
Chromium (Playwright), which shows what only a browser can: the page settles, no
exception element, no lost connection, the student's own sentence on screen, and every
request the page makes to an origin other than the app's.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode, urlsplit

from harness.protocol import MARKER, ProtocolSession, marker

DEFAULT_PAGE = "overview"  # the page served at "/"
D_MODELS = (4, 8, 16, 32, 64, 128)  # what a student moves through in class (the app offers more)
THINK_S = (1.0, 3.0)
STAY_S = 5.0  # after `stay` is set: how long a lost connection may take to show itself
STEP_KINDS = {  # kind -> weight in a plan
    "temperature": 8,
    "page": 4,
    "d_model": 2,
    "heads": 2,
    "scale": 2,
    "causal": 2,
    "seed": 1,
}


def sentence(i: int) -> str:
    """Student i's sentence: ten words, one of them its marker."""
    return f"the {marker(i)} student watches how every word attends to the rest"


def pages() -> list[str]:
    """The app's pages (one per file in app_pages/), the default one first."""
    from harness.server import ROOT

    names = sorted(p.stem for p in (ROOT / "app_pages").glob("*.py") if not p.stem.startswith("_"))
    return sorted(names, key=lambda n: n != DEFAULT_PAGE)


@dataclass
class Step:
    kind: str  # temperature, d_model, heads, scale, causal, seed, page, lang
    value: object = None  # for a protocol student; a browser moves one notch instead


@dataclass
class Interaction:
    student: str
    what: str
    started: float  # time.monotonic()
    seconds: float | None = None  # request -> the run finished (browser: -> page settled)
    page: str = ""
    errors: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    interrupted: bool = False  # its server went away meanwhile (fail-over)

    @property
    def ok(self) -> bool:
        return self.seconds is not None and not self.errors and not self.leaks


@dataclass
class Failover:
    """One student whose server went away, and what it found on the server it reached."""

    student: str
    lost: float = 0.0  # time.monotonic() when its connection dropped (browser: when seen)
    reconnected: float | None = None  # time.monotonic() when connected again
    first_run: float | None = None  # when its first run on the new server had finished
    replica_before: str = ""
    replica_after: str = ""
    page_before: str = ""
    page_after: str = ""
    link_before: dict = field(default_factory=dict)  # the settings its link said
    link_after: dict = field(default_factory=dict)  # … after its first move there
    kept: bool | None = None  # the first move there was applied (False: the link undid it)
    errors: list[str] = field(default_factory=list)

    @property
    def same_view(self) -> bool:
        """The same page, and the settings before (or before plus the move just made)."""
        return self.page_after == self.page_before and self.kept is not None


def plan(index: int, n: int, page_list: list[str], start: str) -> list[Step]:
    """n interactions for student `index`: reproducible, with one language switch or two."""
    rng = random.Random(1000 + index)
    kinds = list(STEP_KINDS)
    weights = list(STEP_KINDS.values())
    steps: list[Step] = []
    here = start
    for _ in range(n):
        kind = rng.choices(kinds, weights)[0]
        if kind == "temperature":
            steps.append(Step(kind, round(rng.randint(5, 60) * 0.05, 2)))
        elif kind == "page":
            here = rng.choice([p for p in page_list if p != here])
            steps.append(Step(kind, here))
        elif kind == "d_model":
            steps.append(Step(kind, rng.choice(D_MODELS)))
        elif kind == "heads":
            steps.append(Step(kind, rng.choice((1, 2, 4, 8))))
        elif kind == "seed":
            steps.append(Step(kind, rng.randint(1, 99)))
        else:
            steps.append(Step(kind))
    # A language switch for everyone (half of them switch back later).
    steps[n // 2] = Step("lang")
    if index % 2 and n > 4:
        steps[n - 2] = Step("lang")
    if not any(s.kind == "page" for s in steps) and n > 2:
        steps[1] = Step("page", next(p for p in page_list if p != start))
    return steps


def start_page(index: int, page_list: list[str]) -> str:
    return page_list[index % len(page_list)]


class Model:
    """What a student believes its settings are, and the link that says them."""

    def __init__(self, index: int) -> None:
        from ui import settings as cfg

        self.cfg = cfg
        self.values = {k: getattr(cfg.DEFAULTS, k) for k in cfg.PARAMS}
        self.values["sentence"] = sentence(index)

    def heads_for(self, d_model: int, wanted: int) -> int:
        """What the app does with a head count that does not divide d_model."""
        options = self.cfg.head_options(d_model)
        return wanted if wanted in options else max(h for h in options if h <= wanted)

    def set(self, key: str, value) -> None:
        self.values[key] = value
        if key in ("d_model", "n_heads"):
            self.values["n_heads"] = self.heads_for(self.values["d_model"], self.values["n_heads"])

    def params(self) -> dict[str, str]:
        return self.cfg.to_params(self.cfg.Settings(**self.values))

    def resync(self, query: str) -> None:
        """Believe what the link says (after the app set the widgets from it)."""
        values, _ = self.cfg.parse_params(dict(parse_qsl(query, keep_blank_values=True)))
        self.values = {k: values.get(k, getattr(self.cfg.DEFAULTS, k)) for k in self.cfg.PARAMS}

    def nudge_temperature(self) -> float:
        """The temperature one notch along (a move to see whether the page still answers)."""
        t = self.values["temperature"]
        return round(t + self.cfg.TEMPERATURE_STEP if t < 1.0 else t - self.cfg.TEMPERATURE_STEP, 2)

    def query(self) -> str:
        return urlencode(self.params())

    def check(self, query: str) -> list[str]:
        """Errors when the link's query string does not say these settings."""
        shown = dict(parse_qsl(query, keep_blank_values=True))
        wanted = self.params()
        if shown == wanted:
            return []
        diff = {k: (shown.get(k), wanted.get(k)) for k in set(shown) | set(wanted)}
        diff = {k: v for k, v in diff.items() if v[0] != v[1]}
        return [f"the link says {diff} (link, expected)"]


def lang_name(code: str) -> str:
    from ui.i18n import LANG_NAMES

    return LANG_NAMES[code]


# ---------------------------------------------------------------------------- protocol


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
        item.errors = list(reply.errors)
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
        """Once reconnected: move the temperature a notch, and compare with the view before."""
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
        value = self.model.nudge_temperature()
        self.model.set("temperature", value)
        s.set_widget("temperature", value)
        reply = await s.rerun("temperature after the fail-over")
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

    async def step(self, step: Step) -> Interaction:
        s = self.session
        if self._moved():
            await self.after_failover()
        if step.kind == "page":
            return self._record(await s.goto(step.value), f"page {step.value}")
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
        import threading

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


# ---------------------------------------------------------------------------- browser

# Counts the script runs that end and the times the connection came back (Streamlit writes
# both states on its root element), with the wall-clock times the connection went and came;
# and the messages from the server, with the time of the last one. (A run whose messages
# all come at once can go from running to not running within one render, which no
# attribute shows: then the messages tell that the server has answered.)
COUNT_RUNS_JS = """
Object.assign(window, {__stRuns: 0, __stReconnects: 0, __stLost: 0, __stBack: 0,
                       __stMsgs: 0, __stLastMsg: 0});
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', () => {
      window.__stMsgs += 1;
      window.__stLastMsg = performance.now();
    });
  }
};
new MutationObserver((changes) => {
  for (const c of changes) {
    const data = c.target.dataset;
    if (c.attributeName === 'data-test-script-state') {
      if (c.oldValue !== 'notRunning' && data.testScriptState === 'notRunning') {
        window.__stRuns += 1;
      }
    } else if (c.oldValue === 'CONNECTED' && data.testConnectionState !== 'CONNECTED') {
      window.__stLost = Date.now();
    } else if (window.__stLost && data.testConnectionState === 'CONNECTED'
               && c.oldValue !== 'CONNECTED') {
      window.__stReconnects += 1;
      window.__stBack = Date.now();
    }
  }
}).observe(document, {
  subtree: true, attributes: true, attributeOldValue: true,
  attributeFilter: ['data-test-script-state', 'data-test-connection-state'],
});
"""
# A run later than `runs` has finished (or the server has answered since `msgs` messages
# and been quiet for QUIET_MS), the page is connected and no run is on.
IDLE_AFTER_JS = """([runs, msgs, quiet]) => {
  const app = document.querySelector('[data-testid="stApp"]');
  const answered = window.__stRuns > runs
    || (window.__stMsgs > msgs && performance.now() - window.__stLastMsg > quiet);
  return answered && app?.dataset.testConnectionState === 'CONNECTED'
    && app?.dataset.testScriptState === 'notRunning';
}"""
QUIET_MS = 300
SETTLED_JS = """() => !document.querySelector('[data-testid="stSkeleton"]')
  && !document.querySelector('[data-testid="stStatusWidget"]')
  && Array.from(document.querySelectorAll('[data-testid="stVegaLiteChart"]')).every((c) => {
    const canvas = c.querySelector('canvas');
    if (canvas) return canvas.width > 0 && canvas.height > 0;
    const svg = c.querySelector('svg');
    return svg && svg.querySelectorAll('g.role-mark > *').length > 0;
  })"""
# Everything a reader can see of the sentence: the text, form values, labels of marks.
SCREEN_TEXT_JS = """() => [document.body.innerText,
  ...Array.from(document.querySelectorAll('textarea, input'), (e) => e.value || ''),
  ...Array.from(document.querySelectorAll('[aria-label]'), (e) => e.ariaLabel)].join('\\n')"""
NAV_INDEX_JS = """(path) => Array.from(
  document.querySelectorAll('[data-testid="stSidebarNavLink"]'),
  (a) => new URL(a.href).pathname).indexOf(path)"""
# Why a page has not settled: its states, runs, loading parts and charts without marks.
STUCK_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  const charts = Array.from(document.querySelectorAll('[data-testid="stVegaLiteChart"]'));
  const empty = charts.filter((c) => !c.querySelector('canvas')
    && !(c.querySelector('svg')?.querySelectorAll('g.role-mark > *').length)).length;
  return `connection ${app?.dataset.testConnectionState}, script ${app?.dataset.testScriptState}`
    + `, ${window.__stRuns} runs, ${document.querySelectorAll('[data-testid="stSkeleton"]').length}`
    + ` loading, status widget ${!!document.querySelector('[data-testid="stStatusWidget"]')}`
    + `, ${empty} of ${charts.length} charts without marks`;
}"""
APP_STATE_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  return [app?.dataset.testConnectionState || '', app?.dataset.testScriptState || ''];
}"""
STEP_TIMEOUT_MS = 45_000
POLL_MS = 50


def new_context(browser, base_url: str, outside: list[str], viewport: dict | None = None):
    """A browser context that logs (then refuses) every request to another origin."""
    from harness.chromium import EXTERNAL

    origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url))
    context = browser.new_context(viewport=viewport or {"width": 1400, "height": 1000})
    context.set_default_timeout(STEP_TIMEOUT_MS)

    def note(request) -> None:
        url = request.url
        if url.startswith(("data:", "blob:", "about:")):
            return
        if not (url == origin or url.startswith(origin + "/")):
            outside.append(f"{request.resource_type} {url}")

    context.on("request", note)
    context.route(EXTERNAL, lambda route: route.abort())  # never leave this machine
    context.add_init_script(COUNT_RUNS_JS)
    return context


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
        self.page = context.new_page()
        self.page_errors: list[str] = []
        self.page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        self.outside = outside if outside is not None else []
        self.interactions: list[Interaction] = []
        self.own_seen = 0

    # What the page says of itself.
    def state(self) -> tuple[str, str]:
        return tuple(self.page.evaluate(APP_STATE_JS))

    def runs(self) -> tuple[int, int]:
        """(script runs finished, messages received) so far: what settle() waits beyond."""
        return tuple(self.page.evaluate("() => [window.__stRuns || 0, window.__stMsgs || 0]"))

    def settle(self, before: tuple[int, int], timeout_ms: float = STEP_TIMEOUT_MS) -> None:
        """Until the server has answered since `before` (runs()), and the page is drawn."""
        self.page.wait_for_function(
            IDLE_AFTER_JS, arg=[*before, QUIET_MS], polling=POLL_MS, timeout=timeout_ms
        )
        self.page.wait_for_function(SETTLED_JS, polling=POLL_MS, timeout=timeout_ms)

    def screen_checks(self) -> tuple[list[str], list[str]]:
        """(errors, leaks) of what the page shows now."""
        errors = []
        boxes = self.page.get_by_test_id("stException")
        if boxes.count():
            errors.append(f"exception shown: {boxes.first.inner_text()[:300]}")
        connection, _ = self.state()
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
        else:
            errors.append("the student's own sentence is not on screen")
        leaks = [f"another student's marker on screen: {m.decode()}" for m in found - {own}]
        query = urlsplit(self.page.url).query
        errors += self.model.check(query)
        path = urlsplit(self.page.url).path.strip("/") or DEFAULT_PAGE
        if path != self.here:
            errors.append(f"on /{path}, expected /{self.here}")
        return errors, leaks

    def _timed(self, what: str, action) -> Interaction:
        from playwright.sync_api import Error as PlaywrightError

        item = Interaction(self.name, what, time.monotonic(), page=self.here)
        # The last run's messages have all come (a late one must not pass for an answer); a
        # page that never goes quiet is reported by the step itself.
        with contextlib.suppress(PlaywrightError):
            self.page.wait_for_function(
                "(quiet) => performance.now() - window.__stLastMsg > quiet",
                arg=QUIET_MS,
                polling=POLL_MS,
            )
        start = time.perf_counter()
        try:
            before = self.runs()
            action()
            self.settle(before)
            item.seconds = time.perf_counter() - start
            item.errors, item.leaks = self.screen_checks()
        except PlaywrightError as exc:
            item.errors.append(f"{what}: {str(exc).splitlines()[0][:300]} ({self.stuck()})")
        self.interactions.append(item)
        return item

    def stuck(self) -> str:
        from playwright.sync_api import Error as PlaywrightError

        try:
            return self.page.evaluate(STUCK_JS)
        except PlaywrightError as exc:
            return f"the page cannot be read: {str(exc).splitlines()[0][:100]}"

    def open(self) -> Interaction:
        path = "" if self.start == DEFAULT_PAGE else self.start
        url = f"{self.base_url}/{path}?{self.model.query()}"
        return self._timed(
            f"open /{self.start}", lambda: self.page.goto(url, wait_until="domcontentloaded")
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

    def step(self, step: Step) -> Interaction:
        m = self.model
        direction = 1 if self.rng.random() < 0.5 else -1
        if step.kind == "page":
            target = step.value
            if target == self.here:
                target = next(p for p in pages() if p != self.here)
            path = "/" if target == DEFAULT_PAGE else f"/{target}"

            def go() -> None:
                links = self.page.get_by_test_id("stSidebarNavLink")
                links.nth(self.page.evaluate(NAV_INDEX_JS, path)).click()
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
        marks = self.page.evaluate(
            "() => [window.__stReconnects, window.__stRuns, window.__stMsgs]"
        )
        return {
            "reconnects": marks[0],
            "runs": (marks[1], marks[2]),
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
            if self.state()[1] != "notRunning":  # it was running: the frontend reruns
                self.settle(mark["runs"], timeout_s * 1000)
                item.first_run = time.monotonic()
            errors, leaks = self.screen_checks()
            item.errors += errors + leaks
        except PlaywrightError as exc:
            item.errors.append(f"no reconnection: {str(exc).splitlines()[0][:300]}")
            return item
        before = dict(self.model.values)
        t = before["temperature"]
        direction = 1 if self.model.nudge_temperature() > t else -1

        def nudge() -> None:
            options = self._temperatures()
            self.model.set("temperature", self._notch("temperature", options, t, direction))

        move = self._timed("temperature after the fail-over", nudge)
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
