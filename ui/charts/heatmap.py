"""Heatmaps: a matrix as coloured cells, with its numbers in small matrices."""

from __future__ import annotations

import altair as alt
import numpy as np

from ui.charts.frames import cells, table
from ui.charts.layers import cell_marks, focus_outline, level_labels, token_axes
from ui.charts.memo import remembered
from ui.charts.palette import (
    AXIS_LABELS_MAX,
    BLOCKED_COLOR,
    BLOCKED_INK,
    LABEL_SIZE,
    MASKED,
    NUMBERS_MAX_CELLS,
    cell_size,
    chart_labels,
    color_scale,
    fixed,
    ink,
    label_room,
    signed_domain,
)
from ui.charts.template import NO_DATA, Figure, layout


def matrix_columns(m: np.ndarray, rows, cols, decimals: int = 2) -> dict:
    """[r, c] -> the columns of every cell (row, col, i, j, value, text); -inf becomes a
    missing value, shown as −∞."""
    flat = np.asarray(m, dtype=np.float64).ravel()
    finite = np.isfinite(flat)
    columns = cells(*np.shape(m), rows, cols)
    columns["value"] = np.where(finite, flat, np.nan)
    columns["text"] = np.where(finite, fixed(np.where(finite, flat, 0.0), decimals), MASKED)
    return columns


@layout(
    "row_title",
    "col_title",
    "value_title",
    "domain",
    "height",
    "gradient",
    "title",
    "columns",
    "room",
)
def heatmap_layout(
    *,
    kind: str,
    numbers: bool,
    legend: bool,
    focus: bool,  # one row (the followed token's) is outlined
    marks: bool,  # single cells (datum.marked) carry a dashed outline
    blocked: bool,  # some cells are grey whatever their value (datum.allowed false)
    show_x: bool,
    show_y: bool,
    overlap_x: bool,
    overlap_y: bool,
    row_title: str,
    col_title: str,
    value_title: str,
    domain: tuple[float, float] | None,
    height: int,
    gradient: int,  # the legend's length in pixels
    title: str | None,
    columns: int,  # how many columns the matrix has
    room: int,  # the pixels a column needs for its label to stand level
    label_limit: int = 90,  # pixels of a row's or column's label before it is cut
) -> alt.LayerChart:
    """The coloured cells, the followed row's outline, marked cells and, for small matrices,
    the numbers."""
    axes = token_axes(
        row_title=row_title,
        col_title=col_title,
        show_x=show_x,
        show_y=show_y,
        overlap_x=overlap_x,
        overlap_y=overlap_y,
        x_labels=level_labels(columns, room),
        label_limit=label_limit,
    )
    base = alt.Chart(NO_DATA).encode(**axes)
    tooltip = [
        alt.Tooltip("row:N", title=row_title or "row"),
        alt.Tooltip("col:N", title=col_title or "column"),
        alt.Tooltip("text:N", title=value_title),
    ]
    # invalid="show": a masked cell (no value, −∞) is drawn, in grey, rather than dropped.
    coloured = "isValid(datum.value) && datum.allowed" if blocked else "isValid(datum.value)"
    rect = base.mark_rect(stroke="white", strokeWidth=0.5, invalid="show").encode(
        color=alt.condition(
            coloured,
            alt.Color(
                "value:Q",
                scale=color_scale(kind, domain),
                title=value_title,
                legend=alt.Legend(orient="right", gradientLength=gradient) if legend else None,
            ),
            alt.value(BLOCKED_COLOR),
        ),
        tooltip=tooltip,
    )
    layers = [rect, focus_outline(base)] if focus else [rect]
    if numbers:
        # The type size comes from the chart's config (chart_config), larger when presenting.
        text = base.mark_text().encode(
            text="text:N", color=alt.Color("ink:N", scale=None), tooltip=tooltip
        )
        layers.append(text)
    if marks:
        layers += cell_marks(base)
    # The text layer's colour is literal (scale=None) and must not join the cells' scale.
    # The width is left to the container (width="stretch") so a matrix fits a phone as
    # well as a projector; the height is the cells' alone, so they stay roughly square.
    # "fit-x": without it Streamlit fits axes and all into that height, which squeezes a
    # 4-row matrix to half its cells and leaves a 2-row one no room at all. "resize": the
    # x labels turn once the width is known (level_labels), and the axis grows with them;
    # without a new layout then, the axis title under them was cut off.
    chart = (
        alt.layer(*layers)
        .resolve_scale(color="independent")
        .properties(
            height=height,
            autosize=alt.AutoSizeParams(type="fit-x", contains="padding", resize=True),
        )
    )
    return chart.properties(title=title) if title else chart


@remembered
def heatmap(
    m: np.ndarray,
    rows,
    cols,
    *,
    kind: str = "weights",
    row_title: str = "",
    col_title: str = "",
    value_title: str = "value",
    numbers: bool | None = None,
    decimals: int = 2,
    domain: tuple[float, float] | None = None,
    cell: int | None = None,
    title: str | None = None,
    legend: bool | None = None,
    focus: int | None = None,
    allowed: np.ndarray | None = None,
    marked: tuple[tuple[int, int], ...] = (),
    present: bool | None = None,
    label_limit: int = 90,
) -> Figure:
    """A matrix [r, c] as coloured cells with a tooltip; numbers printed in small matrices.

    kind: "weights" (viridis on [0, 1], the default), "signed" (blueorange centred on 0,
    symmetric) or "plain" (viridis on the data's range). numbers: None = only for small
    matrices; legend: None = only when no numbers are printed (they say it all, and the
    cells keep the width); focus: the row to outline (the followed token's); allowed: [r, c]
    bool, the cells outside it grey like masked ones but keeping their value (a masked
    weight, exactly 0); marked: (row, column) cells to outline apart (those outside the
    matrix are left out); present: whether the presenter view draws it (how much room a
    label needs to stand level; None: not known, room for the projector's larger type);
    label_limit: the pixels a label may take before it is cut (a token's are short, a
    film's title is not). Draw it with ui.widgets.show_chart.
    """
    m = np.asarray(m, dtype=np.float64)
    r, c = m.shape
    if domain is None and kind == "signed":
        domain = signed_domain(m)
    finite = m[np.isfinite(m)]
    ink_domain = domain or (
        (0.0, 1.0) if kind == "weights" or not finite.size else (finite.min(), finite.max())
    )
    col_labels = chart_labels(cols)
    columns = matrix_columns(m, chart_labels(rows), col_labels, decimals)
    columns["ink"] = ink(columns["value"], kind, ink_domain)
    columns["focus"] = np.repeat(np.arange(r) == (-1 if focus is None else focus), c)
    if marked:
        flags = np.zeros((r, c), dtype=bool)
        for i, j in marked:
            if i < r and j < c:
                flags[i, j] = True
        columns["marked"] = flags.ravel()
    if allowed is not None:
        columns["allowed"] = np.asarray(allowed, dtype=bool).ravel()
        columns["ink"] = np.where(columns["allowed"], columns["ink"], BLOCKED_INK)
    if numbers is None:
        numbers = r <= NUMBERS_MAX_CELLS and c <= NUMBERS_MAX_CELLS
    size = int(cell or cell_size(r))
    spec = heatmap_layout(
        kind=kind,
        numbers=bool(numbers),
        legend=bool(not numbers if legend is None else legend),
        focus=focus is not None,
        marks=bool(marked),
        blocked=allowed is not None,
        show_x=c <= AXIS_LABELS_MAX,
        show_y=r <= 2 * AXIS_LABELS_MAX,
        overlap_x=c > 16,
        overlap_y=r > 32,
        row_title=row_title,
        col_title=col_title,
        value_title=value_title,
        domain=tuple(float(v) for v in domain) if domain else None,
        height=size * r,
        gradient=max(60, min(size * r, 200)),
        title=title,
        columns=c,
        room=label_room(col_labels, LABEL_SIZE[present is not False]),
        label_limit=label_limit,
    )
    return Figure(spec, table(columns))
