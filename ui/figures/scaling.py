"""Charts of the Scaling page (step 2): the footnote-4 experiment and one row's weights.

Colours: scaled scores are blue and raw (unscaled) scores vermillion, a pair from the
colour-blind-safe Okabe-Ito palette. Each chart's layout depends only on its texts, so it
is built once (cached) and takes this run's data as a Figure (see ui.charts.Figure).
"""

from __future__ import annotations

import functools

import altair as alt
import numpy as np
import pandas as pd

from ui.charts import Figure, unique_labels

SCALED_COLOR = "#0072B2"
RAW_COLOR = "#D55E00"
MARK_COLOR = "#555555"
HIGHLIGHT_COLOR = "#fde725"  # viridis' top: the largest weight
BAR_COLOR = "#3b528b"
# Streamlit fits the whole chart (axes and legend included) into the height.
HEIGHT = 400
AXIS_HEIGHT = 50
NO_DATA = pd.DataFrame()  # layouts are built without data; each run supplies its own


def layout(chart: alt.TopLevelMixin) -> dict:
    """An Altair chart's spec without data or theme, ready to take any data frame."""
    with alt.data_transformers.disable_max_rows():
        spec = chart.to_dict()
    for key in ("data", "datasets", "config"):  # the data comes with each run
        spec.pop(key, None)
    return spec


def _d_axis(dmin: int, dmax: int, title: str) -> alt.X:
    ticks = [2**e for e in range(0, 11, 2) if dmin <= 2**e <= dmax]  # 1, 4, 16, …
    return alt.X(
        "d:Q",
        title=title,
        scale=alt.Scale(type="log", base=2, domain=[dmin, dmax], nice=False),
        axis=alt.Axis(values=ticks, format="d", labelFlush=True),
    )


def _series_colors(raw_name: str, scaled_name: str) -> alt.Color:
    return alt.Color(
        "series:N",
        title=None,
        scale=alt.Scale(domain=[raw_name, scaled_name], range=[RAW_COLOR, SCALED_COLOR]),
        legend=alt.Legend(orient="bottom", direction="vertical", labelLimit=320),
    )


def marker_layers(x: alt.X, rows: str, dmax: int) -> list[alt.Chart]:
    """A labelled vertical rule at the rows selected by the Vega expression ``rows``.

    The label sits right of the rule, or left of it at the last d so it stays inside.
    """
    marked = alt.Chart().transform_filter(rows)
    rule = marked.mark_rule(color=MARK_COLOR, strokeWidth=1.5).encode(x=x)
    texts = [
        marked.transform_filter(f"datum.d {test} {dmax}")
        .mark_text(align=align, baseline="top", dx=dx, dy=4, color=MARK_COLOR, fontWeight="bold")
        .encode(x=x, y=alt.value(0), text="marker:N")
        for test, align, dx in (("<", "left", 4), ("==", "right", -4))
    ]
    return [rule, *texts]


def _current_marker(x: alt.X, dmax: int) -> list[alt.Chart]:
    """The current d, marked once (on the raw series' row)."""
    return marker_layers(x, "datum.current && datum.kind == 'raw'", dmax)


def _frame(dims, raw, scaled, raw_ref, scaled_ref, current_d, raw_name, scaled_name, marker):
    """Tidy rows (d, series, kind, measured, theory, current, marker), raw rows first."""
    dims = np.asarray(dims, dtype=int)
    m = len(dims)
    return pd.DataFrame(
        {
            "d": np.concatenate([dims, dims]),
            "series": [raw_name] * m + [scaled_name] * m,
            "kind": ["raw"] * m + ["scaled"] * m,
            "measured": np.concatenate([raw, scaled]).astype(np.float64),
            "theory": np.concatenate([raw_ref, scaled_ref]).astype(np.float64),
            "current": np.concatenate([dims == current_d, dims == current_d]),
            "marker": marker,
        }
    )


@functools.lru_cache(maxsize=16)
def _variance_layout(
    dmin: int, dmax: int, raw_name: str, scaled_name: str, x_title: str, y_title: str, theory: str
) -> dict:
    x = _d_axis(dmin, dmax, x_title)
    y_scale = alt.Scale(type="log", base=10, domain=[0.5, 2.0 * dmax], nice=False)
    color = _series_colors(raw_name, scaled_name)
    tooltip = [
        alt.Tooltip("series:N", title=" "),
        alt.Tooltip("d:Q", title="d"),
        alt.Tooltip("measured:Q", title=y_title, format=".4f"),
        alt.Tooltip("theory:Q", title=theory, format="d"),
    ]
    # Theory on top of the measurements, in ink, so it stays visible where they agree.
    theory_lines = (
        alt.Chart()
        .mark_line(strokeDash=[5, 4], strokeWidth=1.2, color="#000000", opacity=0.75)
        .encode(x=x, y=alt.Y("theory:Q", scale=y_scale, title=y_title), detail="kind:N")
    )
    measured = (
        alt.Chart()
        .mark_line(point=alt.OverlayMarkDef(size=60, filled=True))
        .encode(
            x=x, y=alt.Y("measured:Q", scale=y_scale, title=y_title), color=color, tooltip=tooltip
        )
    )
    layers = [measured, theory_lines, *_current_marker(x, dmax)]
    return layout(alt.layer(*layers, data=NO_DATA).properties(height=HEIGHT))


def variance_chart(
    dims,
    var_raw,
    var_scaled,
    *,
    current_d: int,
    raw_name: str,
    scaled_name: str,
    x_title: str,
    y_title: str,
    theory_title: str,
    marker_label: str,
) -> Figure:
    """Measured Var(q·k) and Var(q·k/√d) against d on log–log axes, with y = d and y = 1."""
    dims = np.asarray(dims, dtype=int)
    df = _frame(
        dims,
        var_raw,
        var_scaled,
        dims.astype(np.float64),
        np.ones(len(dims)),
        current_d,
        raw_name,
        scaled_name,
        marker_label,
    )
    spec = _variance_layout(
        int(dims.min()), int(dims.max()), raw_name, scaled_name, x_title, y_title, theory_title
    )
    return Figure(spec, df)


@functools.lru_cache(maxsize=16)
def _max_weight_layout(
    dmin: int, dmax: int, raw_name: str, scaled_name: str, x_title: str, y_title: str
) -> dict:
    x = _d_axis(dmin, dmax, x_title)
    y = alt.Y("measured:Q", title=y_title, scale=alt.Scale(domain=[0, 1]))
    tooltip = [
        alt.Tooltip("series:N", title=" "),
        alt.Tooltip("d:Q", title="d"),
        alt.Tooltip("measured:Q", title=y_title, format=".4f"),
    ]
    raw_rows = alt.Chart().transform_filter("datum.kind == 'raw'")
    floor = raw_rows.mark_line(color=MARK_COLOR, strokeDash=[2, 3], strokeWidth=1).encode(
        x=x, y="theory:Q"
    )
    floor_text = (
        raw_rows.transform_filter(f"datum.d == {dmax}")
        .mark_text(align="right", baseline="bottom", dy=-3, color=MARK_COLOR)
        .encode(x=x, y="theory:Q", text="uniform:N")
    )
    measured = (
        alt.Chart()
        .mark_line(point=alt.OverlayMarkDef(size=60, filled=True))
        .encode(x=x, y=y, color=_series_colors(raw_name, scaled_name), tooltip=tooltip)
    )
    layers = [floor, floor_text, measured, *_current_marker(x, dmax)]
    return layout(alt.layer(*layers, data=NO_DATA).properties(height=HEIGHT))


def max_weight_chart(
    dims,
    w_raw,
    w_scaled,
    *,
    n_keys: int,
    current_d: int,
    raw_name: str,
    scaled_name: str,
    x_title: str,
    y_title: str,
    uniform_label: str,
    marker_label: str,
) -> Figure:
    """Mean largest softmax weight of a row of n_keys random scores, raw and scaled, against d."""
    dims = np.asarray(dims, dtype=int)
    uniform = np.full(len(dims), 1.0 / n_keys)
    df = _frame(
        dims, w_raw, w_scaled, uniform, uniform, current_d, raw_name, scaled_name, marker_label
    )
    df["uniform"] = uniform_label
    spec = _max_weight_layout(
        int(dims.min()), int(dims.max()), raw_name, scaled_name, x_title, y_title
    )
    return Figure(spec, df)


@functools.lru_cache(maxsize=64)
def _row_layout(height: int, value_title: str, label_title: str) -> dict:
    tooltip = [
        alt.Tooltip("label:N", title=label_title),
        alt.Tooltip("text:N", title=value_title),
    ]
    base = alt.Chart().encode(
        x=alt.X("value:Q", title=value_title, scale=alt.Scale(domain=[0, 1])),
        y=alt.Y(
            "label:N",
            sort=alt.EncodingSortField(field="i", op="min"),
            title=None,
            axis=alt.Axis(labelLimit=90, labelOverlap=False),
        ),
        tooltip=tooltip,
    )
    bar = base.mark_bar().encode(
        color=alt.condition("datum.top", alt.value(HIGHLIGHT_COLOR), alt.value(BAR_COLOR)),
        stroke=alt.condition("datum.top", alt.value("#000000"), alt.value(None)),
    )
    text = base.mark_text(align="left", dx=3, fontSize=11).encode(text="text:N")
    return layout(alt.layer(bar, text, data=NO_DATA).properties(height=height))


def row_weights(weights, labels, *, value_title: str, label_title: str) -> Figure:
    """One attention row as horizontal bars (value written beside each), the largest in yellow."""
    w = np.asarray(weights, dtype=np.float64)
    n = len(w)
    df = pd.DataFrame(
        {
            "i": np.arange(n),
            "label": unique_labels(labels),
            "value": w,
            "text": np.char.mod("%.3f", w),
            "top": np.arange(n) == int(np.argmax(w)),
        }
    )
    height = (22 if n <= 16 else 14) * n + AXIS_HEIGHT  # long sentences: thinner bars
    return Figure(_row_layout(height, value_title, label_title), df)
