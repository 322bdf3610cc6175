"""Charts of the copying page: the losses over training with its phase changes and the
checkpoint shown, and the loss on each character of a student's text.

A chart with many texts takes the catalogue's lookup (``text``, ui.i18n.t) and fetches its
own titles, so the page passes only the data.
"""

from __future__ import annotations

import altair as alt
import numpy as np

from ui.charts import (
    BLOCKED_COLOR,
    FOCUS_COLOR,
    MARK_COLOR,
    NO_DATA,
    OKABE_ITO,
    Figure,
    Text,
    layout,
    stack,
    table,
)

HEIGHT = 300  # the plot's own height: the legend goes below it
BARS_HEIGHT = 200
# The training's loss on its two kinds of window, faint; the probe's two copies, strong.
SERIES = ("natural", "repeated", "first", "second")
SERIES_COLORS = (OKABE_ITO[4], OKABE_ITO[1], OKABE_ITO[0], OKABE_ITO[5])
PART_COLORS = {
    "first": OKABE_ITO[0],
    "second": OKABE_ITO[5],
    "other": BLOCKED_COLOR,  # each copy's first character, which no copy's loss counts
    "text": OKABE_ITO[0],  # a text that does not repeat itself
}


# ------------------------------------------------------------------------ training


@layout("names", "colors", "x_max", "x_title", "y_title", "step_title", "loss_title")
def training_layout(
    *,
    names: list[str],  # the four series, as the legend names them
    colors: list[str],
    x_max: float,
    x_title: str,
    y_title: str,
    step_title: str,
    loss_title: str,
) -> alt.LayerChart:
    """Four loss curves over the steps; dashed rules at the phase changes, labelled at the
    top; a black rule at the checkpoint shown, with the probe's two losses there as dots."""
    x = alt.X(
        "step:Q",
        title=x_title,
        scale=alt.Scale(domain=[0.0, x_max], nice=False),
        axis=alt.Axis(format="d"),
    )
    y = alt.Y("loss:Q", title=y_title, scale=alt.Scale(zero=True))
    # Every coloured layer carries the same legend (Vega-Lite merges them).
    color = alt.Color(
        "series:N",
        title=None,
        scale=alt.Scale(domain=names, range=colors),
        legend=alt.Legend(
            orient="bottom", columns=2, symbolType="stroke", symbolStrokeWidth=3, labelLimit=260
        ),
    )
    tip = [
        alt.Tooltip("series:N", title=" "),
        alt.Tooltip("step:Q", title=step_title),
        alt.Tooltip("loss:Q", title=loss_title, format=".3f"),
    ]
    base = alt.Chart().encode(x=x)
    train = (
        base.transform_filter("datum.kind == 'train'")
        .mark_line(strokeWidth=1, opacity=0.5)
        .encode(y=y, color=color, tooltip=tip)
    )
    probe = (
        base.transform_filter("datum.kind == 'probe'")
        .mark_line(strokeWidth=2.5)
        .encode(y=y, color=color, tooltip=tip)
    )
    phase = base.transform_filter("datum.kind == 'phase'")
    rules = phase.mark_rule(color=MARK_COLOR, strokeDash=[5, 3]).encode(
        tooltip=alt.Tooltip("label:N", title=" ")
    )
    # Each phase's label on a line of its own (pixels from the top): two phase changes a
    # few steps apart would print one label over the other.
    labels = phase.mark_text(align="left", baseline="top", dx=4, color=MARK_COLOR).encode(
        y=alt.Y("label_y:Q", scale=None), text="label:N"
    )
    at = base.transform_filter("datum.kind == 'at'")
    checkpoint = at.mark_rule(color=FOCUS_COLOR, strokeWidth=2).encode(
        tooltip=alt.Tooltip("step:Q", title=step_title)
    )
    dots = (
        base.transform_filter("datum.kind == 'at_probe'")
        .mark_point(filled=True, size=90, opacity=1, stroke=FOCUS_COLOR, strokeWidth=1.5)
        .encode(y=y, color=color, tooltip=tip)
    )
    return alt.layer(train, probe, rules, labels, checkpoint, dots, data=NO_DATA).properties(
        height=HEIGHT, autosize=alt.AutoSizeParams(type="fit-x", contains="padding")
    )


def training_chart(
    train_steps: np.ndarray,  # [s]  every step trained
    natural: np.ndarray,  # [s]  the loss on the batch's natural-text windows at that step
    repeated: np.ndarray,  # [s]  and on its repeated random strings
    probe_steps: np.ndarray,  # [m]  every step measured on the probe
    first: np.ndarray,  # [m]  the probe's first copy's loss
    second: np.ndarray,  # [m]  and its second's
    phases: tuple[int, ...],  # the phase changes' steps
    checkpoint: int,  # the checkpoint shown
    text: Text,
) -> Figure:
    """The training's losses and the probe's two copies over the steps (see training_layout)."""
    names = [text(f"copying.series_{s}") for s in SERIES]
    series = {"natural": natural, "repeated": repeated, "first": first, "second": second}
    at = int(np.flatnonzero(np.asarray(probe_steps) == checkpoint)[0])
    parts = [
        {
            "kind": "train" if name in ("natural", "repeated") else "probe",
            "step": train_steps if name in ("natural", "repeated") else probe_steps,
            "loss": np.asarray(values, dtype=np.float64),
            "series": names[SERIES.index(name)],
            "label": "",
            "label_y": np.nan,
        }
        for name, values in series.items()
    ]
    parts.append(
        {
            "kind": "phase",
            "step": np.array(phases, dtype=np.float64),
            "loss": np.nan,
            "series": "",
            "label": np.array(
                [text("copying.phase_label", k=k + 1, step=s) for k, s in enumerate(phases)],
                dtype=object,
            ),
            "label_y": 4.0 + 16.0 * np.arange(len(phases)),
        }
    )
    parts.append({"kind": "at", "step": np.array([checkpoint]), "loss": np.nan, "series": "",
                  "label": "", "label_y": np.nan})  # fmt: skip
    parts.append(
        {
            "kind": "at_probe",
            "step": np.full(2, float(checkpoint)),
            "loss": np.array([first[at], second[at]], dtype=np.float64),
            "series": np.array(names[2:], dtype=object),
            "label": "",
            "label_y": np.nan,
        }
    )
    for part in parts:  # one type per column, whichever part comes first
        part["step"] = np.asarray(part["step"], dtype=np.float64)
    spec = training_layout(
        names=names,
        colors=list(SERIES_COLORS),
        x_max=float(train_steps[-1]),
        x_title=text("copying.x_step"),
        y_title=text("copying.y_loss"),
        step_title=text("copying.x_step"),
        loss_title=text("copying.y_loss"),
    )
    return Figure(spec, table(stack(parts)))


# ------------------------------------------------------------------------ a student's text


@layout("parts", "colors", "x_max", "x_title", "y_title", "char_title", "part_title")
def losses_layout(
    *,
    parts: list[str],  # the parts of the text, as the legend names them
    colors: list[str],
    x_max: float,
    x_title: str,
    y_title: str,
    char_title: str,
    part_title: str,
) -> alt.Chart:
    """A bar per character predicted: how surprised the model was by it, in nats."""
    x = alt.X(
        "pos:Q",
        title=x_title,
        scale=alt.Scale(domain=[0.5, x_max], nice=False),
        axis=alt.Axis(format="d", tickMinStep=1),
    )
    return (
        alt.Chart(NO_DATA)
        .mark_bar(width={"band": 0.85})
        .encode(
            x=x,
            y=alt.Y("loss:Q", title=y_title, scale=alt.Scale(zero=True)),
            color=alt.Color(
                "part:N",
                title=None,
                scale=alt.Scale(domain=parts, range=colors),
                legend=alt.Legend(orient="bottom"),
            ),
            tooltip=[
                alt.Tooltip("pos:Q", title=x_title),
                alt.Tooltip("char:N", title=char_title),
                alt.Tooltip("part:N", title=part_title),
                alt.Tooltip("loss:Q", title=y_title, format=".3f"),
            ],
        )
        .properties(
            height=BARS_HEIGHT, autosize=alt.AutoSizeParams(type="fit-x", contains="padding")
        )
    )


def char_losses(
    losses: np.ndarray,  # [n − 1]  losses[i]: the loss predicting character i + 1
    labels: list[str],  # [n]  the characters as shown
    copies,  # core.decoder.Copies or None: the stretch typed twice, its copies coloured apart
    text: Text,
) -> Figure:
    """The loss on each character the model predicted (characters 2 … n), each copy in its
    colour; the characters no copy's loss counts (each copy's first, the rest) in grey."""
    n = len(labels)
    k = np.arange(1, n)  # the predicted characters' positions (0-based)
    if copies is None:
        part = np.full(n - 1, "text", dtype=object)
        shown = ["text"]
    else:
        a, b, m = copies.first, copies.second, copies.length
        part = np.full(n - 1, "other", dtype=object)
        part[(k > a) & (k < a + m)] = "first"
        part[(k > b) & (k < b + m)] = "second"
        shown = ["first", "second", "other"]
    names = {p: text(f"copying.part_{p}") for p in shown}
    columns = {
        "pos": (k + 1).astype(np.float64),  # counted from 1, as a student counts
        "loss": np.asarray(losses, dtype=np.float64),
        "char": np.array([labels[i] for i in k], dtype=object),
        "part": np.array([names[p] for p in part], dtype=object),
    }
    spec = losses_layout(
        parts=[names[p] for p in shown],
        colors=[PART_COLORS[p] for p in shown],
        x_max=float(n) + 0.5,
        x_title=text("copying.x_position"),
        y_title=text("copying.y_char_loss"),
        char_title=text("copying.character"),
        part_title=text("copying.part"),
    )
    return Figure(spec, table(columns))
