"""The layouts most runs need, made once when a server starts (see ui.charts.template).

A layout's template is made the first time its shape is drawn (50–120 ms of Altair each);
after that, any student's language, sizes and domains only fill it. warm_layouts() draws
every figure of every page once, on placeholder data of the article's sentence, so the
first students of a class fill templates too: here the figures many pages share (every
heatmap the views draw: both colour scales, with and without the followed row, with no axis
titles, a row title, or both; with numbers at d_model 4 and with a legend at 16; the worked
example's marked cells; a row of bars; the heads' panels, of a longer sentence too, as the
real model's twelve heads), and each page's own through its declaration (ui.page.Page.warm).
"""

from __future__ import annotations

import numpy as np

from core import ARTICLE_TOKENS
from ui import registry
from ui.charts import bars, chart_labels, heatmap, row_height
from ui.figures import lines, multihead
from ui.i18n import t

WARM_D_MODELS = (4, 16)  # numbers in the cells at the default d_model; a legend from 13 on
LONG_SENTENCE = 16  # tokens: the heads' panels have no room for a label per token then


def _heatmaps(labels: list[str], d: int) -> None:
    dims = [str(i) for i in range(1, d + 1)]
    titles = ({}, {"row_title": "row"}, {"row_title": "row", "col_title": "column"})
    for kind in ("signed", "weights"):
        for focus in (None, 0):
            for axes in titles:
                for rows, cols in ((labels, labels), (labels, dims), (dims, dims)):
                    m = np.zeros((len(rows), len(cols)))
                    heatmap(m, rows, cols, kind=kind, focus=focus, **axes)
    # The Overview's worked example: the cells the article prints, marked.
    for cols in (labels, dims):
        m = np.zeros((len(labels), len(cols)))
        both = titles[-1]
        heatmap(m, labels, cols, kind="signed", focus=0, marked=((0, 0),), legend=False, **both)


def _heads(labels: list[str], d: int) -> None:
    n = len(labels)
    dims = [str(i) for i in range(1, d + 1)]
    for large in (False, True):  # as usual, and in the presenter view
        multihead.head_maps(np.full((1, n, n), 1.0 / n), labels, t, 0, large=large)
        multihead.head_outputs(np.zeros((1, n, d)), labels, dims, t, 0, large=large)
        even = np.full((1, n, n), 1.0 / n)
        lines.attention_lines(even, labels, 0, ["1"], [0], "", t, present=large)


def warm_layouts() -> None:
    """Make the templates of every page's figures at the common settings (about 3 s of CPU,
    so once a process, after a page has been drawn)."""
    labels = chart_labels(ARTICLE_TOKENS)
    n = len(labels)
    for d in WARM_D_MODELS:
        _heatmaps(labels, d)
        for words in (labels, [f"w{i}" for i in range(LONG_SENTENCE)]):
            _heads(words, d)
    bars(np.full(n, 1.0 / n), labels, value_title="w", label_title="k", highlight=0,
         height=row_height(n))  # fmt: skip
    for page in registry.pages().values():
        if page.warm is not None:
            page.warm(labels, WARM_D_MODELS)
