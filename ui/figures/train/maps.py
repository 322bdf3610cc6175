"""The example's attention, before and after training: the query rows of the first seed's
map, masked cells grey, the cell that holds each query's answer outlined."""

from __future__ import annotations

import altair as alt
import numpy as np

from core.attention import causal_mask
from core.train.experiment import Comparison
from ui.charts import (
    BLOCKED_COLOR,
    CELL,
    NO_DATA,
    PRESENT_CELL,
    PRESENT_TYPE,
    Figure,
    Text,
    color_scale,
    ink,
    layout,
    matrix_columns,
    table,
    token_axes,
)
from ui.figures.train.sides import SIDES

ANSWER_COLOR = "#000000"  # the outline of the cell that holds a query's answer


def token_labels(c: Comparison) -> list[str]:
    """The example's tokens as text: "k3=v7" for a key-value token, "k3=?" for a query."""
    keys, values = c.example.keys[0], c.example.values[0]
    blank = c.config.n_values
    return [f"k{k}=" + ("?" if v == blank else f"v{v}") for k, v in zip(keys, values, strict=True)]


@layout("height", "title", "row_title", "col_title", "value_title")
def map_layout(
    *, large: bool, height: int, title: str, row_title: str, col_title: str, value_title: str
) -> alt.LayerChart:
    # Small type beside each other on a screen; on a projector (large) the labels take the
    # presenter view's size from the chart's config.
    font = None if large else 10
    base = alt.Chart(NO_DATA).encode(
        **token_axes(row_title=row_title, col_title=col_title, font_size=font)
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
    numbers = base.mark_text(fontSize=PRESENT_TYPE if large else 9).encode(
        text="text:N", color=alt.Color("ink:N", scale=None), tooltip=tooltip
    )
    return (
        alt.layer(rect, *outline, numbers)
        .resolve_scale(color="independent")
        .properties(
            title=title,
            height=height,
            autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
        )
    )


def attention_map(
    c: Comparison, kind: str, when: str, head: int, text: Text, large: bool = False
) -> Figure:
    """The query rows of the example's attention (first seed, one head), masked cells grey,
    the cell holding each query's answer outlined; ``large``: the presenter view's."""
    side = getattr(c, kind)
    run = side.runs[0]
    weights = (run.weights_before if when == "before" else run.weights_after)[head]  # [n, n]
    n, n_q = weights.shape[0], c.config.n_queries  # the queries follow the key-value tokens
    m = np.array(weights[n - n_q :], dtype=np.float64)  # [n_q, n]
    if c.config.causal:
        m[~causal_mask(n)[n - n_q :]] = -np.inf
    labels = token_labels(c)
    columns = matrix_columns(m, labels[n - n_q :], labels, decimals=2)
    columns["ink"] = ink(columns["value"], "weights", (0.0, 1.0))
    columns["answer"] = columns["j"] == c.example.sources[0][columns["i"]]
    name = text("train.scaled" if kind == "scaled" else "train.unscaled")
    key = "train.after_diverged" if when == "after" and run.diverged else f"train.{when}"
    spec = map_layout(
        large=large,
        height=(PRESENT_CELL if large else CELL) * n_q,
        title=text(key, side=name),
        row_title=text("common.query"),
        col_title=text("common.key"),
        value_title=text("common.weight"),
    )
    return Figure(spec, table(columns))


def attention_maps(
    c: Comparison, head: int, text: Text, large: bool = False
) -> list[tuple[str, Figure]]:
    """Before and after training, scaled and unscaled: (key, chart) in reading order."""
    return [
        (f"train_map_{kind}_{when}", attention_map(c, kind, when, head, text, large))
        for kind in SIDES
        for when in ("before", "after")
    ]
