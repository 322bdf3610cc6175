"""Charts of the Q, K, V intuition page: one bar per film.

The layout depends only on the texts, so it is built once (cached) and takes this run's
data as a Figure (see ui.charts.Figure).
"""

from __future__ import annotations

import functools

import altair as alt
import numpy as np
import pandas as pd

from ui.charts import Figure, _layout, unique_labels

BAR = "#3b528b"  # viridis blue, as in ui.charts.bars
HIGHLIGHT = "#fde725"  # viridis yellow
HEIGHT = 250  # pixels, axis included: six bars with room for their labels
NO_DATA = pd.DataFrame()  # the layout is built without data (each run brings its own)


@functools.lru_cache(maxsize=32)
def _bars_layout(value_title: str, domain: tuple[float, float], ticks: tuple[float, ...]) -> dict:
    flag = [False, True]
    base = alt.Chart().encode(
        x=alt.X(
            "value:Q",
            title=value_title,
            scale=alt.Scale(domain=list(domain), nice=False),
            axis=alt.Axis(values=list(ticks)) if ticks else alt.Undefined,
        ),
        y=alt.Y(
            "label:N",
            sort=alt.EncodingSortField(field="k", op="min"),
            title=None,
            axis=alt.Axis(labelLimit=170),  # whole titles, even on a phone
        ),
        tooltip=[alt.Tooltip("label:N", title=" "), alt.Tooltip("text:N", title=value_title)],
    )
    # The highlight is a colour scale on a boolean column: alt.condition would work too,
    # but this keeps the spec free of conditions.
    bar = base.mark_bar().encode(
        color=alt.Color("hl:N", scale=alt.Scale(domain=flag, range=[BAR, HIGHLIGHT]), legend=None),
        stroke=alt.Stroke(
            "hl:N", scale=alt.Scale(domain=flag, range=["transparent", "black"]), legend=None
        ),
    )
    text = base.mark_text(align="left", dx=3, fontSize=11).encode(text="text:N")
    return _layout(alt.layer(bar, text, data=NO_DATA).properties(height=HEIGHT))


def film_bars(
    values,  # [n_films]
    labels,  # [n_films] film titles
    *,
    value_title: str,
    domain: tuple[float, float],
    ticks: tuple[float, ...] = (),
    highlight: int | None = None,
    decimals: int = 3,
) -> Figure:
    """One horizontal bar per film, its value written beside it; one bar may be highlighted.

    The axis is fixed (``domain``, with room past the largest value for its number), so
    bars visibly grow and shrink as the query moves; ``ticks`` picks the labelled values.
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
    domain = (float(domain[0]), float(domain[1]))
    return Figure(_bars_layout(value_title, domain, tuple(map(float, ticks))), df)
