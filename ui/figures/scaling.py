"""Charts of the Scaling page (step 2): the footnote-4 experiment and one row's weights.

Colours: scaled scores are blue and raw (unscaled) scores vermillion (ui.charts' palette).
A chart with many texts takes the text catalogue's lookup (``text``, ui.i18n.t) and
fetches its own titles, so the page passes only the data.
"""

from __future__ import annotations

import altair as alt
import numpy as np

from core import Footnote4
from ui.charts import (
    MARK_COLOR,
    NO_DATA,
    RAW_COLOR,
    SCALED_COLOR,
    Figure,
    Text,
    bars,
    layout,
    row_height,
    table,
)

# Streamlit fits the whole chart (axes and legend included) into the height.
HEIGHT = 400


def d_ticks(dmin: int, dmax: int, every: int = 2) -> list[int]:
    """The ticks of a dimension's log₂ axis: every ``every``-th power of two (1, 4, 16, …)."""
    return [2**e for e in range(0, 11, every) if dmin <= 2**e <= dmax]


def d_axis(domain: list[int], ticks: list[int], title: str) -> alt.X:
    """A dimension on a log₂ axis over ``domain``, labelled at ``ticks`` (see d_ticks)."""
    return alt.X(
        "d:Q",
        title=title,
        scale=alt.Scale(type="log", base=2, domain=domain, nice=False),
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


def _columns(dims, raw, scaled, raw_ref, scaled_ref, current_d, raw_name, scaled_name, marker):
    """The columns (d, series, kind, measured, theory, current, marker), raw rows first."""
    dims = np.asarray(dims, dtype=int)
    m = len(dims)
    return {
        "d": np.concatenate([dims, dims]),
        "series": [raw_name] * m + [scaled_name] * m,
        "kind": ["raw"] * m + ["scaled"] * m,
        "measured": np.concatenate([raw, scaled]).astype(np.float64),
        "theory": np.concatenate([raw_ref, scaled_ref]).astype(np.float64),
        "current": np.concatenate([dims == current_d, dims == current_d]),
        "marker": marker,
    }


def _d_values(dims: np.ndarray) -> dict:
    """The values of a layout over these dimensions: the x axis's domain, ticks and end."""
    dmin, dmax = int(dims.min()), int(dims.max())
    return {"x_domain": [dmin, dmax], "x_ticks": d_ticks(dmin, dmax), "dmax": dmax}


@layout(
    "x_domain",
    "x_ticks",
    "dmax",
    "y_domain",
    "raw_name",
    "scaled_name",
    "x_title",
    "y_title",
    "theory",
)
def variance_layout(
    *,
    x_domain: list[int],
    x_ticks: list[int],
    dmax: int,
    y_domain: list[float],
    raw_name: str,
    scaled_name: str,
    x_title: str,
    y_title: str,
    theory: str,
) -> alt.LayerChart:
    x = d_axis(x_domain, x_ticks, x_title)
    y_scale = alt.Scale(type="log", base=10, domain=y_domain, nice=False)
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
    return alt.layer(*layers, data=NO_DATA).properties(height=HEIGHT)


def variance_chart(fn4: Footnote4, current_d: int, text: Text) -> Figure:
    """Measured Var(q·k) and Var(q·k/√d) against d on log–log axes, with y = d and y = 1."""
    dims = np.asarray(fn4.dims, dtype=int)
    raw, scaled = text("scaling.series_raw"), text("scaling.series_scaled")
    theory = (dims.astype(np.float64), np.ones(len(dims)))
    marker = text("scaling.marker", d=current_d)
    columns = _columns(dims, fn4.var_raw, fn4.var_scaled, *theory, current_d, raw, scaled, marker)
    spec = variance_layout(
        **_d_values(dims),
        y_domain=[0.5, 2.0 * int(dims.max())],
        raw_name=raw,
        scaled_name=scaled,
        x_title=text("scaling.x_dim"),
        y_title=text("scaling.y_var"),
        theory=text("scaling.theory"),
    )
    return Figure(spec, table(columns))


@layout("x_domain", "x_ticks", "dmax", "raw_name", "scaled_name", "x_title", "y_title")
def max_weight_layout(
    *,
    x_domain: list[int],
    x_ticks: list[int],
    dmax: int,
    raw_name: str,
    scaled_name: str,
    x_title: str,
    y_title: str,
) -> alt.LayerChart:
    x = d_axis(x_domain, x_ticks, x_title)
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
    return alt.layer(*layers, data=NO_DATA).properties(height=HEIGHT)


def max_weight_chart(fn4: Footnote4, current_d: int, text: Text) -> Figure:
    """Mean largest softmax weight of a row of n_keys random scores, raw and scaled, against d."""
    dims = np.asarray(fn4.dims, dtype=int)
    raw, scaled = text("scaling.col_w_raw"), text("scaling.col_w_scaled")
    uniform = np.full(len(dims), 1.0 / fn4.n_keys)
    marker = text("scaling.marker", d=current_d)
    w_raw, w_scaled = fn4.max_weight_raw, fn4.max_weight_scaled
    columns = _columns(dims, w_raw, w_scaled, uniform, uniform, current_d, raw, scaled, marker)
    columns["uniform"] = text("scaling.uniform", keys=fn4.n_keys)
    spec = max_weight_layout(
        **_d_values(dims),
        raw_name=raw,
        scaled_name=scaled,
        x_title=text("scaling.x_dim"),
        y_title=text("scaling.y_max_weight"),
    )
    return Figure(spec, table(columns))


def row_weights(weights, labels, *, value_title: str, label_title: str) -> Figure:
    """One attention row as horizontal bars (value written beside each), the largest in yellow."""
    w = np.asarray(weights, dtype=np.float64)
    return bars(
        w,
        labels,
        value_title=value_title,
        label_title=label_title,
        highlight=int(np.argmax(w)),
        height=row_height(len(w)),
    )
