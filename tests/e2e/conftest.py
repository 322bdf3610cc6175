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
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the text catalogue (ui.texts) names the labels to look for
    sys.path.insert(0, str(ROOT))

from harness.browser import (  # noqa: E402
    NEXT_FRAME_JS,
    TIMEOUT_MS,
    Tab,
    launch,
    new_context,
)
from harness.browser import missing as browser_missing  # noqa: E402
from harness.plans import pages  # noqa: E402
from harness.protocol_student import run_apart, visit  # noqa: E402
from harness.server import StreamlitServer  # noqa: E402

SCREENSHOTS = ROOT / "screenshots"
# Every page of the app, one per file in app_pages/: a new page is covered without edits.
PAGES = sorted(pages())

WIDE = {"width": 1400, "height": 2400}  # tall, since Streamlit scrolls inside its main column
PHONE = {"width": 390, "height": 844}
POLL_MS = 200  # how often a condition is checked in the page (each check costs it work)
SCREENSHOT_MAX_HEIGHT = 12_000


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def screenshots_wanted() -> bool:
    default = "0" if in_ci() else "1"
    return os.environ.get("SCREENSHOTS", default).strip().lower() not in ("", "0", "false", "no")


def unavailable(message: str) -> None:
    """Chromium or playwright is absent: a failure under CI, a skip elsewhere."""
    if in_ci():
        pytest.fail(f"browser tests cannot run under CI: {message}", pytrace=False)
    pytest.skip(message)


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

# The navigation's labels that Streamlit cuts with an ellipsis (too long for the sidebar).
CUT_NAV_JS = """() => Array.from(document.querySelectorAll(
  '[data-testid="stSidebarNavLink"] span[label]'), (s) => s.scrollWidth > s.clientWidth + 1
  ? s.getAttribute('label') : null).filter(Boolean)"""

SCROLL_HEIGHT_JS = """() => Math.max(0, ...['stMain', 'stSidebarContent'].map(
  (id) => document.querySelector(`[data-testid="${id}"]`)?.scrollHeight || 0))"""


class AppPage(Tab):
    """One browser page on the app (harness.browser.Tab), with the errors it logged."""

    def __init__(self, page, base_url: str) -> None:
        super().__init__(page, base_url, poll_ms=POLL_MS)
        self.errors_seen = 0  # page errors that a check has looked at
        self.console_errors: list[str] = []
        page.on("console", self._on_console)

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

    def wait_runs(self, before: int, timeout_ms: float = TIMEOUT_MS) -> None:
        """Wait until a run later than the first `before` ones has ended, and none is on."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            super().wait_runs(before, timeout_ms)
        except PlaywrightTimeout as exc:
            raise AssertionError(str(exc)) from None

    def settle(self) -> list[int]:
        """After a run: lazy parts loaded, every chart drawn, the "Running…" badge gone.

        Returns the number of marks each chart drew (0 for a chart that drew nothing).
        """
        from playwright.sync_api import expect

        marks = super().settle()
        expect(self.page.get_by_test_id("stStatusWidget")).to_be_hidden()
        return marks

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

    def assert_accessible(self, where: str, contrast: bool = True) -> None:
        """No serious or critical axe-core violation (WCAG 2.1 A and AA) on the page as it is
        now, but Streamlit's own navigation markup (tests/e2e/a11y.py says why); colour
        contrast left out with ``contrast=False`` (for a view checked for it elsewhere)."""
        from .a11y import axe_script, report, violations

        try:
            axe_script()
        except ImportError:
            unavailable("axe-playwright-python is missing (pip install -r requirements-dev.txt)")
        found = violations(self.page, contrast)
        assert not found, f"{where}: accessibility (axe-core):\n{report(found)}"

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
            self.page.evaluate(NEXT_FRAME_JS, 200)
        self.page.screenshot(path=path)
        if height > size["height"]:
            self.page.set_viewport_size(size)
        return path


def pytest_collection_modifyitems(items) -> None:
    """The check that the server survived everything runs after every other test."""
    last = [i for i in items if i.originalname == "test_server_still_up"]
    items[:] = [i for i in items if i not in last] + last


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium through Playwright, one for the whole session."""
    if problem := browser_missing():
        unavailable(problem)
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    with launch() as chromium:
        yield chromium


def warm(srv: StreamlitServer) -> None:
    """Open the real model's page once, so the model is read before a test's first look at
    it (reading it takes a loaded machine tens of seconds, which no test means to measure)."""
    run_apart(visit(srv.url, ["real_model"], timeout=240))


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The app's real server for the session; it must still be up and healthy at the end.
    Its classes (the class store's SQLite file) live in a directory of the test session."""
    data = tmp_path_factory.mktemp("data")
    srv = StreamlitServer(env={"ATTENTION_LAB_DATA": str(data)}).start()
    try:
        srv.wait_ready()
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
    _, hrefs = run_apart(visit(server.url, ["overview"]))
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
    context = new_context(browser, viewport=WIDE, timeout_ms=TIMEOUT_MS)
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
