"""vote: a class voting on the teacher's page, on the real servers (issue 26's budgets).

Every student is a protocol session (harness.protocol) that opens the join link (the
light first view), taps "Open the page", and answers the page's two questions ("Check":
its vote, acknowledged by "Your vote is in", with no verdict until the reveal); the
teacher is a protocol session that presses "Teach a class" in the presenter view and
then runs the projector's fragments every TEACHER_POLL_S, as the browser's timer does.
The page is PAGE (a choice and a number question).

1. One server (SQLite in a temporary directory): 30 students join within 3 s and vote
   within 5 s. How long after the last acknowledged vote the projector's refresh showed
   all 30; then, on the quiet server, the whole process's CPU (harness.process) of a
   "Check" in class and of the same held page run again without one (the vote's cost is
   the difference), of a Check out of a class, of the projector's refresh with nothing
   new and after a vote, and of a student's poll.
2. Two replicas behind HAProxy sharing a real redis-server, the teacher on one: 60
   students vote within 5 s while the replica the teacher is not on is killed half-way;
   then each student whose vote was not acknowledged (the reply never came) votes again
   on the other replica, as a student would. Every acknowledged vote must be on the
   board, and each student counted exactly once; the class's p95.
3. A class of 150 on the two replicas, each student acting every 5–15 s (a temperature
   move, or a vote) with the poll on (the student's bar every STUDENT_POLL_S, the teacher's
   projector every TEACHER_POLL_S): p95 of the students' interactions.
4. Everyone joins at once: 150 students open the join link within 3 s, on one server and
   on the two replicas: the join link's first view (request → its run's end); then, as
   the worst case, all of them tap "Open the page" within 3 s (no budget: what the light
   first view spares the class, measured).
"""

from __future__ import annotations

import os

from bench.sections.class_load import percentile
from bench.sections.common import Check, Column, Row, Section, limit_check, log, ms
from bench.sections.vote_runs import BIG_SECONDS, REPS, VOTE_WINDOW_S, one_server, school
from harness.redis_server import redis_server_path
from harness.school import haproxy_path
from ui.classroom.session import TEACHER_POLL_S

SHOWN_MS, VOTE_MS, REFRESH_MS, P95_MS, JOIN_MS = 2000.0, 10.0, 5.0, 1000.0, 3000.0
BIG = int(os.environ.get("BENCH_VOTE_STUDENTS", "150"))

COLUMNS = [
    Column("value", "value", "{:.1f}"),
    Column("p50", "p50 ms", "{:.0f}"),
    Column("p95", "p95 ms", "{:.0f}"),
    Column("max", "max ms", "{:.0f}"),
    Column("n", "n", "{:d}"),
    Column("errors", "errors", "{:d}"),
]


def _latency_values(samples: list[float], errors: list[str]) -> dict:
    return {
        "p50": ms(percentile(samples, 0.5)),
        "p95": ms(percentile(samples, 0.95)),
        "max": ms(max(samples, default=None)),
        "n": len(samples),
        "errors": len(errors),
    }


# ---------------------------------------------------------------------------- the table


def run(options) -> list[Section]:
    quick = options.quick
    n = 6 if quick else 30
    big = 20 if quick else BIG
    section = Section("vote: a class voting", COLUMNS)
    measured = not quick
    log(f"vote: {n} students on one server, then the costs on a quiet server")
    found = one_server(n, big, log)
    klass = found["class"]
    shown = ms(klass["shown_after"])
    section.rows.append(
        Row(
            f"{n} students vote within {VOTE_WINDOW_S:g} s",
            "projector shows all",
            {"value": shown, "n": klass["acked"]},
            [limit_check(shown if measured else None, SHOWN_MS, "ms after the last vote")],
            f"{klass['acked']} of {n} votes acknowledged; the projector refreshes every "
            f"{TEACHER_POLL_S:g} s ({len(klass['teacher'].latencies)} fragment runs)",
        )
    )
    group = klass["group"]
    votes = [x for s in group for x in s.latencies.get("vote", [])]
    errors = [e for s in group for e in s.errors] + klass["teacher"].errors + found["warm_errors"]
    section.rows.append(
        Row(
            "their votes",
            "request → run's end",
            _latency_values(votes, errors),
            [Check("0 errors", not errors)],
        )
    )
    c = found["costs"]
    vote_cost = ms(c["in"] - c["held"])
    section.rows.append(
        Row(
            "a vote's CPU",
            "Check − held page run",
            {"value": vote_cost},
            [limit_check(vote_cost if measured else None, VOTE_MS, "ms")],
            f'Check in class {ms(c["in"]):.1f} ms ("Your vote is in", no verdict), the '
            f"held page run again {ms(c['held']):.1f} ms; a Check in no class (verdict and "
            f"figures) {ms(c['out']):.1f} ms (whole process, median of {REPS})",
        )
    )
    idle = ms(c["idle"])
    section.rows.append(
        Row(
            "projector refresh",
            "nothing new",
            {"value": idle},
            [limit_check(idle if measured else None, REFRESH_MS, "ms")],
            f"its {c['fragments']} fragment's run; after a vote: {ms(c['moved']):.1f} ms",
        )
    )
    section.rows.append(Row("a student's poll", "nothing new", {"value": ms(c["poll"])}))
    seconds, join_errors, pages = found["joins"]
    values = _latency_values(seconds, join_errors)
    section.rows.append(
        Row(
            f"{big} open the join link",
            "one server",
            values,
            [
                limit_check(values["max"] if measured else None, JOIN_MS, "ms the last"),
                Check("0 errors", not join_errors),
            ],
        )
    )
    section.rows.append(
        Row("then all tap the page", "one server, within 3 s", _latency_values(pages, []))
    )
    if haproxy_path() is None or redis_server_path() is None:
        section.notes.append("two replicas skipped: HAProxy or redis-server not found")
        return [section]
    log(f"vote: two replicas with Redis: {big} join, a class of {big}, {2 * n} with a kill")
    two = school(n, big, log)
    seconds, join_errors, pages_two = two["joins"]
    values = _latency_values(seconds, join_errors)
    section.rows.append(
        Row(
            f"{big} open the join link",
            "two replicas",
            values,
            [
                limit_check(values["max"] if measured else None, JOIN_MS, "ms the last"),
                Check("0 errors", not join_errors),
            ],
        )
    )
    section.rows.append(
        Row("then all tap the page", "two replicas, within 3 s", _latency_values(pages_two, []))
    )
    b = two["big"]
    values = _latency_values(b["acts"], b["errors"])
    section.rows.append(
        Row(
            f"a class of {big}",
            f"{BIG_SECONDS:.0f} s, poll on",
            values,
            [
                limit_check(values["p95"] if measured else None, P95_MS, "ms p95"),
                Check("0 errors", not b["errors"]),
            ],
            f"polls: p50 {ms(percentile(b['polls'], 0.5)):.0f} ms, "
            f"p95 {ms(percentile(b['polls'], 0.95)):.0f} ms over {len(b['polls'])}; "
            f"the projector's refreshes p95 {ms(percentile(b['teacher'], 0.95)):.0f} ms",
        )
    )
    s = two["sixty"]
    values = _latency_values(s["seconds"], [])
    section.rows.append(
        Row(
            f"{2 * n} students, a replica killed",
            "votes",
            {"n": s["voters"], **{k: values[k] for k in ("p50", "p95", "max")}},
            [
                Check("every acknowledged vote counted", s["acked"] <= s["voters"]),
                Check("each student counted once", s["voters"] == s["students"]),
                limit_check(values["p95"] if measured else None, P95_MS, "ms p95"),
            ],
            f"{s['voters']} on the board for {s['students']} students; killed {s['victim']} "
            f"with {s['on_victim']} students on it after {s['acked_before_kill']} acknowledged "
            f"votes; {s['acked_first']} acknowledged before the students whose vote was not "
            f"voted again there, {s['acked']} after",
        )
    )
    for text in (s["errors"] + b["errors"] + join_errors)[:6]:
        section.notes.append(text[:200])
    section.notes += [
        "latencies: request → the run's script_finished, as a protocol student sees it;",
        "CPU: the whole server process (all threads, /proc), on a quiet server, less the",
        "  idle drift; a student's poll draws nothing (Streamlit's own cost of a fragment run).",
    ]
    return [section]
