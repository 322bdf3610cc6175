"""memory: the server's resident memory with 1 and with 20 concurrent browser sessions.

A fresh server (``streamlit run dashboard.py``) is measured idle, after one session (a
browser context on the overview at the defaults, with a few slider moves), and after 20
(one Chromium, 20 contexts kept open at once; each opens a different page with its own
d_model and heads, some with the 64-token sentence or the causal mask, and moves the
temperature slider a few times, so that the caches fill as a class would fill them).
Resident memory is VmRSS from /proc/<pid>/status, summed over the server and any
children; the peak is VmHWM.

Budget: with 20 sessions, at most 690 MB (MB = 10^6 bytes).
"""

from __future__ import annotations

import time
from urllib.parse import urlencode

from bench.sections import chromium
from bench.sections.common import (
    ENTRY,
    Column,
    Row,
    Section,
    largest_sentence,
    limit_check,
    log,
    page_names,
)
from harness.browser import launch, missing
from harness.server import StreamlitServer

SESSIONS = 20
BUDGET_MB = 690.0
SETTLE_S = 3.0
# (d_model, heads) per session after the first, cycling: small to the largest.
SHAPES = [(1024, 16), (512, 8), (256, 4), (128, 2), (64, 1), (32, 8), (16, 4), (8, 2), (1024, 1)]

COLUMNS = [
    Column("rss", "RSS MB", "{:.0f}"),
    Column("hwm", "peak MB", "{:.0f}"),
    Column("per_session", "MB/session", "{:.1f}"),
    Column("processes", "processes", "{:d}"),
]


def session_plan(n: int, pages: list[str]) -> list[tuple[str, dict[str, str]]]:
    """(page, URL parameters) per session: the first at the defaults, then all different."""
    long = largest_sentence()
    plan = [("overview", {})]
    for i in range(1, n):
        d, heads = SHAPES[(i - 1) % len(SHAPES)]
        params = {"d": str(d), "heads": str(heads)}
        if i % 2:
            params["sentence"] = long
        if i % 3 == 0:
            params["mask"] = "1"
        if i % 4 == 0:
            params["seed"] = str(i)
        plan.append((pages[(i - 1) % len(pages)], params))
    return plan


def _use(tab, label: str, moves: int) -> None:
    thumb = chromium.temperature_thumb(tab, label)
    for j in range(moves):
        chromium.move_slider(tab, thumb, "ArrowRight" if j % 3 != 2 else "ArrowLeft", 100)


def run(options) -> Section:
    section = Section("memory", COLUMNS)
    if problem := missing():
        section.skipped = f"skipped: {problem}"
        return section
    sessions = 4 if options.quick else SESSIONS
    moves = 2 if options.quick else 3
    plan = session_plan(sessions, page_names())
    log(f"memory: a fresh server, then 1 and {sessions} sessions")
    with StreamlitServer(ENTRY) as server, launch() as browser:
        label = chromium.app_temperature_label()
        time.sleep(SETTLE_S)
        idle = server.memory_mb()
        section.rows.append(Row("server", "idle, no session", idle))
        log(f"  idle: {idle['rss']:.0f} MB")
        tabs = []
        for i, (page, params) in enumerate(plan, start=1):
            tab = chromium.new_page(browser)
            query = f"?{urlencode(params)}" if params else ""
            chromium.open_url(tab, f"{server.url}/{page}{query}")
            _use(tab, label, moves)
            tabs.append(tab)
            shown = ", ".join(f"{k}={v}" for k, v in params.items() if k != "sentence")
            long = " 64 tokens" if "sentence" in params else ""
            log(f"  session {i}: /{page} {shown}{long}")
            if i == 1:
                time.sleep(SETTLE_S)
                one = server.memory_mb()
                one["per_session"] = one["rss"] - idle["rss"]
                section.rows.append(Row("server", "1 session", one))
                log(f"  1 session: {one['rss']:.0f} MB")
        time.sleep(SETTLE_S)
        for tab in tabs:  # every session is still connected and idle
            chromium.wait_idle(tab)
        many = server.memory_mb()
        many["per_session"] = (many["rss"] - idle["rss"]) / len(plan)
        check = limit_check(many["rss"], BUDGET_MB, "MB")
        if sessions != SESSIONS:
            check.ok = None  # --quick opens fewer sessions: the budget is not measured
        section.rows.append(Row("server", f"{len(plan)} sessions", many, [check]))
        log(f"  {len(plan)} sessions: {many['rss']:.0f} MB (peak {many['hwm']:.0f} MB)")
        section.details["plan"] = [
            {"page": page, **{k: v for k, v in params.items() if k != "sentence"}}
            | ({"sentence": "64 tokens"} if "sentence" in params else {})
            for page, params in plan
        ]
        exceptions = sum(tab.get_by_test_id("stException").count() for tab in tabs)
        if exceptions:
            section.notes.append(f"{exceptions} exception box(es) shown across the sessions")
        if not server.alive():
            section.notes.append("the server died during the measurement")
    section.notes.append(
        "RSS = VmRSS of the server process (and children) in MB of 10^6 bytes; "
        "peak = VmHWM; MB/session = growth over idle per session."
    )
    return section
