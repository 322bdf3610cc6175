"""class: a class of students on one real server, and a school of two behind HAProxy.

In one run, on ``streamlit run dashboard.py`` started through harness.instrumented (which
writes a line per script run: its page, its wall time and the CPU time of its script
thread, split into the script, the page and garbage collection):

1. The server's CPU time per rerun, per page, at the defaults: one protocol session per
   page (harness.protocol: a websocket client speaking Streamlit's own messages) moves
   the temperature 1.00 ↔ 1.05, as the pages section does under AppTest; the same moves
   under AppTest, in this process, beside it. Then the same on a server started with
   ``--runner.postScriptGC false`` (Streamlit forces a full garbage collection after
   every run; AppTest's runner does not), to show what that collection costs.
2. One student alone: the baseline (20 interactions, 1–3 s think time each).
3. The class: N protocol students (default 30; $BENCH_CLASS_STUDENTS) and 3 students in
   real Chromium (harness.classroom.BrowserStudent, each in a browser of its own), all at
   once, each with its own sentence (holding a marker), its own starting page and its
   own 20 interactions. Per interaction: request → the run's script_finished (browser:
   the action → the page settled), errors, and any other student's marker received.
4. The server's resident memory (VmRSS of it and its children, /proc) fresh, once one
   visitor has opened every page (a server that has been up a while: the class server
   is warmed so), with the lone student, at its peak during the class, once all have left,
   and once they have been gone longer than Streamlit keeps a disconnected session
   (``server.disconnectedSessionTTL``: 120 s by default, shortened here to
   ``SESSION_TTL_S`` with that server flag; an expired session is dropped on the next
   disconnect, so one visitor comes and goes first, as any later student would). Then,
   as a diagnostic, after the server has collected its garbage and given freed memory
   back (SIGUSR1 to harness.instrumented: gc.collect() and malloc_trim).
5. A school: two replicas behind HAProxy (deploy/haproxy.cfg, cookie affinity),
   10 protocol students and 2 browser students; the replica with more students is
   killed mid-run (SIGKILL, by its PID). For each of its students: the time to be
   connected to the other replica, to have run a page there, the same page and settings,
   errors after the reconnect, and whether the first move there was kept.

Budgets: server CPU per rerun at the defaults ≤ 60 ms on every page and ≤ 2× AppTest's
figure for the page; 0 errors and 0 leaks; the class's p95 ≤ 3× the lone student's p50;
the browser students' p95 ≤ 2 s; peak memory ≤ 690 MB; memory once the sessions have
expired within 10 % of its level with one session.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import os
import random
import signal
import statistics
import tempfile
import threading
import time
from pathlib import Path

from bench.sections.common import (
    ENTRY,
    Check,
    Column,
    Row,
    Section,
    limit_check,
    log,
    ms,
    page_names,
    ratio_check,
)
from harness import plans
from harness.browser import launch, missing
from harness.browser_student import BrowserStudent, student_context
from harness.failover import failover_class
from harness.instrumented import read_held, read_runs
from harness.plans import THINK_S, plan, start_page
from harness.protocol import ProtocolSession
from harness.protocol_student import ProtocolStudent, visit
from harness.server import StreamlitServer

STUDENTS = int(os.environ.get("BENCH_CLASS_STUDENTS", "30"))
BROWSERS = 3
INTERACTIONS = 20
SESSION_TTL_S = 15  # server.disconnectedSessionTTL for the class server (Streamlit: 120)
PROBE_REPS = 10  # temperature moves timed per page (after 2 warm-up moves)
SCHOOL_PROTOCOL, SCHOOL_BROWSERS, SCHOOL_STEPS = 10, 2, 8
SCHOOL_THINK_S = (0.5, 1.5)
SCHOOL_KILL_AFTER_S = 6.0

CPU_MS, APPTEST_RATIO = 60.0, 2.0
CLASS_RATIO, BROWSER_P95_MS = 3.0, 2000.0
PEAK_MB, BACK_WITHIN = 690.0, 0.10

COLUMNS = [
    Column("median", "median ms"),
    Column("p95", "p95 ms"),
    Column("n", "n", "{:d}"),
    Column("errors", "errors", "{:d}"),
    Column("leaks", "leaks", "{:d}"),
    Column("mb", "MB", "{:.0f}"),
    Column("exec", "script ms"),
    Column("gc", "GC ms"),
    Column("loop", "loop ms"),
    Column("apptest", "AppTest ms"),
    Column("nogc", "no forced GC ms"),
]


def p95(samples: list[float]) -> float | None:
    if not samples:
        return None
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def median(samples: list[float]) -> float | None:
    return statistics.median(samples) if samples else None


def describe_held(report: dict) -> str:
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


# ---------------------------------------------------------------------------- 1. per page


async def _probe_page(url: str, page: str, reps: int) -> tuple[list[float], list[str], str]:
    """One session on a page at the defaults: temperature 1.00 ↔ 1.05; (latencies, errors)."""
    session = ProtocolSession(url, default_page=plans.DEFAULT_PAGE)
    await session.connect()
    errors: list[str] = []
    latencies: list[float] = []
    try:
        reply = await session.open(page)
        errors += reply.errors
        for i in range(2 + reps):
            session.set_widget("temperature", 1.05 if i % 2 == 0 else 1.0)
            reply = await session.rerun(f"temperature on {page}")
            errors += reply.errors
            if i >= 2 and reply.seconds is not None:
                latencies.append(reply.seconds)
        sid = session.session_ids[-1] if session.session_ids else ""
    finally:
        await session.close()
    return latencies, errors, sid


def server_per_page(pages: list[str], reps: int, options: dict, env: dict | None = None):
    """{page: {cpu, exec, page, gc, loop, wall, latency, errors}} (medians, s), fresh server."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        runs = Path(tmp) / "runs.jsonl"
        with StreamlitServer(ENTRY, options=options, runs=runs, env=env) as server:
            for page in pages:
                latencies, errors, sid = asyncio.run(_probe_page(server.url, page, reps))
                records = [r for r in read_runs(runs) if r["session"] == sid][-reps - 1 :]
                loops = [
                    b["loop_cpu"] - a["loop_cpu"]
                    for a, b in itertools.pairwise(records)
                    if a.get("loop_cpu") is not None and b.get("loop_cpu") is not None
                ]
                records = records[-reps:]
                out[page] = {
                    key: median([r[key] for r in records])
                    for key in ("cpu", "exec_cpu", "page_cpu", "gc_cpu", "wall")
                }
                out[page]["loop_cpu"] = median(loops)
                out[page]["cpu_p95"] = p95([r["cpu"] for r in records])
                out[page]["latency"] = median(latencies)
                out[page]["errors"] = errors
                log(
                    f"  {page}: server CPU {1000 * (out[page]['cpu'] or 0):.0f} ms/rerun "
                    f"(GC {1000 * (out[page]['gc_cpu'] or 0):.0f})"
                    + (f"; errors: {errors[:2]}" if errors else "")
                )
    return out


def apptest_per_page(pages: list[str], reps: int) -> dict[str, float | None]:
    """The pages section's figure for each page at the defaults: at.run() median, seconds."""
    from bench.sections.apptest import ScriptTimer, alternate, open_page, quiet_streamlit

    out = {}
    timer = ScriptTimer()
    with quiet_streamlit(), timer.installed():
        for page in pages:
            try:
                times = alternate(open_page(page), timer, reps=reps)
                out[page] = median(times.run)
            except Exception as exc:
                log(f"  AppTest {page}: {type(exc).__name__}: {exc}")
                out[page] = None
    return out


# ---------------------------------------------------------------------------- 2, 3. class


def _browser_thread(url: str, index: int, steps, page: str, results: list, start_at: float):
    """One browser student in a Chromium of its own (sync Playwright wants its own thread)."""
    outside: list[str] = []
    try:
        with launch() as browser:
            context = student_context(browser, url, outside)
            student = BrowserStudent(context, url, index, steps, page, outside=outside)
            time.sleep(max(0.0, start_at - time.monotonic()))
            student.run()
            results.append(student)
    except Exception as exc:
        log(f"  browser {index}: {type(exc).__name__}: {exc}")
        results.append(FailedStudent(f"browser {index}", outside, f"{type(exc).__name__}: {exc}"))


class FailedStudent:
    """A student whose browser could not run at all: one interaction with its error."""

    def __init__(self, name: str, outside: list[str], error: str) -> None:
        self.name, self.outside, self.own_seen = name, outside, 0
        failed = plans.Interaction(name, "run", time.monotonic())
        failed.errors.append(error)
        self.interactions = [failed]


async def _protocol_class(
    students: list[ProtocolStudent], spread_s: float, stay: threading.Event | None = None
) -> None:
    async def one(student: ProtocolStudent, delay: float) -> None:
        await asyncio.sleep(delay)
        await student.run(stay=stay)

    rng = random.Random(7)
    await asyncio.gather(*(one(s, rng.uniform(0, spread_s)) for s in students))


class MemorySampler:
    """The server's resident memory every half second, in a thread; the peak it saw."""

    def __init__(self, server: StreamlitServer) -> None:
        self.server = server
        self.peak = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self.server.memory_mb()["rss"])
            self._stop.wait(0.5)

    def __enter__(self) -> MemorySampler:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=5)


def _tally(students) -> dict:
    items = [i for s in students for i in s.interactions if not i.what.startswith("open")]
    opens = [i for s in students for i in s.interactions if i.what.startswith("open")]
    seconds = [i.seconds for i in items if i.seconds is not None]
    errors = [f"{i.student}: {e}" for s in students for i in s.interactions for e in i.errors]
    errors += [f"{s.name}: {e}" for s in students for e in getattr(s, "stray", [])]
    leaks = [f"{i.student}: {e}" for s in students for i in s.interactions for e in i.leaks]
    return {
        "median": ms(median(seconds)),
        "p95": ms(p95(seconds)),
        "n": len(seconds),
        "errors": len(errors),
        "leaks": len(leaks),
        "error_list": errors,
        "leak_list": leaks,
        "open_median": ms(median([i.seconds for i in opens if i.seconds is not None])),
        "never_saw_own": [s.name for s in students if not s.own_seen],
    }


def run_class(n_protocol: int, n_browser: int, interactions: int, with_browsers: bool) -> dict:
    pages = plans.pages()
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        runs = Path(tmp) / "runs.jsonl"
        options = {"server.disconnectedSessionTTL": SESSION_TTL_S}
        with StreamlitServer(ENTRY, options=options, runs=runs) as server:
            time.sleep(2.0)
            out["mem_fresh"] = server.memory_mb()["rss"]
            # Every page once (a server that has been up a while), then nobody.
            out["warm_errors"], _ = asyncio.run(visit(server.url, pages))
            time.sleep(2.0)
            out["mem_before"] = server.memory_mb()["rss"]
            log(f"  fresh: {out['mem_fresh']:.0f} MB, warm: {out['mem_before']:.0f} MB")

            # The lone student.
            lone = ProtocolStudent(server.url, 0, plan(0, interactions, pages, pages[0]), pages[0])
            asyncio.run(_lone(lone, server, out))
            out["lone"] = _tally([lone])
            log(f"  1 student: p50 {out['lone']['median']:.0f} ms, p95 {out['lone']['p95']:.0f} ms")

            # The class.
            protocol = []
            for i in range(1, n_protocol + 1):
                page = start_page(i, pages)
                protocol.append(
                    ProtocolStudent(server.url, i, plan(i, interactions, pages, page), page)
                )
            browsers: list = []
            threads = []
            start_at = time.monotonic() + 8.0  # the browsers start up meanwhile
            if with_browsers:
                for j in range(n_browser):
                    i = n_protocol + 1 + j
                    page = start_page(i, pages)
                    steps = plan(i, interactions, pages, page)
                    args = (server.url, i, steps, page, browsers, start_at + j)
                    threads.append(threading.Thread(target=_browser_thread, args=args))
            before_runs = len(read_runs(runs))
            cpu_before = _process_cpu(server)
            with MemorySampler(server) as sampler:
                for t in threads:
                    t.start()
                time.sleep(max(0.0, start_at - time.monotonic()))
                started = time.monotonic()
                asyncio.run(_protocol_class(protocol, spread_s=3.0))
                for t in threads:
                    t.join(timeout=600)
                out["class_seconds"] = time.monotonic() - started
            out["mem_peak"] = max(sampler.peak, server.memory_mb()["rss"])
            out["mem_hwm"] = server.memory_mb()["hwm"]
            cpu_after = _process_cpu(server)
            records = read_runs(runs)[before_runs:]
            out["class"] = _tally(protocol)
            out["class"]["error_list"] += out["warm_errors"]
            out["class"]["errors"] += len(out["warm_errors"])
            think = sum(THINK_S) / 2
            out["demand"] = n_protocol / think  # interactions a second, were answers instant
            out["browsers"] = _tally(browsers) if with_browsers else None
            out["outside"] = sorted({u for b in browsers for u in getattr(b, "outside", [])})
            out["class_runs"] = {
                "runs": len(records),
                "cpu_median": ms(median([r["cpu"] for r in records])),
                "cpu_p95": ms(p95([r["cpu"] for r in records])),
                "gc_median": ms(median([r["gc_cpu"] for r in records])),
                "exec_median": ms(median([r["exec_cpu"] for r in records])),
                "process_cpu_per_run": ms((cpu_after - cpu_before) / len(records))
                if records
                else None,
                "send_cpu_per_run": ms(
                    (records[-1]["send_cpu"] - records[0]["send_cpu"]) / len(records)
                )
                if len(records) > 1
                else None,
                "loop_cpu_per_run": ms(
                    (records[-1]["loop_cpu"] - records[0]["loop_cpu"]) / len(records)
                )
                if len(records) > 1 and records[0].get("loop_cpu") is not None
                else None,
            }
            log(
                f"  {n_protocol} students: p50 {out['class']['median'] or 0:.0f} ms, "
                f"p95 {out['class']['p95'] or 0:.0f} ms; peak {out['mem_peak']:.0f} MB"
            )

            # Everyone has left.
            time.sleep(3.0)
            out["mem_after"] = server.memory_mb()["rss"]
            asked = time.time()
            server.signal(signal.SIGUSR2)
            out["held_after"] = read_held(runs, asked)
            log(f"  after: {out['mem_after']:.0f} MB; waiting for the sessions to expire")
            time.sleep(SESSION_TTL_S + 5)
            asyncio.run(_visit(server.url))  # a later visitor: expired sessions are dropped
            time.sleep(3.0)
            out["mem_expired"] = server.memory_mb()["rss"]
            asked = time.time()
            server.signal(signal.SIGUSR1)
            out["held_expired"] = read_held(runs, asked)
            time.sleep(3.0)
            out["mem_trimmed"] = server.memory_mb()["rss"]
            log(f"  expired: {out['mem_expired']:.0f} MB; trimmed {out['mem_trimmed']:.0f} MB")
            if not server.alive():
                out["died"] = server.log_tail()
    return out


async def _lone(student: ProtocolStudent, server, out: dict) -> None:
    """The lone student's run; the memory with its one session, taken before it leaves."""
    original_close = student.session.close

    async def close_later() -> None:
        await asyncio.sleep(2.0)
        out["mem_one"] = server.memory_mb()["rss"]
        await original_close()

    student.session.close = close_later
    await student.run()


async def _visit(url: str) -> None:
    session = ProtocolSession(url, default_page=plans.DEFAULT_PAGE)
    await session.connect()
    await session.open(plans.DEFAULT_PAGE)
    await session.close()


def _process_cpu(server: StreamlitServer) -> float:
    """utime + stime of the server process (all its threads), seconds."""
    try:
        fields = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


# ---------------------------------------------------------------------------- 5. school


def run_school(n_protocol: int, n_browser: int, steps: int) -> dict:
    """Two replicas behind HAProxy; a replica is killed mid-run; the fail-over figures."""
    from harness.school import School

    out: dict = {}
    with School() as school, launch() as browser:
        out["warm_errors"] = school.warm(plans.pages())
        run = failover_class(
            school,
            browser,
            n_protocol=n_protocol,
            n_browser=n_browser,
            steps=steps,
            think=SCHOOL_THINK_S,
            kill_after=SCHOOL_KILL_AFTER_S,
            steps_after=3,
            spread_s=1.0,
        )
    log(f"  killed {run.victim} ({len(run.expected)} of {len(run.on)} students on it)")
    moved = run.moved

    def since(kind: str, attr: str) -> list[float]:
        found = [run.since_kill(getattr(f, attr)) for f in moved if f.student.startswith(kind)]
        return [t for t in found if t is not None]

    out["victim"] = run.victim
    out["students_on_victim"] = len(run.expected)
    out["failovers"] = len(moved)
    out["to_other"] = sum(f.replica_after not in ("", run.victim) for f in moved)
    out["same_view"] = sum(f.same_view for f in moved)
    out["kept"] = sum(bool(f.kept) for f in moved)
    out["undone"] = sum(f.kept is False for f in moved)
    out["reconnect_protocol"] = since("protocol", "reconnected")
    out["reconnect_browser"] = since("browser", "reconnected")
    out["reconnect"] = since("", "reconnected")
    out["first_run"] = since("", "first_run")
    out["errors_after"] = run.errors_after + out["warm_errors"]
    out["outside"] = run.outside
    return out


# ---------------------------------------------------------------------------- the section


def run(options) -> Section:
    section = Section("class", COLUMNS)
    quick = options.quick
    n_protocol = 6 if quick else STUDENTS
    interactions = 6 if quick else INTERACTIONS
    reps = 4 if quick else PROBE_REPS
    pages = page_names()
    problem = missing()
    with_browsers = not problem
    if problem:
        section.notes.append(f"browser students skipped: {problem}")

    log(f"class: server CPU per rerun on {len(pages)} pages ({reps} temperature moves each)")
    server = server_per_page(pages, reps, {})
    nogc = {}
    if options.explain and not quick:
        log("class: the same with --runner.postScriptGC false")
        nogc = server_per_page(pages, reps, {"runner.postScriptGC": "false"})
    log("class: AppTest per page")
    apptest = apptest_per_page(pages, reps)

    log(f"class: 1 student, then {n_protocol} + {BROWSERS if with_browsers else 0} browsers")
    klass = run_class(n_protocol, BROWSERS, interactions, with_browsers)

    school = None
    from harness.school import haproxy_path

    if haproxy_path() is None:
        section.notes.append("school skipped: HAProxy not found (apt-get install haproxy)")
    elif not with_browsers:
        section.notes.append("school skipped: it needs Chromium for its browser students")
    else:
        log("class: school of two replicas behind HAProxy, one killed mid-run")
        school = run_school(SCHOOL_PROTOCOL, SCHOOL_BROWSERS, 4 if quick else SCHOOL_STEPS)

    measured = not quick and n_protocol == STUDENTS == 30
    _rows_pages(section, pages, server, nogc, apptest, quick)
    _rows_class(section, klass, n_protocol, with_browsers, measured)
    if school is not None:
        _rows_school(section, school)
    section.details = {
        "server": server,
        "server_no_forced_gc": nogc,
        "apptest": apptest,
        "class": {k: v for k, v in klass.items() if k not in ("lone", "class", "browsers")},
        "lone": klass["lone"],
        "students": klass["class"],
        "browsers": klass["browsers"],
        "school": school,
    }
    return section


def _rows_pages(section, pages, server, nogc, apptest, quick) -> None:
    for page in pages:
        s = server.get(page, {})
        cpu = ms(s.get("cpu"))
        at = ms(apptest.get(page))
        clean = not s.get("errors")
        value = cpu if clean and not quick else None
        checks = [
            limit_check(value, CPU_MS, "ms server CPU per rerun"),
            ratio_check(value, at, APPTEST_RATIO, "AppTest"),
        ]
        values = {
            "median": cpu,
            "p95": ms(s.get("cpu_p95")),
            "n": PROBE_REPS if not quick else None,
            "errors": len(s.get("errors", [])),
            "exec": ms(s.get("exec_cpu")),
            "gc": ms(s.get("gc_cpu")),
            "loop": ms(s.get("loop_cpu")),
            "apptest": at,
            "nogc": ms(nogc.get(page, {}).get("cpu")),
        }
        note = "; ".join(s.get("errors", [])[:2])
        section.rows.append(Row(page, "server CPU/rerun", values, checks, note))


def _rows_class(section, klass, n_protocol, with_browsers, measured) -> None:
    lone, many, browsers = klass["lone"], klass["class"], klass["browsers"]
    zero = [
        Check("0 errors", many["errors"] == 0 and lone["errors"] == 0),
        Check("0 leaks", many["leaks"] == 0 and lone["leaks"] == 0),
    ]
    section.rows.append(Row("1 student", "latency", _latency(lone)))
    ratio = ratio_check(many["p95"] if measured else None, lone["median"], CLASS_RATIO, "1 p50")
    ratio.budget = f"p95 {ratio.budget}"
    section.rows.append(Row(f"{n_protocol} students", "latency", _latency(many), [ratio, *zero]))
    if with_browsers and browsers is not None:
        checks = [
            limit_check(browsers["p95"] if measured else None, BROWSER_P95_MS, "ms p95"),
            Check("0 errors, 0 leaks", browsers["errors"] == 0 and browsers["leaks"] == 0),
            Check("0 requests to other origins", not klass["outside"]),
        ]
        note = ""
        if klass["outside"]:
            note = f"{len(klass['outside'])} other-origin URL(s): {klass['outside'][:3]}"
        section.rows.append(
            Row(f"{BROWSERS} browsers", "action → settled", _latency(browsers), checks, note)
        )
    runs = klass["class_runs"]
    per_run = runs["process_cpu_per_run"]
    if per_run:
        section.notes.append(
            f"capacity: the server spent {per_run:.0f} ms of CPU (all threads) per run in class, "
            f"so one process (one interpreter lock) answers at most ~{1000 / per_run:.1f} runs "
            f"a second; {n_protocol} students thinking 1–3 s ask for ~{klass['demand']:.0f}."
        )
    section.rows.append(
        Row(
            "server in class",
            "CPU/rerun",
            {
                "median": runs["cpu_median"],
                "p95": runs["cpu_p95"],
                "n": runs["runs"],
                "exec": runs["exec_median"],
                "gc": runs["gc_median"],
            },
            note=f"all threads {runs['process_cpu_per_run'] or 0:.0f} ms per run, of which the "
            f"event loop {runs['loop_cpu_per_run'] or 0:.0f} ms (serialising the messages "
            f"{runs['send_cpu_per_run'] or 0:.1f} ms)",
        )
    )
    one = klass.get("mem_one")
    memory = [
        ("fresh", klass.get("mem_fresh"), []),
        ("warm, nobody", klass["mem_before"], []),
        ("1 session", one, []),
        ("peak", klass["mem_peak"], [limit_check(klass["mem_peak"], PEAK_MB, "MB")]),
        ("after", klass["mem_after"], []),
        (
            "expired",
            klass["mem_expired"],
            [
                Check(
                    f"≤ 1 session + {100 * BACK_WITHIN:.0f} %",
                    None if not one else klass["mem_expired"] <= (1 + BACK_WITHIN) * one,
                )
            ],
        ),
        ("expired, trimmed", klass["mem_trimmed"], []),
    ]
    for name, mb, checks in memory:
        section.rows.append(Row("server memory", name, {"mb": mb}, checks))
    section.notes.append(f"held after the class: {describe_held(klass.get('held_after', {}))}")
    section.notes.append(f"held once expired: {describe_held(klass.get('held_expired', {}))}")
    for what, found in (("class", many), ("1 student", lone), ("browsers", browsers or {})):
        for text in (found.get("error_list") or [])[:5] + (found.get("leak_list") or [])[:5]:
            section.notes.append(f"{what}: {text[:200]}")
        if found.get("never_saw_own"):
            section.notes.append(f"{what}: never saw its own sentence: {found['never_saw_own']}")
    section.notes += [
        "server CPU/rerun: CPU time of the script thread per run (harness.instrumented), median",
        "  of the temperature moves 1.00 ↔ 1.05 at the defaults; script = the script itself,",
        "  GC = the full garbage collection Streamlit forces after each run (runner.postScriptGC),",
        "  loop = the event loop's CPU (main thread: websockets, message queues) per run;",
        "  no forced GC = the same on a server started with --runner.postScriptGC false;",
        "  AppTest = at.run() for the same moves (the pages section's figure), in this process.",
        "latency: request → script_finished (protocol), action → page settled (browser); the",
        f"  first page view of each student is left out (class: {many['open_median'] or 0:.0f} ms"
        " median).",
        f"memory: VmRSS of the server (and children); sessions expire after {SESSION_TTL_S} s",
        "  (--server.disconnectedSessionTTL, Streamlit's default is 120 s); trimmed = after",
        "  gc.collect() and malloc_trim in the server (a diagnostic: what is still held).",
        f"the class took {klass.get('class_seconds', 0):.0f} s.",
    ]
    if klass.get("died"):
        section.notes.append(f"the server died: {klass['died'][-300:]}")


def _latency(found: dict) -> dict:
    return {k: found.get(k) for k in ("median", "p95", "n", "errors", "leaks")}


def _rows_school(section, school) -> None:
    reconnect = school["reconnect"]
    values = {
        "median": ms(median(reconnect)),
        "p95": ms(max(reconnect)) if reconnect else None,
        "n": school["failovers"],
        "errors": len(school["errors_after"]),
    }
    moved_all = school["failovers"] == school["students_on_victim"] and school["failovers"] > 0
    note = (
        f"killed {school['victim']} with {school['students_on_victim']} students; p95 column = "
        f"the slowest; their first run there {1000 * (median(school['first_run']) or 0):.0f} ms "
        "(median) after the kill"
    )
    section.rows.append(Row("fail-over", "kill → connected", values, [], note))
    for what, ok in (
        ("all to the other replica", moved_all and school["to_other"] == school["failovers"]),
        ("same page and settings", school["same_view"] == school["failovers"]),
        ("0 errors after", not school["errors_after"]),
        ("first move there kept", school["undone"] == 0),
    ):
        section.rows.append(Row("fail-over", what, {}, [Check(what, ok)]))
    for kind in ("protocol", "browser"):
        found = school[f"reconnect_{kind}"]
        section.rows.append(
            Row(
                "fail-over",
                f"{kind} students",
                {
                    "median": ms(median(found)),
                    "p95": ms(max(found)) if found else None,
                    "n": len(found),
                },
            )
        )
    for text in school["errors_after"][:5]:
        section.notes.append(f"fail-over: {text[:200]}")
