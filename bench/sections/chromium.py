"""Timing probes in the browser harness.browser drives (the system's Chromium, headless).

Each page gets probes before any of the app's code runs: the time of the last key press
on a slider, of the first and the last message from the server after it (the rerun's
start and end), and of the last change to a chart (a DOM mutation inside a Vega-Lite
chart, which covers SVG charts, or a draw call on a canvas inside one, which covers
canvas charts) or to the main column.
"""

from __future__ import annotations

import contextlib

from harness.browser import IDLE_JS, new_context

VIEWPORT = {"width": 1400, "height": 900}
TIMEOUT_MS = 90_000
TEMPERATURE_LABEL = "Softmax temperature"  # the floor app's; the app's comes from its catalogue

PROBES_JS = r"""
(() => {
  const B = (window.__bench = {t0: 0, first: 0, last: 0, chart: 0, main: 0});
  const now = () => performance.now();
  document.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') B.t0 = now();
  }, true);
  // Every message from the server after the key press: the first one says the run has
  // started, the last one (when all is quiet) that it has finished.
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => {
        if (!B.t0) return;
        const t = now();
        if (!B.first) B.first = t;
        B.last = t;
      });
    }
  };
  const CHART = '[data-testid="stVegaLiteChart"]';
  const inChart = (canvas) => {
    let flag = canvas.__benchChart;
    if (flag === undefined) {
      flag = canvas.isConnected ? !!canvas.closest(CHART) : false;
      if (canvas.isConnected) canvas.__benchChart = flag;
    }
    return flag;
  };
  const proto = CanvasRenderingContext2D.prototype;
  for (const name of ['clearRect', 'fillRect', 'fill', 'stroke', 'fillText', 'drawImage']) {
    const original = proto[name];
    proto[name] = function (...args) {
      if (B.first && this.canvas && inChart(this.canvas)) B.chart = now();
      return original.apply(this, args);
    };
  }
  new MutationObserver((records) => {
    if (!B.first) return;  // only what the rerun changes (not the slider's own label)
    const t = now();
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      if (!el) continue;
      if (el.closest(CHART)) B.chart = t;
      if (el.closest('[data-testid="stMain"]')) B.main = t;
    }
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();
"""

RESET_JS = "() => Object.assign(window.__bench, {t0: 0, first: 0, last: 0, chart: 0, main: 0})"

# Done when the server has answered the key press, the app is at rest (harness.browser),
# the status widget is gone, and neither a message nor a change in the main column has
# come for `quiet` ms (or 5 s have passed since the last message, in case something keeps
# moving).
DONE_JS = f"""([quiet]) => {{
  const B = window.__bench;
  if (!B.t0 || !B.first) return false;
  if (!({IDLE_JS})()) return false;
  if (document.querySelector('[data-testid="stStatusWidget"]')) return false;
  const t = performance.now();
  return t - Math.max(B.last, B.chart, B.main) > quiet || t - B.last > 5000;
}}"""


def new_page(browser, viewport: dict | None = None):
    """A page in a new context (its own cookies, so its own Streamlit session), with probes."""
    context = new_context(
        browser, viewport=viewport or VIEWPORT, init_script=PROBES_JS, timeout_ms=TIMEOUT_MS
    )
    return context.new_page()


def wait_idle(page) -> None:
    """At rest (harness.browser), and no "Running…" indicator left."""
    from playwright.sync_api import expect

    page.wait_for_function(IDLE_JS, timeout=TIMEOUT_MS)
    expect(page.get_by_test_id("stStatusWidget")).to_be_hidden(timeout=TIMEOUT_MS)


def open_url(page, url: str) -> None:
    """Load a URL of the app and wait until idle.

    The default page of st.navigation lives at "/", not at its own name: a link to the
    name opens a "Page not found" dialog over it (which takes the focus). The page asked
    for is then the default one, so it is loaded again from "/".
    """
    page.goto(url, wait_until="domcontentloaded")
    wait_idle(page)
    dialog = page.get_by_role("dialog").filter(has_text="Page not found")
    if dialog.count():
        base, _, rest = url.partition("://")
        host, _, path = rest.partition("/")
        query = path.partition("?")[2]
        page.goto(f"{base}://{host}/" + (f"?{query}" if query else ""), wait_until="load")
        wait_idle(page)


def app_temperature_label() -> str:
    try:
        from ui.texts import CATALOG

        return CATALOG["common.sb.temperature"]["en"]
    except Exception:  # the catalogue is being edited: fall back to the floor app's label
        return TEMPERATURE_LABEL


def temperature_thumb(page, label: str):
    """The sidebar's temperature slider thumb (role slider), by its accessible name.

    Streamlit 1.67 draws a slider's thumb as a hidden native range input, whose role is
    implicit: found by role, not by a [role=slider] attribute.
    """
    sidebar = page.get_by_test_id("stSidebar")
    thumb = sidebar.get_by_role("slider", name=label, exact=True)
    with contextlib.suppress(Exception):
        thumb.wait_for(state="attached", timeout=10_000)
    if thumb.count() == 1:
        return thumb
    # The label changed: the temperature is the sidebar slider that runs from 0.05 to 5.
    return sidebar.locator('input[type="range"][min="0.05"][max="5"]').first


def move_slider(page, thumb, key: str, quiet_ms: int = 300) -> dict[str, float]:
    """Press a key on the focused thumb; wait for the rerun and the redraw; return the times.

    ``start``: from the key press to the server's first message (the run has started);
    ``run``: to its last message (the run has finished and everything has been sent);
    ``chart``: until the last chart finished redrawing (or the run ended, if later).
    """
    thumb.focus()
    page.evaluate(RESET_JS)
    page.keyboard.press(key)
    page.wait_for_function(DONE_JS, arg=[quiet_ms], polling=20, timeout=TIMEOUT_MS)
    b = page.evaluate("() => ({...window.__bench})")
    return {
        "start": b["first"] - b["t0"],
        "run": b["last"] - b["t0"],
        "chart": max(b["last"], b["chart"]) - b["t0"],
        "charted": b["chart"] > b["t0"],
    }
