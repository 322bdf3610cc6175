"""Charts of the Multi-head page: every head's weights and outputs as small multiples.

All heads are one chart: a grid of panels, one per head, under one colour legend, laid out
in the browser from the width it is given. The grid takes as many columns as fit with
cells of at least MIN_CELL pixels, up to ``most`` (four maps in a row: at eight heads two
rows of four), and its cells grow to fill the width, up to MAX_CELL. So the same spec
makes a 4 × 2 grid on a laptop and a 2 × 4 one on a phone. Query labels stand left of
each row of panels, key labels under the lowest panel of each column; where a cell is
smaller than a label's type they are left out and the heads' names stay. All panels share
one colour scale, so any two heads can be compared by eye.
"""

from __future__ import annotations

import altair as alt
import numpy as np

from ui.charts import (
    FOCUS_COLOR,
    NO_DATA,
    PRESENT_TYPE,
    Categories,
    Figure,
    Text,
    chart_labels,
    color_scale,
    fixed,
    ink,
    layout,
    signed_domain,
    table,
)

MAPS_IN_A_ROW = 4  # at most; eight heads: two rows of four
OUTPUTS_IN_A_ROW = 8  # an output panel is d_v cells wide: more of them fit a row
GAP = 14  # pixels between panels, across
ROW_GAP = 10  # and between a row of panels and the next one's titles
# Sizes in pixels: (usual, presenter view): type, the numbers' type, label column, title
# row, smallest and largest cell, smallest cell that prints its number.
FONT = {False: 12, True: PRESENT_TYPE}
NUMBER_FONT = {False: 11, True: PRESENT_TYPE}
LABEL_W = {False: 70, True: 96}
TITLE_H = {False: 22, True: 28}
MIN_CELL = {False: 13, True: 18}
MAX_CELL = {False: 34, True: 52}
NUMBER_CELL = {False: 26, True: 44}  # "0.06" in 18 px type takes about 37
# The keys' slanted labels under the lowest panels: room for "delicious" whole (at 45°).
KEY_LABELS_H = {False: 52, True: 96}
GRADIENT = {False: 200, True: 280}  # the legend's length: its six labels apart at 18 px


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


def _grid_params(heads: int, rows: int, cols: int, most: int, large: bool) -> list:
    """The grid's layout as signals of the chart's width: columns, label column, cell side."""
    label, least = LABEL_W[large], MIN_CELL[large]
    # cell side with a label column, for k panels in a row
    side = f"(width - {label} - (k - 1) * {GAP}) / (k * {cols})"
    fits = f"floor((width - {label} + {GAP}) / ({cols} * {least} + {GAP}))"
    return [
        alt.param(name="k", expr=f"max(1, min({heads}, {most}, {fits}))"),
        alt.param(name="lab", expr=f"{side} >= {least} ? {label} : 0"),
        alt.param(
            name="cell",
            expr=f"max(2, min({MAX_CELL[large]}, floor((width - lab - (k - 1) * {GAP}) "
            f"/ (k * {cols}))))",
        ),
        alt.param(name="panel_rows", expr=f"ceil({heads} / k)"),
    ]


@layout("heads", "rows", "cols", "most", "domain", "row_title", "col_title", "value_title",
        "head_title")  # fmt: skip
def grid_layout(
    *,
    numbers: bool,
    focus: bool,
    large: bool,  # the presenter view: larger type and cells
    heads: int,
    rows: int,  # per panel
    cols: int,  # per panel
    most: int,  # panels in a row at most
    domain: tuple[float, float] | None,  # None: weights on [0, 1]; else signed ±bound
    row_title: str,
    col_title: str,
    value_title: str,
    head_title: str,
) -> alt.LayerChart:
    title_h, font = TITLE_H[large], FONT[large]

    def at(field: str, axis: str):
        channel = alt.X if axis == "x" else alt.Y
        return channel(f"{field}:Q", scale=None, axis=None)

    tooltip = [
        alt.Tooltip("head:N", title=head_title),
        alt.Tooltip("row:N", title=row_title),
        alt.Tooltip("col:N", title=col_title),
        alt.Tooltip("value:Q", title=value_title, format=".3f"),
    ]
    scale = color_scale("weights") if domain is None else color_scale("signed", domain)
    base = alt.Chart()
    rect = base.mark_rect(stroke="white", strokeWidth=0.5).encode(
        x=at("x", "x"),
        x2="x2:Q",
        y=at("y", "y"),
        y2="y2:Q",
        color=alt.Color(
            "value:Q",
            scale=scale,
            title=value_title,
            legend=alt.Legend(
                orient="top",
                direction="horizontal",
                gradientLength=GRADIENT[large],
                titleOrient="left",
                titleAnchor="middle",
                offset=4,
            ),
        ),
        tooltip=tooltip,
    )
    layers = [rect]
    if focus:  # the followed token's row in every panel
        layers.append(
            base.transform_filter("datum.focus && datum.j == 0")
            .mark_rect(filled=False, stroke=FOCUS_COLOR, strokeWidth=2)
            .encode(x=at("px", "x"), x2="pr:Q", y=at("y", "y"), y2="y2:Q", tooltip=alt.value(None))
        )
    if numbers:
        layers.append(
            base.transform_filter(f"cell >= {NUMBER_CELL[large]}")
            .mark_text(fontSize=NUMBER_FONT[large])
            .encode(
                x=at("cx", "x"),
                y=at("cy", "y"),
                text="text:N",
                color=alt.Color("ink:N", scale=None),
                tooltip=tooltip,
            )
        )
    names = base.transform_filter("datum.i == 0 && datum.j == 0").mark_text(
        align="left", baseline="bottom", fontWeight="bold", fontSize=font, color="#262730", dy=-5
    )
    layers.append(names.encode(x=at("px", "x"), y=at("py", "y"), text="head:N"))
    label = {"fontSize": font, "color": "#31333f"}
    left = base.transform_filter("lab > 0 && datum.j == 0 && datum.hi % k == 0").mark_text(
        align="right", baseline="middle", dx=-5, limit=LABEL_W[large] - 8, **label
    )
    layers.append(left.encode(x=at("px", "x"), y=at("cy", "y"), text="row:N"))
    under = base.transform_filter(f"lab > 0 && datum.i == 0 && datum.hi + k >= {heads}")
    under = under.mark_text(
        align="right", baseline="middle", angle=315, dy=6, limit=KEY_LABELS_H[large], **label
    )
    layers.append(under.encode(x=at("cx", "x"), y=at("pb", "y"), text="col:N"))

    step = f"({title_h} + {rows} * cell + {ROW_GAP})"  # from one row of panels to the next
    chart = (
        alt.layer(*layers, data=NO_DATA)
        .add_params(
            *_grid_params(heads, rows, cols, most, large),
            alt.param(
                name="grid_h",
                expr=f"panel_rows * {step} + (lab > 0 ? {KEY_LABELS_H[large]} : 0)",
            ),
        )
        .transform_calculate(
            px=f"lab + (datum.hi % k) * ({cols} * cell + {GAP})",
            py=f"{title_h} + floor(datum.hi / k) * {step}",
        )
        .transform_calculate(
            x="datum.px + datum.j * cell",
            y="datum.py + datum.i * cell",
            pr=f"datum.px + {cols} * cell",
            pb=f"datum.py + {rows} * cell",
        )
        .transform_calculate(
            x2="datum.x + cell",
            y2="datum.y + cell",
            cx="datum.x + cell / 2",
            cy="datum.y + cell / 2",
        )
        .resolve_scale(color="independent")
        .properties(height=10, autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
    )
    return chart


def head_names(n_heads: int, text: Text) -> list[str]:
    return [text("common.head_n", i=i) for i in range(1, n_heads + 1)]


def _grid(
    m: np.ndarray,  # [h, r, c]
    rows,
    cols,
    text: Text,
    *,
    titles: tuple[str, ...],
    focus: int | None,
    names: list[str] | None,
    most: int,
    numbers: bool,
    domain: tuple[float, float] | None,
    large: bool,
) -> list[Figure]:
    names = names or head_names(m.shape[0], text)
    row_title, col_title, value_title = (text(key) for key in titles)
    spec = grid_layout(
        numbers=numbers,
        focus=focus is not None,
        large=large,
        heads=m.shape[0],
        rows=m.shape[1],
        cols=m.shape[2],
        most=most,
        domain=domain,
        row_title=row_title,
        col_title=col_title,
        value_title=value_title,
        head_title=text("common.head"),
    )
    columns = _heads_columns(m, rows, cols, names)
    columns["focus"] = columns["i"] == (-1 if focus is None else focus)
    if numbers:
        columns["text"] = fixed(columns["value"], 2)
        columns["ink"] = ink(columns["value"], "weights", (0.0, 1.0))
    return [Figure(spec, table(columns))]


def head_maps(
    weights: np.ndarray,  # [h, n, n]  every head; every row sums to 1
    labels,
    text: Text,
    focus: int | None = None,  # the row to outline: the followed token's
    names: list[str] | None = None,  # the panels' titles: "Head 1", … by default
    large: bool = False,  # the presenter view
) -> list[Figure]:
    """The heads' attention maps, one panel each of one chart, on viridis over [0, 1]."""
    labels = chart_labels(labels)
    return _grid(
        weights,
        labels,
        labels,
        text,
        titles=("common.query", "common.key", "common.weight"),
        focus=focus,
        names=names,
        most=MAPS_IN_A_ROW,
        numbers=weights.shape[1] <= 12,
        domain=None,
        large=large,
    )


def head_outputs(
    outputs: np.ndarray,  # [h, n, d_v]  every head, cut to the dimensions to draw
    labels,
    dims,
    text: Text,
    focus: int | None = None,  # the row to outline: the followed token's
    large: bool = False,  # the presenter view
) -> list[Figure]:
    """The heads' output vectors, one panel each of one chart, diverging around 0.

    Every panel spans the same ±round_bound of the largest magnitude of all heads.
    """
    return _grid(
        outputs,
        chart_labels(labels),
        dims,
        text,
        titles=("common.token", "common.dim", "common.value"),
        focus=focus,
        names=None,
        most=OUTPUTS_IN_A_ROW,
        numbers=False,
        domain=signed_domain(outputs),
        large=large,
    )
