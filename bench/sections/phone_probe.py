"""The phone's probes: what a page loaded on a slow phone shows, and when, measured in the page.

A tab gets these probes before any of the app's code runs (a context's init script):

- LCP: the last ``largest-contentful-paint`` entry (buffered), read before the first key;
- layout shifts: every ``layout-shift`` entry, its time, value, whether an input had just
  come (``hadRecentInput``) and what moved; CLS is computed from them (``cls``);
- the server's messages (a wrapped WebSocket): the first and last after a key;
- every DOM mutation in the document, and every draw call on a chart's canvas; after each
  a double animation frame is awaited, again and again while changes keep coming, so that
  ``painted`` is the start of the second frame after the last change: that change has been
  styled, laid out and painted. The same for the charts alone (``chartPainted``).

"Redrawn" after a key: the app has answered (a message came), its run has ended (connected,
script not running, no "Running…" indicator, no part still loading) and nothing has changed
for ``quiet`` ms; the time is from the key event to the later of the last message and the
paint after the last change. "All charts drawn": the same at load, every chart with its SVG
marks or its canvas, and the time is the paint after the last change inside a chart.
"""

from __future__ import annotations

from harness.browser import DESCRIBE_JS, SHIFT_JS

PROBES_JS = (
    (
        r"""
(() => {
  const P = (window.__phone = {
    lcp: 0, lcpWhat: '', shifts: [], key: 0, first: 0, last: 0,
    changed: 0, painted: 0, chartChanged: 0, chartPainted: 0, pending: false,
  });
  const now = () => performance.now();
  const watch = (type, take) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take))
        .observe({type, buffered: true});
    } catch (e) { /* not offered by this browser */ }
  };
  watch('largest-contentful-paint', (e) => {
    P.lcp = e.startTime;
    P.lcpWhat = e.element ? (DESCRIBE)(e.element) : (e.url || '');
  });
  watch('layout-shift', (e) => P.shifts.push((SHIFT)(e)));
  document.addEventListener('keydown', (e) => {
    if (!e.key.startsWith('Arrow')) return;
    Object.assign(P, {key: Math.min(e.timeStamp || now(), now()), first: 0, last: 0,
      changed: 0, painted: 0, chartChanged: 0, chartPainted: 0});
  }, true);
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => {
        const t = now();
        if (P.key && !P.first) P.first = t;
        P.last = t;
      });
    }
  };
  // After a change: wait two frames; a change meanwhile waits two more.
  let chartDirty = false;
  const flush = () => {
    P.pending = true;
    const since = now();
    requestAnimationFrame(() => requestAnimationFrame(() => {
      if (P.changed > since) { flush(); return; }
      P.pending = false;
      P.painted = now();
      if (chartDirty) { P.chartPainted = P.painted; chartDirty = false; }
    }));
  };
  const changed = (inChart) => {
    const t = now();
    P.changed = t;
    if (inChart) { P.chartChanged = t; chartDirty = true; }
    if (!P.pending) flush();
  };
  const CHART = '[data-testid="stVegaLiteChart"]';
  const proto = CanvasRenderingContext2D.prototype;
  for (const name of ['clearRect', 'fillRect', 'fill', 'stroke', 'fillText', 'drawImage']) {
    const original = proto[name];
    proto[name] = function (...args) {
      const c = this.canvas;
      if (c && c.isConnected) {
        if (c.__phoneChart === undefined) c.__phoneChart = !!c.closest(CHART);
        if (c.__phoneChart) changed(true);
      }
      return original.apply(this, args);
    };
  }
  new MutationObserver((records) => {
    let inChart = false;
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      if (el && el.closest(CHART)) { inChart = true; break; }
    }
    changed(inChart);
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();
"""
    )
    .replace("(DESCRIBE)", f"({DESCRIBE_JS})")
    .replace("(SHIFT)", f"({SHIFT_JS})")
)

# Whether the app is at rest with every chart drawn (see the module's docstring).
_AT_REST = r"""
  const app = document.querySelector('[data-testid="stApp"]');
  const charts = Array.from(document.querySelectorAll('[data-testid="stVegaLiteChart"]'));
  const drawn = (c) => {
    const canvas = c.querySelector('canvas');
    if (canvas) return canvas.width > 0 && canvas.height > 0;
    const svg = c.querySelector('svg');
    return !!svg && svg.querySelectorAll('g.role-mark > *').length > 0;
  };
  const atRest = () => app && app.dataset.testConnectionState === 'CONNECTED'
    && app.dataset.testScriptState === 'notRunning'
    && !document.querySelector('[data-testid="stStatusWidget"]')
    && !document.querySelector('[data-testid="stSkeleton"]')
    && charts.every(drawn);
"""

# Resolves once the first view has loaded, or after `limit` ms; times from navigation start.
LOADED_JS = (
    """async ({quiet, limit}) => {
  const P = window.__phone;
  const start = performance.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const t = performance.now();"""
    + _AT_REST
    + """
    const settled = P.last && atRest() && !P.pending && t - Math.max(P.last, P.changed) > quiet;
    if (settled || t - start > limit) {
      return {lcp: P.lcp, lcpWhat: P.lcpWhat, charts: charts.length,
        undrawn: charts.filter((c) => !drawn(c)).length, chartsDrawn: P.chartPainted,
        painted: P.painted, last: P.last, timeout: !settled};
    }
  }
}"""
)

# Resolves once the app has answered the last key and redrawn, or after `limit` ms.
MOVED_JS = (
    """async ({quiet, limit}) => {
  const P = window.__phone;
  const start = performance.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const t = performance.now();"""
    + _AT_REST
    + """
    const settled = P.first && atRest() && !P.pending && t - Math.max(P.last, P.changed) > quiet;
    if (settled || t - start > limit) {
      return {key: P.key, first: P.first, last: P.last, painted: P.painted,
        chartPainted: P.chartPainted, timeout: !settled};
    }
  }
}"""
)

SHIFTS_JS = "() => window.__phone.shifts"
KEYED = '[class*="st-key-{key}"]'  # the element container of a widget with this key


def thumb(page, key: str):
    """The slider thumb (a native range input) of the widget with this key (or key prefix)."""
    return page.locator(KEYED.format(key=key)).locator('input[type="range"]').first


def first_direction(slider) -> str:
    """ArrowRight, or ArrowLeft for a slider already at its end (a move must change it)."""
    at_end = slider.evaluate("(el) => Number(el.value) >= Number(el.max)")
    return "ArrowLeft" if at_end else "ArrowRight"


def open_sidebar(page) -> None:
    """As a student on a phone does before moving a sidebar control: open it."""
    button = page.get_by_test_id("stExpandSidebarButton")
    if button.count() and button.is_visible():
        button.click()
        page.get_by_test_id("stSidebar").get_by_role("slider").first.wait_for(state="visible")
        page.wait_for_timeout(600)  # its slide-in transition


def in_sidebar(slider) -> bool:
    return slider.evaluate("(el) => !!el.closest('[data-testid=\"stSidebar\"]')")
