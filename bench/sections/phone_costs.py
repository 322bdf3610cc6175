"""Where a phone's time goes: the main thread's work by kind, from a CPU profile and a trace.

- A CPU profile (the DevTools protocol's Profiler, sampling every millisecond) says whose
  JavaScript ran: Vega's (vega, vega-lite and vega-embed, in Streamlit's ``embed`` chunk,
  with Streamlit's Vega element), the rest of Streamlit's frontend (React, its styling,
  the elements), and anything else (the probes, the browser's own).
- A trace of the renderer's main thread (Chromium's tracing, the DevTools timeline's
  categories) says how long went to scripting, style, layout, paint (pre-paint, paint,
  layerizing, committing) and garbage collection: each event's own time (its children's
  taken out) goes to its kind; an event of no known kind counts as its parent's.
- At load, the page's own counters (``Performance.getMetrics``) give style and layout.

Times are the main thread's wall-clock times, which the rest of a shared machine stretches
too. The renderer's CPU time (the DevTools protocol's SystemInfo, every renderer process: the
main thread and its painting threads) is hardly disturbed by it: the figure to compare two
revisions by on a busy machine. It means something only at full speed: while the CPU is
slowed down, Chromium keeps the renderer's thread busy waiting (about 0.8 of a core, idle
or not).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict

TRACE_CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "v8.execute",
    "toplevel",
]
SAMPLING_US = 1000

SCRIPTING = {
    "FunctionCall",
    "EvaluateScript",
    "v8.compile",
    "v8.compileModule",
    "v8.evaluateModule",
    "v8.produceCache",
    "v8.run",
    "v8.callFunction",
    "V8.Execute",
    "TimerFire",
    "EventDispatch",
    "FireAnimationFrame",
    "FireIdleCallback",
    "RunMicrotasks",
    "XHRReadyStateChange",
    "XHRLoad",
    "ParseHTML",
}
STYLE = {"UpdateLayoutTree", "RecalculateStyles", "ParseAuthorStyleSheet"}
LAYOUT = {"Layout", "ComputeIntersections", "IntersectionObserverController::computeIntersections"}
PAINT = {
    "PrePaint",
    "Paint",
    "PaintImage",
    "Layerize",
    "UpdateLayer",
    "UpdateLayerTree",
    "Commit",
    "CompositeLayers",
    "Decode Image",
    "ImageDecodeTask",
}
GC = re.compile(r"^(MinorGC|MajorGC|V8\.GC|BlinkGC|CppGC|ThreadState::)")
KINDS = ("scripting", "style", "layout", "paint", "gc")
VEGA = re.compile(r"/(embed|vega[\w-]*|loadVegaEmbed|ArrowVegaLiteChart)\.[\w-]+\.js")


def kind(name: str) -> str | None:
    if name in SCRIPTING:
        return "scripting"
    if name in STYLE:
        return "style"
    if name in LAYOUT:
        return "layout"
    if name in PAINT:
        return "paint"
    if GC.match(name):
        return "gc"
    return None


def _main_thread(events: list[dict]) -> tuple[int, int] | None:
    """The renderer main thread that worked most (the page's, when one page is open)."""
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e.get("args", {}).get("name") == "CrRendererMain"
    }
    busy: dict[tuple[int, int], float] = defaultdict(float)
    for e in events:
        if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in mains:
            busy[e["pid"], e["tid"]] += e.get("dur", 0)
    return max(busy, key=busy.get) if busy else None


def trace_kinds(trace: bytes) -> dict[str, float]:
    """Milliseconds of the page's main thread by kind (KINDS, and "other": tasks' own time)."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    thread = _main_thread(events)
    spans = []  # (start, end, name)
    opened: dict[str, list[float]] = defaultdict(list)
    for e in events:
        if (e.get("pid"), e.get("tid")) != thread:
            continue
        ph = e.get("ph")
        if ph == "X":
            spans.append((e["ts"], e["ts"] + e.get("dur", 0), e["name"]))
        elif ph == "B":
            opened[e["name"]].append(e["ts"])
        elif ph == "E" and opened[e.get("name", "")]:
            spans.append((opened[e["name"]].pop(), e["ts"], e["name"]))
    spans.sort(key=lambda s: (s[0], -s[1]))
    totals: dict[str, float] = defaultdict(float)
    stack: list[list] = []  # [end, kind, own time]

    def close(top: list) -> None:
        totals[top[1]] += top[2]

    for start, end, name in spans:
        while stack and stack[-1][0] <= start:
            close(stack.pop())
        parent = stack[-1] if stack else None
        end = min(end, parent[0]) if parent else end
        if parent:
            parent[2] -= end - start
        stack.append([end, kind(name) or (parent[1] if parent else "other"), end - start])
    while stack:
        close(stack.pop())
    return {k: totals.get(k, 0.0) / 1000 for k in (*KINDS, "other")}


def profile_js(profile: dict, origin: str) -> dict[str, float]:
    """Milliseconds of JavaScript in a CPU profile: "vega", "streamlit" (the app server's
    other scripts), "other"; and "native" (the profile's "(program)": the browser's own work,
    style, layout and paint among it) and "gc"."""
    nodes = {n["id"]: n["callFrame"] for n in profile.get("nodes", [])}
    out = dict.fromkeys(("streamlit", "vega", "other", "native", "gc"), 0.0)
    for node, delta in zip(profile.get("samples", []), profile.get("timeDeltas", []), strict=False):
        frame = nodes.get(node, {})
        name, url = frame.get("functionName", ""), frame.get("url", "")
        if name == "(idle)":
            continue
        if name == "(program)":
            where = "native"
        elif name == "(garbage collector)":
            where = "gc"
        elif VEGA.search(url):
            where = "vega"
        elif url.startswith(origin):
            where = "streamlit"
        else:
            where = "other"
        out[where] += max(delta, 0) / 1000
    return out


class Costs:
    """The DevTools protocol on one page: its CPU profile and counters, and a trace."""

    def __init__(self, browser, context, page, origin: str) -> None:
        self.browser, self.page, self.origin = browser, page, origin
        self.system = browser.new_browser_cdp_session()
        self.cdp = context.new_cdp_session(page)
        self.cdp.send("Profiler.enable")
        self.cdp.send("Profiler.setSamplingInterval", {"interval": SAMPLING_US})
        self.cdp.send("Performance.enable")

    def throttle(self, rate: float) -> None:
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def counters(self) -> dict[str, float]:
        """The page's cumulative counters, in ms: script, style, layout, all its tasks."""
        metrics = {
            m["name"]: m["value"] for m in self.cdp.send("Performance.getMetrics")["metrics"]
        }
        names = {
            "script": "ScriptDuration",
            "style": "RecalcStyleDuration",
            "layout": "LayoutDuration",
            "tasks": "TaskDuration",
        }
        return {k: metrics.get(v, 0.0) * 1000 for k, v in names.items()}

    def renderer_cpu(self) -> float:
        """CPU time of every renderer process so far, in ms (one tab open: that tab's)."""
        found = self.system.send("SystemInfo.getProcessInfo")["processInfo"]
        return 1000 * sum(p["cpuTime"] for p in found if p["type"] == "renderer")

    def start_profile(self) -> None:
        self.cdp.send("Profiler.start")

    def stop_profile(self) -> dict[str, float]:
        return profile_js(self.cdp.send("Profiler.stop")["profile"], self.origin)

    def start_trace(self) -> None:
        self.browser.start_tracing(page=self.page, categories=TRACE_CATEGORIES)

    def stop_trace(self) -> dict[str, float]:
        return trace_kinds(self.browser.stop_tracing())
