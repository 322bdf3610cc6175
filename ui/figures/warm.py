"""The layouts most runs need, made once when a server starts (see ui.charts.template).

A layout's template is made the first time its shape is drawn (50–120 ms of Altair each);
after that, any student's language, sizes and domains only fill it. warm_layouts() draws
every figure of every page once, on placeholder data of the article's sentence, so the
first students of a class fill templates too: every heatmap the views draw (both colour
scales, with and without the followed row, with no axis titles, a row title, or both; with
numbers at d_model 4 and with a legend at 16; the worked example's marked cells), each
page's own figures, and the heads' panels of a longer sentence (the real model's twelve
heads).
"""

from __future__ import annotations

import numpy as np

from core import (
    ARTICLE_TOKENS,
    footnote4_experiment,
    positional_encoding,
    scaled_dot_product_attention,
    sharpness_sweep,
)
from core import recommender as films
from core.long_context.online_softmax import online_softmax
from core.long_context.receptive_field import receptive_field
from core.long_context.sinks import sink_shares
from core.long_context.tile_memory import CHART_N, tile_memory
from core.long_context.windows import mask_patterns, window_mask
from core.rope.compare import DISTANCES, STARTS, score_by_distance
from core.rope.rotary import rope_score, rope_wavelength
from core.train.config import TrainConfig
from core.train.experiment import DIMS, compare, scaling_sweep
from ui.charts import bars, chart_labels, heatmap, row_height
from ui.figures import (
    generate,
    generate_cost,
    lines,
    masking,
    multihead,
    qkv,
    rope,
    scaling,
    softmax,
    tiles,
    tiles_memory,
    tokens,
    windows,
)
from ui.figures import train as train_figures
from ui.i18n import t
from ui.state import FOOTNOTE4_DIMS, SWEEP_DIMS

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


def _page_figures(labels: list[str], d: int) -> None:
    n = len(labels)
    even = np.full((n, n), 1.0 / n)
    texts = ("allowed_text", "blocked_text", "row_title", "col_title", "status_title")
    masking.mask_grid(np.tril(np.ones((n, n), bool)), labels, **dict.fromkeys(texts, "text"))
    qkv.film_bars(films.recommend(np.ones(4)), list(films.FILMS), t)
    tokens.pe_curves(positional_encoding(n, d), list(range(min(d, 6))), t)
    scaling.row_weights(even[0], labels, value_title="w", label_title="k")
    fn4 = footnote4_experiment(FOOTNOTE4_DIMS, n_rows=2, n_keys=2)
    scaling.variance_chart(fn4, d, t)
    scaling.max_weight_chart(fn4, d, t)
    scores = np.zeros((1, len(SWEEP_DIMS), n, n))
    sweep = sharpness_sweep(scores, SWEEP_DIMS, scale=True, temperature=1.0)
    softmax.sweep_charts(sweep, sweep, current_d=d, scale_on=True, text=t)
    bars(even[0], labels, value_title="w", label_title="k", highlight=0, height=row_height(n))


def _heads(labels: list[str], d: int) -> None:
    n = len(labels)
    dims = [str(i) for i in range(1, d + 1)]
    for large in (False, True):  # as usual, and in the presenter view
        multihead.head_maps(np.full((1, n, n), 1.0 / n), labels, t, 0, large=large)
        multihead.head_outputs(np.zeros((1, n, d)), labels, dims, t, 0, large=large)
        even = np.full((1, n, n), 1.0 / n)
        lines.attention_lines(even, labels, 0, ["1"], [0], "", t, present=large)


def _train_figures() -> None:
    c = compare(TrainConfig(steps=1, n_seeds=1), window=1)
    train_figures.learning_charts(c, t)
    train_figures.gradient_charts(c, t)
    train_figures.entropy_chart(c, t)
    train_figures.attention_maps(c, 0, t)
    sweep = scaling_sweep(TrainConfig(steps=1, n_seeds=1), DIMS, window=1)
    for d_k in (int(DIMS[0]), 0):  # a d_k of the sweep, marked; one outside it
        train_figures.sweep_chart(sweep, d_k, t)


def _generate_figures(labels: list[str], d: int) -> None:
    n = len(labels)
    names, titles = ("query", "output", "weight"), ("value", "weight", "row", "column")
    for k in (1, n):  # a step with rows still to come, and the last
        generate.step_table(
            np.ones(d), np.ones((k, d)), np.full(k, 1 / k), np.ones((k, d)), np.ones(d), labels,
            scale_from=(np.ones(d),), names=names, titles=titles,
        )  # fmt: skip
    generate.readers(np.arange(4) // 2, t)
    steps = np.arange(1, n + 1)
    generate_cost.work_chart(steps, steps, 2 * steps, names=("a", "b"), x_title="x", y_title="y")
    contexts = np.arange(0, 101, 10)
    generate_cost.memory_chart(contexts, {"a": contexts, "b": 2 * contexts}, "a", 200, 50, t)


def _rope_figures(d: int) -> None:
    pair = rope_score(np.ones(d), np.ones(d), 5, 3)
    panels = rope.shown_pairs(pair.q.n_pairs)
    rope.turning_pairs(pair, panels, "q", "k", t)
    w = np.eye(d)
    curves = score_by_distance(np.ones(d), np.ones(d), w, w, DISTANCES, STARTS)
    for distance in (2, -1):  # marked on the curves, and not
        rope.distance_curves(curves, distance, t)
    rope.wavelengths(rope_wavelength(d), rope_wavelength(d), ["a", "b"], t)


def warm_layouts() -> None:
    """Make the templates of every page's figures at the common settings (about 3 s of CPU,
    so once a process, after a page has been drawn)."""
    labels = chart_labels(ARTICLE_TOKENS)
    for d in WARM_D_MODELS:
        _heatmaps(labels, d)
        _page_figures(labels, d)
        _generate_figures(labels, d)
        for words in (labels, [f"w{i}" for i in range(LONG_SENTENCE)]):
            _heads(words, d)
        _rope_figures(d)
        _long_context_figures(labels, d)
    _train_figures()


def _long_context_figures(labels: list[str], d: int) -> None:
    """The tiles' and the windows' pages: a walk at its first and last step, the memory, the
    four masks, the receptive field, and the real model's sinks (six layers of twelve heads)."""
    n = len(labels)
    walk = online_softmax(np.zeros(n), np.zeros((n, d)), 2)
    for step in (1, walk.n_tiles):
        tiles.tile_row(walk, labels, step, t)
        tiles.walk_lines(walk, step, t)
        tiles.output_lines(walk, step, t)
    tiles_memory.memory_chart(tile_memory(CHART_N, tile=2, d_v=d), n, t)
    trace = scaled_dot_product_attention(*(np.zeros((n, d)) for _ in range(3)))
    for pattern in mask_patterns(trace, window=3, sinks=1):
        windows.pattern_map(pattern, labels, 0, "title", t)
    windows.reach_grid(receptive_field(window_mask(n, 3), 4), labels, t)
    pieces = ["[CLS]", *labels, "[SEP]"]
    even = np.full((6, 12, n + 2, n + 2), 1.0 / (n + 2))
    windows.sink_lines(sink_shares(even, pieces), t)
