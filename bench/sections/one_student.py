"""One student at a time on the real server: the script thread's CPU per kind of interaction.

A protocol student (harness.protocol) opens each page of PAGES in a new tab and makes the
same moves on it: the temperature twice, the language, the presenter view, d_model, the
heads, the mask, the temperature again, a new sentence, the language back. The server is
started through harness.instrumented, which records each script run's CPU time in its
thread (``time.thread_time``: the page, the frame, Streamlit's own work around them and
the collection it forces after the run), so what else the machine does hardly counts. The
process's first run (a tab on another page, where the app warms its chart layouts) is
left out.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
from pathlib import Path

from bench.sections.common import ENTRY

PAGES = ("overview", "similarity", "softmax", "weighted_sum", "masking", "multihead", "tokens")
MOVES = (
    ("temperature", 1.3),
    ("temperature", 0.7),
    ("lang", "简体中文"),
    ("present", True),
    ("d_model", "16"),
    ("n_heads", "2"),
    ("causal", True),
    ("temperature", 1.1),
    ("sentence", "a new sentence the student typed today"),
    ("lang", "English"),
)
KINDS = {"temperature": "a temperature move", "lang": "a language switch", "present":
         "the presenter view", "d_model": "d_model", "n_heads": "the heads", "causal":
         "the mask", "sentence": "a new sentence"}  # fmt: skip


async def _student(url: str, page: str, done: list[str]) -> None:
    from harness.protocol import ProtocolSession

    s = ProtocolSession(url, default_page="overview")
    await s.connect()
    try:
        reply = await s.open(page)
        if not reply.ok:
            raise RuntimeError(f"{page}: {reply.errors}")
        done.append("a page's first view")
        for key, value in MOVES:
            s.set_widget(key, value)
            reply = await s.rerun(key)
            if not reply.ok:
                raise RuntimeError(f"{page}, {key}: {reply.errors}")
            done.append(KINDS[key])
    finally:
        await s.close()


def measure() -> dict[str, list[float]]:
    """The CPU (ms) of every script run, by kind of interaction."""
    from harness.server import StreamlitServer

    with tempfile.TemporaryDirectory() as tmp:
        runs = Path(tmp) / "runs.jsonl"
        with StreamlitServer(ENTRY, runs=runs) as server:
            asyncio.run(_student(server.url, "qkv", []))  # the process's first run: left out
            first = len(runs.read_text().splitlines())
            done: list[str] = []
            for page in PAGES:
                asyncio.run(_student(server.url, page, done))
        lines = runs.read_text().splitlines()[first:]
    records = [r for r in map(json.loads, lines) if "cpu" in r]
    if len(records) != len(done):
        raise RuntimeError(f"{len(done)} interactions but {len(records)} runs recorded")
    cpu: dict[str, list[float]] = {}
    for kind, record in zip(done, records, strict=True):
        cpu.setdefault(kind, []).append(1000 * record["cpu"])
    return cpu


def notes(cpu: dict[str, list[float]]) -> list[str]:
    lines = [
        "One student at a time on the real server, the script thread's CPU per run "
        f"(pages: {', '.join(PAGES)}):"
    ]
    for kind, samples in cpu.items():
        lines.append(
            f"  {kind:22} median {statistics.median(samples):6.1f} ms, "
            f"mean {statistics.mean(samples):6.1f} ms, n {len(samples)}"
        )
    every = [x for samples in cpu.values() for x in samples]
    lines.append(f"  {'every run':22} mean {statistics.mean(every):6.1f} ms")
    return lines
