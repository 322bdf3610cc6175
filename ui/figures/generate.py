"""Charts of the Generating page: one decoding step, and who reads which key/value head (its
costs: ui.figures.generate_cost).

A chart with many texts takes the catalogue's lookup (``text``, ui.i18n.t) and fetches its
own titles, so the page passes only the data.
"""

from __future__ import annotations

import altair as alt
import numpy as np

from ui.charts import (
    BLOCKED_COLOR,
    BLOCKED_INK,
    FOCUS_COLOR,
    MARK_COLOR,
    NO_DATA,
    NUMBERS_MAX_CELLS,
    OKABE_ITO,
    PRESENT_CELL,
    Categories,
    Figure,
    Text,
    cell_size,
    chart_labels,
    color_scale,
    fixed,
    ink,
    layout,
    signed_domain,
    stack,
    table,
    unique_labels,
)
from ui.charts.memo import remembered

DIMS_SHOWN = 8  # of a key, a query and a value in the step's table; the CSV has them all
NUMBERS_DIMS = 4  # numbers in the step's cells up to this many dimensions a side
LEGEND_PX = 110
GROUP_COLORS = tuple(c for c in OKABE_ITO if c != "#000000")  # black is the outline's
READERS_HEIGHT = 190


# ------------------------------------------------------------------------- one decoding step


@layout("rows", "cols", "height", "domain", "value_title", "weight_title", "row_title", "col_title")
def step_layout(
    *,
    numbers: bool,
    show_y: bool,
    angled: bool,  # the column labels slanted: too many to stand side by side
    rows: list[str],
    cols: list[str],
    height: int,
    domain: tuple[float, float],
    value_title: str,
    weight_title: str,
    row_title: str,
    col_title: str,
) -> alt.LayerChart:
    """Rows: the new query, the sentence's tokens, the output; columns: the key's
    dimensions, the weight, the value's. Signed numbers in blueorange, weights in viridis,
    rows not generated yet in grey; the row the step added to the cache outlined."""
    x = alt.X(
        "col:N",
        scale=alt.Scale(domain=cols),
        title=None,
        axis=alt.Axis(orient="top", labelAngle=-45 if angled else 0, labelLimit=90),
    )
    y = alt.Y(
        "row:N",
        scale=alt.Scale(domain=rows),
        title=None,
        axis=alt.Axis(labels=show_y, ticks=show_y, labelLimit=110, labelOverlap=True),
    )
    tooltip = [
        alt.Tooltip("row:N", title=row_title),
        alt.Tooltip("col:N", title=col_title),
        alt.Tooltip("text:N", title=value_title),
    ]
    base = alt.Chart().encode(x=x, y=y, tooltip=tooltip)

    def cells(kind: str, scale: alt.Scale, title: str) -> alt.Chart:
        # Two legends side by side below the table: short enough for a phone.
        legend = (
            None
            if numbers
            else alt.Legend(orient="bottom", direction="horizontal", gradientLength=LEGEND_PX)
        )
        return (
            base.transform_filter(f"datum.kind == '{kind}'")
            .mark_rect(stroke="white", strokeWidth=0.5)
            .encode(color=alt.Color("value:Q", scale=scale, title=title, legend=legend))
        )

    signed = cells("signed", color_scale("signed", domain), value_title)
    weight = cells("weight", color_scale("weights"), weight_title)
    future = base.transform_filter("datum.kind == 'future'").mark_rect(
        color=BLOCKED_COLOR, stroke="white", strokeWidth=0.5
    )
    outline = (
        base.transform_filter("datum.focus")
        .mark_rect(filled=False, stroke=FOCUS_COLOR, strokeWidth=2)
        .encode(tooltip=alt.value(None))
    )
    layers = [signed, weight, future, outline]
    if numbers:
        layers.append(base.mark_text().encode(text="text:N", color=alt.Color("ink:N", scale=None)))
    return (
        alt.layer(*layers, data=NO_DATA)
        .resolve_scale(color="independent")
        .properties(height=height, autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
    )


@remembered
def step_table(
    query: np.ndarray,  # [d_k]  the new token's query (one head)
    keys: np.ndarray,  # [t, d_k]  its key/value head's cache after the step
    weights: np.ndarray,  # [t]  the query's weight on each cached token
    values: np.ndarray,  # [t, d_v]
    output: np.ndarray,  # [d_v]  weights·V
    labels,  # [n]  the sentence's tokens
    *,
    scale_from: tuple[np.ndarray, ...],  # what the colours span: every step's numbers
    names: tuple[str, str, str],  # the query row's, the output row's, the weight column's
    titles: tuple[str, str, str, str],  # of a value, a weight, a row and a column
    present: bool = False,
) -> Figure:
    """One step as a table: the query row over the cached keys, each cached token's weight,
    the values they mix and the output under them; tokens still to come greyed."""
    t, n = len(weights), len(labels)
    d = min(DIMS_SHOWN, len(query))
    domain = signed_domain(np.concatenate([np.ravel(a) for a in scale_from]))
    # The whole grid, [n + 2, 2d + 1]: then only the cells that hold something are sent.
    value = np.full((n + 2, 2 * d + 1), np.nan)
    kind = np.full(value.shape, "", dtype=object)
    k, w, v = slice(0, d), d, slice(d + 1, 2 * d + 1)
    value[0, k], kind[0, k] = query[:d], "signed"
    value[1 : t + 1, k], value[1 : t + 1, w], value[1 : t + 1, v] = (
        keys[:, :d],
        weights,
        values[:, :d],
    )
    kind[1 : t + 1, :] = "signed"
    kind[1 : t + 1, w] = "weight"
    kind[t + 1 : n + 1, :] = "future"
    value[n + 1, v], kind[n + 1, v] = output[:d], "signed"
    kept = (kind != "").ravel()
    i, j = (a.ravel()[kept] for a in np.indices(value.shape))
    value, kind = value.ravel()[kept], kind.ravel()[kept]
    signed, weight = kind == "signed", kind == "weight"
    ink_ = np.full(len(value), BLOCKED_INK, dtype=object)
    ink_[signed] = ink(value[signed], "signed", domain)
    ink_[weight] = ink(value[weight], "weights", (0.0, 1.0))
    query_name, output_name, weight_name = names
    rows = unique_labels([query_name, *chart_labels(labels), output_name])
    cols = [f"k{c}" for c in range(1, d + 1)] + [weight_name]
    cols += [f"v{c}" for c in range(1, d + 1)]
    columns = {
        "row": Categories(i, rows),
        "col": Categories(j, cols),
        "value": value,
        "text": np.where(kind == "future", "", fixed(np.nan_to_num(value), 2)),
        "ink": ink_,
        "kind": kind,
        "focus": i == t,  # the row this step appended to the cache
    }
    numbers = d <= NUMBERS_DIMS and n <= NUMBERS_MAX_CELLS
    cell = PRESENT_CELL if present and numbers else cell_size(n + 2)
    spec = step_layout(
        numbers=numbers,
        show_y=n + 2 <= 66,
        angled=2 * d + 1 > 9,
        rows=rows,
        cols=cols,
        height=cell * (n + 2),
        domain=domain,
        value_title=titles[0],
        weight_title=titles[1],
        row_title=titles[2],
        col_title=titles[3],
    )
    return Figure(spec, table(columns))


# ---------------------------------------------------------------------- who reads what


@layout("x_domain", "domain", "colors", "size", "height", "tip_title")
def readers_layout(
    *,
    x_domain: list[float],
    domain: list[str],
    colors: list[str],
    size: int,
    height: int,
    tip_title: str,
) -> alt.LayerChart:
    """Query heads in a row above, key/value heads below, a line from each query head to
    the key/value head it reads; each group in its own colour."""
    x = alt.X("x:Q", axis=None, scale=alt.Scale(domain=x_domain, nice=False, zero=False))
    y = alt.Y("y:Q", axis=None, scale=alt.Scale(domain=[-1.0, 2.0]))
    color = alt.Color("group:N", scale=alt.Scale(domain=domain, range=colors), legend=None)
    tip = [alt.Tooltip("tip:N", title=tip_title)]
    edges = (
        alt.Chart()
        .transform_filter("datum.kind == 'edge'")
        .mark_rule(strokeWidth=2, opacity=0.8)
        .encode(x=x, y=y, x2="x2:Q", y2="y2:Q", color=color, tooltip=tip)
    )
    nodes = alt.Chart().transform_filter("datum.kind == 'node'")
    boxes = nodes.mark_point(shape="square", filled=True, opacity=1, size=size).encode(
        x=x, y=y, color=color, tooltip=tip
    )
    # Every layer's y without an axis: one layer with an axis beside layers without makes
    # Vega-Lite 6 fail to draw anything.
    label_y = alt.Y("label_y:Q", axis=None, scale=alt.Scale(domain=[-1.0, 2.0]))
    names = nodes.mark_text(baseline="middle").encode(x=x, y=label_y, text="label:N", tooltip=tip)
    titles = (
        alt.Chart()
        .transform_filter("datum.kind == 'title'")
        .mark_text(align="left", fontWeight="bold", color=MARK_COLOR)
        .encode(x=x, y=y, text="label:N")
    )
    return alt.layer(edges, boxes, names, titles, data=NO_DATA).properties(
        height=height, autosize=alt.AutoSizeParams(type="fit-x", contains="padding")
    )


def readers(kv_head: np.ndarray, text: Text) -> Figure:  # [h] int: the head each one reads
    """Which key/value head each query head reads: h boxes above, g below, a line each."""
    h = len(kv_head)
    g = int(kv_head.max()) + 1
    group = h // g
    qx = np.arange(h) + 0.5
    kx = np.arange(g) * group + group / 2
    groups = [str(j + 1) for j in range(g)]
    q_tip = [text("generate.tip_reads", i=i + 1, j=j + 1) for i, j in enumerate(kv_head)]
    kv_tip = [text("generate.tip_serves", j=j + 1, k=group) for j in range(g)]
    parts = [
        {
            "kind": "node",
            "x": qx,
            "y": 1.0,
            "x2": qx,
            "y2": 1.0,
            "label": [str(i + 1) for i in range(h)],
            "label_y": 1.42,
            "group": np.array([groups[j] for j in kv_head], dtype=object),
            "tip": np.array(q_tip, dtype=object),
        },
        {
            "kind": "node",
            "x": kx,
            "y": 0.0,
            "x2": kx,
            "y2": 0.0,
            "label": np.array(groups, dtype=object),
            "label_y": -0.42,
            "group": np.array(groups, dtype=object),
            "tip": np.array(kv_tip, dtype=object),
        },
        {
            "kind": "edge",
            "x": qx,
            "y": 1.0,
            "x2": kx[kv_head],
            "y2": 0.0,
            "label": "",
            "label_y": 0.0,
            "group": np.array([groups[j] for j in kv_head], dtype=object),
            "tip": np.array(q_tip, dtype=object),
        },
        {
            "kind": "title",
            "x": np.array([0.0, 0.0]),
            "y": np.array([1.8, -0.8]),
            "x2": np.array([0.0, 0.0]),
            "y2": np.array([0.0, 0.0]),
            "label": np.array(
                [text("generate.top_row", h=h), text("generate.bottom_row", g=g)], dtype=object
            ),
            "label_y": 0.0,
            "group": "",
            "tip": "",
        },
    ]
    side = int(min(22, max(8, 300 // h)))
    spec = readers_layout(
        x_domain=[0.0, float(h)],
        domain=groups,
        colors=[GROUP_COLORS[j % len(GROUP_COLORS)] for j in range(g)],
        size=side * side,
        height=READERS_HEIGHT,
        tip_title=text("generate.tip_title"),
    )
    return Figure(spec, table(stack(parts)))
