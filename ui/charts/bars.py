"""Horizontal bars: one value per label (an attention row, a film's score), one highlighted."""

from __future__ import annotations

import altair as alt
import numpy as np

from ui.charts.frames import table
from ui.charts.memo import remembered
from ui.charts.palette import BAR, HIGHLIGHT, chart_labels, fixed
from ui.charts.template import NO_DATA, Figure, layout


@layout("value_title", "label_title", "domain", "ticks", "height", "color")
def bars_layout(
    *,
    value_title: str,
    label_title: str,
    domain: tuple[float, float] | None,
    ticks: tuple[float, ...],
    height: int,
    color: str,
) -> alt.LayerChart:
    flag = [False, True]
    base = alt.Chart().encode(
        x=alt.X(
            "value:Q",
            title=value_title,
            scale=alt.Scale(domain=list(domain), nice=False) if domain else alt.Undefined,
            axis=alt.Axis(values=list(ticks)) if ticks else alt.Undefined,
        ),
        y=alt.Y(
            "label:N",
            sort=alt.EncodingSortField(field="k", op="min"),
            title=label_title or None,
            axis=alt.Axis(labelLimit=170, labelOverlap=False),
        ),
        tooltip=[
            alt.Tooltip("label:N", title=label_title or " "),
            alt.Tooltip("text:N", title=value_title),
        ],
    )
    # The highlight is a colour scale on a boolean column, which keeps the spec free of
    # conditions (each alt.condition costs a full schema validation).
    bar = base.mark_bar().encode(
        color=alt.Color(
            "hl:N", scale=alt.Scale(domain=flag, range=[color, HIGHLIGHT]), legend=None
        ),
        stroke=alt.Stroke(
            "hl:N", scale=alt.Scale(domain=flag, range=["transparent", "black"]), legend=None
        ),
    )
    text = base.mark_text(align="left", dx=3).encode(text="text:N")
    return alt.layer(bar, text, data=NO_DATA).properties(height=height)


def row_height(n: int) -> int:
    """Pixels for the n bars of one attention row and the axis below them."""
    return (22 if n <= 16 else 14) * n + 50  # long sentences: thinner bars


@remembered
def bars(
    values,
    labels,
    *,
    value_title: str = "weight",
    label_title: str = "",
    domain: tuple[float, float] | None = (0.0, 1.0),
    ticks: tuple[float, ...] = (),
    highlight: int | None = None,
    decimals: int = 3,
    height: int | None = None,
    color: str = BAR,
) -> Figure:
    """Horizontal bars, one per label, the value written beside each; one may be highlighted.

    A fixed ``domain`` lets bars visibly grow and shrink as controls move; ``ticks`` picks
    the labelled values. The height includes the axis (Streamlit fits the axes inside it).
    """
    values = np.asarray(values, dtype=np.float64)
    data = table(
        {
            "k": np.arange(len(values)),
            "label": chart_labels(labels),
            "value": values,
            "text": fixed(values, decimals),
            "hl": np.arange(len(values)) == (-1 if highlight is None else highlight),
        }
    )
    spec = bars_layout(
        value_title=value_title,
        label_title=label_title,
        domain=(float(domain[0]), float(domain[1])) if domain else None,
        ticks=tuple(map(float, ticks)),
        height=int(height or 60 + 24 * len(values)),
        color=color,
    )
    return Figure(spec, data)
