"""The chart toolkit: every figure is a Vega-Lite layout, made by Altair once per shape and
filled with this run's values, and this run's data as an Arrow table.

- palette: colours, type sizes, colour scales and domains, numbers and labels as shown;
- template: layouts (``@layout``), their templates, and Figure (a spec and its data);
- frames: the data as the Arrow table Streamlit sends, made without pandas;
- memo: a heatmap or bars kept whole for the same inputs;
- layers: pieces several layouts share (a matrix's axes, the followed row, a seed band);
- heatmap, bars: the two figures every page uses; status: a grid of cells in two states.
"""

from core.tokens import unique_labels
from ui.charts.bars import bars, bars_layout, row_height
from ui.charts.frames import Categories, Stacked, cells, frame, stack, table
from ui.charts.heatmap import heatmap, heatmap_layout, matrix_columns
from ui.charts.layers import cell_marks, focus_outline, level_labels, seed_band, token_axes
from ui.charts.palette import (
    ALLOWED_COLOR,
    AXIS_LABELS_MAX,
    BAR,
    BLOCKED_COLOR,
    BLOCKED_INK,
    CELL,
    CITED_COLOR,
    CONFIGS,
    FOCUS_COLOR,
    HIGHLIGHT,
    LABEL_SIZE,
    MARK_COLOR,
    MASKED,
    NUMBERS_MAX_CELLS,
    OKABE_ITO,
    PRESENT_CELL,
    PRESENT_TYPE,
    RAW_COLOR,
    ROUND_STEPS,
    SCALED_COLOR,
    Text,
    cell_size,
    chart_config,
    chart_labels,
    color_scale,
    fixed,
    ink,
    label_room,
    round_bound,
    signed_domain,
    text_width,
)
from ui.charts.status import status_grid, status_layout
from ui.charts.template import NO_DATA, Figure, Layout, layout, to_spec

__all__ = [
    "ALLOWED_COLOR",
    "AXIS_LABELS_MAX",
    "BAR",
    "BLOCKED_COLOR",
    "BLOCKED_INK",
    "CELL",
    "CITED_COLOR",
    "CONFIGS",
    "FOCUS_COLOR",
    "HIGHLIGHT",
    "LABEL_SIZE",
    "MARK_COLOR",
    "MASKED",
    "NO_DATA",
    "NUMBERS_MAX_CELLS",
    "OKABE_ITO",
    "PRESENT_CELL",
    "PRESENT_TYPE",
    "RAW_COLOR",
    "ROUND_STEPS",
    "SCALED_COLOR",
    "Categories",
    "Figure",
    "Layout",
    "Stacked",
    "Text",
    "bars",
    "bars_layout",
    "cell_marks",
    "cell_size",
    "cells",
    "chart_config",
    "chart_labels",
    "color_scale",
    "fixed",
    "focus_outline",
    "frame",
    "heatmap",
    "heatmap_layout",
    "ink",
    "label_room",
    "layout",
    "level_labels",
    "matrix_columns",
    "round_bound",
    "row_height",
    "seed_band",
    "signed_domain",
    "stack",
    "status_grid",
    "status_layout",
    "table",
    "text_width",
    "to_spec",
    "token_axes",
    "unique_labels",
]
