"""Chart builders: each takes arrays and labels, builds a tidy DataFrame, returns one chart.

Colour rules: weights in [0, 1] use viridis on a fixed [0, 1] domain (so two maps can be
compared by eye); signed values use the colour-blind-safe diverging "blueorange" centred
on 0. Masked cells (-inf) are grey and labelled −∞.
"""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd

NUMBERS_MAX_CELLS = 12  # print numbers in cells when both sides are at most this
CELL = 34  # pixels per cell for small matrices
AXIS_LABELS_MAX = 32  # past this many columns a label per column is only clutter
MASKED = "−∞"


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
    legend: bool = True,
) -> alt.LayerChart:
    """A matrix as coloured cells with a tooltip; numbers printed in small matrices.

    kind "weights": viridis on [0, 1]; "signed": blueorange centred on 0; "plain": viridis
    on the data's range.
    """
    m = np.asarray(m, dtype=np.float64)
    r, c = m.shape
    rows, cols = unique_labels(rows), unique_labels(cols)
    df = matrix_frame(m, rows, cols, decimals)
    finite = m[np.isfinite(m)]
    if numbers is None:
        numbers = r <= NUMBERS_MAX_CELLS and c <= NUMBERS_MAX_CELLS
    if kind == "weights":
        scale = alt.Scale(scheme="viridis", domain=list(domain or (0.0, 1.0)))
        lo, hi = domain or (0.0, 1.0)
        dark = df["value"] < lo + 0.55 * (hi - lo)  # viridis is dark at its low end
    elif kind == "signed":
        bound = float(np.max(np.abs(finite))) if finite.size else 1.0
        bound = bound or 1.0
        lo, hi = domain or (-bound, bound)
        scale = alt.Scale(scheme="blueorange", domain=[lo, hi], domainMid=0)
        dark = df["value"].abs() > 0.6 * max(abs(lo), abs(hi))  # dark at both ends
    else:
        lo = float(finite.min()) if finite.size else 0.0
        hi = float(finite.max()) if finite.size else 1.0
        scale = alt.Scale(scheme="viridis", domain=list(domain or (lo, hi if hi > lo else lo + 1)))
        dark = df["value"] < lo + 0.55 * ((hi - lo) or 1.0)
    # Text colour per cell, chosen against its fill so every number stays legible.
    df["ink"] = np.where(df["value"].isna(), "#333333", np.where(dark, "white", "black"))
    size = cell or (CELL if r <= NUMBERS_MAX_CELLS else max(8, min(CELL, 480 // r)))
    base = alt.Chart(df).encode(
        x=alt.X(
            "col:N",
            sort=cols,
            title=col_title,
            axis=alt.Axis(
                labelAngle=-45,
                labelLimit=90,
                labels=c <= AXIS_LABELS_MAX,
                ticks=c <= AXIS_LABELS_MAX,
            ),
        ),
        y=alt.Y(
            "row:N",
            sort=rows,
            title=row_title,
            axis=alt.Axis(labelLimit=90, labels=r <= 2 * AXIS_LABELS_MAX),
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
                legend=alt.Legend(orient="right", gradientLength=max(60, min(size * r, 200)))
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
                text="text:N",
                color=alt.Color("ink:N", scale=None),
                tooltip=tooltip,
            )
        )
    # The width is left to the container (st.altair_chart(width="stretch")) so a matrix
    # fits a phone as well as a projector; the height keeps cells roughly square.
    # The text layer's colour is literal (scale=None) and must not join the cells' scale.
    chart = alt.layer(*layers).resolve_scale(color="independent").properties(height=size * r)
    return chart.properties(title=title) if title else chart


def bars(
    values,
    labels,
    *,
    value_title: str = "weight",
    label_title: str = "",
    domain: tuple[float, float] | None = (0.0, 1.0),
    highlight: int | None = None,
    decimals: int = 3,
    height: int | None = None,
    color: str = "#3b528b",
) -> alt.LayerChart:
    """Horizontal bars, one per label, with the value written beside each bar."""
    labels = unique_labels(labels)
    values = np.asarray(values, dtype=np.float64)
    df = pd.DataFrame(
        {
            "label": labels,
            "value": values,
            "text": np.char.mod(f"%.{decimals}f", values),
            "hl": [i == highlight for i in range(len(labels))],
        }
    )
    x = alt.X(
        "value:Q",
        title=value_title,
        scale=alt.Scale(domain=list(domain)) if domain else alt.Undefined,
    )
    y = alt.Y("label:N", sort=labels, title=label_title)
    base = alt.Chart(df).encode(
        x=x,
        y=y,
        tooltip=[
            alt.Tooltip("label:N", title=label_title or " "),
            alt.Tooltip("text:N", title=value_title),
        ],
    )
    bar = base.mark_bar().encode(
        color=alt.condition("datum.hl", alt.value("#fde725"), alt.value(color)),
        stroke=alt.condition("datum.hl", alt.value("#000000"), alt.value(None)),
    )
    text = base.mark_text(align="left", dx=3, fontSize=11).encode(text="text:N")
    return alt.layer(bar, text).properties(height=height or max(80, 22 * len(labels)))
