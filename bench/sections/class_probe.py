"""One interaction at a time on a quiet server: the whole process's CPU, per kind and page.

For every page in app_pages/, on a server of its own started through harness.instrumented,
a protocol session (harness.protocol) opens the page and answers each question it asks
(harness.protocol_student.answer), so that the page is shown whole; then, one at a time,
each kind of interaction a student makes:

- ``cached``: a rerun with nothing changed;
- ``temperature``: the temperature 1.00 ↔ 1.05;
- ``scale``, ``causal``: the 1/√d_k scaling or the causal mask switched;
- ``sentence``: a new sentence (ten words, never seen before);
- ``lang``: English ↔ Chinese;
- ``first``: the page's first view: a new session opening the page at the defaults (the
  teacher's link; the page itself has been opened before, so its results are cached).

Before every move but ``first``, an unmeasured run sets a seed the server has not seen,
so that the move asks for results no cache holds yet, as a student's own move does.
Each is measured as the CPU time of the whole server process (harness.process: every
thread, the exited ones included), read when the process has been still for 50 ms
before the request and again once the run's ``script_finished`` has come and the
process has been still for 50 ms (so the event loop has sent everything); minus the
idle drift, the same reading with no request between. Median of ``reps`` repetitions.

The first view's size: the ``delta`` messages of that run that draw something new, as
the server sends them: ``new_element`` (a widget, a chart, a text, a style block, …)
and ``add_block`` (a column, an expander, a form, a container, the sidebar's own
blocks), sidebar included.
"""

from __future__ import annotations

import asyncio
import itertools
import statistics
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from harness.instrumented import read_runs
from harness.plans import DEFAULT_PAGE, app_errors, lang_name, sentence
from harness.process import ProcessClock
from harness.protocol import ProtocolSession
from harness.protocol_student import answer, visit
from harness.server import StreamlitServer

KINDS = ("cached", "temperature", "scale", "causal", "sentence", "lang", "first")
QUESTIONS_MAX = 12  # answered at most per page (more than any page asks)
FRESH_SEEDS = itertools.count(5000)  # seeds no student's plan uses
FRESH_SENTENCES = itertools.count(20_000)  # marker numbers no student uses


@dataclass
class PageProbe:
    """What one page cost: CPU seconds per kind (each repetition), its first view's size."""

    page: str
    cpu: dict[str, list[float]] = field(default_factory=dict)
    elements: list[int] = field(default_factory=list)  # new_element deltas, per first view
    blocks: list[int] = field(default_factory=list)  # add_block deltas, per first view
    answered: int = 0  # questions answered before the moves
    sessions: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    missing: dict[str, str] = field(default_factory=dict)  # kind -> why it was not measured

    def median_ms(self, kind: str) -> float | None:
        found = self.cpu.get(kind)
        return 1000 * statistics.median(found) if found else None


async def _drift(clock: ProcessClock, reps: int = 9) -> float:
    """The CPU an idle server spends across one measurement (no request between)."""
    found = []
    for _ in range(reps):
        before = await clock.settle()
        found.append(await clock.settle() - before)
    return statistics.median(found)


async def _measured(clock: ProcessClock, drift: float, request) -> tuple[float, object]:
    before = await clock.settle()
    reply = await request()
    return max(0.0, await clock.settle() - before - drift), reply


def _move(session: ProtocolSession, kind: str, state: dict) -> None:
    """Set the widgets of one interaction of this kind (a cached rerun sets nothing)."""
    if kind == "temperature":
        state["temperature"] = 1.05 if state["temperature"] == 1.0 else 1.0
        session.set_widget("temperature", state["temperature"])
    elif kind in ("scale", "causal"):
        state[kind] = not state[kind]
        session.set_widget(kind, state[kind])
    elif kind == "sentence":
        session.set_widget("sentence", sentence(next(FRESH_SENTENCES)))
    elif kind == "lang":
        state["lang"] = "zh" if state["lang"] == "en" else "en"
        session.set_widget("lang", lang_name(state["lang"]))


async def probe_page(url: str, clock: ProcessClock, page: str, reps: int, drift: float):
    """Every kind of interaction on one page, `reps` times each."""
    probe = PageProbe(page)
    for _ in range(reps):
        session = ProtocolSession(url, default_page=DEFAULT_PAGE)

        async def first(session=session):
            await session.connect()
            return await session.open(page)

        cpu, reply = await _measured(clock, drift, first)
        probe.cpu.setdefault("first", []).append(cpu)
        probe.elements.append(reply.elements)
        probe.blocks.append(reply.blocks)
        probe.errors += [f"first view: {e}" for e in reply.errors]
        probe.sessions.update(session.session_ids)
        await session.close()

    session = ProtocolSession(url, default_page=DEFAULT_PAGE)
    await session.connect()
    try:
        reply = await session.open(page)
        for _ in range(QUESTIONS_MAX):
            if answer(session) is None:
                break
            reply = await session.rerun("answer")
            probe.errors += [f"answer: {e}" for e in app_errors(reply.errors)]
            probe.answered += 1
        state = {"temperature": 1.0, "scale": True, "causal": False, "lang": "en"}
        for kind in KINDS[:-1]:
            for _ in range(reps):
                try:
                    session.set_widget("seed", next(FRESH_SEEDS))
                    reply = await session.rerun("a fresh seed")
                    probe.errors += [f"seed: {e}" for e in app_errors(reply.errors)]
                    _move(session, kind, state)
                except KeyError as exc:  # the page has no such widget
                    probe.missing[kind] = str(exc)
                    break
                cpu, reply = await _measured(clock, drift, lambda k=kind: session.rerun(k))
                probe.cpu.setdefault(kind, []).append(cpu)
                probe.errors += [f"{kind}: {e}" for e in app_errors(reply.errors)]
        probe.sessions.update(session.session_ids)
    finally:
        await session.close()
    return probe


def probe_pages(pages: list[str], reps: int, log) -> tuple[list[PageProbe], dict]:
    """Every page on a fresh instrumented server; also the per-run records of the server."""
    out: list[PageProbe] = []
    with tempfile.TemporaryDirectory() as tmp:
        runs = Path(tmp) / "runs.jsonl"
        with StreamlitServer(runs=runs) as server:
            clock = ProcessClock(server.pid)

            async def everything() -> float:
                errors, _ = await visit(server.url, pages)  # every page imported once
                drift = await _drift(clock)
                for page in pages:
                    out.append(await probe_page(server.url, clock, page, reps, drift))
                    log(_line(out[-1]))
                out[0].errors += errors
                return drift

            drift = asyncio.run(everything())
            records = read_runs(runs)
    info = {"clock": clock.source, "drift_ms": 1000 * drift}
    for probe in out:
        gc = [r["gc_cpu"] for r in records if r["session"] in probe.sessions]
        info[f"gc:{probe.page}"] = 1000 * statistics.median(gc) if gc else None
    return out, info


def _line(probe: PageProbe) -> str:
    cells = ", ".join(f"{k} {probe.median_ms(k) or 0:.0f}" for k in KINDS if k in probe.cpu)
    drawn = statistics.median(e + b for e, b in zip(probe.elements, probe.blocks, strict=True))
    return f"  {probe.page}: {cells} ms; first view draws {drawn:.0f}" + (
        f"; errors: {probe.errors[:2]}" if probe.errors else ""
    )
