"""Charts of the "Why scale? Train it" page: two trainings, with and without ÷√d_k, side by side.

Same colours as the Scaling and Softmax pages: with ÷√d_k blue, without it vermillion
(Okabe-Ito, ui.charts). Each chart is a cached layout (per language and flags) and this
run's tidy DataFrame; a chart with many texts takes the catalogue's lookup (``text``).
"""

from __future__ import annotations

import functools

import altair as alt
import numpy as np
import pandas as pd

from core.attention import causal_mask
from core.experiment import Comparison, ScalingSweep, Side
from ui.charts import (
    BLOCKED_COLOR,
    CELL,
    MARK_COLOR,
    NO_DATA,
    RAW_COLOR,
    SCALED_COLOR,
    Figure,
    Text,
    color_scale,
    ink,
    layout,
    matrix_frame,
    seed_band,
    token_axes,
)

HEIGHT = 310  # axes and legend included (Streamlit fits the whole chart)
SIDES = ("scaled", "unscaled")
ANSWER_COLOR = "#000000"  # the outline of the cell that holds a query's answer


def _names(text: Text) -> tuple[str, str]:
    return text("train.scaled"), text("train.unscaled")


def _colors(names: tuple[str, str]) -> alt.Color:
    # Every layer that is coloured by side carries the same legend: Vega-Lite merges them,
    # and one layer without it would drop it for all.
    return alt.Color(
        "series:N",
        title=None,
        scale=alt.Scale(domain=list(names), range=[SCALED_COLOR, RAW_COLOR]),
        legend=alt.Legend(
            orient="top", labelLimit=240, symbolType="stroke", symbolStrokeWidth=3, symbolOpacity=1
        ),
    )


def _finite(values, positive: bool) -> np.ndarray:
    """Values to draw: NaN (not drawn) where not finite, or not positive on a log axis."""
    v = np.asarray(values, dtype=np.float64)
    ok = np.isfinite(v) & (v > 0 if positive else True)
    return np.where(ok, v, np.nan)


def _band_frame(c: Comparison, measure: str, names, log: bool) -> pd.DataFrame:
    """Tidy rows (step, kind, series, value, lo, hi, seeds) of one measure, both sides."""
    parts = []
    for kind, name in zip(SIDES, names, strict=True):
        b = getattr(c, kind)[measure]
        parts.append(
            pd.DataFrame(
                {
                    "step": np.arange(len(b.mean)),
                    "kind": kind,
                    "series": name,
                    "value": _finite(b.mean, log),
                    "lo": _finite(b.lo, log),
                    "hi": _finite(b.hi, log),
                    "seeds": b.count,
                }
            )
        )
    return pd.concat(parts, ignore_index=True)


@functools.lru_cache(maxsize=64)
def _curves_layout(
    names: tuple[str, str],
    x_title: str,
    y_title: str,
    band_title: str,
    scale: str,  # "log", "unit" ([0, 1]) or "zero"
    reference: bool,
    dashed: tuple[str, str] | None,  # the matrices told apart by dashes (no bands then)
) -> dict:
    x = alt.X("step:Q", title=x_title, scale=alt.Scale(nice=False), axis=alt.Axis(format="d"))
    y_scale = {
        "log": alt.Scale(type="log"),
        "unit": alt.Scale(domain=[0, 1]),
        "zero": alt.Scale(zero=True),
    }[scale]
    y = alt.Y("value:Q", title=y_title, scale=y_scale)
    tooltip = [
        alt.Tooltip("series:N", title=" "),
        alt.Tooltip("step:Q", title=x_title),
        alt.Tooltip("value:Q", title=y_title, format=".4g"),
        alt.Tooltip("lo:Q", title=band_title, format=".4g"),
        alt.Tooltip("hi:Q", title=" ", format=".4g"),
    ]
    encoding = {"x": x, "y": y, "color": _colors(names), "tooltip": tooltip}
    if dashed:  # solid for the first, dashed for the second (the caption says which)
        encoding["strokeDash"] = alt.StrokeDash(
            "matrix:N",
            scale=alt.Scale(domain=list(dashed), range=[[1, 0], [5, 3]]),
            legend=None,  # a second legend in the row would overflow a phone
        )
        tooltip.insert(1, alt.Tooltip("matrix:N", title=" "))
    layers = []
    if not dashed:  # the seeds' range
        layers.append(seed_band(x, ("lo", "hi"), y_scale, y_title, _colors(names), opacity=0.18))
    layers.append(alt.Chart().mark_line(strokeWidth=2).encode(**encoding))
    if reference:  # a labelled level (chance, the target, even attention), drawn once
        once = alt.Chart().transform_filter("datum.step == 0 && datum.kind == 'scaled'")
        layers.append(once.mark_rule(color=MARK_COLOR, strokeDash=[4, 3]).encode(y=alt.Y("ref:Q")))
        layers.append(
            once.mark_text(align="right", baseline="bottom", dy=-2, color=MARK_COLOR).encode(
                x=alt.value("width"), y="ref:Q", text="ref_label:N"
            )
        )
    return layout(alt.layer(*layers, data=NO_DATA).properties(height=HEIGHT))


def curve_chart(
    c: Comparison,
    measure: str,
    text: Text,
    *,
    y_title: str,
    scale: str = "zero",
    ref: float | None = None,
    ref_label: str = "",
) -> Figure:
    """One measure over the training steps: each side's mean over the seeds, its range as a
    band, and optionally a labelled reference level."""
    names = _names(text)
    df = _band_frame(c, measure, names, scale == "log")
    if ref is not None:
        df["ref"], df["ref_label"] = float(ref), ref_label
    spec = _curves_layout(
        names,
        text("train.x_step"),
        y_title,
        text("train.band"),
        scale,
        ref is not None,
        None,
    )
    return Figure(spec, df)


def learning_charts(c: Comparison, text: Text) -> list[tuple[str, Figure]]:
    """The loss (log axis, with guessing's ln n_values) and the accuracy (with the target)."""
    n_values = c.config.n_values
    loss = curve_chart(
        c,
        "loss",
        text,
        y_title=text("train.loss"),
        scale="log",
        ref=float(np.log(n_values)),
        ref_label=text("train.chance_loss", values=n_values),
    )
    accuracy = curve_chart(
        c,
        "accuracy",
        text,
        y_title=text("train.accuracy"),
        scale="unit",
        ref=c.target,
        ref_label=text("train.target_line", target=f"{c.target:.0%}"),
    )
    return [("train_loss", loss), ("train_accuracy", accuracy)]


def gradient_charts(c: Comparison, text: Text) -> list[tuple[str, Figure]]:
    """The gradient's norm at W_Q and W_K, and the softmax Jacobian's norm, on log axes."""
    names = _names(text)
    parts = []
    for measure, matrix in (("grad_norm_q", "W_Q"), ("grad_norm_k", "W_K")):
        part = _band_frame(c, measure, names, log=True)
        part["matrix"] = matrix
        parts.append(part)
    y_title = text("train.grad_norm")
    spec = _curves_layout(
        names, text("train.x_step"), y_title, text("train.band"), "log", False, ("W_Q", "W_K")
    )
    grad = Figure(spec, pd.concat(parts, ignore_index=True))
    jacobian = curve_chart(c, "softmax_gradient", text, y_title=text("train.jacobian"), scale="log")
    return [("train_grad", grad), ("train_jacobian", jacobian)]


def entropy_chart(c: Comparison, text: Text) -> Figure:
    """The mean entropy of the query rows over training, with the level of even attention."""
    return curve_chart(
        c,
        "entropy",
        text,
        y_title=text("train.entropy_axis"),
        ref=c.uniform_entropy,
        ref_label=text("train.even_line"),
    )


def first_step(c: Comparison) -> dict[str, str]:
    """Each side's gradient at W_Q, softmax Jacobian norm and entropy at the first step, as
    text for "train.start": q_on, q_off, j_on, j_off, h_on, h_off."""
    measures = {"q": "grad_norm_q", "j": "softmax_gradient", "h": "entropy"}
    return {
        f"{short}_{on}": _first(getattr(side, measure).mean)
        for on, side in (("on", c.scaled), ("off", c.unscaled))
        for short, measure in measures.items()
    }


def _first(values: np.ndarray) -> str:
    return f"{values[0]:.3g}" if len(values) else "–"  # no step: every seed broke on its first


# ---------------------------------------------------------------------------- tables


def _cell(side: Side, i: int, text: Text) -> str:
    run = side.runs[i]
    if run.diverged:
        return text("train.cell_diverged", step=run.diverged_at)
    if not side.reached[i]:
        return text("train.cell_missed", steps=int(side.steps_to_target[i]))
    return text("train.cell_steps", steps=int(side.steps_to_target[i]))


def steps_table(c: Comparison, text: Text) -> pd.DataFrame:
    """Per seed: the steps each side took to the target, or that it did not get there."""
    names = _names(text)
    columns = {text("train.col_seed"): [str(r.seed) for r in c.scaled.runs]}
    for kind, name in zip(SIDES, names, strict=True):
        side = getattr(c, kind)
        columns[name] = [_cell(side, i, text) for i in range(len(side.runs))]
    return pd.DataFrame(columns)


# ---------------------------------------------------------------------------- attention maps


def token_labels(c: Comparison) -> list[str]:
    """The example's tokens as text: "k3=v7" for a key-value token, "k3=?" for a query."""
    keys, values = c.example.keys[0], c.example.values[0]
    blank = c.config.n_values
    return [f"k{k}=" + ("?" if v == blank else f"v{v}") for k, v in zip(keys, values, strict=True)]


@functools.lru_cache(maxsize=32)
def _map_layout(rows: int, title: str, row_title: str, col_title: str, value_title: str) -> dict:
    base = alt.Chart(NO_DATA).encode(
        **token_axes(row_title=row_title, col_title=col_title, font_size=10)
    )
    tooltip = [
        alt.Tooltip("row:N", title=row_title),
        alt.Tooltip("col:N", title=col_title),
        alt.Tooltip("text:N", title=value_title),
    ]
    rect = base.mark_rect(stroke="white", strokeWidth=0.5).encode(
        color=alt.condition(
            "isValid(datum.value)",
            alt.Color("value:Q", scale=color_scale("weights"), legend=None),
            alt.value(BLOCKED_COLOR),
        ),
        tooltip=tooltip,
    )
    answers = base.transform_filter("datum.answer")
    outline = [  # black around white: seen on dark cells and on light ones
        answers.mark_rect(filled=False, stroke=color, strokeWidth=width).encode(
            tooltip=alt.value(None)
        )
        for color, width in ((ANSWER_COLOR, 4.0), ("white", 1.5))
    ]
    numbers = base.mark_text(fontSize=9).encode(
        text="text:N", color=alt.Color("ink:N", scale=None), tooltip=tooltip
    )
    chart = (
        alt.layer(rect, *outline, numbers)
        .resolve_scale(color="independent")
        .properties(
            title=title,
            height=CELL * rows,
            autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
        )
    )
    return layout(chart)


def attention_map(c: Comparison, kind: str, when: str, head: int, text: Text) -> Figure:
    """The query rows of the example's attention (first seed, one head), masked cells grey,
    the cell holding each query's answer outlined."""
    side = getattr(c, kind)
    run = side.runs[0]
    weights = (run.weights_before if when == "before" else run.weights_after)[head]  # [n, n]
    n, n_q = weights.shape[0], c.config.n_queries  # the queries follow the key-value tokens
    m = np.array(weights[n - n_q :], dtype=np.float64)  # [n_q, n]
    if c.config.causal:
        m[~causal_mask(n)[n - n_q :]] = -np.inf
    labels = token_labels(c)
    df = matrix_frame(m, labels[n - n_q :], labels, decimals=2)
    df["ink"] = ink(df["value"].to_numpy(), "weights", (0.0, 1.0))
    df["answer"] = df["j"].to_numpy() == c.example.sources[0][df["i"].to_numpy()]
    name = text("train.scaled" if kind == "scaled" else "train.unscaled")
    key = "train.after_diverged" if when == "after" and run.diverged else f"train.{when}"
    spec = _map_layout(
        n_q, text(key, side=name), text("common.query"), text("common.key"), text("common.weight")
    )
    return Figure(spec, df)


def attention_maps(c: Comparison, head: int, text: Text) -> list[tuple[str, Figure]]:
    """Before and after training, scaled and unscaled: (key, chart) in reading order."""
    return [
        (f"train_map_{kind}_{when}", attention_map(c, kind, when, head, text))
        for kind in SIDES
        for when in ("before", "after")
    ]


# ---------------------------------------------------------------------------- the sweep

SHIFT = 2**0.12  # the two sides' points sit a little left and right of their d_k


def _sweep_frame(sw: ScalingSweep, names, status: tuple[str, str]) -> pd.DataFrame:
    """Tidy rows, one per d_k, side and seed: steps, reached, and the side's mean and range."""
    dims = np.asarray(sw.dims, dtype=int)
    m, s = len(dims), len(sw.seeds)
    parts = []
    for kind, name, shift in zip(SIDES, names, (1 / SHIFT, SHIFT), strict=True):
        side = getattr(sw, kind)
        parts.append(
            pd.DataFrame(
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
        )
    return pd.concat(parts, ignore_index=True)


@functools.lru_cache(maxsize=32)
def _sweep_layout(
    names: tuple[str, str],
    status: tuple[str, str],
    dims: tuple[int, ...],
    marked: bool,
    x_title: str,
    y_title: str,
    mean_title: str,
    band_title: str,
) -> dict:
    x_scale = alt.Scale(type="log", base=2, domain=[dims[0] / 1.3, dims[-1] * 1.3], nice=False)
    x = alt.X("x:Q", title=x_title, scale=x_scale, axis=alt.Axis(values=list(dims), format="d"))
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
        .encode(x=x, y=alt.Y("mean:Q", scale=alt.Scale(zero=True)), color=_colors(names))
    )
    points = (
        alt.Chart()
        .mark_point(size=70, filled=True, opacity=0.85)
        .encode(x=x, y=y, color=_colors(names), shape=shape, tooltip=tooltip)
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
    return layout(alt.layer(*layers, data=NO_DATA).properties(height=400))


def sweep_chart(sw: ScalingSweep, current_dk: int, text: Text) -> Figure:
    """Steps to the target against d_k: a point per seed (a triangle on the budget line where
    it was not reached), a line through each side's mean, the student's d_k marked."""
    names = _names(text)
    status = (text("train.reached"), text("train.not_reached"))
    df = _sweep_frame(sw, names, status)
    dims = tuple(int(d) for d in sw.dims)
    df["budget"] = float(sw.budget)
    df["budget_label"] = text("train.budget_line", steps=sw.budget)
    df["top"] = df["d"] == dims[0]
    df["current"] = (df["d"] == current_dk) & df["first"] & (df["kind"] == "scaled")
    df["marker"] = text("train.marker")
    target = f"{sw.target:.0%}"
    spec = _sweep_layout(
        names,
        status,
        dims,
        bool(current_dk in dims),
        text("train.x_dk"),
        text("train.y_steps", target=target),
        text("train.mean"),
        text("train.band"),
    )
    return Figure(spec, df)


def sweep_table(sw: ScalingSweep, text: Text) -> pd.DataFrame:
    """Per d_k: each side's mean steps and range, and how many of its seeds got there."""
    columns = {text("train.col_dk"): [str(int(d)) for d in sw.dims]}
    for kind, name in zip(SIDES, _names(text), strict=True):
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
    return pd.DataFrame(columns)
