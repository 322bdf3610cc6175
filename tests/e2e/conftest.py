"""End-to-end fixtures: the real Streamlit server and Debian's Chromium, driven by Playwright.

One server, one browser and one browser context serve the whole test session; every test
gets its own tabs (each its own Streamlit session). When Chromium or the playwright package
is missing, the tests are skipped on a developer's machine (with how to install them) and
fail under CI, which installs both.

Chromium is found through $CHROMIUM_PATH, then the PATH, then Debian's /usr/bin/chromium.
Screenshots of every page (English, Chinese, phone width) land in screenshots/ (not under
CI unless SCREENSHOTS=1).
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the text catalogue (ui.texts) names the labels to look for
    sys.path.insert(0, str(ROOT))

from harness.chromium import CHROMIUM_ARGS, EXTERNAL, chromium_path  # noqa: E402
from harness.server import StreamlitServer  # noqa: E402

SCREENSHOTS = ROOT / "screenshots"
# Every page of the app, one per file in app_pages/: a new page is covered without edits.
PAGES = sorted(p.stem for p in (ROOT / "app_pages").glob("*.py") if not p.stem.startswith("_"))

INSTALL_HINT = (
    "install Debian's Chromium and the CJK fonts (apt-get install chromium fonts-noto-cjk) "
    "and the test requirements (pip install -r requirements-dev.txt); "
    "set CHROMIUM_PATH to use another Chromium binary"
)

WIDE = {"width": 1400, "height": 2400}  # tall, since Streamlit scrolls inside its main column
PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 45_000  # one step (a page load, a rerun); generous for a busy 2-core machine
POLL_MS = 200  # how often a condition is checked in the page (each check costs it work)
SCREENSHOT_MAX_HEIGHT = 12_000


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def screenshots_wanted() -> bool:
    default = "0" if in_ci() else "1"
    return os.environ.get("SCREENSHOTS", default).strip().lower() not in ("", "0", "false", "no")


def missing(what: str) -> None:
    """Chromium or playwright is absent: a failure under CI, a skip elsewhere."""
    message = f"{what}: {INSTALL_HINT}"
    if in_ci():
        pytest.fail(f"browser tests cannot run under CI: {message}", pytrace=False)
    pytest.skip(message)


# Each chart: 1 for a drawn canvas, else the number of data marks in its SVG (axes and
# legends are not counted), so a chart that drew nothing scores 0.
CHART_MARKS_JS = """() => Array.from(
  document.querySelectorAll('[data-testid="stVegaLiteChart"]'), (chart) => {
    const canvas = chart.querySelector('canvas');
    if (canvas) return canvas.width > 0 && canvas.height > 0 ? 1 : 0;
    const svg = chart.querySelector('svg');
    return svg ? svg.querySelectorAll('g.role-mark > *').length : 0;
  })"""

# Settled: no lazy part still loading (Streamlit shows a skeleton meanwhile), every chart drawn.
SETTLED_JS = f"""() => !document.querySelector('[data-testid="stSkeleton"]')
  && ({CHART_MARKS_JS})().every((n) => n > 0)"""

# What the main column shows: its text plus the labels of chart marks (they carry values).
MAIN_FINGERPRINT_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  if (!main) return '';
  const labels = Array.from(main.querySelectorAll('[aria-label]'), (e) => e.ariaLabel);
  return main.innerText + '\\n' + labels.join('\\n');
}"""

# Horizontal overflow at the current width, and the outermost elements that stick out.
OVERFLOW_JS = """() => {
  const sel = (s) => document.querySelector(s);
  const main = sel('[data-testid="stMain"]');
  const block = sel('[data-testid="stMainBlockContainer"]');
  const limit = Math.min(window.innerWidth, block.getBoundingClientRect().right) + 1;
  // Inside a box that clips or scrolls (a table, a hidden input), nothing sticks out.
  const clipped = (el) => {
    for (let a = el.parentElement; a && a !== block; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  const culprits = [];
  for (const el of block.querySelectorAll('*')) {
    const right = el.getBoundingClientRect().right;
    const parent = el.parentElement.getBoundingClientRect().right;
    if (right > limit && parent <= limit && !clipped(el) && culprits.length < 8) {
      const id = el.closest('[data-testid]');
      const cls = String(el.getAttribute('class') || '').slice(0, 40);
      culprits.push(`${el.tagName.toLowerCase()}.${cls} in ` +
        `${id ? id.dataset.testid : '?'}: right edge ${Math.round(right)} px`);
    }
  }
  return {
    innerWidth: window.innerWidth,
    docScroll: document.documentElement.scrollWidth,
    mainScroll: main.scrollWidth, mainClient: main.clientWidth,
    blockScroll: block.scrollWidth, blockClient: block.clientWidth,
    culprits,
  };
}"""

FITS_JS = """() => {
  const fits = (el) => el && el.scrollWidth <= el.clientWidth + 1;
  return document.documentElement.scrollWidth <= window.innerWidth + 1
    && fits(document.querySelector('[data-testid="stMain"]'))
    && fits(document.querySelector('[data-testid="stMainBlockContainer"]'));
}"""

NEXT_FRAME_JS = "() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 200)))"

SCROLL_HEIGHT_JS = """() => Math.max(0, ...['stMain', 'stSidebarContent'].map(
  (id) => document.querySelector(`[data-testid="${id}"]`)?.scrollHeight || 0))"""


# The app at rest: connected, and no script running (as its root element says).
IDLE_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  return app?.dataset.testConnectionState === 'CONNECTED'
    && app?.dataset.testScriptState === 'notRunning';
}"""

STATE_JS = """() => { const app = document.querySelector('[data-testid="stApp"]');
  return `${app?.dataset.testScriptState} (${app?.dataset.testConnectionState})`; }"""


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


class AppPage:
    """One browser page on the app, with the errors it logged."""

    def __init__(self, page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.page_errors: list[str] = []
        self.errors_seen = 0  # page errors that a check has looked at
        self.console_errors: list[str] = []
        # Runs are counted from the server's own "script finished" messages: the state
        # on the page's root element can go running -> done within one render of a busy
        # browser, and then no change of it is ever seen.
        self.finished = 0  # runs that ended (not those cut short by a rerun)
        self.ends: list[str] = []  # the last ends and when, for a report
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        page.on("console", self._on_console)
        page.on("websocket", lambda ws: ws.on("framereceived", self._on_frame))

    def _on_frame(self, payload) -> None:
        status = script_finished(payload)
        if status is None:
            return
        self.ends = [*self.ends[-5:], f"{status} at {time.monotonic():.1f}"]
        if status != "FINISHED_EARLY_FOR_RERUN":
            self.finished += 1

    def _on_console(self, msg) -> None:
        # Failed loads are the network's business (blocked CDN, Streamlit's own path probes).
        if msg.type == "error" and not msg.text.startswith("Failed to load resource"):
            self.console_errors.append(msg.text)

    @property
    def sidebar(self):
        return self.page.get_by_test_id("stSidebar")

    @property
    def main(self):
        return self.page.get_by_test_id("stMain")

    def open(self, url: str) -> None:
        """Load a page of the app (a new Streamlit session); wait for its first run to end.

        `url` is a path on the server ("/softmax?lang=zh") or a whole URL.
        """
        if url.startswith("/"):
            url = self.base_url + url
        before = self.finished
        self.page.goto(url, wait_until="domcontentloaded")
        self.wait_runs(before)

    def wait_runs(self, before: int) -> None:
        """Wait until a run later than the first `before` ones has ended, and none is on."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        deadline = time.monotonic() + TIMEOUT_MS / 1000
        try:
            while self.finished <= before:
                if time.monotonic() > deadline:
                    raise PlaywrightTimeout("no run ended")
                self.page.wait_for_timeout(POLL_MS)  # lets Playwright deliver the frames
            # The page has had the message; once it has handled it, nothing runs.
            self.page.evaluate(NEXT_FRAME_JS)
            left = max(deadline - time.monotonic(), 1) * 1000
            self.page.wait_for_function(IDLE_JS, polling=POLL_MS, timeout=left)
        except PlaywrightTimeout:
            raise AssertionError(
                f"{self.page.url}: the app did not finish a run after {before}: now"
                f" {self.page.evaluate(STATE_JS)} at {time.monotonic():.1f};"
                f" the last ends: {', '.join(self.ends) or 'none'}"
            ) from None

    @contextlib.contextmanager
    def rerun(self):
        """Around an action that reruns the script: waits for that run to finish."""
        before = self.finished
        yield
        self.wait_runs(before)

    def settle(self) -> list[int]:
        """After a run: lazy parts loaded, every chart drawn, the "Running…" badge gone.

        Returns the number of marks each chart drew (0 for a chart that drew nothing).
        """
        from playwright.sync_api import Error, expect

        with contextlib.suppress(Error):  # the caller reports the charts that drew nothing
            self.page.wait_for_function(SETTLED_JS, polling=POLL_MS)
        expect(self.page.get_by_test_id("stStatusWidget")).to_be_hidden()
        return self.page.evaluate(CHART_MARKS_JS)

    def check(self, where: str) -> int:
        """The page as a reader sees it: no exception, no browser error, every chart drawn.

        Returns the number of charts. A Vega-Lite spec error surfaces only as a page error.
        """
        self.assert_clean(where)
        marks = self.settle()
        self.assert_clean(where)
        empty = [i + 1 for i, n in enumerate(marks) if n == 0]
        assert not empty, f"{where}: chart(s) {empty} of {len(marks)} drew nothing"
        return len(marks)

    def main_fingerprint(self) -> str:
        return self.page.evaluate(MAIN_FINGERPRINT_JS)

    def wait_main_changed(self, before: str) -> None:
        """Wait until the main column shows something else than `before`."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(
                f"(before) => ({MAIN_FINGERPRINT_JS})() !== before", arg=before, polling=POLL_MS
            )
        except PlaywrightTimeout:
            raise AssertionError(f"{self.page.url}: the main column did not change") from None

    def assert_clean(self, where: str) -> None:
        """No Streamlit exception box, no uncaught browser error, no console error."""
        self.errors_seen = len(self.page_errors)
        exceptions = self.page.get_by_test_id("stException")
        if exceptions.count():
            raise AssertionError(f"{where}: Streamlit exception:\n{exceptions.first.inner_text()}")
        assert not self.page_errors, f"{where}: errors in the browser: {self.page_errors}"
        assert not self.console_errors, f"{where}: console errors: {self.console_errors}"

    def overflow_at_rest(self) -> dict:
        """The sideways overflow, once the layout has had a moment to follow the window."""
        from playwright.sync_api import Error

        with contextlib.suppress(Error):  # still overflowing: the caller reports it
            self.page.wait_for_function(FITS_JS, timeout=5_000, polling=POLL_MS)
        return self.page.evaluate(OVERFLOW_JS)

    def screenshot(self, name: str) -> Path | None:
        """The whole page: the viewport grows to the scrolled content's height for the shot.

        Taken for a person to look at, so not under CI (where none would), unless
        SCREENSHOTS=1; SCREENSHOTS=0 turns them off anywhere.
        """
        if not screenshots_wanted():
            return None
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        size = dict(self.page.viewport_size)
        height = min(self.page.evaluate(SCROLL_HEIGHT_JS), SCREENSHOT_MAX_HEIGHT)
        if height > size["height"]:
            self.page.set_viewport_size({"width": size["width"], "height": height})
            self.page.evaluate(NEXT_FRAME_JS)
        self.page.screenshot(path=path)
        if height > size["height"]:
            self.page.set_viewport_size(size)
        return path


def new_context(browser, viewport: dict):
    """A fresh browser context (own cookies and cache) that never leaves this machine."""
    context = browser.new_context(viewport=viewport, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    context.route(EXTERNAL, lambda route: route.abort())
    return context


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "load: a class of students at once (protocol students beside a browser)"
    )
    config.addinivalue_line(
        "markers", "school: replicas of the app behind HAProxy, one of which dies mid-class"
    )


def pytest_collection_modifyitems(items) -> None:
    """The check that the server survived everything runs after every other test."""
    last = [i for i in items if i.originalname == "test_server_still_up"]
    items[:] = [i for i in items if i not in last] + last


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium through Playwright, one for the whole session."""
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        missing("the playwright package is not installed")
    executable = chromium_path()
    if executable is None:
        missing("Chromium was not found")
    expect.set_options(timeout=TIMEOUT_MS)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def open_over_protocol(srv: StreamlitServer, page: str, timeout: float = 60) -> list[str]:
    """Open a page once as a protocol student would; returns the navigation's links (URL
    paths) that the server sent, which the sidebar draws."""
    import asyncio
    import threading

    from harness.protocol import ProtocolSession

    links: list[str] = []

    async def visit() -> None:
        session = ProtocolSession(srv.url, default_page="overview")
        await session.connect()
        try:
            await session.open(page, timeout=timeout)
            links.extend(session.links)
        finally:
            await session.close()

    # In a thread of its own: Playwright's synchronous API keeps an event loop on this one.
    worker = threading.Thread(target=asyncio.run, args=(visit(),))
    worker.start()
    worker.join()
    return links


def warm(srv: StreamlitServer) -> None:
    """Open the real model's page once, so the model is read before a test's first look at
    it (reading it takes a loaded machine tens of seconds, which no test means to measure)."""
    open_over_protocol(srv, "real_model", timeout=240)


@pytest.fixture(scope="session")
def server():
    """The app's real server for the session; it must still be up and healthy at the end."""
    srv = StreamlitServer().start()
    try:
        srv.wait_healthy()
        warm(srv)
        yield srv
        assert srv.alive(), f"the Streamlit server died during the tests:\n{srv.log_tail()}"
        assert srv.healthy(), "the Streamlit server stopped answering its health check"
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def page_paths(server) -> dict[str, str | None]:
    """The URL path of every page file, from the links of the navigation the server sends
    (the sidebar draws those).

    A page is served at /<file stem>, except the default page, which Streamlit serves at /.
    A page file that no navigation link leads to maps to None.
    """
    hrefs = open_over_protocol(server, "overview")
    assert hrefs, "the server sent no navigation"
    paths: dict[str, str | None] = {n: f"/{n}" if f"/{n}" in hrefs else None for n in PAGES}
    unlinked = [n for n, path in paths.items() if path is None]
    if len(unlinked) == 1 and "/" in hrefs:
        paths[unlinked[0]] = "/"
    return paths


@pytest.fixture(scope="session")
def shared_context(browser):
    """One browser context for the session's pages: its HTTP cache keeps Streamlit's
    frontend, which a fresh context would fetch and compile again (about as much of the
    browser's work as drawing a page)."""
    context = new_context(browser, WIDE)
    yield context
    context.close()


@pytest.fixture
def new_page(shared_context, server):
    """Factory: a new tab (its own Streamlit session) in the session's browser context."""
    pages = []

    def make(viewport: dict | None = None, base_url: str | None = None) -> AppPage:
        tab = shared_context.new_page()
        tab.set_viewport_size(viewport or WIDE)
        pages.append(AppPage(tab, base_url or server.url))
        return pages[-1]

    yield make
    for p in pages:
        p.page.close()
    # A chart redraws after its run has ended: an error it raises may come after the checks.
    late = [e for p in pages for e in p.page_errors[p.errors_seen :]]
    assert not late, f"errors in the browser: {late}"
