"""The line view of attention (as BertViz's head view draws it): the sentence twice, side by
side, and a line from the followed query on the left to every key on the right, as thick and
as dark as its weight, one colour per head.

Only the followed query's lines are sent, and only those of weight THRESHOLD or more (the
caption says so): at most 50 lines a head. The shown heads take the Okabe–Ito colours in
order (then the same colours dashed), so any heads shown together differ; the legend names them.
"""

from __future__ import annotations

from dataclasses import dataclass

import altair as alt
import numpy as np

from core.lines import THRESHOLD, query_links, top_keys
from core.tokens import plain_label
from ui.charts import NO_DATA, OKABE_ITO, Figure, Text, chart_labels, fixed, layout, table
from ui.widgets import md_escape

INK = "#1a1a1a"  # the tokens: dark on white
MUTED = "#555555"  # the two columns' headings
DASH = [6, 3]
SPREAD = 0.45  # of a row: the heads' lines between one pair of tokens, side by side
TOP = 3  # keys per head in the text


@dataclass(frozen=True)
class Sizes:
    """Pixels of a line view: per row, the tokens' type, their width before an ellipsis, and
    the lines' width for weights 0 and 1."""

    row: int
    font: int
    limit: int
    stroke: tuple[float, float]


SIZES = {False: Sizes(24, 13, 110, (1.0, 8.0)), True: Sizes(34, 20, 180, (1.5, 12.0))}
LONG = 24  # past this many tokens the rows close up (a phone scrolls past 128 of them)


def head_style(rank: int) -> tuple[str, list[int]]:
    """The colour and dash pattern of the rank-th head shown: seven colours apart, then the
    same seven dashed (heads keep no colour of their own: any three of twelve must differ)."""
    k = len(OKABE_ITO)
    return OKABE_ITO[rank % k], (DASH if rank >= k else [1, 0])


@layout(
    "names",
    "colors",
    "dashes",
    "stroke",
    "y_domain",
    "height",
    "font",
    "limit",
    "columns",
    "head_title",
    "query_title",
    "key_title",
    "weight_title",
    "description",
)
def lines_layout(
    *,
    names: list[str],  # the shown heads, in the legend's order
    colors: list[str],
    dashes: list[list[int]],
    stroke: tuple[float, float],  # line widths for weights 0 and 1
    y_domain: tuple[float, float],
    height: int,
    font: int,
    limit: int,
    columns: int,  # legend entries per row
    head_title: str,
    query_title: str,
    key_title: str,
    weight_title: str,
    description: str,
) -> alt.LayerChart:
    x = alt.X("x:Q", axis=None, scale=alt.Scale(domain=[0, 1]))
    y = alt.Y("y:Q", axis=None, scale=alt.Scale(domain=list(y_domain), reverse=True, nice=False))
    heads = alt.Legend(
        orient="top",
        columns=columns,
        symbolStrokeWidth=3,
        labelFontSize=font,
        titleFontSize=font,
        labelColor=INK,
    )
    legend = {"title": head_title, "legend": heads}
    rule = (
        alt.Chart()
        .transform_filter("datum.part == 'line'")
        .mark_rule(strokeCap="round")
        .encode(
            x=x,
            x2="x2:Q",
            y=y,
            y2="y2:Q",
            # colour and dash on the same field with the same title: one legend for both
            color=alt.Color("head:N", scale=alt.Scale(domain=names, range=colors), **legend),
            strokeDash=alt.StrokeDash(
                "head:N", scale=alt.Scale(domain=names, range=dashes), **legend
            ),
            strokeWidth=alt.StrokeWidth(
                "weight:Q", scale=alt.Scale(domain=[0, 1], range=list(stroke)), legend=None
            ),
            opacity=alt.Opacity(
                "weight:Q", scale=alt.Scale(domain=[0, 1], range=[0.35, 0.95]), legend=None
            ),
            tooltip=[
                alt.Tooltip("head:N", title=head_title),
                alt.Tooltip("query:N", title=query_title),
                alt.Tooltip("label:N", title=key_title),
                alt.Tooltip("text:N", title=weight_title),
            ],
        )
    )
    texts = []
    for side, align, dx in ((0, "right", -8), (1, "left", 8)):
        where = f"datum.x == {side} && datum.part == "
        text = {"align": align, "baseline": "middle", "dx": dx, "fontSize": font, "limit": limit}
        shown = {"x": x, "y": y, "text": "label:N"}
        texts += [
            alt.Chart()  # the tokens: every full label on hover (a long one is cut short)
            .transform_filter(where + "'token'")
            .mark_text(color=INK, **text)
            .encode(**shown, tooltip=alt.Tooltip("label:N")),
            alt.Chart()  # the followed query, in bold
            .transform_filter(where + "'focus'")
            .mark_text(color=INK, fontWeight="bold", **text)
            .encode(**shown, tooltip=alt.Tooltip("label:N")),
            alt.Chart()  # the column's heading
            .transform_filter(where + "'heading'")
            .mark_text(color=MUTED, fontStyle="italic", **text)
            .encode(**shown),
        ]
    return alt.layer(rule, *texts, data=NO_DATA).properties(
        height=height,
        description=description,
        autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
    )


@dataclass(frozen=True)
class LinesView:
    """A line view as a page draws it (ui.lines.show_lines): the chart, what it leaves out,
    and the strongest keys in words, for a screen reader and for checking by hand."""

    figure: Figure | None  # None when no head is shown
    key: str
    caption: str
    summary: str


def _offsets(count: int) -> np.ndarray:
    """Each shown head's shift within a row, so that lines between the same pair of tokens
    lie side by side rather than on top of each other."""
    if count == 1:
        return np.zeros(1)
    return (np.arange(count) - (count - 1) / 2) * (SPREAD / (count - 1))


def _summary(weights, labels, query, names, shown, text: Text, escape, threshold) -> str:
    """The ``TOP`` keys of each shown head with their weights, in one line (``escape``: the
    tokens as markdown, or as they are for the chart's description)."""
    # a key under the threshold says nothing (…, "it 0.00"): only the first is always named
    keys = [
        [(j, w) for k, (j, w) in enumerate(top) if k == 0 or w >= threshold]
        for top in top_keys(weights, query, shown, TOP)
    ]
    sep = text("common.list_sep")
    heads = sep.join(
        f"{names[h]}: " + ", ".join(f"{escape(labels[j])} {w:.2f}" for j, w in top)
        for h, top in zip(shown, keys, strict=True)
    )
    return text("lines.summary", q=f"“{escape(labels[query])}”", top=TOP, heads=heads)


def attention_lines(
    weights: np.ndarray,  # [h, n, n]  one row per query, each summing to 1
    labels: list[str],  # n
    query: int,  # the followed token: its lines are drawn
    head_names: list[str],  # h
    shown: list[int],  # the heads to draw (0-based)
    key: str,  # the chart's key (ui.widgets.show_chart)
    text: Text,  # ui.i18n.t
    *,
    present: bool = False,  # the presenter view: larger type and lines
    marked: int | None = None,  # a key to print in bold too (the Real model page's key)
    threshold: float = THRESHOLD,
    tell_apart: bool = True,  # repeated tokens numbered, "the (2)"; False: as they are
) -> LinesView:
    """The line view of ``query``'s attention in the ``shown`` heads (see the module)."""
    weights = np.asarray(weights)
    n = weights.shape[-1]
    shown = sorted({int(h) for h in shown})
    caption = text("lines.caption", threshold=f"{threshold:g}", most=round(1 / threshold))
    if not shown:
        return LinesView(None, key, caption, text("lines.none"))
    # Each row stands at its own height, so repeated labels need not differ: a text read one
    # character at a time repeats them on every line, where "(2)", "(3)" … would only clutter.
    labels = chart_labels(labels) if tell_apart else [plain_label(str(x)) for x in labels]
    links = query_links(weights, query, shown, threshold)
    m = len(links.weight)
    rank = {h: r for r, h in enumerate(shown)}
    shift = _offsets(len(shown))[[rank[h] for h in links.head]]
    size = SIZES[present]
    row = size.row if n <= LONG else max(size.font + 4, size.row * 3 // 4)
    names = [head_names[h] for h in shown]
    styles = [head_style(r) for r in range(len(shown))]
    columns = {
        "part": np.array(
            ["heading"] * 2
            + ["focus" if i == query else "token" for i in range(n)]
            + ["focus" if j == marked else "token" for j in range(n)]
            + ["line"] * m,
            dtype=object,
        ),
        "x": np.concatenate([[0.0, 1.0], np.repeat([0.0, 1.0], n), np.zeros(m)]),
        "x2": np.concatenate([np.full(2 + 2 * n, np.nan), np.ones(m)]),
        "y": np.concatenate([[-1.0, -1.0], np.tile(np.arange(n, dtype=float), 2), query + shift]),
        "y2": np.concatenate([np.full(2 + 2 * n, np.nan), links.key + shift]),
        "label": np.array(
            [text("lines.queries"), text("lines.keys"), *labels, *labels]
            + [labels[j] for j in links.key],
            dtype=object,
        ),
        "head": np.concatenate([np.full(2 + 2 * n, ""), [head_names[h] for h in links.head]]),
        "query": np.concatenate([np.full(2 + 2 * n, ""), np.full(m, labels[query])]),
        "weight": np.concatenate([np.full(2 + 2 * n, np.nan), links.weight]),
        "text": np.concatenate([np.full(2 + 2 * n, ""), fixed(links.weight, 3)]),
    }
    spec = lines_layout(
        names=names,
        colors=[c for c, _ in styles],
        dashes=[d for _, d in styles],
        stroke=size.stroke,
        y_domain=(-1.6, n - 0.5),
        height=row * (n + 1),
        font=size.font,
        limit=size.limit,
        # four short names to a row (H1 … H4); three longer ones, which fit a phone too
        columns=min(len(shown), 4 if max(map(len, names)) <= 3 else 3),
        head_title=text("common.head"),
        query_title=text("common.query"),
        key_title=text("common.key"),
        weight_title=text("common.weight"),
        description=_summary(weights, labels, query, head_names, shown, text, str, threshold),
    )
    summary = _summary(weights, labels, query, head_names, shown, text, md_escape, threshold)
    return LinesView(Figure(spec, table(columns)), key, caption, summary)
