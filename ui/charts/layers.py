"""Pieces several layouts share: the axes of a matrix of labelled cells, the outline of the
followed token's row, the marks of single cells, and the band of a range over several
random models."""

from __future__ import annotations

import altair as alt

from ui.charts.palette import CITED_COLOR, FOCUS_COLOR, LABEL_SIZE

ROTATED = -45  # the x labels' angle when they do not fit level


def token_axes(
    *,
    row_title: str | None,
    col_title: str | None,
    show_x: bool = True,
    show_y: bool = True,
    overlap_x: bool = False,
    overlap_y: bool = False,
    label_limit: int = 90,
    font_size: int | None = None,
    x_labels: dict | None = None,
) -> dict:
    """The x (keys, columns) and y (queries, rows) encodings of a matrix of labelled cells.

    Cells are ordered by their i/j columns, so labels may be anything (repeated tokens are
    told apart by unique_labels); a label per row and column while they fit. Label sizes
    come from the chart's config (ui.charts.chart_config); ``font_size`` fixes a size for
    small panels, never below the usual one. ``x_labels``: the x labels' angle and
    alignment (level_labels), else turned by 45°.
    """
    size = {"labelFontSize": max(font_size, LABEL_SIZE[False])} if font_size else {}
    return {
        "x": alt.X(
            "col:N",
            sort=alt.EncodingSortField(field="j", op="min"),
            title=col_title,
            axis=alt.Axis(
                **(x_labels or {"labelAngle": ROTATED}),
                labelLimit=label_limit,
                labels=show_x,
                ticks=show_x,
                labelOverlap=overlap_x,
                **size,
            ),
        ),
        "y": alt.Y(
            "row:N",
            sort=alt.EncodingSortField(field="i", op="min"),
            title=row_title,
            axis=alt.Axis(
                labelLimit=label_limit, labels=show_y, ticks=show_y, labelOverlap=overlap_y, **size
            ),
        ),
    }


def level_labels(columns: int, room: int) -> dict:
    """The x labels' angle and alignment: level and centred on their column while a column
    is at least ``room`` pixels wide (ui.charts.label_room), at 45° and ending at their
    tick when narrower. Decided in the browser, where the chart's width is known: a phone
    and a projector differ."""
    fits = f"width / {columns} >= {room}"
    return {
        "labelAngle": alt.ExprRef(expr=f"{fits} ? 0 : {ROTATED}"),
        "labelAlign": alt.ExprRef(expr=f"{fits} ? 'center' : 'right'"),
    }


def focus_outline(base: alt.Chart, width: float = 2.0) -> alt.Chart:
    """An outline around the cells of the followed token's row (the rows with datum.focus),
    drawn over the cells so that no neighbour's edge covers it."""
    return (
        base.transform_filter("datum.focus")
        .mark_rect(filled=False, stroke=FOCUS_COLOR, strokeWidth=width)
        .encode(tooltip=alt.value(None))
    )


def cell_marks(base: alt.Chart) -> list[alt.Chart]:
    """A dashed outline around single cells (those with datum.marked), on a white edge so
    that it shows on any colour and reads apart from the followed row's solid black one."""
    marked = base.transform_filter("datum.marked").encode(tooltip=alt.value(None))
    return [
        marked.mark_rect(filled=False, stroke="white", strokeWidth=5),
        marked.mark_rect(filled=False, stroke=CITED_COLOR, strokeWidth=3, strokeDash=[5, 3]),
    ]


def seed_band(
    x: alt.X, fields: tuple[str, str], y_scale: alt.Scale, y_title: str, color, opacity: float
) -> alt.Chart:
    """The range over the random models (seeds) as a shaded band, from the lowest to the
    highest of them (`fields`: the data's columns for the two), coloured like its line."""
    low, high = fields
    return (
        alt.Chart()
        .mark_area(opacity=opacity)
        .encode(x=x, y=alt.Y(f"{low}:Q", scale=y_scale, title=y_title), y2=f"{high}:Q", color=color)
    )
