"""The chart toolkit: every figure is a cached Vega-Lite layout plus this run's data.

Building an Altair chart validates it against the Vega-Lite schema, which costs far more
than the data; a slider move changes only the data, so each layout is built once per
shape and set of texts (lru-cached) and every run sends only a tidy DataFrame.

Colour rules: weights in [0, 1] use viridis on a fixed [0, 1] domain (so two maps can be
compared by eye); signed values use the colour-blind-safe diverging "blueorange" centred
on 0, over a symmetric domain ±B where B is the largest magnitude rounded up to a round
number (see round_bound). Masked cells (-inf) are grey and labelled −∞. Lines and bars
take colours from the Okabe–Ito palette, which every common colour blindness tells apart.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import altair as alt
import numpy as np
import pandas as pd

from core.tokens import plain_label, unique_labels

# A figure with many texts takes the catalogue's lookup (ui.i18n.t) and fetches its own
# titles: a text key and its values -> the text in the page's language.
Text = Callable[..., str]

# Palette
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000")
SCALED_COLOR = OKABE_ITO[0]  # scores divided by √d_k: blue
RAW_COLOR = OKABE_ITO[5]  # raw scores: vermillion
MARK_COLOR = "#555555"  # rules and labels that mark the current setting
BAR = "#3b528b"  # viridis blue
HIGHLIGHT = "#fde725"  # viridis yellow
ALLOWED_COLOR = "#21918c"  # viridis' middle: clearly apart from the grey of blocked cells
BLOCKED_COLOR = "#d9d9d9"  # masked (−∞) cells
BLOCKED_INK = "#333333"
FOCUS_COLOR = "#000000"  # the outline of the followed token's row: apart from every scale

NUMBERS_MAX_CELLS = 12  # print numbers in cells when both sides are at most this
CELL = 34  # pixels per cell for small matrices
AXIS_LABELS_MAX = 32  # past this many columns a label per column is only clutter
MASKED = "−∞"
NO_DATA = pd.DataFrame()  # layouts are built without data; each run supplies its own
# The steps of a round bound, per power of ten: each at most 1.33× the one before, so the
# largest value still reaches three quarters of the way to the end of the colour scale.
ROUND_STEPS = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
DARK_BELOW = 0.55  # viridis is dark below 55 % of its range: white ink there
DARK_BEYOND = 0.6  # blueorange is dark beyond 60 % of its bound on either side


@dataclass(frozen=True)
class Figure:
    """A Vega-Lite spec made once per layout (cached) plus this run's data."""

    spec: dict
    data: pd.DataFrame


def chart_config(present: bool) -> dict:
    """The type sizes every chart is drawn with: the usual ones, or a projector's (the
    presenter view), where a number in a cell must be legible from the back of a room."""
    size = (
        {"text": 18, "label": 16, "title": 17}
        if present
        else {"text": 11, "label": 11, "title": 12}
    )
    return {
        "text": {"fontSize": size["text"]},
        "axis": {"labelFontSize": size["label"], "titleFontSize": size["title"]},
        "legend": {"labelFontSize": size["label"], "titleFontSize": size["title"]},
        "header": {"labelFontSize": size["title"]},
        "title": {"fontSize": size["title"] + 2},
    }


CONFIGS = {present: chart_config(present) for present in (False, True)}
PRESENT_CELL = 52  # pixels per cell in the presenter view: room for 18 px numbers


def layout(chart: alt.TopLevelMixin) -> dict:
    """An Altair chart's spec without its data or theme, ready to take any data frame."""
    with alt.data_transformers.disable_max_rows():
        spec = chart.to_dict()
    for key in ("data", "datasets", "config"):
        spec.pop(key, None)
    return spec


def round_bound(x: float) -> float:
    """The smallest round number ≥ |x| (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k); 1 for 0.

    A signed colour scale spans ±round_bound(max |value|): a slider move that changes the
    values a little keeps the same scale, so a cell's colour moves with its own value
    (not with a new scale), and the chart's layout, cached per bound, is not sent anew.
    """
    x = abs(float(x))
    if not np.isfinite(x) or x == 0.0:
        return 1.0
    if not 1e-300 < x < 1e300:  # where a power of ten under- or overflows: kept as it is
        return x
    power = 10.0 ** np.floor(np.log10(x))
    # Rounding error in x / power must not push an exact step (0.3 = 3 × 0.1) to the next.
    bound = next(step * power for step in ROUND_STEPS if x <= step * power * (1 + 1e-12))
    return float(f"{bound:.12g}")  # 0.3, not 0.30000000000000004


def signed_domain(values: np.ndarray) -> tuple[float, float]:
    """±round_bound of the largest finite magnitude: 0 sits at the scale's neutral middle."""
    finite = np.asarray(values, dtype=np.float64)
    finite = finite[np.isfinite(finite)]
    bound = round_bound(np.abs(finite).max() if finite.size else 0.0)
    return (-bound, bound)


def color_scale(kind: str, domain: tuple[float, float] | None = None) -> alt.Scale:
    """ "weights": viridis on [0, 1]; "signed": blueorange centred on 0; "plain": viridis."""
    if kind == "weights":
        return alt.Scale(scheme="viridis", domain=list(domain or (0.0, 1.0)))
    if kind == "signed":
        return alt.Scale(
            scheme="blueorange", domainMid=0, **({"domain": list(domain)} if domain else {})
        )
    return alt.Scale(scheme="viridis", **({"domain": list(domain)} if domain else {}))


def ink(values: np.ndarray, kind: str, domain: tuple[float, float]) -> np.ndarray:
    """The text colour that stays legible on each cell's colour: white on dark, black on light."""
    v = np.asarray(values, dtype=np.float64)
    lo, hi = domain
    with np.errstate(invalid="ignore"):
        if kind == "signed":
            dark = np.abs(v) > DARK_BEYOND * max(abs(lo), abs(hi))
        else:
            dark = v < lo + DARK_BELOW * ((hi - lo) or 1.0)
    return np.where(np.isnan(v), BLOCKED_INK, np.where(dark, "white", "black"))


def cell_size(n: int) -> int:
    """Pixels per cell of an n-row matrix: full size while numbers are printed, then smaller."""
    return CELL if n <= NUMBERS_MAX_CELLS else max(8, min(CELL, 480 // n))


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
) -> dict:
    """The x (keys, columns) and y (queries, rows) encodings of a matrix of labelled cells.

    Cells are ordered by their i/j columns, so labels may be anything (repeated tokens are
    told apart by unique_labels); a label per row and column while they fit.
    """
    size = {"labelFontSize": font_size} if font_size else {}
    return {
        "x": alt.X(
            "col:N",
            sort=alt.EncodingSortField(field="j", op="min"),
            title=col_title,
            axis=alt.Axis(
                labelAngle=-45,
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


def chart_labels(labels) -> list[str]:
    """Axis labels: each token as text that needs no emoji font (see plain_label), repeated
    ones told apart. Tables and pickers show the tokens themselves."""
    return unique_labels(plain_label(str(label)) for label in labels)


def fixed(values, decimals: int) -> np.ndarray:
    """Numbers as text with ``decimals`` places; one that rounds to zero is "0.00", never
    "-0.00", which a student would read as a negative number."""
    v = np.asarray(values, dtype=np.float64)
    v = np.where(np.abs(v) < 0.5 * 10.0**-decimals, 0.0, v)
    return np.char.mod(f"%.{decimals}f", v)


def _cells(r: int, c: int, rows, cols) -> dict:
    # Labels as categories (codes into the label lists): far cheaper to build and to send
    # than a repeated string per cell. Labels are unique (chart_labels makes them so).
    i, j = np.repeat(np.arange(r), c), np.tile(np.arange(c), r)
    return {
        "row": pd.Categorical.from_codes(i, categories=list(rows)),
        "col": pd.Categorical.from_codes(j, categories=list(cols)),
        "i": i,
        "j": j,
    }


def cells_frame(m: np.ndarray, rows, cols) -> pd.DataFrame:
    """[r, c] -> tidy rows (row, col, i, j) for every cell, labels by position."""
    return pd.DataFrame(_cells(*np.shape(m), rows, cols))


def matrix_frame(m: np.ndarray, rows, cols, decimals: int = 2, **extra) -> pd.DataFrame:
    """[r, c] -> tidy rows (row, col, i, j, value, text, extra…); -inf becomes a missing
    value, shown as −∞."""
    flat = np.asarray(m, dtype=np.float64).ravel()
    finite = np.isfinite(flat)
    columns = _cells(*np.shape(m), rows, cols)
    columns["value"] = np.where(finite, flat, np.nan)
    columns["text"] = np.where(finite, fixed(np.where(finite, flat, 0.0), decimals), MASKED)
    return pd.DataFrame({**columns, **extra})


@dataclass(frozen=True)
class HeatmapLayout:
    """Everything a heatmap's spec depends on (hashable: the layout is cached on it)."""

    kind: str
    rows: int
    cols: int
    numbers: bool
    size: int
    row_title: str
    col_title: str
    value_title: str
    domain: tuple[float, float] | None
    legend: bool
    title: str | None
    focus: bool  # one row (the followed token's) is outlined


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


def focus_outline(base: alt.Chart, width: float = 2.0) -> alt.Chart:
    """An outline around the cells of the followed token's row (the rows with datum.focus),
    drawn over the cells so that no neighbour's edge covers it."""
    return (
        base.transform_filter("datum.focus")
        .mark_rect(filled=False, stroke=FOCUS_COLOR, strokeWidth=width)
        .encode(tooltip=alt.value(None))
    )


def _heatmap_layers(h: HeatmapLayout) -> list[alt.Chart]:
    """The coloured cells, the followed row's outline and, for small matrices, the numbers."""
    base = alt.Chart(NO_DATA).encode(
        **token_axes(
            row_title=h.row_title,
            col_title=h.col_title,
            show_x=h.cols <= AXIS_LABELS_MAX,
            show_y=h.rows <= 2 * AXIS_LABELS_MAX,
            overlap_x=h.cols > 16,
            overlap_y=h.rows > 32,
        )
    )
    tooltip = [
        alt.Tooltip("row:N", title=h.row_title or "row"),
        alt.Tooltip("col:N", title=h.col_title or "column"),
        alt.Tooltip("text:N", title=h.value_title),
    ]
    legend = alt.Legend(orient="right", gradientLength=max(60, min(h.size * h.rows, 200)))
    # invalid="show": a masked cell (no value, −∞) is drawn, in grey, rather than dropped.
    rect = base.mark_rect(stroke="white", strokeWidth=0.5, invalid="show").encode(
        color=alt.condition(
            "isValid(datum.value)",
            alt.Color(
                "value:Q",
                scale=color_scale(h.kind, h.domain),
                title=h.value_title,
                legend=legend if h.legend else None,
            ),
            alt.value(BLOCKED_COLOR),
        ),
        tooltip=tooltip,
    )
    layers = [rect, focus_outline(base)] if h.focus else [rect]
    if h.numbers:
        # The type size comes from the chart's config (chart_config), larger when presenting.
        text = base.mark_text().encode(
            text="text:N", color=alt.Color("ink:N", scale=None), tooltip=tooltip
        )
        layers.append(text)
    return layers


@functools.lru_cache(maxsize=512)
def _heatmap_layout(h: HeatmapLayout) -> dict:
    # The text layer's colour is literal (scale=None) and must not join the cells' scale.
    # The width is left to the container (width="stretch") so a matrix fits a phone as
    # well as a projector; the height is the cells' alone, so they stay roughly square.
    # "fit-x": without it Streamlit fits axes and all into that height, which squeezes a
    # 4-row matrix to half its cells and leaves a 2-row one no room at all.
    chart = (
        alt.layer(*_heatmap_layers(h))
        .resolve_scale(color="independent")
        .properties(
            height=h.size * h.rows, autosize=alt.AutoSizeParams(type="fit-x", contains="padding")
        )
    )
    return layout(chart.properties(title=h.title) if h.title else chart)


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
) -> Figure:
    """A matrix [r, c] as coloured cells with a tooltip; numbers printed in small matrices.

    kind: "weights" (viridis on [0, 1], the default), "signed" (blueorange centred on 0,
    symmetric) or "plain" (viridis on the data's range). numbers: None = only for small
    matrices; legend: None = only when no numbers are printed (they say it all, and the
    cells keep the width); focus: the row to outline (the followed token's). Draw it with
    ui.widgets.show_chart.
    """
    m = np.asarray(m, dtype=np.float64)
    r, c = m.shape
    if domain is None and kind == "signed":
        domain = signed_domain(m)
    finite = m[np.isfinite(m)]
    ink_domain = domain or (
        (0.0, 1.0) if kind == "weights" or not finite.size else (finite.min(), finite.max())
    )
    cells = np.where(np.isfinite(m), m, np.nan).ravel()
    df = matrix_frame(
        m,
        chart_labels(rows),
        chart_labels(cols),
        decimals,
        ink=ink(cells, kind, ink_domain),
        focus=np.repeat(np.arange(r) == (-1 if focus is None else focus), c),
    )
    if numbers is None:
        numbers = r <= NUMBERS_MAX_CELLS and c <= NUMBERS_MAX_CELLS
    h = HeatmapLayout(
        kind=kind,
        rows=r,
        cols=c,
        numbers=bool(numbers),
        size=int(cell or cell_size(r)),
        row_title=row_title,
        col_title=col_title,
        value_title=value_title,
        domain=tuple(float(v) for v in domain) if domain else None,
        legend=bool(not numbers if legend is None else legend),
        title=title,
        focus=focus is not None,
    )
    return Figure(_heatmap_layout(h), df)


@functools.lru_cache(maxsize=64)
def _bars_layout(
    value_title: str,
    label_title: str,
    domain: tuple[float, float] | None,
    ticks: tuple[float, ...],
    height: int,
    color: str,
) -> dict:
    flag = [False, True]
    base = alt.Chart().encode(
        x=alt.X(
            "value:Q",
            title=value_title,
            scale=alt.Scale(domain=list(domain), nice=False) if domain else alt.Undefined,
            axis=alt.Axis(values=list(ticks)) if ticks else alt.Undefined,
        ),
        y=alt.Y(
            "label:N",
            sort=alt.EncodingSortField(field="k", op="min"),
            title=label_title or None,
            axis=alt.Axis(labelLimit=170, labelOverlap=False),
        ),
        tooltip=[
            alt.Tooltip("label:N", title=label_title or " "),
            alt.Tooltip("text:N", title=value_title),
        ],
    )
    # The highlight is a colour scale on a boolean column, which keeps the spec free of
    # conditions (each alt.condition costs a full schema validation).
    bar = base.mark_bar().encode(
        color=alt.Color(
            "hl:N", scale=alt.Scale(domain=flag, range=[color, HIGHLIGHT]), legend=None
        ),
        stroke=alt.Stroke(
            "hl:N", scale=alt.Scale(domain=flag, range=["transparent", "black"]), legend=None
        ),
    )
    text = base.mark_text(align="left", dx=3).encode(text="text:N")
    return layout(alt.layer(bar, text, data=NO_DATA).properties(height=height))


def row_height(n: int) -> int:
    """Pixels for the n bars of one attention row and the axis below them."""
    return (22 if n <= 16 else 14) * n + 50  # long sentences: thinner bars


def bars(
    values,
    labels,
    *,
    value_title: str = "weight",
    label_title: str = "",
    domain: tuple[float, float] | None = (0.0, 1.0),
    ticks: tuple[float, ...] = (),
    highlight: int | None = None,
    decimals: int = 3,
    height: int | None = None,
    color: str = BAR,
) -> Figure:
    """Horizontal bars, one per label, the value written beside each; one may be highlighted.

    A fixed ``domain`` lets bars visibly grow and shrink as controls move; ``ticks`` picks
    the labelled values. The height includes the axis (Streamlit fits the axes inside it).
    """
    values = np.asarray(values, dtype=np.float64)
    df = pd.DataFrame(
        {
            "k": np.arange(len(values)),
            "label": chart_labels(labels),
            "value": values,
            "text": fixed(values, decimals),
            "hl": [i == highlight for i in range(len(values))],
        }
    )
    layout_args = (
        value_title,
        label_title,
        (float(domain[0]), float(domain[1])) if domain else None,
        tuple(map(float, ticks)),
        int(height or 60 + 24 * len(values)),
        color,
    )
    return Figure(_bars_layout(*layout_args), df)
