"""train: training the attention model of core.train.loop, with and without ÷√d_k.

``compare`` at the defaults (both sides, every default seed) and at the largest settings
of the page's controls (d_k, heads, steps and seeds at their top, cut by validate() to
core.train.config's WIDTH_LIMIT and TIME_LIMIT): the wall time of each run, the CPU time beside
it, the longest wait between two progress calls (what a progress bar would show), and the
time core.train.config.estimate_seconds() predicted. Then ``scaling_sweep`` over d_k in
core.train.experiment.DIMS at the defaults, stopping a side once all its seeds reached 90 %; its
steps-to-accuracy table is printed below the timings.

Budgets: ≤ 3 s for the default comparison and ≤ 20 s for the largest, median wall time.
"""

from __future__ import annotations

import itertools
import os
import statistics
import time

import numpy as np

from bench.sections.common import Column, Row, Section, limit_check, log

COLUMNS = [
    Column("median", "median s", "{:.2f}"),
    Column("min", "min s", "{:.2f}"),
    Column("cpu", "CPU s", "{:.2f}"),
    Column("estimate", "estimate s", "{:.2f}"),
    Column("gap", "max progress gap s", "{:.2f}"),
    Column("runs", "runs", "{:d}"),
    Column("load", "load", "{}"),
]
BUDGETS = {"defaults": 3.0, "largest": 20.0}
CONTROLS = ("d_k", "n_heads", "steps", "n_seeds")  # what the page lets a student set


def _load() -> str:
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "?"


def _timed(func, repeats: int) -> dict:
    """Wall and CPU seconds of func(progress) over repeats, and the longest progress gap."""
    walls, cpus, gaps, loads = [], [], [], []
    result = None
    for _ in range(repeats):
        stamps = []
        loads.append(_load())
        wall, cpu = time.perf_counter(), time.process_time()
        result = func(lambda fraction, stamps=stamps: stamps.append(time.perf_counter()))
        end = time.perf_counter()
        walls.append(end - wall)
        cpus.append(time.process_time() - cpu)
        marks = [wall, *stamps, end]
        gaps.append(max(b - a for a, b in itertools.pairwise(marks)))
    return {
        "median": statistics.median(walls),
        "min": min(walls),
        "cpu": statistics.median(cpus),
        "gap": max(gaps),
        "runs": repeats,
        "load": "/".join(loads),
        "result": result,
    }


def _steps_table(result) -> list[str]:
    """The sweep as text: steps to the target per d_k, mean [min–max] over the seeds."""

    def cell(s, i):
        mark = "" if s.reached[i].all() else f", {int((~s.reached[i]).sum())} not reached"
        return f"{s.steps_mean[i]:.0f} [{s.steps_lo[i]}–{s.steps_hi[i]}]{mark}"

    lines = [
        f"steps to {result.target:.0%} accuracy (mean of the last {result.window} steps), "
        f"mean [min–max] over seeds {', '.join(map(str, result.seeds))}, budget {result.budget}:"
    ]
    for i, d in enumerate(result.dims):
        lines.append(
            f"  d_k={d:>4}  scaled {cell(result.scaled, i):<28} unscaled {cell(result.unscaled, i)}"
        )
    return lines


def run(options) -> Section:
    from core.train.config import LIMITS, TrainConfig, estimate_seconds, validate
    from core.train.experiment import DIMS, compare, scaling_sweep

    repeats = options.reps or (1 if options.quick else 3)
    section = Section("train", COLUMNS)
    largest = validate({name: LIMITS[name][1] for name in CONTROLS})
    settings = {"defaults": TrainConfig(), "largest": largest.config}
    for name, config in settings.items():
        log(f"train: compare, {name}: {config}")
        values = _timed(lambda progress, c=config: compare(c, progress=progress), repeats)
        values.pop("result")
        values["estimate"] = estimate_seconds(config)
        c = config
        setting = f"d_k={c.d_k} h={c.n_heads} steps={c.steps} seeds={c.n_seeds} B={c.batch}"
        note = "; ".join(largest.messages) if name == "largest" else ""
        check = limit_check(values["median"], BUDGETS[name], "s")
        section.rows.append(Row(f"compare {name}", setting, values, [check], note))
        log(f"  {values['median']:.2f} s (estimate {values['estimate']:.2f} s)")

    log(f"train: sweep over d_k = {DIMS}")
    config = TrainConfig()
    values = _timed(lambda progress: scaling_sweep(config, progress=progress), 1)
    result = values.pop("result")
    values["estimate"] = sum(estimate_seconds(TrainConfig(d_k=d)) for d in DIMS)
    section.rows.append(Row("sweep", f"d_k={','.join(map(str, DIMS))} until 90 %", values, [], ""))
    section.notes += _steps_table(result)
    section.details["sweep"] = {
        "dims": result.dims.tolist(),
        "scaled_steps": result.scaled.steps.tolist(),
        "unscaled_steps": result.unscaled.steps.tolist(),
        "scaled_reached": result.scaled.reached.tolist(),
        "unscaled_reached": result.unscaled.reached.tolist(),
        "unscaled_diverged": np.asarray(result.unscaled.diverged).tolist(),
    }
    section.notes.append(
        f"{repeats} run(s) of each comparison; the estimate is "
        "core.train.config.estimate_seconds(), which validate() uses to keep a request under "
        "its time limit. load: the 1-minute load average when each run started."
    )
    return section
