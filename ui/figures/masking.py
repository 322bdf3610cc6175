"""Charts of the Masking page: the causal mask as a grid of allowed and blocked cells."""

from __future__ import annotations

import numpy as np

from ui.charts import (
    AXIS_LABELS_MAX,
    BLOCKED_INK,
    LABEL_SIZE,
    MASKED,
    NUMBERS_MAX_CELLS,
    Figure,
    cell_size,
    chart_labels,
    label_room,
    status_grid,
)

LEGEND_ROOM = 60  # pixels


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
    """The mask as coloured cells: allowed (teal) or blocked (grey), with a legend; in each
    cell what the mask adds to the score (0 or −∞) while the cells have room."""
    allowed = np.asarray(allowed, dtype=bool)
    n = allowed.shape[0]
    labels = chart_labels(labels)
    flat = allowed.ravel()
    more = {
        "allowed": flat,
        "add": np.where(flat, "0", MASKED),
        "ink": np.where(flat, "white", BLOCKED_INK),
    }
    return status_grid(
        allowed,
        labels,
        labels,
        statuses=[allowed_text, blocked_text],
        titles=(row_title, col_title, status_title),
        # The height includes the axis and the legend below the grid: room for them.
        height=cell_size(n) * n + LEGEND_ROOM,
        room=label_room(labels, LABEL_SIZE[True]),  # the projector's type: level in either
        more=more,
        numbers=n <= NUMBERS_MAX_CELLS,
        show_x=n <= AXIS_LABELS_MAX,
        show_y=n <= 2 * AXIS_LABELS_MAX,
        overlap_x=n > 16,
        overlap_y=n > 16,
        label_limit=90,
        fit=False,
    )
