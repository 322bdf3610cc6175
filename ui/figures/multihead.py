"""Charts of the Multi-head page: every head's weights and outputs as small multiples.

Heads are drawn in groups of up to four, each group one faceted chart (a 2 × 2 grid of
panels) narrow enough for a phone; the page puts groups side by side on wider screens.
All groups share one colour scale, so any two heads can be compared by eye.
"""

from __future__ import annotations

import altair as alt
import numpy as np

from ui.charts import (
    NO_DATA,
    Categories,
    Figure,
    Text,
    chart_labels,
    color_scale,
    focus_outline,
    ink,
    layout,
    signed_domain,
    table,
    token_axes,
)

GROUP = 4  # heads per chart
GRID_COLUMNS = 2  # panels per row inside a chart: two panels and their labels fit a phone
PANEL = 125  # panel side (pixels) when a chart holds two panels per row
PANEL_SINGLE = 260  # panel side when there is only one head
NUMBER_CELL = 26  # print numbers in a panel's cells when they are at least this wide
TITLE_PX = 80  # a panel narrower than this repeats no axis title (they would run together)
LABEL_PX = 11  # axis labels only when every row (column) has at least this many pixels
MAX_CELL = 34


def head_groups(n_heads: int) -> list[range]:
    """Head indices per chart: 0–3, 4–7, …"""
    return [range(a, min(a + GROUP, n_heads)) for a in range(0, n_heads, GROUP)]


def _panel_side(n_heads: int, count: int) -> int:
    return min(MAX_CELL * count, PANEL_SINGLE) if n_heads == 1 else PANEL


def _heads_columns(m: np.ndarray, rows, cols, head_names) -> dict:
    """[g, r, c] -> the columns of every cell of every head (head, hi, row, col, i, j, value)."""
    g, r, c = m.shape
    hi = np.repeat(np.arange(g), r * c)
    i = np.tile(np.repeat(np.arange(r), c), g)
    j = np.tile(np.arange(c), g * r)
    return {
        "head": Categories(hi, list(head_names)),
        "hi": hi,
        "row": Categories(i, list(rows)),
        "col": Categories(j, list(cols)),
        "i": i,
        "j": j,
        "value": np.asarray(m, dtype=np.float64).ravel(),
    }


@layout(
    "columns",
    "width",
    "height",
    "domain",
    "row_title",
    "col_title",
    "col_axis_title",
    "value_title",
    "head_title",
)
def panels_layout(
    *,
    numbers: bool,
    focus: bool,
    show_x: bool,
    show_y: bool,
    columns: int,  # panels per row
    width: int,
    height: int,
    domain: tuple[float, float] | None,  # None: weights on [0, 1]; else signed ±bound
    row_title: str,
    col_title: str,
    col_axis_title: str | None,  # None in a narrow panel: titles would run together
    value_title: str,
    head_title: str,
) -> alt.FacetChart:
    tooltip = [
        alt.Tooltip("head:N", title=head_title),
        alt.Tooltip("row:N", title=row_title),
        alt.Tooltip("col:N", title=col_title),
        alt.Tooltip("value:Q", title=value_title, format=".3f"),
    ]
    # Every label or none: a panel is too small for Vega's thinning to leave useful ones.
    axes = token_axes(
        row_title=row_title,
        col_title=col_axis_title,
        show_x=show_x,
        show_y=show_y,
        label_limit=60,
        font_size=10,
    )
    base = alt.Chart().encode(**axes)
    scale = color_scale("weights") if domain is None else color_scale("signed", domain)
    rect = base.mark_rect(stroke="white", strokeWidth=0.3 if numbers else 0).encode(
        color=alt.Color(
            "value:Q",
            scale=scale,
            title=value_title,
            legend=alt.Legend(orient="bottom", direction="horizontal", gradientLength=150),
        ),
        tooltip=tooltip,
    )
    layers = [rect, focus_outline(base, width=1.5)] if focus else [rect]
    if numbers:
        layers.append(
            base.mark_text(fontSize=10).encode(
                text=alt.Text("value:Q", format=".2f"),
                color=alt.Color("ink:N", scale=None),
                tooltip=tooltip,
            )
        )
    cells = alt.layer(*layers, data=NO_DATA)
    if numbers:  # the text's colour is literal (scale=None): it must not join the cells' scale
        cells = cells.resolve_scale(color="independent")
    return cells.properties(width=width, height=height).facet(
        facet=alt.Facet(
            "head:N",
            title=None,
            sort=alt.EncodingSortField(field="hi", op="min"),
            header=alt.Header(labelFontWeight="bold", labelFontSize=12),
        ),
        columns=columns,
        spacing=10,
    )


def head_names(n_heads: int, text: Text) -> list[str]:
    return [text("common.head_n", i=i) for i in range(1, n_heads + 1)]


def _groups(
    m: np.ndarray,
    rows,
    cols,
    text: Text,
    *,
    titles: tuple[str, ...],
    focus: int | None,
    names: list[str] | None = None,
    **panel,
) -> list:
    # [h, r, c] -> one faceted chart per group of heads, all with the same panel layout
    names = names or head_names(m.shape[0], text)
    row_title, col_title, value_title = (text(key) for key in titles)
    panel_width, panel_height, numbers = panel["width"], panel["height"], panel["numbers"]
    figures = []
    for g in head_groups(m.shape[0]):
        spec = panels_layout(
            numbers=numbers,
            focus=focus is not None,
            show_x=panel_width >= LABEL_PX * m.shape[2],
            show_y=panel_height >= LABEL_PX * m.shape[1],
            columns=min(len(g), GRID_COLUMNS),
            width=panel_width,
            height=panel_height,
            domain=panel["domain"],
            row_title=row_title,
            col_title=col_title,
            col_axis_title=col_title if panel_width >= TITLE_PX else None,
            value_title=value_title,
            head_title=text("common.head"),
        )
        columns = _heads_columns(m[g.start : g.stop], rows, cols, names[g.start : g.stop])
        columns["focus"] = columns["i"] == (-1 if focus is None else focus)
        if numbers:
            columns["ink"] = ink(columns["value"], "weights", (0.0, 1.0))
        figures.append(Figure(spec, table(columns)))
    return figures


def head_maps(
    weights: np.ndarray,  # [h, n, n]  every head; every row sums to 1
    labels,
    text: Text,
    focus: int | None = None,  # the row to outline: the followed token's
    names: list[str] | None = None,  # the panels' titles: "Head 1", … by default
) -> list[Figure]:
    """The heads' attention maps, one panel each, on viridis over [0, 1]: a chart per group."""
    n_heads, n, _ = weights.shape
    labels = chart_labels(labels)
    side = _panel_side(n_heads, n)
    numbers = n <= 12 and side / n >= NUMBER_CELL
    titles = ("common.query", "common.key", "common.weight")
    return _groups(
        weights,
        labels,
        labels,
        text,
        titles=titles,
        focus=focus,
        names=names,
        width=side,
        height=side,
        numbers=numbers,
        domain=None,
    )


def head_outputs(
    outputs: np.ndarray,  # [h, n, d_v]  every head, cut to the dimensions to draw
    labels,
    dims,
    text: Text,
    focus: int | None = None,  # the row to outline: the followed token's
) -> list[Figure]:
    """The heads' output vectors, one panel each, diverging around 0: a chart per group.

    Every group spans the same ±round_bound of the largest magnitude of all heads.
    """
    n_heads, n, d = outputs.shape
    side = _panel_side(n_heads, max(n, d))
    # Cells fill the panel both ways (at most MAX_CELL px), so a few dimensions stay readable.
    width = max(2, min(MAX_CELL, side // d)) * d
    height = max(2, min(MAX_CELL, side // n)) * n
    titles = ("common.token", "common.dim", "common.value")
    return _groups(
        outputs,
        chart_labels(labels),
        dims,
        text,
        titles=titles,
        focus=focus,
        width=width,
        height=height,
        numbers=False,
        domain=signed_domain(outputs),
    )
