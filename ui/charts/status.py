"""A grid of labelled cells in one of two states, with a legend: the causal mask's allowed
and blocked cells (Masking), the positions a token reaches after each layer (Which keys a
query may see)."""

from __future__ import annotations

import altair as alt
import numpy as np

from ui.charts.frames import cells, table
from ui.charts.layers import level_labels, token_axes
from ui.charts.palette import ALLOWED_COLOR, BLOCKED_COLOR
from ui.charts.template import NO_DATA, Figure, layout


@layout("statuses", "row_title", "col_title", "status_title", "height", "columns", "room")
def status_layout(
    *,
    numbers: bool,  # write each cell's "add" text in it, coloured by its "ink"
    show_x: bool,
    show_y: bool,
    overlap_x: bool,
    overlap_y: bool,
    label_limit: int,
    fit: bool,  # the height is the cells' alone, the axes and legend outside (as a heatmap)
    statuses: list[str],  # the first state's name, the second's
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
        overlap_x=overlap_x,
        overlap_y=overlap_y,
        label_limit=label_limit,
        x_labels=level_labels(columns, room),
    )
    base = alt.Chart().encode(**axes, tooltip=tooltip)
    rect = base.mark_rect(stroke="white", strokeWidth=1).encode(
        color=alt.Color(
            "status:N",
            title=status_title,
            scale=alt.Scale(domain=statuses, range=[ALLOWED_COLOR, BLOCKED_COLOR]),
            # Below the grid, so on a phone the grid keeps the whole width.
            legend=alt.Legend(orient="bottom", direction="horizontal", labelLimit=200),
        )
    )
    layers = [rect]
    if numbers:
        layers.append(base.mark_text().encode(text="add:N", color=alt.Color("ink:N", scale=None)))
    chart = alt.layer(*layers, data=NO_DATA)
    if fit:
        fit_x = alt.AutoSizeParams(type="fit-x", contains="padding", resize=True)  # as heatmap's
        return chart.properties(height=height, autosize=fit_x)
    return chart.properties(height=height)


def status_grid(
    state: np.ndarray,  # [rows, columns] bool: True in the first state
    rows: list[str],
    columns: list[str],
    *,
    statuses: list[str],
    titles: tuple[str, str, str],  # the rows', the columns' and the legend's
    height: int,
    room: int,
    more: dict[str, np.ndarray] | None = None,  # more columns of the data, one value a cell
    **layout_options,
) -> Figure:
    """The cells coloured by their state, the first in teal and the second in grey; with
    ``numbers=True`` each cell's "add" column written in it in its "ink" colour."""
    flat = np.asarray(state, dtype=bool).ravel()
    data = {
        **cells(len(rows), len(columns), rows, columns),
        "status": np.where(flat, statuses[0], statuses[1]),
    }
    spec = status_layout(
        statuses=statuses,
        row_title=titles[0],
        col_title=titles[1],
        status_title=titles[2],
        height=height,
        columns=len(columns),
        room=room,
        **layout_options,
    )
    return Figure(spec, table({**data, **(more or {})}))
