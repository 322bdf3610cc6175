"""pages: the server-side time of one rerun after a sidebar control changes, per page.

Every page in app_pages/ is opened inside the frame with AppTest (``from_file`` on
dashboard.py, then ``switch_page``), and the temperature slider is moved back and forth
between 1.00 and 1.05; each ``at.run()`` is timed. Two settings: the defaults, and the
largest the sidebar offers (d_model 1024, 16 heads, a 64-token sentence). The same is
measured for bench/floor_app.py (the floor) before and after the pages, and for
bench/empty_app.py, whose time is nearly all AppTest's own work. Nothing is subtracted.

Budgets: at the defaults a rerun takes at most 5× the floor and at most 150 ms; at the
largest settings at most 500 ms.
"""

from __future__ import annotations

import time

from bench.sections import profiling
from bench.sections.apptest import (
    RunTimes,
    ScriptTimer,
    alternate,
    errors,
    open_app,
    open_page,
    quiet_streamlit,
    split,
)
from bench.sections.common import (
    EMPTY_APP,
    FLOOR_APP,
    Column,
    Row,
    Section,
    largest_params,
    limit_check,
    log,
    ms,
    ratio_check,
    summary,
)

FLOOR_RATIO = 5.0
DEFAULT_MS = 150.0
LARGEST_MS = 500.0

COLUMNS = [
    Column("median", "median ms"),
    Column("p90", "p90 ms"),
    Column("apptest", "AppTest ms"),
    Column("frame", "frame ms"),
    Column("page", "page ms"),
    Column("ratio", "× floor", "{:.1f}×"),
    Column("n", "n", "{:d}"),
]


def _values(times: RunTimes, floor: float | None) -> dict:
    parts = split(times)
    values = {key: ms(parts[key]) for key in ("apptest", "frame", "page")}
    values.update(median=ms(parts["run"]), p90=ms(parts["p90"]), n=parts["n"])
    if floor and values["median"] is not None:
        values["ratio"] = values["median"] / floor
    return values


def _measure(label: str, opener, reps: int, timer: ScriptTimer) -> tuple[RunTimes | None, str]:
    """Open, warm up and time one app or page; (None, why) when it cannot be run."""
    try:
        at = opener()
        times = alternate(at, timer, reps=reps)
    except Exception as exc:  # a page being written may not even import; report and go on
        log(f"  {label}: failed: {type(exc).__name__}: {exc}")
        return None, f"could not run: {type(exc).__name__}: {str(exc).splitlines()[0][:150]}"
    problem = errors(at)
    summary_ms = ms(summary(times.run)["median"])
    log(f"  {label}: {summary_ms:.1f} ms" + (f" (raised: {problem})" if problem else ""))
    return times, problem and f"the page raised: {problem}"


def _check_largest(at_settings: dict) -> str:
    return "" if at_settings.get("ok", True) else "the largest settings did not apply"


def run(options) -> Section:
    reps = options.reps or (8 if options.quick else 24)
    section = Section("pages", COLUMNS)
    section.details = {"reps": reps, "samples_ms": {}}
    largest = largest_params()
    timer = ScriptTimer()
    pages = options.page_list
    log(f"pages: {len(pages)} pages, {reps} reruns each, 2 settings")

    def keep(name: str, times: RunTimes | None) -> None:
        if times is not None:
            section.details["samples_ms"][name] = [round(1000 * t, 3) for t in times.run]

    with quiet_streamlit(), timer.installed():
        empty, _ = _measure("empty app", lambda: open_app(EMPTY_APP), reps, timer)
        floor_a, _ = _measure("floor app (before)", lambda: open_app(FLOOR_APP), reps, timer)
        measured = []
        for page in pages:
            for setting, params in (("defaults", {}), ("largest", largest)):
                state = {}

                def opener(page=page, params=params, setting=setting, state=state):
                    at = open_page(page, params)
                    if setting == "largest":
                        s = at.session_state
                        state["ok"] = s["d_model"] == 1024 and s["n_heads"] == 16
                    return at

                times, problem = _measure(f"{page} ({setting})", opener, reps, timer)
                measured.append((page, setting, times, problem or _check_largest(state)))
        floor_b, _ = _measure("floor app (after)", lambda: open_app(FLOOR_APP), reps, timer)

    floor_times = RunTimes()
    for part in (floor_a, floor_b):
        if part is not None:
            floor_times.run += part.run
            floor_times.script += part.script
            floor_times.page += part.page
            floor_times.compile += part.compile
    floor = ms(summary(floor_times.run)["median"])
    keep("empty app", empty)
    keep("floor app", floor_times if floor_times.run else None)

    if empty is not None:
        section.rows.append(Row("empty app", "", _values(empty, floor)))
    if floor_times.run:
        section.rows.append(Row("floor app", "", _values(floor_times, floor)))
    for page, setting, times, problem in measured:
        keep(f"{page} {setting}", times)
        if times is None:
            section.rows.append(
                Row(page, setting, {}, _budgets(setting, None, floor, False), note=problem)
            )
            continue
        values = _values(times, floor)
        checks = _budgets(setting, values["median"], floor, not problem)
        section.rows.append(Row(page, setting, values, checks, note=problem))

    section.notes += _notes(empty, floor_a, floor_b, floor)
    if options.explain:
        section.details["profiles"] = []
        for row in section.rows:
            if any(c.ok is False for c in row.checks):
                log(f"  profiling {row.item} at {row.setting}")
                params = largest if row.setting == "largest" else {}
                try:
                    prof = profiling.profile_page(
                        row.item, params, row.setting, reps=min(reps, 8), top=10
                    )
                except Exception as exc:
                    section.notes.append(f"profile of {row.item} {row.setting} failed: {exc}")
                    continue
                section.details["profiles"].append(prof.render())
    return section


def _budgets(setting: str, median: float | None, floor: float | None, clean: bool) -> list:
    value = median if clean else None  # a page that raised has not been measured really
    if setting == "defaults":
        return [
            ratio_check(value, floor, FLOOR_RATIO, "floor"),
            limit_check(value, DEFAULT_MS, "ms"),
        ]
    return [limit_check(value, LARGEST_MS, "ms")]


def _notes(empty, floor_a, floor_b, floor) -> list[str]:
    notes = [
        "median/p90: at.run() after a temperature change (1.00 ↔ 1.05), nothing subtracted;",
        "  the other columns split it (medians of each part, so they need not add up):",
        "  AppTest = at.run() less the script in its thread (a new runner and thread per run,",
        "  compiling the scripts again, parsing the messages); frame = dashboard.py around",
        "  the page (for the empty and floor apps: the whole script); page = the page file,",
        "  its compilation excluded.",
    ]
    if empty is not None and floor:
        e = ms(summary(empty.run)["median"])
        notes.append(
            f"AppTest's overhead: the empty app (one slider) reruns in {e:.1f} ms, "
            f"{100 * e / floor:.0f}% of the floor's {floor:.1f} ms."
        )
    if floor_a is not None and floor_b is not None:
        a, b = (ms(summary(t.run)["median"]) for t in (floor_a, floor_b))
        notes.append(f"Floor before the pages {a:.1f} ms, after {b:.1f} ms (drift of the machine).")
    return notes


def profile_report(section: Section) -> str:
    profiles = section.details.get("profiles") or []
    if not profiles:
        return ""
    return "\n".join(["== pages: where the time goes (budget misses) " + "=" * 34, *profiles])


def profile_one(page: str, largest: bool, reps: int, top: int) -> str:
    """`python -m bench --profile PAGE [--largest]`: the profile of one page."""
    params = largest_params() if largest else {}
    start = time.perf_counter()
    prof = profiling.profile_page(page, params, "largest" if largest else "defaults", reps, top)
    return prof.render() + f"\n   ({time.perf_counter() - start:.0f} s)"
