"""phone: every page on a slow phone, against the floor app on the same phone.

Lighthouse's mobile profile, on this machine: a 390 × 844 screen (pixel ratio 1.75, touch,
a mobile viewport: Playwright's emulation, the DevTools protocol's device metrics and touch)
and the CPU slowed down 4× (``Emulation.setCPUThrottlingRate`` through a CDP session); a
local server, no network throttling. The floor is bench/floor_app.py (one slider and one
9×9 heatmap with its numbers). Every page opens with questions first off (``?ask=0``: the
whole page, every chart, as after the student's guess).

One browser context a run (its HTTP cache warmed by one untimed view of each server first,
as on a phone that has opened the app before); each view is a new tab, so a new Streamlit
session. The views take turns: floor, page, floor, page, …, floor, so that what the rest of
the machine does hits both alike; each page is compared with the mean of the floor's views
just before and after it, and the 1-minute load average is kept beside each view.

A view: the page loads (LCP, all charts drawn, their number); then the student opens the
sidebar (where the control is) and moves the control with the keyboard, one step right,
one step back, 1 + MOVES times (the first move is not counted): the sidebar's temperature,
or on a page without it the control in MOVED (the model's width where a page has no slider
of its own). CLS counts the whole view, load and moves (shifts within 0.5 s of a key are
the input's own, as the browser says). bench/sections/phone_probe.py defines the times
exactly; bench/sections/phone_costs.py where the time goes (a second table).

Budgets (two runs, medians): LCP ≤ 2.5 s; CLS ≤ 0.1; key → redrawn p50 ≤ 2× the floor's,
worst move ≤ 600 ms; all charts drawn ≤ the floor's + 1.5 s.
"""

from __future__ import annotations

import os
import statistics

from bench.sections.common import (
    ENTRY,
    FLOOR_APP,
    Check,
    Column,
    Row,
    Section,
    limit_check,
    log,
    ratio_check,
)
from bench.sections.phone_costs import Costs
from bench.sections.phone_probe import (
    LOADED_JS,
    MOVED_JS,
    PROBES_JS,
    SHIFTS_JS,
    first_direction,
    in_sidebar,
    open_sidebar,
    thumb,
)
from harness.browser import cls, launch, missing, movers, new_context
from harness.server import StreamlitServer

PHONE = {"device_scale_factor": 1.75, "is_mobile": True, "has_touch": True}  # Lighthouse's phone
VIEWPORT = {"width": 390, "height": 844}
SLOWDOWN = 4
RUNS = 2
MOVES = 8
TRACED = 3  # moves more at full speed, traced (where the time goes); not in the timings
LOAD_QUIET_MS, MOVE_QUIET_MS, LIMIT_MS = 1000, 500, 90_000
FLOOR = "floor app"
# The control moved on a page without the sidebar's temperature (a widget's key or its start).
MOVED = {
    "tokens": "d_model",
    "similarity": "d_model",
    "qkv": "qkv_temp",
    "rope": "rope_pos_q",
    "real_model": "real_layer_",
    "train": "train_heads",
    "copying": "copy_step_pick",
}
BUDGETS = {"lcp": 2.5, "cls": 0.1, "ratio": 2.0, "worst": 600.0, "charts_over": 1.5}

COLUMNS = [
    Column("lcp", "LCP s", "{:.2f}"),
    Column("charts", "charts drawn s", "{:.2f}"),
    Column("n", "charts", "{:.0f}"),
    Column("cls", "CLS", "{:.3f}"),
    Column("p50", "key→redrawn p50 ms", "{:.0f}"),
    Column("worst", "worst ms", "{:.0f}"),
    Column("ratio", "p50 × floor", "{:.2f}×"),
    Column("over", "charts − floor s", "{:+.2f}"),
    Column("load", "load avg", "{}"),
]
COST_COLUMNS = [
    Column("m_streamlit", "move 4×: Streamlit JS ms", "{:.0f}"),
    Column("m_vega", "Vega JS", "{:.0f}"),
    Column("m_cpu", "move 1×: CPU ms", "{:.0f}"),
    Column("m_style", "style", "{:.0f}"),
    Column("m_layout", "layout", "{:.0f}"),
    Column("m_paint", "paint", "{:.0f}"),
    Column("m_gc", "GC", "{:.0f}"),
    Column("l_streamlit", "load 4×: Streamlit JS ms", "{:.0f}"),
    Column("l_vega", "Vega JS", "{:.0f}"),
    Column("l_style", "style", "{:.0f}"),
    Column("l_layout", "layout", "{:.0f}"),
]


def _load() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def _percentile50(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def close(page) -> None:
    """Close a view, forgetting what Streamlit keeps in the browser's storage (the sidebar
    opened stays open in the next view otherwise): each view starts as a first one."""
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.close()


def visit(browser, context, origin: str, url: str, control: str, moves: int) -> dict:
    """One view of a page on the phone: its load, its moves, where their time went."""
    page = context.new_page()
    costs = Costs(browser, context, page, origin)
    costs.throttle(SLOWDOWN)
    out: dict = {"loadavg": _load(), "problems": []}
    costs.start_profile()
    page.goto(url, wait_until="commit")
    loaded = page.evaluate(LOADED_JS, {"quiet": LOAD_QUIET_MS, "limit": LIMIT_MS})
    out["load_js"], out["load_counters"] = costs.stop_profile(), costs.counters()
    out.update(lcp=loaded["lcp"], lcp_what=loaded["lcpWhat"], charts=loaded["chartsDrawn"])
    out["n"] = loaded["charts"]
    if loaded["timeout"] or loaded["undrawn"]:
        out["problems"].append(f"load did not settle ({loaded['undrawn']} charts undrawn)")
    if page.get_by_test_id("stException").count():
        out["problems"].append("the page shows an exception")

    slider = thumb(page, control)
    if not slider.count():
        out["problems"].append(f"no slider {control!r}")
        out.update(shifts=page.evaluate(SHIFTS_JS), moves=[], first_key=None)
        close(page)
        return out
    if in_sidebar(slider):
        open_sidebar(page)
    keys = [first_direction(slider)]
    keys.append("ArrowLeft" if keys[0] == "ArrowRight" else "ArrowRight")
    out["moves"] = []

    def move(i: int) -> dict:
        slider.focus()
        page.keyboard.press(keys[i % 2])
        moved = page.evaluate(MOVED_JS, {"quiet": MOVE_QUIET_MS, "limit": LIMIT_MS})
        if moved["timeout"]:
            out["problems"].append(f"move {i + 1} did not settle")
        return moved

    out["first_key"] = move(0)["key"]  # not counted
    costs.start_profile()
    for i in range(1, 1 + moves):
        moved = move(i)
        out["moves"].append(max(moved["painted"], moved["last"]) - moved["key"])
    out["moves_js"] = {k: v / moves for k, v in costs.stop_profile().items()}
    # Where the time goes, at full speed: the throttling keeps the renderer busy waiting.
    costs.throttle(1)
    cpu = costs.renderer_cpu()
    costs.start_trace()
    for i in range(1 + moves, 1 + moves + TRACED):
        move(i)
    out["traced"] = {k: v / TRACED for k, v in costs.stop_trace().items()}
    out["move_cpu"] = (costs.renderer_cpu() - cpu) / TRACED
    out["shifts"] = page.evaluate(SHIFTS_JS)
    if page.get_by_test_id("stException").count():
        out["problems"].append("the page shows an exception after the moves")
    close(page)
    return out


def summarize(view: dict) -> dict:
    """One view's figures, as the table shows them."""
    moves = view.get("moves") or []
    first_key = view.get("first_key") or float("inf")
    return {
        "lcp": view["lcp"] / 1000 if view.get("lcp") else None,
        "charts": view["charts"] / 1000 if view.get("n") else None,
        "n": view.get("n"),
        "cls": cls(view["shifts"]),
        "cls_load": cls(view["shifts"], until=first_key),
        "p50": _percentile50(moves) if moves else None,
        "worst": max(moves) if moves else None,
        "loadavg": view["loadavg"],
    }


def _mid(values) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def run(options) -> list[Section]:
    section = Section("phone", COLUMNS)
    costs = Section("phone: where the time goes", COST_COLUMNS)
    if problem := missing():
        section.skipped = f"skipped: {problem}"
        return [section]
    runs = 1 if options.quick else RUNS
    moves = options.reps or (4 if options.quick else MOVES)
    pages = options.page_list
    from ui import registry

    views: dict[str, list[dict]] = {name: [] for name in (FLOOR, *pages)}
    neighbours: dict[str, list[tuple[dict, dict]]] = {name: [] for name in pages}
    with (
        StreamlitServer(FLOOR_APP) as floor,
        StreamlitServer(ENTRY) as app,
        launch() as browser,
    ):
        section.details["chromium"] = browser.version

        def floor_view() -> dict:
            view = visit(browser, context, floor.url, f"{floor.url}/", "temperature", moves)
            views[FLOOR].append(view)
            return view

        for r in range(runs):
            context = new_context(
                browser, viewport=VIEWPORT, init_script=PROBES_JS, device=PHONE, timeout_ms=LIMIT_MS
            )
            for url in (f"{floor.url}/", f"{app.url}/?ask=0"):  # the HTTP cache, warmed
                warm = context.new_page()
                warm.goto(url, wait_until="commit")
                warm.evaluate(LOADED_JS, {"quiet": LOAD_QUIET_MS, "limit": LIMIT_MS})
                warm.close()
            before = floor_view()
            for name in pages:
                path = "" if name == registry.DEFAULT_PAGE else name
                control = MOVED.get(name, "temperature")
                log(f"phone: run {r + 1}/{runs}, {name} (moving {control}), load {_load():.2f}")
                view = visit(browser, context, app.url, f"{app.url}/{path}?ask=0", control, moves)
                view["control"] = control
                views[name].append(view)
                after = floor_view()
                neighbours[name].append((before, after))
                before = after
            context.close()

    section.details["views"] = {
        name: [{k: v for k, v in view.items()} for view in found] for name, found in views.items()
    }
    floor_rows = [summarize(v) for v in views[FLOOR]]
    floor_values = {k: _mid(f[k] for f in floor_rows) for k in floor_rows[0]}
    floor_values["load"] = "/".join(f"{f['loadavg']:.1f}" for f in floor_rows[:1] + floor_rows[-1:])
    section.rows.append(Row(FLOOR, "temperature", floor_values))
    costs.rows.append(Row(FLOOR, "temperature", _costs(views[FLOOR])))
    for name in pages:
        per_run = []
        for view, (a, b) in zip(views[name], neighbours[name], strict=True):
            mine, fa, fb = summarize(view), summarize(a), summarize(b)
            floor_p50 = _mid([fa["p50"], fb["p50"]])
            floor_charts = _mid([fa["charts"], fb["charts"]])
            mine["ratio"] = mine["p50"] / floor_p50 if mine["p50"] and floor_p50 else None
            over = mine["charts"] - floor_charts if mine["charts"] and floor_charts else None
            mine["over"] = over
            per_run.append(mine)
        values = {k: _mid(r[k] for r in per_run) for k in per_run[0] if k != "loadavg"}
        values["load"] = "/".join(f"{r['loadavg']:.1f}" for r in per_run)
        problems = sorted({p for view in views[name] for p in view["problems"]})
        checks = _checks(values, measured=not problems)
        notes = problems + _shift_notes(views[name], values)
        control = views[name][0].get("control", "")
        section.rows.append(Row(name, control, values, checks, "; ".join(notes)))
        costs.rows.append(Row(name, control, _costs(views[name])))
    section.notes += [
        f"{runs} run(s), medians; {moves} moves a view after one not counted; Chromium "
        f"{section.details['chromium']}, {VIEWPORT['width']}×{VIEWPORT['height']}, pixel ratio "
        f"{PHONE['device_scale_factor']}, CPU {SLOWDOWN}× slower.",
        "LCP, charts drawn: from the navigation's start. key→redrawn: from the key event to",
        "  the paint after the last change the move made (two animation frames after the last",
        "  DOM mutation or chart draw), once the app's run has ended and its indicator is gone.",
        "× floor, − floor: against the floor's views just before and after the page's.",
        "load avg: the 1-minute load average when each run's view began.",
    ]
    costs.notes += [
        "move 4×: a timed move's JavaScript (the CPU profile of the timed moves, the CPU slowed",
        "  down as above): Vega = vega, vega-lite, vega-embed and Streamlit's Vega element.",
        "move 1×: three moves more at full speed (the throttling keeps the renderer busy",
        "  waiting, so its CPU time means nothing while it is on): the renderer's CPU time a move",
        "  (SystemInfo; hardly disturbed by the machine's other work: the figure to compare two",
        "  revisions by) and the main thread's style, layout, paint and GC (a trace).",
        "load 4×: until every chart was drawn, JavaScript (profile), style and layout (the",
        "  page's counters). Medians of the runs.",
    ]
    return [section, costs]


def _checks(values: dict, measured: bool) -> list[Check]:
    def got(key):
        return values.get(key) if measured else None

    over = got("over")
    return [
        limit_check(got("lcp"), BUDGETS["lcp"], "s LCP"),
        limit_check(got("cls"), BUDGETS["cls"], "CLS"),
        ratio_check(got("ratio"), 1.0, BUDGETS["ratio"], "the floor's p50"),
        limit_check(got("worst"), BUDGETS["worst"], "ms worst move"),
        Check(
            f"≤ floor + {BUDGETS['charts_over']:g} s charts",
            None if over is None else (over <= BUDGETS["charts_over"]),
        ),
    ]


def _shift_notes(found: list[dict], values: dict) -> list[str]:
    if not values.get("cls"):
        return []
    worst = max(found, key=lambda v: cls(v["shifts"]))
    return ["shifts: " + " | ".join(movers(worst["shifts"])[:3])]


def _costs(found: list[dict]) -> dict:
    def mid(part: str, key: str) -> float | None:
        return _mid(view.get(part, {}).get(key) for view in found)

    return {
        "m_streamlit": mid("moves_js", "streamlit"),
        "m_vega": mid("moves_js", "vega"),
        "m_cpu": _mid(view.get("move_cpu") for view in found),
        "m_style": mid("traced", "style"),
        "m_layout": mid("traced", "layout"),
        "m_paint": mid("traced", "paint"),
        "m_gc": mid("traced", "gc"),
        "l_streamlit": mid("load_js", "streamlit"),
        "l_vega": mid("load_js", "vega"),
        "l_style": mid("load_counters", "style"),
        "l_layout": mid("load_counters", "layout"),
    }
