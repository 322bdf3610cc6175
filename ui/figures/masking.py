"""Charts of the Masking page: the causal mask as a grid of allowed and blocked cells."""

from __future__ import annotations

import altair as alt
import numpy as np

from ui.charts import (
    ALLOWED_COLOR,
    AXIS_LABELS_MAX,
    BLOCKED_COLOR,
    BLOCKED_INK,
    LABEL_SIZE,
    MASKED,
    NO_DATA,
    NUMBERS_MAX_CELLS,
    Figure,
    cell_size,
    cells,
    chart_labels,
    label_room,
    layout,
    level_labels,
    table,
    token_axes,
)

LEGEND_ROOM = 60  # pixels


@layout("allowed", "blocked", "row_title", "col_title", "status_title", "height", "columns", "room")
def mask_layout(
    *,
    numbers: bool,
    show_x: bool,
    show_y: bool,
    overlap: bool,
    allowed: str,
    blocked: str,
    row_title: str,
    col_title: str,
    status_title: str,
    height: int,
    columns: int,
    room: int,  # pixels a column needs for its label to stand level (ui.charts.label_room)
) -> alt.LayerChart:
    tooltip = [
        alt.Tooltip("row:N", title=row_title),
        alt.Tooltip("col:N", title=col_title),
        alt.Tooltip("status:N", title=status_title),
    ]
    axes = token_axes(
        row_title=row_title,
        col_title=col_title,
        show_x=show_x,
        show_y=show_y,
        overlap_x=overlap,
        overlap_y=overlap,
        x_labels=level_labels(columns, room),
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
    if numbers:
        # What the mask adds to the score: 0 where allowed, −∞ where blocked.
        layers.append(base.mark_text().encode(text="add:N", color=alt.Color("ink:N", scale=None)))
    return alt.layer(*layers, data=NO_DATA).properties(height=height)


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
    data = table(
        {
            **cells(n, n, labels, labels),
            "status": np.where(flat, allowed_text, blocked_text),
            "allowed": flat,
            "add": np.where(flat, "0", MASKED),
            "ink": np.where(flat, "white", BLOCKED_INK),
        }
    )
    spec = mask_layout(
        numbers=n <= NUMBERS_MAX_CELLS,
        show_x=n <= AXIS_LABELS_MAX,
        show_y=n <= 2 * AXIS_LABELS_MAX,
        overlap=n > 16,
        allowed=allowed_text,
        blocked=blocked_text,
        row_title=row_title,
        col_title=col_title,
        status_title=status_title,
        # The height includes the axis and the legend below the grid: room for them.
        height=cell_size(n) * n + LEGEND_ROOM,
        columns=n,
        room=label_room(labels, LABEL_SIZE[True]),  # the projector's type: level in either
    )
    return Figure(spec, data)
