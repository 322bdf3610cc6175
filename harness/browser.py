"""The browser the tests, the benchmark and the browser students all drive: which Chromium,
how it is started, its contexts, and how a tab tells that a run of the app has ended.

Always the system's own Chromium (never a downloaded build), headless, through
Playwright's synchronous API. A context never leaves this machine: every request to
another origin is refused (and, if asked, noted). A ``Tab`` counts the app's finished
script runs from the server's own ``script_finished`` messages on the page's websocket:
the state on the app's root element can go running -> done within one render of a busy
browser, and then no change of it is ever seen.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_CHROMIUM = "/usr/bin/chromium"  # Debian's package
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Without these Chromium keeps calling home, which a closed network refuses.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Requests that leave this machine (a font CDN, for example) are cut off: neither the
# tests nor the benchmark may depend on the network.
EXTERNAL = re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/])[a-z][a-z0-9+.-]*://")
INSTALL = "apt-get install chromium fonts-noto-cjk; set CHROMIUM_PATH for another binary"
TIMEOUT_MS = 45_000  # one step (a page load, a rerun); generous for a busy 2-core machine
VIEWPORT = {"width": 1400, "height": 1000}

# The app at rest: connected, and no script running (as its root element says).
IDLE_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  return app?.dataset.testConnectionState === 'CONNECTED'
    && app?.dataset.testScriptState === 'notRunning';
}"""
# Each chart: 1 for a drawn canvas, else the number of data marks in its SVG (axes and
# legends are not counted), so a chart that drew nothing scores 0.
CHART_MARKS_JS = """() => Array.from(
  document.querySelectorAll('[data-testid="stVegaLiteChart"]'), (chart) => {
    const canvas = chart.querySelector('canvas');
    if (canvas) return canvas.width > 0 && canvas.height > 0 ? 1 : 0;
    const svg = chart.querySelector('svg');
    return svg ? svg.querySelectorAll('g.role-mark > *').length : 0;
  })"""
# Drawn: no lazy part still loading (Streamlit shows a skeleton meanwhile), no "Running…"
# badge, every chart drawn.
SETTLED_JS = f"""() => !document.querySelector('[data-testid="stSkeleton"]')
  && !document.querySelector('[data-testid="stStatusWidget"]')
  && ({CHART_MARKS_JS})().every((n) => n > 0)"""
# Why a page has not settled: its states, loading parts and charts without marks.
STUCK_JS = f"""() => {{
  const app = document.querySelector('[data-testid="stApp"]');
  const marks = ({CHART_MARKS_JS})();
  return `connection ${{app?.dataset.testConnectionState}}`
    + `, script ${{app?.dataset.testScriptState}}`
    + `, ${{document.querySelectorAll('[data-testid="stSkeleton"]').length}} loading`
    + `, status widget ${{!!document.querySelector('[data-testid="stStatusWidget"]')}}`
    + `, ${{marks.filter((n) => n === 0).length}} of ${{marks.length}} charts without marks`;
}}"""
# A frame drawn, then `ms` more.
NEXT_FRAME_JS = "(ms) => new Promise((r) => requestAnimationFrame(() => setTimeout(r, ms)))"
# What an element is, for a report: its tag, the Streamlit element it is in (and that one's
# key), its first words. A function's source, for the page's scripts.
DESCRIBE_JS = r"""(node) => {
  const el = node && node.nodeType === 1 ? node : node && node.parentElement;
  if (!el) return '';
  const id = el.closest('[data-testid]');
  const key = el.closest('[class*="st-key-"]');
  const named = key ? ' ' + (key.className.match(/st-key-\S+/) || [''])[0] : '';
  const words = (el.innerText || el.textContent || '').trim().replace(/\s+/g, ' ');
  const text = Array.from(words).slice(0, 30).join('');  // whole characters
  return `${el.tagName.toLowerCase()} in ${id ? id.dataset.testid : '?'}${named}: ${text}`;
}"""
# A layout-shift entry as the tests and the benchmark keep it: when, how much, whether an
# input had just come (then it is the input's own), and what moved (at most three elements,
# from where to where in the viewport).
SHIFT_JS = f"""(e) => ({{
  t: e.startTime, value: e.value, input: e.hadRecentInput,
  what: (e.sources || []).slice(0, 3).map((s) => ({DESCRIBE_JS})(s.node)
    + ` (y ${{Math.round(s.previousRect.y)}} → ${{Math.round(s.currentRect.y)}},`
    + ` h ${{Math.round(s.previousRect.height)}} → ${{Math.round(s.currentRect.height)}})`),
}})"""
# Every layout shift since the page loaded (the browser keeps them: a buffered observer's
# records, taken at once).
LAYOUT_SHIFTS_JS = f"""() => {{
  const observer = new PerformanceObserver(() => {{}});
  observer.observe({{type: 'layout-shift', buffered: true}});
  const found = observer.takeRecords();
  observer.disconnect();
  return found.map({SHIFT_JS});
}}"""


def cls(shifts: list[dict], since: float = 0.0, until: float = math.inf) -> float:
    """Cumulative Layout Shift as web-vitals defines it: shifts without a recent input,
    grouped into session windows (each shift within 1 s of the previous one and the window
    at most 5 s long); the largest window's sum. Only shifts from ``since`` to ``until``
    (ms from the navigation's start)."""
    best = total = 0.0
    first = previous = -math.inf
    for shift in sorted(shifts, key=lambda s: s["t"]):
        t = shift["t"]
        if shift["input"] or not since <= t < until:
            continue
        if t - previous < 1000 and t - first < 5000:
            total += shift["value"]
        else:
            first, total = t, shift["value"]
        previous = t
        best = max(best, total)
    return best


def movers(shifts: list[dict], since: float = 0.0, until: float = math.inf) -> list[str]:
    """What moved in the shifts ``cls`` counts, the largest shifts first."""
    counted = [s for s in shifts if not s["input"] and since <= s["t"] < until]
    counted.sort(key=lambda s: -s["value"])
    return [f"{s['value']:.3f} at {s['t'] / 1000:.2f} s: {'; '.join(s['what'])}" for s in counted]


def chromium_path() -> str | None:
    """$CHROMIUM_PATH, else chromium on the PATH, else Debian's; None when there is none."""
    configured = os.environ.get("CHROMIUM_PATH")
    if configured:
        return configured if Path(configured).is_file() else None
    for name in ("chromium", "chromium-browser"):
        if found := shutil.which(name):
            return found
    return DEFAULT_CHROMIUM if Path(DEFAULT_CHROMIUM).is_file() else None


def missing() -> str:
    """Empty when a browser can be driven here, else what is missing and how to install it."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -r requirements-dev.txt)"
    if chromium_path() is None:
        return f"Chromium was not found ({INSTALL})"
    return ""


@contextlib.contextmanager
def launch() -> Iterator[object]:
    """The system's Chromium, headless, for as long as the block runs."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def new_context(
    browser,
    *,
    viewport: dict | None = None,
    base_url: str = "",
    outside: list[str] | None = None,
    init_script: str = "",
    timeout_ms: float = TIMEOUT_MS,
    locale: str = "en-US",
    device: dict | None = None,
):
    """A fresh context (its own cookies, so its own Streamlit sessions) that never leaves
    this machine; with `outside`, every request to an origin other than `base_url`'s is
    noted there first. ``locale``: the browser's preferred language (navigator.language);
    ``device``: Playwright's emulation options (a phone's pixel ratio, touch)."""
    context = browser.new_context(viewport=viewport or VIEWPORT, locale=locale, **(device or {}))
    context.set_default_timeout(timeout_ms)
    if outside is not None:
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url))

        def note(request) -> None:
            url = request.url
            if url.startswith(("data:", "blob:", "about:")):
                return
            if not (url == origin or url.startswith(origin + "/")):
                outside.append(f"{request.resource_type} {url}")

        context.on("request", note)
    context.route(EXTERNAL, lambda route: route.abort())
    if init_script:
        context.add_init_script(init_script)
    return context


def script_finished(payload) -> str | None:
    """The status of a run's end, if this websocket frame from the server is one."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    if not isinstance(payload, bytes):
        return None
    msg = ForwardMsg()
    msg.ParseFromString(payload)
    if msg.WhichOneof("type") != "script_finished":
        return None
    return ForwardMsg.ScriptFinishedStatus.Name(msg.script_finished)


class Tab:
    """A browser page on the app that counts the script runs the server finished for it."""

    def __init__(self, page, base_url: str, poll_ms: float = 200, after_ms: float = 200) -> None:
        self.page = page
        self.base_url = base_url.rstrip("/")
        self.poll_ms = poll_ms  # how often Playwright is let deliver the page's frames
        self.after_ms = after_ms  # after a run's end: a frame drawn, then this long
        self.page_errors: list[str] = []
        self.finished = 0  # runs that ended (not those cut short by a rerun)
        self.ends: list[str] = []  # the last ends and when, for a report
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        page.on("websocket", lambda ws: ws.on("framereceived", self._on_frame))

    def _on_frame(self, payload) -> None:
        status = script_finished(payload)
        if status is None:
            return
        self.ends = [*self.ends[-5:], f"{status} at {time.monotonic():.1f}"]
        if status != "FINISHED_EARLY_FOR_RERUN":
            self.finished += 1

    def idle(self) -> bool:
        return self.page.evaluate(IDLE_JS)

    def stuck(self) -> str:
        """What the page says of itself, for a report of a step that did not end."""
        from playwright.sync_api import Error

        try:
            return self.page.evaluate(STUCK_JS)
        except Error as exc:
            return f"the page cannot be read: {str(exc).splitlines()[0][:100]}"

    def wait_runs(self, before: int, timeout_ms: float = TIMEOUT_MS) -> None:
        """Until a run later than the first `before` ones has ended and none is on
        (playwright's TimeoutError, saying where the page is, when it does not)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        deadline = time.monotonic() + timeout_ms / 1000
        try:
            while self.finished <= before:
                if time.monotonic() > deadline:
                    raise PlaywrightTimeout("no run ended")
                self.page.wait_for_timeout(self.poll_ms)  # Playwright delivers the frames
            # The page has had the message; once it has handled it, nothing runs.
            self.page.evaluate(NEXT_FRAME_JS, self.after_ms)
            left = max(deadline - time.monotonic(), 1) * 1000
            self.page.wait_for_function(IDLE_JS, polling=self.poll_ms, timeout=left)
        except PlaywrightTimeout:
            raise PlaywrightTimeout(
                f"{self.page.url}: the app did not finish a run after {before}: now"
                f" {self.stuck()} at {time.monotonic():.1f};"
                f" the last ends: {', '.join(self.ends) or 'none'}"
            ) from None

    @contextlib.contextmanager
    def rerun(self):
        """Around an action that reruns the script: waits for that run to finish."""
        before = self.finished
        yield
        self.wait_runs(before)

    def settle(self, timeout_ms: float = TIMEOUT_MS) -> list[int]:
        """After a run: lazy parts loaded, every chart drawn, the "Running…" badge gone;
        the marks each chart drew (0 for one that drew nothing) when it times out."""
        from playwright.sync_api import Error

        with contextlib.suppress(Error):  # the caller reports the charts that drew nothing
            self.page.wait_for_function(SETTLED_JS, polling=self.poll_ms, timeout=timeout_ms)
        return self.page.evaluate(CHART_MARKS_JS)
