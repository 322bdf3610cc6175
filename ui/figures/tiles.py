"""Charts of the Softmax one tile at a time page: the row in tiles and the walk (the memory
each way: ui.figures.tiles_memory).

A chart with many texts takes the text catalogue's lookup (``text``, ui.i18n.t). −∞ (a
masked score, a running max before any allowed key) never reaches a chart: it becomes a
missing value, shown as −∞ in the text.
"""

from __future__ import annotations

import altair as alt
import numpy as np

from core.long_context.online_softmax import TileWalk
from ui.charts import (
    AXIS_LABELS_MAX,
    LABEL_SIZE,
    MARK_COLOR,
    MASKED,
    NO_DATA,
    OKABE_ITO,
    RAW_COLOR,
    SCALED_COLOR,
    Figure,
    Text,
    chart_labels,
    fixed,
    label_room,
    layout,
    level_labels,
    table,
)

ROW_HEIGHT = 400  # pixels of the row's bars, the axis and the legend below (presenter's too)
LINES_HEIGHT = 320
NUMBERS_MAX_KEYS = 16  # a score written on each bar up to this many keys
OUTPUT_DIMS = 6  # output components drawn over the steps (Okabe–Ito has 7 colours)
TILE_SHADES = ("#ececec", "#ffffff")  # behind the keys of odd and even tiles


def _finite(values) -> np.ndarray:
    """−∞ as a missing value (NaN): what Vega-Lite leaves out and the hostile test allows."""
    v = np.asarray(values, dtype=np.float64)
    return np.where(np.isfinite(v), v, np.nan)


@layout(
    "status_names",
    "y_domain",
    "x_title",
    "y_title",
    "status_title",
    "tile_title",
    "m_title",
    "columns",
    "room",
)
def row_layout(
    *,
    numbers: bool,
    show_x: bool,
    overlap: bool,  # labels may hide one another (past 16 keys: a label per key is clutter)
    status_names: list[str],  # walked, this tile, not yet
    y_domain: list[float],
    x_title: str,
    y_title: str,
    status_title: str,
    tile_title: str,
    m_title: str,
    columns: int,
    room: int,  # pixels a key needs for its label to stand level (ui.charts.label_room)
) -> alt.LayerChart:
    x = alt.X(
        "label:N",
        sort=alt.EncodingSortField(field="j", op="min"),
        title=x_title,
        axis=alt.Axis(
            labelLimit=90,
            labels=show_x,
            ticks=show_x,
            labelOverlap=overlap,
            **level_labels(columns, room),
        ),
    )
    scale = alt.Scale(domain=y_domain, nice=False)
    y = alt.Y("value:Q", title=y_title, scale=scale)
    tooltip = [
        alt.Tooltip("label:N", title=x_title),
        alt.Tooltip("tile:Q", title=tile_title),
        alt.Tooltip("text:N", title=y_title),
        alt.Tooltip("m_text:N", title=m_title),
    ]
    # Each tile's keys on a shade of their own, so the tiles read as groups.
    shade = (
        alt.Chart()
        .mark_rect()
        .encode(
            x=x,
            color=alt.Color("shade:N", scale=None),
            tooltip=tooltip,
        )
    )
    bars = (
        alt.Chart()
        .mark_bar()
        .encode(
            x=x,
            y=y,
            color=alt.Color(
                "status:N",
                title=status_title,
                scale=alt.Scale(domain=status_names, range=[SCALED_COLOR, RAW_COLOR, "#bbbbbb"]),
                legend=alt.Legend(orient="bottom", direction="horizontal", labelLimit=200),
            ),
            tooltip=tooltip,
        )
    )
    # The running max after each key's tile, as a black dash across the key.
    running = (
        alt.Chart()
        .transform_filter("isValid(datum.m)")
        .mark_tick(color="#000000", thickness=2)
        .encode(x=x, y=alt.Y("m:Q", title=y_title, scale=scale), tooltip=tooltip)
    )
    masked = (
        alt.Chart()
        .transform_filter("!isValid(datum.value)")
        .mark_text(color=MARK_COLOR, baseline="bottom", dy=-3)
        .encode(x=x, y=alt.datum(0), text="text:N")
    )
    layers = [shade, bars, running, masked]
    if numbers:
        for test, baseline, dy in ((">= 0", "bottom", -3), ("< 0", "top", 3)):
            layers.append(
                alt.Chart()
                .transform_filter(f"isValid(datum.value) && datum.value {test}")
                .mark_text(baseline=baseline, dy=dy)
                .encode(x=x, y=y, text="text:N")
            )
    return alt.layer(*layers, data=NO_DATA).properties(height=ROW_HEIGHT)


def tile_row(walk: TileWalk, labels: list[str], step: int, text: Text) -> Figure:
    """The followed query's scores as bars, key by key, grouped in tiles: the tiles walked,
    the tile of this step, the tiles still to come; and the running max m after each tile
    walked so far. ``walk``: one query's (tiled_attention(..., query=i))."""
    n = len(labels)
    tile = walk.tile_of  # [n]
    names = [text(f"tiles.status_{s}") for s in ("walked", "current", "later")]
    status = np.where(tile < step - 1, names[0], np.where(tile == step - 1, names[1], names[2]))
    m_key = np.where(tile < step, walk.m_after[tile], -np.inf)  # m after the key's tile
    data = table(
        {
            "j": np.arange(n),
            "label": chart_labels(labels),
            "tile": tile + 1,
            "shade": np.array(TILE_SHADES)[tile % 2],
            "status": status,
            "value": _finite(walk.scaled),
            "text": np.where(np.isfinite(walk.scaled), fixed(_nan0(walk.scaled), 2), MASKED),
            "m": _finite(m_key),
            "m_text": np.where(np.isfinite(m_key), fixed(_nan0(m_key), 3), "—"),
        }
    )
    spec = row_layout(
        y_domain=_room_for_numbers(walk.scaled),
        numbers=n <= NUMBERS_MAX_KEYS,
        show_x=n <= AXIS_LABELS_MAX,
        overlap=n > NUMBERS_MAX_KEYS,
        status_names=names,
        x_title=text("tiles.x_keys", tile=walk.tile),
        y_title=text("tiles.y_score"),
        status_title=text("tiles.status"),
        tile_title=text("tiles.status"),
        m_title=text("tiles.col_m"),
        columns=n,
        room=label_room(chart_labels(labels), LABEL_SIZE[True]),
    )
    return Figure(spec, data)


def _room_for_numbers(scores: np.ndarray) -> list[float]:
    """The score axis from the lowest to the highest score (and 0), with room beyond them
    for the numbers written on the bars."""
    finite = scores[np.isfinite(scores)]
    lo, hi = min(float(finite.min(initial=0.0)), 0.0), max(float(finite.max(initial=0.0)), 0.0)
    pad = 0.18 * ((hi - lo) or 1.0)
    return [lo - pad if lo < 0 else 0.0, hi + pad]


def _nan0(values) -> np.ndarray:
    v = np.asarray(values, dtype=np.float64)
    return np.where(np.isfinite(v), v, 0.0)


@layout("x_domain", "series_names", "x_title", "y_title", "series_title")
def steps_layout(
    *,
    reference: bool,
    x_domain: list[float],
    series_names: list[str],
    colors: tuple[str, ...],
    x_title: str,
    y_title: str,
    series_title: str,
) -> alt.LayerChart:
    x = alt.X(
        "step:Q",
        title=x_title,
        scale=alt.Scale(domain=x_domain, nice=False),
        axis=alt.Axis(tickMinStep=1, format="d"),
    )
    color = alt.Color(
        "series:N",
        title=series_title,
        sort=series_names,
        scale=alt.Scale(domain=series_names, range=list(colors)),
        legend=alt.Legend(orient="bottom", columns=4, labelLimit=200),
    )
    tooltip = [
        alt.Tooltip("series:N", title=series_title),
        alt.Tooltip("step:Q", title=x_title),
        alt.Tooltip("text:N", title=y_title),
    ]
    walked = alt.Chart().transform_filter("datum.kind == 'walk'")
    lines = walked.mark_line(point=alt.OverlayMarkDef(size=50, filled=True)).encode(
        x=x, y=alt.Y("value:Q", title=y_title), color=color, tooltip=tooltip
    )
    layers = [lines]
    if reference:  # the full softmax's answer, a dashed level line per component
        layers.append(
            alt.Chart()
            .transform_filter("datum.kind == 'full'")
            .mark_rule(strokeDash=[5, 4], strokeWidth=1.2)
            .encode(y=alt.Y("value:Q", title=y_title), color=color, tooltip=tooltip)
        )
    return alt.layer(*layers, data=NO_DATA).properties(height=LINES_HEIGHT)


def _steps_domain(n_tiles: int) -> list[float]:
    return [1.0, float(max(n_tiles, 2))]


def walk_lines(walk: TileWalk, step: int, text: Text) -> Figure:
    """The running max m and the running sum l after each tile walked so far."""
    names = [text("tiles.series_m"), text("tiles.series_l")]
    steps = np.arange(1, step + 1)
    m, l_sum = _finite(walk.m_after[:step]), walk.l_after[:step]
    values = np.concatenate([m, l_sum])
    data = table(
        {
            "step": np.concatenate([steps, steps]),
            "series": np.repeat(names, step),
            "kind": "walk",
            "value": values,
            "text": np.where(np.isfinite(values), fixed(_nan0(values), 4), MASKED),
        }
    )
    spec = steps_layout(
        reference=False,
        x_domain=_steps_domain(walk.n_tiles),
        series_names=names,
        colors=(SCALED_COLOR, RAW_COLOR),
        x_title=text("tiles.x_step"),
        y_title=text("tiles.y_running"),
        series_title=text("tiles.series"),
    )
    return Figure(spec, data)


def output_lines(walk: TileWalk, step: int, text: Text) -> Figure:
    """The running output o = acc / l, component by component (the first OUTPUT_DIMS),
    after each tile walked so far, and the full softmax's answer as dashed level lines."""
    shown = min(walk.v.shape[1], OUTPUT_DIMS)
    names = [text("tiles.component", c=c + 1) for c in range(shown)]
    out = walk.out_after[:step, :shown]  # [step, shown]
    steps = np.arange(1, step + 1)
    full = walk.full_output[:shown]
    values = np.concatenate([out.T.ravel(), full])
    data = table(
        {
            "step": np.concatenate([np.tile(steps, shown), np.ones(shown, dtype=int)]),
            "series": np.concatenate([np.repeat(names, step), names]),
            "kind": np.repeat(["walk", "full"], [shown * step, shown]),
            "value": values,
            "text": fixed(values, 4),
        }
    )
    spec = steps_layout(
        reference=True,
        x_domain=_steps_domain(walk.n_tiles),
        series_names=names,
        colors=OKABE_ITO[:shown],
        x_title=text("tiles.x_step"),
        y_title=text("tiles.y_output"),
        series_title=text("tiles.series_output"),
    )
    return Figure(spec, data)
