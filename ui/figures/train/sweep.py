"""Steps to the target against d_k, with and without ÷√d_k: a point per seed, a line through
each side's mean, the budget and the student's d_k marked."""

from __future__ import annotations

import altair as alt
import numpy as np

from core.train.experiment import ScalingSweep
from ui.charts import MARK_COLOR, NO_DATA, Figure, Text, layout, stack, table
from ui.figures.train.sides import SIDES, side_colors, side_names

SHIFT = 2**0.12  # the two sides' points sit a little left and right of their d_k
MARGIN = 1.3  # the x axis reaches this factor past the smallest and the largest d_k


def _sweep_columns(sw: ScalingSweep, names, status: tuple[str, str]) -> dict:
    """Columns with a row per d_k, side and seed: steps, reached, and the side's mean and
    range."""
    dims = np.asarray(sw.dims, dtype=int)
    m, s = len(dims), len(sw.seeds)
    parts = []
    for kind, name, shift in zip(SIDES, names, (1 / SHIFT, SHIFT), strict=True):
        side = getattr(sw, kind)
        parts.append(
            {
                "d": np.repeat(dims, s),
                "x": np.repeat(dims * shift, s),
                "kind": kind,
                "series": name,
                "seed": np.tile(sw.seeds, m),
                "first": np.tile(np.arange(s) == 0, m),
                "steps": side.steps.ravel().astype(np.float64),
                "status": np.where(side.reached.ravel(), *status),
                "mean": np.repeat(side.steps_mean, s).astype(np.float64),
                "lo": np.repeat(side.steps_lo, s).astype(np.float64),
                "hi": np.repeat(side.steps_hi, s).astype(np.float64),
            }
        )
    return stack(parts)


@layout("names", "status", "x_domain", "x_ticks", "x_title", "y_title", "mean_title", "band_title")
def sweep_layout(
    *,
    marked: bool,
    names: tuple[str, str],
    status: tuple[str, str],  # reached, not reached
    x_domain: list[float],
    x_ticks: list[int],
    x_title: str,
    y_title: str,
    mean_title: str,
    band_title: str,
) -> alt.LayerChart:
    x_scale = alt.Scale(type="log", base=2, domain=x_domain, nice=False)
    x = alt.X("x:Q", title=x_title, scale=x_scale, axis=alt.Axis(values=x_ticks, format="d"))
    y = alt.Y("steps:Q", title=y_title, scale=alt.Scale(zero=True))
    tooltip = [
        alt.Tooltip("series:N", title=" "),
        alt.Tooltip("d:Q", title="d_k"),
        alt.Tooltip("seed:Q", title="seed"),
        alt.Tooltip("steps:Q", title=y_title),
        alt.Tooltip("status:N", title=" "),
        alt.Tooltip("mean:Q", title=mean_title, format=".1f"),
        alt.Tooltip("lo:Q", title=band_title),
        alt.Tooltip("hi:Q", title=" "),
    ]
    shape = alt.Shape(  # its legend below the chart: two legends in a row overflow a phone
        "status:N",
        title=None,
        scale=alt.Scale(domain=list(status), range=["circle", "triangle-up"]),
        legend=alt.Legend(orient="bottom"),
    )
    mean = (
        alt.Chart()
        .transform_filter("datum.first")
        .mark_line(strokeWidth=1.5, opacity=0.8)
        .encode(x=x, y=alt.Y("mean:Q", scale=alt.Scale(zero=True)), color=side_colors(names))
    )
    points = (
        alt.Chart()
        .mark_point(size=70, filled=True, opacity=0.85)
        .encode(x=x, y=y, color=side_colors(names), shape=shape, tooltip=tooltip)
    )
    once = alt.Chart().transform_filter("datum.first && datum.kind == 'scaled' && datum.top")
    budget = once.mark_rule(color=MARK_COLOR, strokeDash=[4, 3]).encode(y="budget:Q")
    budget_text = once.mark_text(
        align="left", baseline="bottom", dx=4, dy=-2, color=MARK_COLOR
    ).encode(x=alt.value(0), y="budget:Q", text="budget_label:N")
    layers = [budget, budget_text, mean, points]
    if marked:
        here = alt.Chart().transform_filter("datum.current")
        layers += [
            here.mark_rule(color=MARK_COLOR, strokeWidth=1.5).encode(x=alt.X("d:Q", scale=x_scale)),
            here.mark_text(
                align="left", baseline="top", dx=4, dy=4, color=MARK_COLOR, fontWeight="bold"
            ).encode(x=alt.X("d:Q", scale=x_scale), y=alt.value(0), text="marker:N"),
        ]
    return alt.layer(*layers, data=NO_DATA).properties(height=400)


def sweep_chart(sw: ScalingSweep, current_dk: int, text: Text) -> Figure:
    """Steps to the target against d_k: a point per seed (a triangle on the budget line where
    it was not reached), a line through each side's mean, the student's d_k marked."""
    names = side_names(text)
    status = (text("train.reached"), text("train.not_reached"))
    columns = _sweep_columns(sw, names, status)
    dims = tuple(int(d) for d in sw.dims)
    columns["budget"] = float(sw.budget)
    columns["budget_label"] = text("train.budget_line", steps=sw.budget)
    columns["top"] = columns["d"] == dims[0]
    columns["current"] = (
        (columns["d"] == current_dk) & columns["first"] & (columns["kind"] == "scaled")
    )
    columns["marker"] = text("train.marker")
    spec = sweep_layout(
        marked=bool(current_dk in dims),
        names=names,
        status=status,
        x_domain=[dims[0] / MARGIN, dims[-1] * MARGIN],
        x_ticks=list(dims),
        x_title=text("train.x_dk"),
        y_title=text("train.y_steps", target=f"{sw.target:.0%}"),
        mean_title=text("train.mean"),
        band_title=text("train.band"),
    )
    return Figure(spec, table(columns))
