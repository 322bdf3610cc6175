"""How tall a chart will be, known before the browser has drawn it: the room it keeps meanwhile.

The browser draws a chart (Vega) some time after its element has reached the page: Vega's
code loads, the spec compiles, then it draws. Until then Streamlit shows a small loading box,
and whatever is below moves down when the chart appears (a layout shift: the page jumps under
a phone's reader's thumb). So ui.widgets.show_chart puts a space after each chart, of the
height it will take less what Streamlit keeps by itself, and app.css takes the space away once
the chart is drawn.

The height is a lower bound: a guess never makes the room larger than the chart, so at worst
what follows moves by the few pixels it missed. (app.css reaches the page through st.html,
whose code Streamlit also loads when first needed: on a busy phone it comes a second or two
after the page's text, but before Vega has drawn.)
"""

from __future__ import annotations

from ui.charts.palette import chart_config

GAP = 16  # between two elements of a column (1rem)
CHART_LOADING = 40  # the box Streamlit 1.67 shows while a chart's code loads

# A chart whose layout fits only its width ("fit-x": a matrix's cells keep their height) is
# that height and what Vega adds around it: the x axis below, its title, the chart's title.
# Measured in Chromium with Streamlit 1.67's chart theme, the x labels level (turned ones
# need more).
AXIS_WITH_LABELS = 41  # ticks, label padding, the chart's own padding; plus the labels' size
AXIS_BARE = 21  # an x axis without labels or ticks: its line and the padding
TITLE_GAP = 16  # an axis title's padding (the theme's)
CHART_TITLE_GAP = 26  # a chart title's offset and line


def _x_encoding(spec: dict) -> dict:
    for part in (spec, *(spec.get("layer") or ())):
        x = (part.get("encoding") or {}).get("x")
        if isinstance(x, dict):
            return x
    return {}


def chart_room(spec: dict, present: bool) -> int | None:
    """The pixels a chart will take in height (at least), or None for one of unknown height."""
    height = spec.get("height")
    if not isinstance(height, (int, float)) or isinstance(height, bool):
        return None
    if (spec.get("autosize") or {}).get("type") != "fit-x":
        return int(height)  # Streamlit fits the whole chart into its height
    config = chart_config(present)
    x = _x_encoding(spec)
    room = height
    if x:
        labels = (x.get("axis") or {}).get("labels", True)
        room += AXIS_WITH_LABELS + config["axis"]["labelFontSize"] if labels else AXIS_BARE
        if x.get("title"):
            room += config["axis"]["titleFontSize"] + TITLE_GAP
    if spec.get("title"):
        room += config["title"]["fontSize"] + CHART_TITLE_GAP
    return int(room)
