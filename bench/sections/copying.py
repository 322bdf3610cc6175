"""copying: the decoder the app trained, on its page and in core (``--only copying``).

On the real server (harness.server, instrumented), protocol sessions (harness.protocol) on
the page A model that learns to copy; each interaction is measured as the class section
measures one at a time (bench/sections/class_probe.py): the CPU time of the whole server
process, every thread, read once it has been still for 50 ms before the request and again
after the run, less the idle drift. Median of ``reps``:

- ``first view``: a new session opening the page, questions first (the default link);
- ``first view, all shown``: the same with questions off (``ask=0``): every chart drawn;
- ``checkpoint``: the checkpoint moved, on a text no one has read at that checkpoint yet;
- ``new text``: a new random string typed twice, never read before (its forward pass);
- ``heads off``: the previous-token heads switched off (the page's button) on a new text:
  a forward pass without them beside the one with every head;
- ``write 50``: the writing section open, a new prompt (24 random letters and 4 again):
  50 characters written with the KV caches, and the uncached pass to check them.

The page's own controls live in fragments, so in a browser a move reruns only the fragment;
a protocol session reruns the whole page, frame included: these figures are upper bounds.
The process's very first view (the model read from disk, the chart layouts made) is
reported apart, once. In core, in this process, one thread: generating 50 characters from a
28-character prompt with the caches (the thread's CPU time), and the weights in memory of
every checkpoint (the arrays' bytes, and what reading them allocates, by tracemalloc).

Budgets: the first view ≤ 150 ms; a checkpoint, a new text or heads switched off ≤ 60 ms;
writing 50 characters with the cache ≤ 100 ms; every checkpoint's weights in memory ≤ 10 MB.
"""

from __future__ import annotations

import asyncio
import itertools
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from bench.sections.common import Column, Row, Section, limit_check, log

FIRST_MS, MOVE_MS, WRITE_MS, WEIGHTS_MB = 150.0, 60.0, 100.0, 10.0
PAGE = "copying"
FRESH = itertools.count(10_000)  # seeds of random strings no student has drawn

COLUMNS = [
    Column("median", "median ms"),
    Column("max", "max ms"),
    Column("n", "n", "{:d}"),
    Column("drawn", "drawn", "{:.0f}"),
]


def _fresh_letters() -> str:
    """A random string of 24 lowercase letters typed twice, never drawn before."""
    from core.decoder.measures import LETTERS
    from ui.views.copying_state import DEFAULT_PERIOD, random_string

    return random_string(next(FRESH), LETTERS, DEFAULT_PERIOD)


async def _probe(url: str, clock, drift: float, reps: int) -> dict[str, list]:
    from bench.sections.class_probe import _measured
    from harness.plans import DEFAULT_PAGE
    from harness.protocol import ProtocolSession
    from realmodel.decoder_files import read_log

    log = read_log()
    final, steps = log["steps"], log["checkpoints"][::3]  # a few, from the first on

    found: dict[str, list] = {}
    session = None  # the session whose link says what a move did

    def keep(kind: str, cpu: float, reply, moved: dict | None = None) -> None:
        errors = list(reply.errors)
        link = session.query() if moved else {}
        errors += [f"the link has {k}={link.get(k)!r}, not {v!r}" for k, v in (moved or {}).items()
                   if link.get(k) != v]  # fmt: skip
        found.setdefault(kind, []).append((1000 * cpu, reply.drawn, errors))

    async def first_view(query: str):
        session = ProtocolSession(url, default_page=DEFAULT_PAGE)

        async def request():
            await session.connect()
            return await session.open(PAGE, query)

        cpu, reply = await _measured(clock, drift, request)
        await session.close()
        return cpu, reply

    keep("very first view", *(await first_view("ask=0")))
    for _ in range(reps):
        keep("first view", *(await first_view("")))
        keep("first view, all shown", *(await first_view("ask=0")))

    session = ProtocolSession(url, default_page=DEFAULT_PAGE)
    await session.connect()
    try:
        await session.open(PAGE, "ask=0")
        for k in range(reps):
            session.set_widget("copy_text_box", _fresh_letters())  # unmeasured: a new text
            await session.rerun("a text to move the checkpoint on")
            step = steps[k % len(steps)]
            session.set_widget("copy_step_pick", f"step {step}")
            measured = await _measured(clock, drift, lambda: session.rerun("step"))
            keep("checkpoint", *measured, moved={"ckpt": str(step)})
        for _ in range(reps):
            text = _fresh_letters()
            session.set_widget("copy_text_box", text)
            measured = await _measured(clock, drift, lambda: session.rerun("text"))
            keep("new text", *measured, moved={"text": text})
        session.set_widget("copy_step_pick", f"step {final}")
        for _ in range(reps):
            session.set_widget("copy_text_box", _fresh_letters())  # unmeasured: a new text
            await session.rerun("a text to switch heads off on")
            session.press("copy_off_previous")
            measured = await _measured(clock, drift, lambda: session.rerun("heads off"))
            keep("heads off", *measured, moved={"off": session.query().get("off") or "none"})
            session.press("copy_off_none")
            await session.rerun("every head on again")
        session.set_widget("copy_write_open", True)
        await session.rerun("the writing section opened")
        for _ in range(reps):
            prompt = _fresh_letters()[:28]
            session.set_widget("copy_prompt_box", prompt)
            measured = await _measured(clock, drift, lambda: session.rerun("write"))
            keep("write 50", *measured, moved={"prompt": prompt})
    finally:
        await session.close()
    return found


def _server(reps: int) -> tuple[dict[str, list], float]:
    from bench.sections.class_probe import _drift
    from harness.process import ProcessClock
    from harness.protocol_student import visit
    from harness.server import StreamlitServer

    with (
        tempfile.TemporaryDirectory() as tmp,
        StreamlitServer(runs=Path(tmp) / "runs.jsonl") as server,
    ):
        clock = ProcessClock(server.pid)

        async def everything():
            await visit(server.url, ["overview"])  # the process's first run, elsewhere
            drift = await _drift(clock)
            return await _probe(server.url, clock, drift, reps), drift

        return asyncio.run(everything())


def _core(reps: int) -> dict[str, float]:
    """Generating 50 characters in this process, one BLAS thread; the weights' memory."""
    from threadpoolctl import threadpool_limits

    from core.decoder import generate
    from realmodel.decoder_files import load_decoder
    from ui.views.copying_state import default_prompt

    tracemalloc.start()
    start = time.perf_counter()
    d = load_decoder()
    load_s = time.perf_counter() - start
    allocated = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    ids = d.vocab.encode(default_prompt()).ids
    times = []
    with threadpool_limits(1):
        for _ in range(reps):
            start = time.thread_time()
            g = generate(d.final.weights, ids, 50, d.config)
            times.append(time.thread_time() - start)
    return {
        "generate_ms": 1000 * statistics.median(times),
        "generate_max_ms": 1000 * max(times),
        "same": g.same_choices and g.max_diff < 1e-12,
        "weights_mb": d.nbytes / 1e6,
        "allocated_mb": allocated / 1e6,
        "load_ms": 1000 * load_s,
        "checkpoints": len(d.checkpoints),
    }


LABELS = {  # kind -> the row's item and its budget
    "very first view": ("the process's first view, all shown", None),
    "first view": ("first view, questions first", FIRST_MS),
    "first view, all shown": ("first view, all shown", FIRST_MS),
    "checkpoint": ("a checkpoint moved", MOVE_MS),
    "new text": ("a new text", MOVE_MS),
    "heads off": ("the previous-token heads switched off", MOVE_MS),
    "write 50": ("50 characters written (server)", WRITE_MS),
}


def run(options) -> Section:
    reps = options.reps or (3 if options.quick else 7)
    section = Section("copying", COLUMNS)
    log(f"copying: the page on a server, {reps} of each interaction; core in this process")
    found, drift = _server(reps)
    for kind, (item, budget) in LABELS.items():
        samples = found.get(kind, [])
        cpu = [c for c, _, _ in samples]
        errors = [e for _, _, errs in samples for e in errs]
        values = {"median": statistics.median(cpu), "max": max(cpu), "n": len(cpu)}
        values["drawn"] = statistics.median(d for _, d, _ in samples)
        checks = [limit_check(None if errors else values["median"], budget, "ms")] if budget else []
        section.rows.append(Row(item, "server CPU", values, checks, note="; ".join(errors[:2])))
        log(f"  {item}: {values['median']:.1f} ms")
    core = _core(reps)
    section.rows.append(
        Row(
            "50 characters written (core)",
            "thread CPU",
            {"median": core["generate_ms"], "max": core["generate_max_ms"], "n": reps},
            [limit_check(core["generate_ms"] if core["same"] else None, WRITE_MS, "ms")],
        )
    )
    section.rows.append(
        Row(
            f"weights of {core['checkpoints']} checkpoints",
            "MB",
            {"median": core["weights_mb"], "max": core["allocated_mb"], "n": 1},
            [limit_check(core["weights_mb"], WEIGHTS_MB, "MB")],
        )
    )
    section.notes += [
        "Server rows: the whole server process's CPU (every thread) per interaction, less the",
        f"  idle drift ({1000 * drift:.2f} ms); drawn: elements and blocks the run sent.",
        "  A protocol session reruns the whole page where a browser reruns only the page's",
        "  fragment: upper bounds.",
        f"Core: generate() of 50 characters after a 28-character prompt, cached and checked "
        f"against the uncached pass; the decoder read in {core['load_ms']:.0f} ms; weights row:",
        "  median = the arrays' bytes, max = what reading every file allocated (tracemalloc).",
    ]
    section.details = {"samples_ms": {k: [c for c, _, _ in v] for k, v in found.items()}}
    return section
