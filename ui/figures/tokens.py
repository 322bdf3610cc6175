"""Charts of the Tokens & position page: columns of the positional encoding as curves."""

from __future__ import annotations

import altair as alt
import numpy as np

from core import pe_wavelength
from ui.charts import NO_DATA, OKABE_ITO, Figure, Text, layout, table

HEIGHT = 380  # pixels, including the legend below the plot


@layout(
    "labels",
    "colors",
    "x_domain",
    "point_size",
    "position_title",
    "value_title",
    "label_title",
    "wavelength_title",
)
def curves_layout(
    *,
    labels: list[str],
    colors: list[str],  # one per label
    x_domain: list[int],
    point_size: int,
    position_title: str,
    value_title: str,
    label_title: str,
    wavelength_title: str,
) -> alt.LayerChart:
    colour = alt.Color(
        "label:N",
        sort=labels,
        title=label_title,
        scale=alt.Scale(domain=labels, range=colors),
        legend=alt.Legend(orient="bottom", columns=2, labelLimit=220),
    )
    base = alt.Chart().encode(
        x=alt.X(
            "position:Q",
            title=position_title,
            axis=alt.Axis(tickMinStep=1, format="d"),
            scale=alt.Scale(domain=x_domain, nice=False),
        ),
        y=alt.Y("value:Q", title=value_title, scale=alt.Scale(domain=[-1.0, 1.0])),
        color=colour,
        tooltip=[
            alt.Tooltip("label:N", title=label_title),
            alt.Tooltip("position:Q", title=position_title),
            alt.Tooltip("value:Q", title=value_title, format=".4f"),
            alt.Tooltip("wavelength:Q", title=wavelength_title, format=".1f"),
        ],
    )
    lines = base.mark_line(strokeWidth=1.5, opacity=0.7)
    points = base.mark_point(filled=True, size=point_size)
    return alt.layer(lines, points, data=NO_DATA).properties(height=HEIGHT)


def pe_curves(
    pe: np.ndarray,  # [n, d_model]
    columns: list[int],  # 0-based column indices to draw (at most len(OKABE_ITO))
    text: Text,
) -> Figure:
    """Chosen columns of the positional encoding as curves over the positions."""
    n, d_model = pe.shape
    labels = [
        text("tokens.curve_label", j=j + 1, fn="sin" if j % 2 == 0 else "cos") for j in columns
    ]
    data = table(
        {
            "position": np.tile(np.arange(n), len(columns)),
            "col": np.repeat(columns, n),
            "label": np.repeat(labels, n),
            "value": pe[:, columns].T.ravel(),
            "wavelength": np.repeat(pe_wavelength(columns, d_model), n),
        }
    )
    spec = curves_layout(
        labels=labels,
        colors=list(OKABE_ITO[: len(labels)]),
        x_domain=[0, max(n - 1, 1)],
        point_size=30 if n <= 32 else 12,
        position_title=text("tokens.position"),
        value_title=text("common.value"),
        label_title=text("tokens.column"),
        wavelength_title=text("tokens.wavelength"),
    )
    return Figure(spec, data)
