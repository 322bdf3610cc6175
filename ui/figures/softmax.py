"""Charts of the Softmax & sharpness page (step 3): sharpness against the model dimension.

Same colours as the Scaling page: scaled = blue, not scaled = vermillion (Okabe-Ito).
"""

from __future__ import annotations

import altair as alt
import numpy as np

from core import Sweep
from ui.charts import NO_DATA, RAW_COLOR, SCALED_COLOR, Figure, Text, layout, seed_band, table
from ui.figures.scaling import d_axis, d_ticks, marker_layers

HEIGHT = 290  # axes and legend included (Streamlit fits the whole chart)


@layout("x_domain", "x_ticks", "dmax", "on_name", "off_name", "x_title", "y_title", "band_title")
def sweep_layout(
    *,
    marked: bool,
    unit_interval: bool,
    x_domain: list[int],
    x_ticks: list[int],
    dmax: int,
    on_name: str,
    off_name: str,
    x_title: str,
    y_title: str,
    band_title: str,
) -> alt.LayerChart:
    x = d_axis(x_domain, x_ticks, x_title)
    y_scale = alt.Scale(domain=[0, 1]) if unit_interval else alt.Scale(zero=True)
    y = alt.Y("value:Q", title=y_title, scale=y_scale)
    series = alt.Scale(domain=[on_name, off_name], range=[SCALED_COLOR, RAW_COLOR])
    color = alt.Color(
        "series:N",
        title=None,
        scale=series,
        legend=alt.Legend(orient="top", direction="horizontal", labelLimit=260),
    )
    # The series of the current setting is solid, the other dashed (the legend says which).
    dash = alt.StrokeDash(
        "mine:N", scale=alt.Scale(domain=[True, False], range=[[1, 0], [6, 4]]), legend=None
    )
    tooltip = [
        alt.Tooltip("series:N", title=" "),
        alt.Tooltip("d:Q", title=x_title),
        alt.Tooltip("value:Q", title=y_title, format=".4f"),
        alt.Tooltip("low:Q", title=band_title, format=".4f"),
        alt.Tooltip("high:Q", title=" ", format=".4f"),
    ]
    lines = (
        alt.Chart()
        .mark_line(point=alt.OverlayMarkDef(size=40, filled=True))
        .encode(x=x, y=y, color=color, strokeDash=dash, tooltip=tooltip)
    )
    # The same colour (and legend) as the lines: one legend, not none.
    band = seed_band(x, ("low", "high"), y_scale, y_title, color, opacity=0.15)
    layers = [band, lines]
    if marked:  # a layer with no rows would only make Vega warn about an empty extent
        rows = "datum.current && datum.mine"
        ring = (
            alt.Chart()
            .transform_filter(rows)
            .mark_point(size=160, color="#000000", strokeWidth=1.5)
            .encode(x=x, y=y)
        )
        layers += [*marker_layers(x, rows, dmax), ring]
    return alt.layer(*layers, data=NO_DATA).properties(height=HEIGHT)


def sweep_chart(
    mine: Sweep,
    other: Sweep,
    field: str,
    *,
    current_d: int,
    scale_on: bool,
    on_name: str,
    off_name: str,
    x_title: str,
    y_title: str,
    band_title: str,
    marker_label: str,
    unit_interval: bool = False,
) -> Figure:
    """One sharpness measure against d_model: the student's scaling setting and the opposite,
    each the mean over several random models with their range as a band."""
    dims = np.asarray(mine.dims, dtype=int)
    m = len(dims)
    mine_name, other_name = (on_name, off_name) if scale_on else (off_name, on_name)
    data = table(
        {
            "d": np.concatenate([dims, dims]),
            "series": [mine_name] * m + [other_name] * m,
            "mine": [True] * m + [False] * m,
            "value": np.concatenate([mine.mean[field], other.mean[field]]).astype(np.float64),
            "low": np.concatenate([mine.low[field], other.low[field]]).astype(np.float64),
            "high": np.concatenate([mine.high[field], other.high[field]]).astype(np.float64),
            "current": np.concatenate([dims == current_d, dims == current_d]),
            "marker": marker_label,
        }
    )
    dmin, dmax = int(dims.min()), int(dims.max())
    spec = sweep_layout(
        marked=bool(current_d in dims),
        unit_interval=bool(unit_interval),
        x_domain=[dmin, dmax],
        x_ticks=d_ticks(dmin, dmax, every=1),
        dmax=dmax,
        on_name=on_name,
        off_name=off_name,
        x_title=x_title,
        y_title=y_title,
        band_title=band_title,
    )
    return Figure(spec, data)


# The four sweep panels: the measure, its text key, and whether it lies in [0, 1].
SWEEP_PANELS = (
    ("entropy_nats", "mean_entropy", False),
    ("effective_tokens", "mean_effective", False),
    ("max_weight", "mean_max", True),
    ("grad_norm", "mean_grad", False),
)


def sweep_charts(
    mine: Sweep, other: Sweep, *, current_d: int, scale_on: bool, text: Text
) -> list[tuple[str, Figure]]:
    """The four sharpness measures against d_model, each its own (key, chart).

    ``mine`` holds the measures with the student's scaling setting, ``other`` the opposite.
    """
    on_name, off_name = text("softmax.series_on"), text("softmax.series_off")
    if scale_on:
        on_name = text("softmax.series_current", name=on_name)
    else:
        off_name = text("softmax.series_current", name=off_name)
    return [
        (
            f"sweep_{field}",
            sweep_chart(
                mine,
                other,
                field,
                current_d=current_d,
                scale_on=scale_on,
                on_name=on_name,
                off_name=off_name,
                x_title=text("softmax.x_d_model"),
                y_title=text(f"softmax.{title}"),
                band_title=text("softmax.band", n=mine.n_seeds),
                marker_label=text("softmax.marker", d=current_d),
                unit_interval=unit,
            ),
        )
        for field, title, unit in SWEEP_PANELS
    ]
