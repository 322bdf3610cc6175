"""Charts of the Generating page's costs: the multiply-adds with and without a cache, and a
real model's cache against its context.

A chart with many texts takes the catalogue's lookup (``text``, ui.i18n.t) and fetches its
own titles, so the page passes only the data.
"""

from __future__ import annotations

import altair as alt
import numpy as np

from core.generate.inference_cost import in_units
from ui.charts import (
    MARK_COLOR,
    NO_DATA,
    OKABE_ITO,
    Figure,
    Text,
    layout,
    stack,
    table,
)
from ui.charts.memo import remembered
from ui.figures.generate import GROUP_COLORS

LINE_HEIGHT = 320
MEMORY_HEIGHT = 380  # its legend takes three rows below the lines
# Large counts in SI units (2.5k, 2G), and 0 as itself rather than "0k".
SI_LABELS = "datum.value == 0 ? '0' : format(datum.value, '~s')"


# ------------------------------------------------------------------ counts and memory


@layout("domain", "colors", "x_title", "y_title", "height")
def lines_layout(
    *,
    domain: list[str],
    colors: list[str],
    x_title: str,
    y_title: str,
    height: int,
) -> alt.LayerChart:
    """Lines of y against x, one per series, coloured and named in a legend below."""
    x = alt.X("x:Q", title=x_title, axis=alt.Axis(labelExpr=SI_LABELS, tickMinStep=1))
    y = alt.Y("y:Q", title=y_title, axis=alt.Axis(labelExpr=SI_LABELS))
    color = alt.Color(
        "series:N",
        title=None,
        scale=alt.Scale(domain=domain, range=colors),
        legend=alt.Legend(orient="bottom", direction="vertical", labelLimit=320),
    )
    tooltip = [
        alt.Tooltip("series:N", title=" "),
        alt.Tooltip("x:Q", title=x_title, format=","),
        alt.Tooltip("y:Q", title=y_title, format=","),
    ]
    lines = alt.Chart().mark_line(strokeWidth=2.5).encode(x=x, y=y, color=color, tooltip=tooltip)
    return alt.layer(lines, data=NO_DATA).properties(height=height)


@remembered
def work_chart(
    t, with_cache, without_cache, *, names: tuple[str, str], x_title: str, y_title: str
) -> Figure:  # [m] steps, [m] counts with a cache, [m] without; names: (without, with)
    """Multiply-adds against the step t, with a cache and without one."""
    parts = [
        {"x": np.asarray(t), "y": np.asarray(series, dtype=np.float64), "series": name}
        for name, series in zip(names, (without_cache, with_cache), strict=True)
    ]
    spec = lines_layout(
        domain=list(names),
        colors=[OKABE_ITO[5], OKABE_ITO[0]],
        x_title=x_title,
        y_title=y_title,
        height=LINE_HEIGHT,
    )
    return Figure(spec, table(stack(parts)))


@layout(
    "domain",
    "colors",
    "x_max",
    "x_title",
    "y_title",
    "weights",
    "weights_label",
    "context",
    "context_label",
    "current",
    "height",
    "y_max",
)
def memory_layout(
    *,
    label_left: bool,  # the context's label left of its rule (else right of it)
    domain: list[str],
    colors: list[str],
    x_max: int,
    x_title: str,
    y_title: str,
    weights: float,
    weights_label: str,
    context: int,
    context_label: str,
    current: str,
    height: int,
    y_max: float,
) -> alt.LayerChart:
    """Every model's cache against the context, the chosen one bold, a dashed rule at its
    weights' size and a dotted one at the chosen context; the other models' lines are cut
    where they leave the chosen one's range."""
    x = alt.X(
        "x:Q",
        title=x_title,
        axis=alt.Axis(labelExpr=SI_LABELS, tickMinStep=1),
        scale=alt.Scale(domain=[0, x_max], nice=False),
    )
    y = alt.Y("y:Q", title=y_title, scale=alt.Scale(domain=[0, y_max], nice=False))
    color = alt.Color(
        "series:N",
        title=None,
        scale=alt.Scale(domain=domain, range=colors),
        legend=alt.Legend(orient="bottom", direction="horizontal", columns=2, labelLimit=160),
    )
    tooltip = [
        alt.Tooltip("series:N", title=" "),
        alt.Tooltip("x:Q", title=x_title, format=","),
        alt.Tooltip("y:Q", title=y_title, format=".3~f"),
    ]
    chosen = f"datum.series == '{current}'"
    others = (
        alt.Chart()
        .transform_filter(f"!({chosen})")
        .mark_line(strokeWidth=1.5, opacity=0.45, clip=True)
        .encode(x=x, y=y, color=color, tooltip=tooltip)
    )
    line = (
        alt.Chart()
        .transform_filter(chosen)
        .mark_line(strokeWidth=3.5)
        .encode(x=x, y=y, color=color, tooltip=tooltip)
    )
    # One row (the chosen model's first point) for each rule and its label.
    one = alt.Chart().transform_filter(f"{chosen} && datum.x == 0")
    weights_rule = one.mark_rule(strokeDash=[6, 4], color=MARK_COLOR).encode(y=alt.datum(weights))
    weights_text = one.mark_text(
        align="left", baseline="bottom", dx=4, dy=-3, color=MARK_COLOR, text=weights_label
    ).encode(x=alt.value(0), y=alt.datum(weights))
    context_rule = one.mark_rule(strokeDash=[2, 3], color=MARK_COLOR).encode(x=alt.datum(context))
    context_text = one.mark_text(
        align="right" if label_left else "left",
        baseline="top",
        dx=-4 if label_left else 4,
        dy=4,
        color=MARK_COLOR,
        text=context_label,
    ).encode(x=alt.datum(context), y=alt.value(0))
    layers = [others, line, weights_rule, weights_text, context_rule, context_text]
    return alt.layer(*layers, data=NO_DATA).properties(height=height)


def memory_chart(
    contexts: np.ndarray,  # [m] tokens, from 0
    lines: dict[str, np.ndarray],  # model name -> cache bytes [m]
    current: str,  # the chosen model's name
    weights_bytes: int,
    n_tokens: int,  # the chosen context
    text: Text,
) -> Figure:
    """The cache of every model against the context, in the unit that suits the chosen one."""
    top = max(float(lines[current][-1]), float(weights_bytes), 1.0)
    value, unit = in_units(top)
    per_unit = top / value
    names = list(lines)
    parts = [
        {"x": contexts, "y": np.asarray(b, dtype=np.float64) / per_unit, "series": name}
        for name, b in lines.items()
    ]
    weights_value, weights_unit = in_units(weights_bytes)
    spec = memory_layout(
        label_left=n_tokens > contexts[-1] / 2,
        domain=names,
        colors=[GROUP_COLORS[k % len(GROUP_COLORS)] for k in range(len(names))],
        x_max=int(contexts[-1]),
        x_title=text("generate.x_context"),
        y_title=text("generate.y_cache", unit=unit),
        weights=float(weights_bytes) / per_unit,
        weights_label=text("generate.weights_rule", size=f"{weights_value:.3g} {weights_unit}"),
        context=int(n_tokens),
        context_label=text("generate.context_rule", n=f"{n_tokens:,}".replace(",", "\u202f")),
        current=current,
        height=MEMORY_HEIGHT,
        y_max=1.1 * value,
    )
    return Figure(spec, table(stack(parts)))
