"""Chart builders: each takes arrays and labels, builds a tidy DataFrame, returns one chart.

Colour rules: weights in [0, 1] use viridis on a fixed [0, 1] domain (so two maps can be
compared by eye); signed values use the colour-blind-safe diverging "blueorange" centred
on 0, over a symmetric domain ±B where B is the largest magnitude rounded up to a round
number (see round_bound). Masked cells (-inf) are grey and labelled −∞.
"""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass

import altair as alt
import numpy as np
import pandas as pd

NUMBERS_MAX_CELLS = 12  # print numbers in cells when both sides are at most this
CELL = 34  # pixels per cell for small matrices
AXIS_LABELS_MAX = 32  # past this many columns a label per column is only clutter
MASKED = "−∞"
BAR = "#3b528b"  # viridis blue
HIGHLIGHT = "#fde725"  # viridis yellow
# The steps of a round bound, per power of ten: each at most 1.33× the one before, so the
# largest value still reaches three quarters of the way to the end of the colour scale.
ROUND_STEPS = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)


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


def unique_labels(labels) -> list[str]:
    """Make repeated tokens distinguishable on an axis: "the", "the (2)", …"""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        label = str(label)
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return out


def matrix_frame(m: np.ndarray, rows, cols, decimals: int = 2) -> pd.DataFrame:
    """[r, c] -> tidy rows (row, col, value, text); -inf becomes a missing value shown as −∞."""
    m = np.asarray(m, dtype=np.float64)
    r, c = m.shape
    flat = m.ravel()
    finite = np.isfinite(flat)
    text = np.where(finite, np.char.mod(f"%.{decimals}f", np.where(finite, flat, 0.0)), MASKED)
    return pd.DataFrame(
        {
            "row": np.repeat(np.asarray(rows, dtype=object), c),
            "col": np.tile(np.asarray(cols, dtype=object), r),
            "i": np.repeat(np.arange(r), c),
            "j": np.tile(np.arange(c), r),
            "value": np.where(finite, flat, np.nan),
            "text": text,
        }
    )


@dataclass(frozen=True)
class Figure:
    """A Vega-Lite spec made once per layout (cached) plus this run's data.

    Building an Altair chart validates it against the Vega-Lite schema, which costs far
    more than the data; a slider move changes only the data, so the layout is built once.
    """

    spec: dict
    data: pd.DataFrame

    def to_dict(self) -> dict:
        """The complete spec with the data inlined (what the browser draws)."""
        return {**copy.deepcopy(self.spec), "data": {"values": self.data.to_dict("records")}}


def layout(chart: alt.TopLevelMixin) -> dict:
    """An Altair chart's spec without its data or theme, ready to take any data frame."""
    with alt.data_transformers.disable_max_rows():
        spec = chart.to_dict()
    for key in ("data", "datasets", "config"):
        spec.pop(key, None)
    return spec


def _heatmap_chart(
    df: pd.DataFrame,
    *,
    kind: str,
    rows: int,
    cols: int,
    numbers: bool,
    size: int,
    row_title: str,
    col_title: str,
    value_title: str,
    domain: tuple[float, float] | None,
    legend: bool,
    title: str | None,
) -> alt.LayerChart:
    """The heatmap's layout; axes are ordered by the i/j columns so labels may be anything."""
    if kind == "weights":
        scale = alt.Scale(scheme="viridis", domain=list(domain or (0.0, 1.0)))
    elif kind == "signed":
        # Diverging, with 0 always at the neutral middle colour.
        scale = alt.Scale(
            scheme="blueorange", domainMid=0, **({"domain": list(domain)} if domain else {})
        )
    else:
        scale = alt.Scale(scheme="viridis", **({"domain": list(domain)} if domain else {}))
    show_x, show_y = cols <= AXIS_LABELS_MAX, rows <= 2 * AXIS_LABELS_MAX
    base = alt.Chart(df).encode(
        x=alt.X(
            "col:N",
            sort=alt.EncodingSortField(field="j", op="min"),
            title=col_title,
            axis=alt.Axis(
                labelAngle=-45,
                labelLimit=90,
                labels=show_x,
                ticks=show_x,
                labelOverlap=cols > 16,  # every token's label, while they fit
            ),
        ),
        y=alt.Y(
            "row:N",
            sort=alt.EncodingSortField(field="i", op="min"),
            title=row_title,
            axis=alt.Axis(labelLimit=90, labels=show_y, ticks=show_y, labelOverlap=rows > 32),
        ),
    )
    tooltip = [
        alt.Tooltip("row:N", title=row_title or "row"),
        alt.Tooltip("col:N", title=col_title or "column"),
        alt.Tooltip("text:N", title=value_title),
    ]
    rect = base.mark_rect(stroke="white", strokeWidth=0.5).encode(
        color=alt.condition(
            "isValid(datum.value)",
            alt.Color(
                "value:Q",
                scale=scale,
                title=value_title,
                legend=alt.Legend(orient="right", gradientLength=max(60, min(size * rows, 200)))
                if legend
                else None,
            ),
            alt.value("#d9d9d9"),
        ),
        tooltip=tooltip,
    )
    layers = [rect]
    if numbers:
        layers.append(
            base.mark_text(fontSize=11 if size >= CELL else 9).encode(
                text="text:N", color=alt.Color("ink:N", scale=None), tooltip=tooltip
            )
        )
    # The text layer's colour is literal (scale=None) and must not join the cells' scale.
    # The width is left to the container (width="stretch") so a matrix fits a phone as
    # well as a projector; the height is the cells' alone, so they stay roughly square.
    # "fit-x": without it Streamlit fits axes and all into that height, which squeezes a
    # 4-row matrix to half its cells and leaves a 2-row one no room at all.
    chart = (
        alt.layer(*layers)
        .resolve_scale(color="independent")
        .properties(
            height=size * rows, autosize=alt.AutoSizeParams(type="fit-x", contains="padding")
        )
    )
    return chart.properties(title=title) if title else chart


_EMPTY_MATRIX_FRAME = pd.DataFrame(
    {
        "row": pd.Series(dtype=str),
        "col": pd.Series(dtype=str),
        "i": pd.Series(dtype=int),
        "j": pd.Series(dtype=int),
        "value": pd.Series(dtype=float),
        "text": pd.Series(dtype=str),
        "ink": pd.Series(dtype=str),
    }
)


@functools.lru_cache(maxsize=512)
def _heatmap_layout(**params) -> dict:
    return layout(_heatmap_chart(_EMPTY_MATRIX_FRAME, **params))


def _prepare(
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
) -> tuple[pd.DataFrame, dict]:
    """The tidy frame (with a legible ink colour per cell) and the layout's parameters."""
    m = np.asarray(m, dtype=np.float64)
    r, c = m.shape
    df = matrix_frame(m, unique_labels(rows), unique_labels(cols), decimals)
    finite = m[np.isfinite(m)]
    if kind == "weights":
        lo, hi = domain or (0.0, 1.0)
        dark = df["value"] < lo + 0.55 * (hi - lo)  # viridis is dark at its low end
    elif kind == "signed":
        if domain is None:  # symmetric about 0: equal magnitudes, equal colour strength
            bound = round_bound(np.abs(finite).max() if finite.size else 0.0)
            domain = (-bound, bound)
        bound = max(map(abs, domain))
        dark = df["value"].abs() > 0.6 * bound  # blueorange is dark at both ends
    else:
        lo, hi = domain or ((finite.min(), finite.max()) if finite.size else (0.0, 1.0))
        dark = df["value"] < lo + 0.55 * ((hi - lo) or 1.0)
    df["ink"] = np.where(df["value"].isna(), "#333333", np.where(dark, "white", "black"))
    if numbers is None:
        numbers = r <= NUMBERS_MAX_CELLS and c <= NUMBERS_MAX_CELLS
    if legend is None:
        legend = not numbers  # printed numbers say it all; the cells keep the width
    size = cell or (CELL if r <= NUMBERS_MAX_CELLS else max(8, min(CELL, 480 // r)))
    layout = {
        "kind": kind,
        "rows": r,
        "cols": c,
        "numbers": bool(numbers),
        "size": int(size),
        "row_title": row_title,
        "col_title": col_title,
        "value_title": value_title,
        "domain": tuple(float(v) for v in domain) if domain else None,
        "legend": bool(legend),
        "title": title,
    }
    return df, layout


def heatmap(m: np.ndarray, rows, cols, **options) -> Figure:
    """A matrix [r, c] as coloured cells with a tooltip; numbers printed in small matrices.

    Options: kind "weights" (viridis on [0, 1], the default), "signed" (blueorange centred
    on 0) or "plain" (viridis on the data's range); row_title, col_title, value_title,
    numbers (None = only for small matrices), decimals, domain, cell (pixels), title,
    legend (None = only when no numbers are printed). Draw it with ui.widgets.show_chart.
    """
    df, params = _prepare(m, rows, cols, **options)
    return Figure(_heatmap_layout(**params), df)


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
    text = base.mark_text(align="left", dx=3, fontSize=11).encode(text="text:N")
    return layout(alt.layer(bar, text, data=pd.DataFrame()).properties(height=height))


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
            "label": unique_labels(labels),
            "value": values,
            "text": np.char.mod(f"%.{decimals}f", values),
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
