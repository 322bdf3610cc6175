"""Charts of the Multi-head page: every head's weights and outputs as small multiples.

Heads are drawn in groups of up to four, each group one faceted chart (a 2 × 2 grid of
panels) narrow enough for a phone; the page puts groups side by side on wider screens.
All groups share one colour scale, so any two heads can be compared by eye. A layout
depends only on sizes and texts, so it is built once (cached) and takes this run's data
as a Figure (see ui.charts.Figure).
"""

from __future__ import annotations

import functools

import altair as alt
import numpy as np
import pandas as pd

from ui.charts import Figure, layout, round_bound, unique_labels

GROUP = 4  # heads per chart
GRID_COLUMNS = 2  # panels per row inside a chart: two panels and their labels fit a phone
PANEL = 125  # panel side (pixels) when a chart holds two panels per row
PANEL_SINGLE = 260  # panel side when there is only one head
NUMBER_CELL = 26  # print numbers in a panel's cells when they are at least this wide
TITLE_PX = 80  # a panel narrower than this repeats no axis title (they would run together)
LABEL_PX = 11  # axis labels only when every row (column) has at least this many pixels
MAX_CELL = 34


def head_groups(h: int) -> list[range]:
    """Head indices per chart: 0–3, 4–7, …"""
    return [range(a, min(a + GROUP, h)) for a in range(0, h, GROUP)]


def _panel_side(h: int, count: int) -> int:
    return min(MAX_CELL * count, PANEL_SINGLE) if h == 1 else PANEL


def _heads_frame(m: np.ndarray, rows, cols, head_names) -> pd.DataFrame:
    """[g, r, c] -> tidy rows (head, hi, row, col, i, j, value); labels as categories."""
    g, r, c = m.shape
    hi = np.repeat(np.arange(g), r * c)
    i = np.tile(np.repeat(np.arange(r), c), g)
    j = np.tile(np.arange(c), g * r)
    # Codes into the label lists: far cheaper to build and to send than repeated strings.
    cat = pd.Categorical.from_codes
    return pd.DataFrame(
        {
            "head": cat(hi, categories=list(head_names)),
            "hi": hi,
            "row": cat(i, categories=list(rows)),
            "col": cat(j, categories=list(cols)),
            "i": i,
            "j": j,
            "value": np.asarray(m, dtype=np.float64).ravel(),
        }
    )


def _axes(rows: int, cols: int, width: int, height: int, row_title: str, col_title: str) -> dict:
    # Every label or none: a panel is too small for Vega's thinning to leave useful ones.
    show_x, show_y = width >= LABEL_PX * cols, height >= LABEL_PX * rows
    return {
        "x": alt.X(
            "col:N",
            sort=alt.EncodingSortField(field="j", op="min"),
            title=col_title if width >= TITLE_PX else None,
            axis=alt.Axis(
                labelAngle=-45,
                labelLimit=60,
                labels=show_x,
                ticks=show_x,
                labelOverlap=False,
                labelFontSize=10,
            ),
        ),
        "y": alt.Y(
            "row:N",
            sort=alt.EncodingSortField(field="i", op="min"),
            title=row_title,
            axis=alt.Axis(
                labelLimit=60, labels=show_y, ticks=show_y, labelOverlap=False, labelFontSize=10
            ),
        ),
    }


@functools.lru_cache(maxsize=64)
def _panels_layout(
    *,
    panels: int,
    rows: int,
    cols: int,
    width: int,
    height: int,
    numbers: bool,
    signed: bool,
    bound: float = 1.0,
    row_title: str,
    col_title: str,
    value_title: str,
    head_title: str,
) -> dict:
    empty = pd.DataFrame({k: [] for k in ("head", "hi", "row", "col", "i", "j", "value")})
    if signed:  # symmetric about 0
        scale = alt.Scale(scheme="blueorange", domain=[-bound, bound], domainMid=0)
    else:
        scale = alt.Scale(scheme="viridis", domain=[0.0, 1.0])
    tooltip = [
        alt.Tooltip("head:N", title=head_title),
        alt.Tooltip("row:N", title=row_title),
        alt.Tooltip("col:N", title=col_title),
        alt.Tooltip("value:Q", title=value_title, format=".3f"),
    ]
    base = alt.Chart().encode(**_axes(rows, cols, width, height, row_title, col_title))
    rect = base.mark_rect(stroke="white", strokeWidth=0.3 if numbers else 0).encode(
        color=alt.Color(
            "value:Q",
            scale=scale,
            title=value_title,
            legend=alt.Legend(orient="bottom", direction="horizontal", gradientLength=150),
        ),
        tooltip=tooltip,
    )
    layers = [rect]
    if numbers and not signed:
        layers.append(
            base.mark_text(fontSize=10).encode(
                text=alt.Text("value:Q", format=".2f"),
                # viridis is dark below about 0.55: white ink there, black above
                color=alt.condition("datum.value < 0.55", alt.value("white"), alt.value("black")),
                tooltip=tooltip,
            )
        )
    chart = (
        alt.layer(*layers, data=empty)
        .properties(width=width, height=height)
        .facet(
            facet=alt.Facet(
                "head:N",
                title=None,
                sort=alt.EncodingSortField(field="hi", op="min"),
                header=alt.Header(labelFontWeight="bold", labelFontSize=12),
            ),
            columns=min(panels, GRID_COLUMNS),
            spacing=10,
        )
    )
    return layout(chart)


def head_maps(
    weights: np.ndarray,  # [g, n, n], one group of heads; every row sums to 1
    labels,
    head_names,
    *,
    n_heads: int,
    row_title: str,
    col_title: str,
    value_title: str,
    head_title: str,
) -> Figure:
    """A group of heads' attention maps, one panel each, on viridis over [0, 1]."""
    g, n, _ = weights.shape
    labels = unique_labels(labels)
    side = _panel_side(n_heads, n)
    spec = _panels_layout(
        panels=g,
        rows=n,
        cols=n,
        width=side,
        height=side,
        numbers=n <= 12 and side / n >= NUMBER_CELL,
        signed=False,
        row_title=row_title,
        col_title=col_title,
        value_title=value_title,
        head_title=head_title,
    )
    return Figure(spec, _heads_frame(weights, labels, labels, head_names))


def head_outputs(
    outputs: np.ndarray,  # [g, n, d_v] one group of heads, cut to the dimensions to draw
    labels,
    dims,
    head_names,
    *,
    n_heads: int,
    bound: float,  # the colour scale spans ±round_bound(bound), the same for every group
    row_title: str,
    col_title: str,
    value_title: str,
    head_title: str,
) -> Figure:
    """A group of heads' output vectors, one panel each, diverging around 0."""
    g, n, d = outputs.shape
    labels = unique_labels(labels)
    side = _panel_side(n_heads, max(n, d))
    # Cells fill the panel both ways (at most MAX_CELL px), so a few dimensions stay readable.
    width = max(2, min(MAX_CELL, side // d)) * d
    height = max(2, min(MAX_CELL, side // n)) * n
    spec = _panels_layout(
        panels=g,
        rows=n,
        cols=d,
        width=width,
        height=height,
        numbers=False,
        signed=True,
        bound=round_bound(bound),
        row_title=row_title,
        col_title=col_title,
        value_title=value_title,
        head_title=head_title,
    )
    return Figure(spec, _heads_frame(outputs, labels, dims, head_names))
