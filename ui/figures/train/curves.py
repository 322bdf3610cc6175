"""The measures of both trainings over their steps: each side's mean over the seeds, the
seeds' range as a band, and a labelled reference level."""

from __future__ import annotations

import altair as alt
import numpy as np

from core.train.experiment import Comparison
from ui.charts import MARK_COLOR, NO_DATA, Figure, Text, layout, seed_band, stack, table
from ui.figures.train.sides import SIDES, side_colors, side_names

HEIGHT = 310  # axes and legend included (Streamlit fits the whole chart)


def _finite(values, positive: bool) -> np.ndarray:
    """Values to draw: NaN (not drawn) where not finite, or not positive on a log axis."""
    v = np.asarray(values, dtype=np.float64)
    ok = np.isfinite(v) & (v > 0 if positive else True)
    return np.where(ok, v, np.nan)


def _band_columns(c: Comparison, measure: str, names, log: bool) -> dict:
    """The columns (step, kind, series, value, lo, hi, seeds) of one measure, both sides one
    after the other."""
    parts = []
    for kind, name in zip(SIDES, names, strict=True):
        b = getattr(c, kind)[measure]
        parts.append(
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
    return stack(parts)


@layout("names", "x_title", "y_title", "band_title", "dashed")
def curves_layout(
    *,
    scale: str,  # "log", "unit" ([0, 1]) or "zero"
    reference: bool,
    names: tuple[str, str],
    x_title: str,
    y_title: str,
    band_title: str,
    dashed: tuple[str, str] | None,  # the matrices told apart by dashes (no bands then)
) -> alt.LayerChart:
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
    encoding = {"x": x, "y": y, "color": side_colors(names), "tooltip": tooltip}
    if dashed:  # solid for the first, dashed for the second (the caption says which)
        encoding["strokeDash"] = alt.StrokeDash(
            "matrix:N",
            scale=alt.Scale(domain=list(dashed), range=[[1, 0], [5, 3]]),
            legend=None,  # a second legend in the row would overflow a phone
        )
        tooltip.insert(1, alt.Tooltip("matrix:N", title=" "))
    layers = []
    if not dashed:  # the seeds' range
        band = seed_band(x, ("lo", "hi"), y_scale, y_title, side_colors(names), opacity=0.18)
        layers.append(band)
    layers.append(alt.Chart().mark_line(strokeWidth=2).encode(**encoding))
    if reference:  # a labelled level (chance, the target, even attention), drawn once
        once = alt.Chart().transform_filter("datum.step == 0 && datum.kind == 'scaled'")
        layers.append(once.mark_rule(color=MARK_COLOR, strokeDash=[4, 3]).encode(y=alt.Y("ref:Q")))
        layers.append(
            once.mark_text(align="right", baseline="bottom", dy=-2, color=MARK_COLOR).encode(
                x=alt.value("width"), y="ref:Q", text="ref_label:N"
            )
        )
    return alt.layer(*layers, data=NO_DATA).properties(height=HEIGHT)


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
    names = side_names(text)
    columns = _band_columns(c, measure, names, scale == "log")
    if ref is not None:
        columns["ref"], columns["ref_label"] = float(ref), ref_label
    spec = curves_layout(
        scale=scale,
        reference=ref is not None,
        names=names,
        x_title=text("train.x_step"),
        y_title=y_title,
        band_title=text("train.band"),
        dashed=None,
    )
    return Figure(spec, table(columns))


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
    names = side_names(text)
    parts = []
    for measure, matrix in (("grad_norm_q", "W_Q"), ("grad_norm_k", "W_K")):
        part = _band_columns(c, measure, names, log=True)
        part["matrix"] = matrix
        parts.append(part)
    spec = curves_layout(
        scale="log",
        reference=False,
        names=names,
        x_title=text("train.x_step"),
        y_title=text("train.grad_norm"),
        band_title=text("train.band"),
        dashed=("W_Q", "W_K"),
    )
    grad = Figure(spec, table(stack(parts)))
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
