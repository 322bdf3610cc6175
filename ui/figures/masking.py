"""Charts of the Masking page: the causal mask as a grid of allowed and blocked cells.

The layout depends only on the size and the texts, so it is built once (cached) and takes
this run's data as a Figure (see ui.charts.Figure).
"""

from __future__ import annotations

import functools

import altair as alt
import numpy as np
import pandas as pd

from ui.charts import (
    AXIS_LABELS_MAX,
    CELL,
    MASKED,
    NUMBERS_MAX_CELLS,
    Figure,
    layout,
    unique_labels,
)

ALLOWED_COLOR = "#21918c"  # viridis' middle: clearly apart from the grey of blocked cells
BLOCKED_COLOR = "#d9d9d9"  # the grey every heatmap uses for masked (−∞) cells
LEGEND_ROOM = 60  # pixels


def _cell_size(n: int) -> int:
    return CELL if n <= NUMBERS_MAX_CELLS else max(8, min(CELL, 480 // n))


@functools.lru_cache(maxsize=64)
def _mask_layout(
    n: int, allowed: str, blocked: str, row_title: str, col_title: str, status_title: str
) -> dict:
    show = n <= AXIS_LABELS_MAX
    tooltip = [
        alt.Tooltip("row:N", title=row_title),
        alt.Tooltip("col:N", title=col_title),
        alt.Tooltip("status:N", title=status_title),
    ]
    base = alt.Chart().encode(
        x=alt.X(
            "col:N",
            sort=alt.EncodingSortField(field="j", op="min"),
            title=col_title,
            axis=alt.Axis(
                labelAngle=-45, labelLimit=90, labels=show, ticks=show, labelOverlap=n > 16
            ),
        ),
        y=alt.Y(
            "row:N",
            sort=alt.EncodingSortField(field="i", op="min"),
            title=row_title,
            axis=alt.Axis(labelLimit=90, labels=n <= 2 * AXIS_LABELS_MAX, labelOverlap=n > 16),
        ),
        tooltip=tooltip,
    )
    rect = base.mark_rect(stroke="white", strokeWidth=1).encode(
        color=alt.Color(
            "status:N",
            title=status_title,
            scale=alt.Scale(domain=[allowed, blocked], range=[ALLOWED_COLOR, BLOCKED_COLOR]),
            # Below the grid, so on a phone the grid keeps the whole width.
            legend=alt.Legend(orient="bottom", direction="horizontal", labelLimit=200),
        )
    )
    layers = [rect]
    if n <= NUMBERS_MAX_CELLS:
        # What the mask adds to the score: 0 where allowed, −∞ where blocked.
        layers.append(
            base.mark_text(fontSize=11).encode(
                text="add:N",
                color=alt.condition("datum.allowed", alt.value("white"), alt.value("#333333")),
            )
        )
    empty = pd.DataFrame({k: [] for k in ("row", "col", "i", "j", "status", "allowed", "add")})
    # The height includes the axis and the legend below the grid: add room for them.
    chart = alt.layer(*layers, data=empty).properties(height=_cell_size(n) * n + LEGEND_ROOM)
    return layout(chart)


def mask_grid(
    allowed: np.ndarray,  # [n, n] bool, True where query i may attend to key j
    labels,
    *,
    allowed_text: str,
    blocked_text: str,
    row_title: str,
    col_title: str,
    status_title: str,
) -> Figure:
    """The mask as coloured cells: allowed (teal) or blocked (grey), with a legend."""
    allowed = np.asarray(allowed, dtype=bool)
    n = allowed.shape[0]
    labels = unique_labels(labels)
    df = pd.DataFrame(
        {
            "row": np.repeat(np.asarray(labels, dtype=object), n),
            "col": np.tile(np.asarray(labels, dtype=object), n),
            "i": np.repeat(np.arange(n), n),
            "j": np.tile(np.arange(n), n),
            "status": np.where(allowed.ravel(), allowed_text, blocked_text),
            "allowed": allowed.ravel(),
            "add": np.where(allowed.ravel(), "0", MASKED),
        }
    )
    spec = _mask_layout(n, allowed_text, blocked_text, row_title, col_title, status_title)
    return Figure(spec, df)
