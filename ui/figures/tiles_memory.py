"""The memory chart of the Softmax one tile at a time page: what a full softmax holds
against what the tiles hold, as the length grows to 128 k tokens."""

from __future__ import annotations

import altair as alt
import numpy as np

from core.generate.inference_cost import in_units
from core.long_context.tile_memory import TileMemory
from ui.charts import (
    MARK_COLOR,
    NO_DATA,
    RAW_COLOR,
    SCALED_COLOR,
    Figure,
    Text,
    layout,
    table,
)

MEMORY_HEIGHT = 440
# Lengths as 1, 8, …, 4k, 32k, 128k; sizes at 1 B, 1 KiB, 1 MiB, 1 GiB, as the texts say them.
K_LABELS = "datum.value >= 1024 ? datum.value / 1024 + 'k' : datum.value"
BYTE_TICKS = [1, 2**10, 2**20, 2**30]
BYTE_LABELS = (
    "datum.value >= 1073741824 ? datum.value / 1073741824 + ' GiB'"
    " : datum.value >= 1048576 ? datum.value / 1048576 + ' MiB'"
    " : datum.value >= 1024 ? datum.value / 1024 + ' KiB' : datum.value + ' B'"
)


def size_text(n_bytes: float) -> str:
    """A size as a student reads it: 324 B, 3 MiB, 64 GiB (inference_cost.in_units)."""
    value, unit = in_units(n_bytes)
    return f"{value:.0f} {unit}" if value >= 100 else f"{value:.3g} {unit}"


@layout("way_names", "scope_names", "x_domain", "x_ticks", "x_title", "y_title", "marker")
def memory_layout(
    *,
    way_names: list[str],  # full softmax, tiles
    scope_names: list[str],  # every query, one query
    x_domain: list[int],
    x_ticks: list[int],
    x_title: str,
    y_title: str,
    marker: str,
) -> alt.LayerChart:
    x = alt.X(
        "n:Q",
        title=x_title,
        scale=alt.Scale(type="log", base=2, domain=x_domain, nice=False),
        axis=alt.Axis(values=x_ticks, labelExpr=K_LABELS, labelFlush=True),
    )
    y = alt.Y(
        "bytes:Q",
        title=y_title,
        scale=alt.Scale(type="log"),
        axis=alt.Axis(values=BYTE_TICKS, labelExpr=BYTE_LABELS),
    )
    tooltip = [
        alt.Tooltip("way:N", title=" "),
        alt.Tooltip("scope:N", title=" "),
        alt.Tooltip("n:Q", title=x_title, format=","),
        alt.Tooltip("size:N", title=y_title),
    ]
    way_scale = alt.Scale(domain=way_names, range=[RAW_COLOR, SCALED_COLOR])
    lines = (
        alt.Chart()
        .mark_line()
        .encode(
            x=x,
            y=y,
            color=alt.Color(
                "way:N",
                title=None,
                sort=way_names,
                scale=way_scale,
                legend=alt.Legend(
                    orient="bottom", direction="vertical", labelLimit=320, symbolType="stroke"
                ),
            ),
            strokeDash=alt.StrokeDash(
                "scope:N",
                title=None,
                sort=scope_names,
                scale=alt.Scale(domain=scope_names, range=[[1, 0], [5, 4]]),
                # Long enough to show the dashes (the line's own points are a layer of
                # their own: a filled mark's legend draws its swatches with no stroke).
                legend=alt.Legend(
                    orient="bottom",
                    direction="vertical",
                    labelLimit=320,
                    symbolType="stroke",
                    symbolStrokeColor=MARK_COLOR,
                    symbolStrokeWidth=2,
                    symbolSize=400,
                ),
            ),
            detail="series:N",
            tooltip=tooltip,
        )
    )
    points = (
        alt.Chart()
        .mark_point(size=25, filled=True, opacity=1)
        .encode(x=x, y=y, color=alt.Color("way:N", legend=None, scale=way_scale),
                detail="series:N", tooltip=tooltip)
    )  # fmt: skip
    here = alt.Chart().transform_filter("datum.here")
    rule = here.mark_rule(color=MARK_COLOR, strokeWidth=1.5).encode(x=x)
    label = here.mark_text(
        align="left", baseline="top", dx=4, dy=4, color=MARK_COLOR, fontWeight="bold"
    ).encode(x=x, y=alt.value(0), text=alt.value(marker))
    return alt.layer(lines, points, rule, label, data=NO_DATA).properties(height=MEMORY_HEIGHT)


def memory_chart(mem: TileMemory, n: int, text: Text) -> Figure:
    """Bytes held by a full softmax and by the tiles against the length n (log–log): for
    every query (the n × n matrix) and for one query (its row)."""
    ways = [text("tiles.way_full"), text("tiles.way_tiles")]
    scopes = [text("tiles.scope_all"), text("tiles.scope_one")]
    series = (
        (ways[0], scopes[0], mem.full_bytes),
        (ways[1], scopes[0], mem.tiled_bytes),
        (ways[0], scopes[1], mem.full_row_bytes),
        (ways[1], scopes[1], mem.tiled_row_bytes),
    )
    lengths = mem.n.astype(np.int64)
    count = len(lengths)
    sizes = np.concatenate([b for *_, b in series]).astype(np.float64)
    # The sentence's own length, marked on the first series once (n may fall between points).
    here = np.zeros(4 * count + 1, dtype=bool)
    here[-1] = True
    data = table(
        {
            "n": np.concatenate([np.tile(lengths, 4), [n]]),
            "way": np.concatenate([np.repeat([w for w, _, _ in series], count), [ways[0]]]),
            "scope": np.concatenate([np.repeat([s for _, s, _ in series], count), [scopes[0]]]),
            "series": np.concatenate([np.repeat(np.arange(4), count), [4]]),
            "bytes": np.concatenate([sizes, [np.nan]]),
            "size": [size_text(b) for b in sizes] + [""],
            "here": here,
        }
    )
    spec = memory_layout(
        way_names=ways,
        scope_names=scopes,
        x_domain=[int(lengths[0]), int(lengths[-1])],
        x_ticks=[int(v) for v in (*lengths[:-1:3], lengths[-1])],
        x_title=text("tiles.x_n"),
        y_title=text("tiles.y_bytes"),
        marker=text("tiles.marker", n=n),
    )
    return Figure(spec, data)
