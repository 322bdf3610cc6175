"""The two sides of every comparison: their names in the page's language and their colours."""

from __future__ import annotations

import altair as alt

from ui.charts import RAW_COLOR, SCALED_COLOR, Text

SIDES = ("scaled", "unscaled")


def side_names(text: Text) -> tuple[str, str]:
    return text("train.scaled"), text("train.unscaled")


def side_colors(names) -> alt.Color:
    """The colour of each side, by its name, with the legend above the chart."""
    # Every layer that is coloured by side carries the same legend: Vega-Lite merges them,
    # and one layer without it would drop it for all.
    return alt.Color(
        "series:N",
        title=None,
        scale=alt.Scale(domain=list(names), range=[SCALED_COLOR, RAW_COLOR]),
        legend=alt.Legend(
            orient="top", labelLimit=240, symbolType="stroke", symbolStrokeWidth=3, symbolOpacity=1
        ),
    )
