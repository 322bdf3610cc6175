"""class: what a class costs one server, one interaction at a time and thirty at once.

Two tables. "class: one at a time" (bench/sections/class_probe.py): per page, the whole
server process's CPU for each kind of interaction on a quiet server, and how much the
page's first view draws. "class: together" (bench/sections/class_load.py): the class on
one server, a burst, the trainer beside the class, two replicas behind HAProxy, and the
fail-over when one of them dies; the server's memory around the class.

Budgets (on this project's 2-core machine, one server process):

- one at a time, on every page: a cached rerun ≤ 30 ms; a temperature, scaling or mask
  move ≤ 40 ms; a new sentence, a language switch or the first view ≤ 150 ms; the first
  view draws ≤ 40 elements and blocks, sidebar included;
- the class (30 protocol students × 20 interactions, 1–3 s apart): the server's CPU per
  run, all threads, ≤ 50 ms on average; latency p50 ≤ 300 ms, p95 ≤ 1 s; 0 errors; 0
  leaks; peak memory ≤ 690 MB;
- a burst: 30 students move the temperature within 2 s; the run asked for last ends
  ≤ 2 s after its request;
- while one student trains at the largest settings, the other 29 keep p95 ≤ 1.5 s;
- two replicas behind HAProxy: 60 students, p95 ≤ 1 s;
- the fail-over: every student of the dead replica on the other one, with the same page
  and settings, and no error after.
"""

from __future__ import annotations

import os

from bench.sections import class_load, class_probe
from bench.sections.common import Check, Column, Row, Section, limit_check, log, page_names
from harness.browser import missing
from harness.plans import THINK_S
from harness.school import haproxy_path

STUDENTS = int(os.environ.get("BENCH_CLASS_STUDENTS", "30"))
INTERACTIONS = 20
REPS = 5  # repetitions of each interaction, per page

KIND_MS = {"cached": 30.0, "temperature": 40.0, "scale": 40.0, "causal": 40.0}
KIND_MS |= {"sentence": 150.0, "lang": 150.0, "first": 150.0}
# The budgets' groups as the table's verdicts name them (ms, the worst of the group).
GROUPS = {
    "cached": ["cached"],
    "moves": ["temperature", "scale", "causal"],
    "heavy": ["sentence", "lang", "first"],
}
DRAWN_MAX = 40
CLASS_CPU_MS, CLASS_P50_MS, CLASS_P95_MS, PEAK_MB = 50.0, 300.0, 1000.0, 690.0
BURST_LAST_MS, TRAINER_P95_MS, REPLICAS_P95_MS = 2000.0, 1500.0, 1000.0

ONE_COLUMNS = [
    Column("cached", "cached ms"),
    Column("temperature", "temp ms"),
    Column("scale", "scale ms"),
    Column("causal", "mask ms"),
    Column("sentence", "sentence ms"),
    Column("lang", "language ms"),
    Column("first", "first view ms"),
    Column("drawn", "first view drawn", "{:.0f}"),
    Column("gc", "forced GC ms"),
]
TOGETHER_COLUMNS = [
    Column("p50", "p50 ms", "{:.0f}"),
    Column("p95", "p95 ms", "{:.0f}"),
    Column("max", "max ms", "{:.0f}"),
    Column("n", "n", "{:d}"),
    Column("errors", "errors", "{:d}"),
    Column("leaks", "leaks", "{:d}"),
    Column("cpu", "CPU/run ms", "{:.0f}"),
    Column("mb", "MB", "{:.0f}"),
]


def ms(seconds: float | None) -> float | None:
    return None if seconds is None else 1000 * seconds


def run(options) -> list[Section]:
    quick = options.quick
    n = 6 if quick else STUDENTS
    interactions = 6 if quick else INTERACTIONS
    reps = options.reps or (2 if quick else REPS)
    measured = not quick and n == 30 and interactions == INTERACTIONS
    pages = page_names()

    log(f"class: one interaction at a time on {len(pages)} pages, {reps} of each kind")
    probes, info = class_probe.probe_pages(pages, reps, log)
    one = _one_at_a_time(probes, info, reps, measured)

    log(f"class: {n} students on one server, a burst, the trainer beside {n - 1}")
    found = class_load.one_server(n, interactions, log)
    together = Section("class: together", TOGETHER_COLUMNS)
    _rows_class(together, found, n, interactions, measured)

    browser = missing()
    if haproxy_path() is None:
        together.notes.append("two replicas skipped: HAProxy not found (apt-get install haproxy)")
    else:
        log(f"class: {2 * n} students on two replicas, then one replica killed")
        steps = 4 if quick else class_load.FAILOVER_STEPS
        school = class_load.school(2 * n, interactions, steps, browser, log)
        _rows_school(together, school, n, measured)
        if browser:
            together.notes.append(f"the fail-over skipped: {browser}")
    together.details = {
        "class": _raw(found["class"]),
        "burst": _raw(found["burst"]),
        "trained": _raw(found["trained"]),
        "trainer": found["trainer"],
    }
    return [one, together]


def _raw(found: dict) -> dict:
    return {k: v for k, v in found.items() if k != "seconds"}


# ---------------------------------------------------------------------------- one at a time


def _one_at_a_time(probes, info: dict, reps: int, measured: bool) -> Section:
    section = Section("class: one at a time", ONE_COLUMNS)
    for probe in probes:
        values = {kind: probe.median_ms(kind) for kind in class_probe.KINDS}
        drawn = [e + b for e, b in zip(probe.elements, probe.blocks, strict=True)]
        values["drawn"] = max(drawn) if drawn else None
        values["gc"] = info.get(f"gc:{probe.page}")
        clean = not probe.errors and measured

        def worst(kinds, values=values, clean=clean):
            found = [values[k] for k in kinds if values.get(k) is not None]
            return max(found) if found and clean else None

        checks = []
        for group, kinds in GROUPS.items():
            check = limit_check(worst(kinds), KIND_MS[kinds[0]], "")
            check.budget = f"{group} ≤ {KIND_MS[kinds[0]]:g}"
            checks.append(check)
        checks.append(limit_check(values["drawn"] if measured else None, DRAWN_MAX, ""))
        checks[-1].budget = f"drawn ≤ {DRAWN_MAX}"
        notes = [f"{len(probe.errors)} errors: {'; '.join(probe.errors[:2])[:200]}"] * bool(
            probe.errors
        )
        notes += [f"not measured: {kind} ({why})" for kind, why in probe.missing.items()]
        section.rows.append(Row(probe.page, "", values, checks, "; ".join(notes)))
    for kind in class_probe.KINDS:
        found = [p.median_ms(kind) for p in probes if p.median_ms(kind) is not None]
        if found:
            section.notes.append(
                f"{kind}: median over pages {sorted(found)[len(found) // 2]:.0f} ms, worst "
                f"{max(found):.0f} ms ({max(probes, key=lambda p: p.median_ms(kind) or 0).page})"
            )
    answered = ", ".join(f"{p.page} {p.answered}" for p in probes if p.answered)
    section.notes += [
        "budgets (ms, the worst of each group): cached ≤ 30; moves (temperature, scaling, mask)",
        "  ≤ 40; heavy (a new sentence, a language switch, the first view) ≤ 150; the first",
        f"  view draws ≤ {DRAWN_MAX}. Questions answered before the moves: {answered or 'none'}.",
        f"ms: CPU time of the whole server process (every thread), median of {reps}, less the",
        f"  idle drift ({info['drift_ms']:.2f} ms, measured the same way; clock: {info['clock']});",
        "  each move after a run that sets an unseen seed; first view: a new session at the",
        "  defaults. drawn: new_element + add_block deltas of the first view's run, sidebar",
        "  included (the largest of the repetitions). forced GC: Streamlit's collection after",
        "  each run (runner.postScriptGC), median over the page's runs, in the script thread.",
    ]
    return section


# ---------------------------------------------------------------------------- together


def _latency(found: dict) -> dict:
    return {
        "p50": ms(found.get("p50")),
        "p95": ms(found.get("p95")),
        "max": ms(found.get("max")),
        "n": found.get("n"),
        "errors": len(found.get("errors", [])),
        "leaks": len(found.get("leaks", [])),
    }


def _clean(found: dict) -> list[Check]:
    return [Check("0 errors", not found["errors"]), Check("0 leaks", not found["leaks"])]


def _problems(section: Section, what: str, found: dict) -> None:
    for text in found["errors"][:5] + found["leaks"][:5]:
        section.notes.append(f"{what}: {text[:200]}")
    if found.get("never_saw_own"):
        section.notes.append(f"{what}: never shown its own sentence: {found['never_saw_own']}")


def _rows_class(section: Section, found: dict, n: int, interactions: int, measured) -> None:
    klass = found["class"]
    klass["errors"] += found["warm_errors"]
    values = _latency(klass) | {"cpu": ms(klass.get("cpu_per_run"))}

    def only(value):
        return value if measured else None

    checks = [
        limit_check(only(values["cpu"]), CLASS_CPU_MS, "ms CPU/run"),
        limit_check(only(values["p50"]), CLASS_P50_MS, "ms p50"),
        limit_check(only(values["p95"]), CLASS_P95_MS, "ms p95"),
        *_clean(klass),
    ]
    note = (
        f"{klass['runs']} runs in {klass['seconds_taken']:.0f} s; per run the script thread "
        f"{1000 * klass.get('script_per_run', 0):.0f} ms, of which forced GC "
        f"{1000 * klass.get('gc_per_run', 0):.0f} ms; first views {1000 * klass['opens']:.0f}"
        f" ms (median); {n} students thinking 1–3 s ask for ~{n / (sum(THINK_S) / 2):.0f} runs/s"
    )
    section.rows.append(Row(f"{n} students", f"× {interactions}", values, checks, note))
    _problems(section, "class", klass)
    for name, key, checks in (
        ("before", "mem_before", []),
        ("peak", "mem_peak", [limit_check(found["mem_peak"], PEAK_MB, "MB")]),
        ("after", "mem_after", []),
        ("expired", "mem_expired", []),
    ):
        section.rows.append(Row("server memory", name, {"mb": found[key]}, checks))

    b = found["burst"]
    last = ms(b["last"])
    checks = [limit_check(only(last), BURST_LAST_MS, "ms the last asked"), *_clean(b)]
    note = f"the move asked for last took {last or 0:.0f} ms; moves spread over {b['spread']:.1f} s"
    section.rows.append(Row(f"burst of {n}", "temperature", _latency(b), checks, note))
    _problems(section, "burst", b)

    t, trainer = found["trained"], found["trainer"]
    checks = [limit_check(only(ms(t["p95"])), TRAINER_P95_MS, "ms p95"), *_clean(t)]
    trained = trainer["seconds"]
    note = f"the trainer trained {len(trained)} times" + (
        f", {min(trained):.1f}–{max(trained):.1f} s each" if trained else ""
    )
    if trainer["errors"]:
        note += f"; its errors: {trainer['errors'][:2]}"
    section.rows.append(Row(f"{n - 1} + a trainer", f"× {interactions}", _latency(t), checks, note))
    _problems(section, "beside the trainer", t)
    for name, key in (("after the class", "held_after"), ("once expired", "held_expired")):
        section.notes.append(f"held {name}: {_held(found.get(key, {}))}")
    section.notes += [
        "latency: request → the run's script_finished (protocol students), first views apart.",
        "CPU/run: CPU time of the whole server process over the class / its script runs.",
        f"memory: VmRSS; sessions expire after {class_load.SESSION_TTL_S} s here.",
    ]
    if found.get("died"):
        section.notes.append(f"the server died: {found['died'][-300:]}")


def _held(report: dict) -> str:
    if not report:
        return "no report"
    caches = ", ".join(
        f"{name.split(':', 1)[1].rsplit('.', 1)[-1]} {n}"
        for name, n in sorted(report.get("caches", {}).items())
        if n
    )
    return (
        f"{report.get('sessions_connected', '?')} sessions connected, "
        f"{report.get('sessions_kept', '?')} kept for a reconnection; cached values: "
        f"{caches or 'none'}; {report.get('objects', 0):,} objects tracked"
    )


def _rows_school(section: Section, school: dict, n: int, measured: bool) -> None:
    klass = school["class"]
    klass["errors"] += school["warm_errors"]
    p95 = ms(klass["p95"]) if measured else None
    checks = [limit_check(p95, REPLICAS_P95_MS, "ms p95"), *_clean(klass)]
    section.rows.append(Row(f"{2 * n} students", "2 replicas", _latency(klass), checks))
    _problems(section, "two replicas", klass)
    run = school.get("failover")
    if run is None:
        return
    moved = run.moved
    reconnect = [run.since_kill(f.reconnected) for f in moved if f.reconnected is not None]
    first = [run.since_kill(f.first_run) for f in moved if f.first_run is not None]
    values = {
        "p50": ms(sorted(reconnect)[len(reconnect) // 2]) if reconnect else None,
        "max": ms(max(reconnect)) if reconnect else None,
        "n": len(moved),
        "errors": len(run.errors_after),
    }
    note = (
        f"killed {run.victim} with {len(run.expected)} of {len(run.on)} students; their first "
        f"run there {1000 * (sorted(first)[len(first) // 2] if first else 0):.0f} ms (median) "
        "after the kill"
    )
    section.rows.append(Row("fail-over", "kill → connected", values, [], note))
    for what, ok in (
        ("all to the other replica", sorted(f.student for f in moved) == run.expected
         and all(f.replica_after == run.survivor for f in moved)),
        ("same page and settings", all(f.same_view for f in moved)),
        ("0 errors after", not run.errors_after),
        ("first move there kept", not any(f.kept is False for f in moved)),
        ("0 requests to other origins", not run.outside),
    ):  # fmt: skip
        section.rows.append(Row("fail-over", what, {}, [Check(what, ok and bool(moved))]))
    for kind in ("protocol", "browser"):
        found = [run.since_kill(f.reconnected) for f in moved
                 if f.reconnected is not None and f.student.startswith(kind)]  # fmt: skip
        values = {
            "p50": ms(sorted(found)[len(found) // 2]) if found else None,
            "max": ms(max(found)) if found else None,
            "n": len(found),
        }
        section.rows.append(Row("fail-over", f"{kind} students", values))
    for text in run.errors_after[:5] + run.outside[:3]:
        section.notes.append(f"fail-over: {text[:200]}")
