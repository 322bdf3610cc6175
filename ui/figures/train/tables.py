"""The trainings' results as tables: steps to the target per seed, and per d_k in the sweep."""

from __future__ import annotations

import numpy as np

from core.train.experiment import Comparison, ScalingSweep, Side
from ui.charts import Text
from ui.figures.train.sides import SIDES, side_names


def _cell(side: Side, i: int, text: Text) -> str:
    run = side.runs[i]
    if run.diverged:
        return text("train.cell_diverged", step=run.diverged_at)
    if not side.reached[i]:
        return text("train.cell_missed", steps=int(side.steps_to_target[i]))
    return text("train.cell_steps", steps=int(side.steps_to_target[i]))


def steps_table(c: Comparison, text: Text) -> dict[str, list[str]]:
    """Per seed: the steps each side took to the target, or that it did not get there."""
    names = side_names(text)
    columns = {text("train.col_seed"): [str(r.seed) for r in c.scaled.runs]}
    for kind, name in zip(SIDES, names, strict=True):
        side = getattr(c, kind)
        columns[name] = [_cell(side, i, text) for i in range(len(side.runs))]
    return columns


def sweep_table(sw: ScalingSweep, text: Text) -> dict[str, list[str]]:
    """Per d_k: each side's mean steps and range, and how many of its seeds got there."""
    columns = {text("train.col_dk"): [str(int(d)) for d in sw.dims]}
    for kind, name in zip(SIDES, side_names(text), strict=True):
        side = getattr(sw, kind)
        cells = []
        for i in range(len(sw.dims)):
            reached = int(np.sum(side.reached[i]))
            values = {
                "mean": f"{side.steps_mean[i]:.0f}",
                "lo": int(side.steps_lo[i]),
                "hi": int(side.steps_hi[i]),
                "reached": reached,
                "seeds": len(sw.seeds),
                "steps": sw.budget,
            }
            key = "all" if reached == len(sw.seeds) else "none" if reached == 0 else "some"
            cells.append(text(f"train.sweep_cell_{key}", **values))
        columns[name] = cells
    return columns
