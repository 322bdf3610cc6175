"""Charts of the Which keys a query may see page: each mask's weights, the receptive field
over the layers, and the real model's attention on [CLS] and [SEP] layer by layer.

A chart with many texts takes the text catalogue's lookup (``text``, ui.i18n.t).
"""

from __future__ import annotations

import altair as alt
import numpy as np

from core.long_context.receptive_field import ReceptiveField
from core.long_context.sinks import SinkShares
from core.long_context.windows import MaskPattern
from ui.charts import (
    AXIS_LABELS_MAX,
    LABEL_SIZE,
    MARK_COLOR,
    NO_DATA,
    RAW_COLOR,
    SCALED_COLOR,
    Figure,
    Text,
    chart_labels,
    fixed,
    heatmap,
    label_room,
    layout,
    status_grid,
    table,
)

REACH_CELL = 28  # pixels per layer of the receptive field
SINK_HEIGHT = 300
HEAD_DOT = 0.35  # opacity of one head's dot behind the layer's mean


def pattern_map(
    pattern: MaskPattern,
    labels: list[str],
    focus: int | None,
    title: str,
    text: Text,
    cell: int | None = None,
) -> Figure:
    """One mask's weights: the allowed cells in colour, the masked ones grey (their weight,
    exactly 0, written in them); the followed token's row outlined. ``cell``: pixels per
    cell (the presenter view's larger ones), or the usual size."""
    return heatmap(
        pattern.trace.weights,
        labels,
        labels,
        kind="weights",
        cell=cell,
        allowed=pattern.mask,
        focus=focus,
        title=title,
        row_title=text("common.query"),
        col_title=text("common.key"),
        value_title=text("common.weight"),
    )


def reach_grid(field: ReceptiveField, labels: list[str], text: Text) -> Figure:
    """Which positions the followed token depends on after 0, 1, … L layers: one row per
    depth, one column per token."""
    depth, n = field.reach.shape
    rows = [
        text("windows.after_layers", layers=k, count=int(c)) for k, c in enumerate(field.counts)
    ]
    return status_grid(
        field.reach,
        rows,
        chart_labels(labels),
        statuses=[text("windows.reached"), text("windows.not_reached")],
        titles=(text("windows.depth"), text("windows.position"), text("windows.status")),
        height=REACH_CELL * depth,
        room=label_room(chart_labels(labels), LABEL_SIZE[True]),
        numbers=False,
        show_x=n <= AXIS_LABELS_MAX,
        show_y=True,
        overlap_x=n > 16,
        overlap_y=False,
        label_limit=140,
        fit=True,
    )


@layout("series_names", "x_title", "y_title", "heads_title", "even_name", "x_domain")
def sinks_layout(
    *,
    series_names: list[str],  # to [CLS], to [SEP]
    even_name: str,
    x_domain: list[int],
    x_title: str,
    y_title: str,
    heads_title: str,
) -> alt.LayerChart:
    x = alt.X(
        "layer:Q",
        title=x_title,
        scale=alt.Scale(domain=x_domain, nice=False, padding=12),
        axis=alt.Axis(tickMinStep=1, format="d"),
    )
    y = alt.Y("value:Q", title=y_title, scale=alt.Scale(domain=[0.0, 1.0]))
    color = alt.Color(
        "series:N",
        title=None,
        sort=series_names,
        scale=alt.Scale(domain=series_names, range=[SCALED_COLOR, RAW_COLOR]),
        legend=alt.Legend(orient="bottom", direction="horizontal", labelLimit=240),
    )
    tooltip = [
        alt.Tooltip("series:N", title=" "),
        alt.Tooltip("layer:Q", title=x_title),
        alt.Tooltip("head:N", title=heads_title),
        alt.Tooltip("text:N", title=y_title),
    ]
    heads = (
        alt.Chart()
        .transform_filter("datum.kind == 'head'")
        .mark_circle(size=30, opacity=HEAD_DOT)
        .encode(x=x, y=y, color=color, tooltip=tooltip)
    )
    means = (
        alt.Chart()
        .transform_filter("datum.kind == 'mean'")
        .mark_line(point=alt.OverlayMarkDef(size=70, filled=True), strokeWidth=2.5)
        .encode(x=x, y=y, color=color, tooltip=tooltip)
    )
    even = alt.Chart().transform_filter("datum.kind == 'even'")
    even_rule = even.mark_rule(color=MARK_COLOR, strokeDash=[4, 4]).encode(y=y)
    even_text = even.mark_text(align="right", baseline="bottom", dy=-3, color=MARK_COLOR).encode(
        x=x, y=y, text=alt.value(even_name)
    )
    return alt.layer(heads, means, even_rule, even_text, data=NO_DATA).properties(
        height=SINK_HEIGHT
    )


def sink_lines(shares: SinkShares, text: Text) -> Figure:
    """Each layer's share of the words' attention on [CLS] and on [SEP]: the mean over its
    heads (a line), every head (faint dots), and the even share 1/n for comparison."""
    n_layers, n_heads = shares.first.shape
    names = [text("windows.to_cls"), text("windows.to_sep")]
    layers = np.arange(1, n_layers + 1)
    head_values = np.concatenate([shares.first.ravel(), shares.sep.ravel()])
    mean_values = np.concatenate([shares.first_by_layer, shares.sep_by_layer])
    values = np.concatenate([head_values, mean_values, [shares.uniform]])
    heads = np.tile(np.arange(1, n_heads + 1), n_layers)
    data = table(
        {
            "layer": np.concatenate(
                [np.tile(np.repeat(layers, n_heads), 2), np.tile(layers, 2), [n_layers]]
            ),
            "series": np.concatenate(
                [np.repeat(names, n_layers * n_heads), np.repeat(names, n_layers), [names[0]]]
            ),
            "kind": np.repeat(["head", "mean", "even"], [len(head_values), len(mean_values), 1]),
            "head": np.concatenate(
                [np.tile(heads, 2).astype(str), np.full(2 * n_layers + 1, text("windows.mean"))]
            ),
            "value": values,
            "text": fixed(values, 3),
        }
    )
    spec = sinks_layout(
        series_names=names,
        even_name=text("windows.even", n=len(shares.tokens)),
        x_domain=[1, n_layers],
        x_title=text("windows.layer"),
        y_title=text("windows.share"),
        heads_title=text("common.head"),
    )
    return Figure(spec, data)
