"""Charts of the Masking page: the causal mask as a grid of allowed and blocked cells."""

from __future__ import annotations

import functools

import altair as alt
import numpy as np

from ui.charts import (
    ALLOWED_COLOR,
    AXIS_LABELS_MAX,
    BLOCKED_COLOR,
    BLOCKED_INK,
    MASKED,
    NO_DATA,
    NUMBERS_MAX_CELLS,
    Figure,
    cell_size,
    cells_frame,
    chart_labels,
    layout,
    token_axes,
)

LEGEND_ROOM = 60  # pixels


@functools.lru_cache(maxsize=64)
def _mask_layout(
    n: int, allowed: str, blocked: str, row_title: str, col_title: str, status_title: str
) -> dict:
    tooltip = [
        alt.Tooltip("row:N", title=row_title),
        alt.Tooltip("col:N", title=col_title),
        alt.Tooltip("status:N", title=status_title),
    ]
    axes = token_axes(
        row_title=row_title,
        col_title=col_title,
        show_x=n <= AXIS_LABELS_MAX,
        show_y=n <= 2 * AXIS_LABELS_MAX,
        overlap_x=n > 16,
        overlap_y=n > 16,
    )
    base = alt.Chart().encode(**axes, tooltip=tooltip)
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
        layers.append(base.mark_text().encode(text="add:N", color=alt.Color("ink:N", scale=None)))
    # The height includes the axis and the legend below the grid: add room for them.
    chart = alt.layer(*layers, data=NO_DATA).properties(height=cell_size(n) * n + LEGEND_ROOM)
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
    labels = chart_labels(labels)
    flat = allowed.ravel()
    df = cells_frame(allowed, labels, labels)
    df["status"] = np.where(flat, allowed_text, blocked_text)
    df["allowed"] = flat
    df["add"] = np.where(flat, "0", MASKED)
    df["ink"] = np.where(flat, "white", BLOCKED_INK)
    spec = _mask_layout(n, allowed_text, blocked_text, row_title, col_title, status_title)
    return Figure(spec, df)
