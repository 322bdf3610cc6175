"""Every page's figures filled from their templates: each the very spec Altair builds, in
both languages, at the settings where their layouts change."""

from __future__ import annotations

import numpy as np
import pytest
from test_chart_templates import assert_as_altair_builds, labels

from core import (
    footnote4_experiment,
    positional_encoding,
    scaled_dot_product_attention,
    sharpness_sweep,
)
from core import recommender as films
from core.decoder import Copies
from core.long_context.online_softmax import online_softmax
from core.long_context.receptive_field import receptive_field
from core.long_context.sinks import sink_shares
from core.long_context.tile_memory import CHART_N, tile_memory
from core.long_context.windows import build_mask, mask_patterns
from core.train.config import TrainConfig
from core.train.experiment import compare, scaling_sweep
from ui.figures import (
    copying,
    generate,
    generate_cost,
    masking,
    multihead,
    qkv,
    scaling,
    softmax,
    tiles,
    tiles_memory,
    tokens,
    windows,
)
from ui.figures import train as train_figures
from ui.i18n import t


@pytest.mark.parametrize("n", [3, 9, 13, 20, 40, 70])
def test_the_mask_grid_is_the_spec_altair_builds(monkeypatch, lang, n):
    allowed = np.tril(np.ones((n, n), dtype=bool))
    assert_as_altair_builds(
        monkeypatch,
        masking.mask_grid,
        allowed,
        labels(n),
        allowed_text=t("masking.allowed"),
        blocked_text=t("masking.blocked"),
        row_title=t("common.query"),
        col_title=t("common.key"),
        status_title=t("masking.status"),
    )


@pytest.mark.parametrize(
    ("h", "n", "d"), [(1, 4, 4), (1, 12, 8), (2, 9, 16), (4, 9, 8), (12, 20, 16), (16, 64, 4)]
)
@pytest.mark.parametrize("focus", [None, 0])
def test_the_heads_panels_are_the_specs_altair_builds(monkeypatch, lang, h, n, d, focus):
    rng = np.random.default_rng(h * n)
    weights = rng.dirichlet(np.ones(n), size=(h, n))
    outputs = rng.normal(size=(h, n, d)) * h
    assert_as_altair_builds(monkeypatch, multihead.head_maps, weights, labels(n), t, focus)
    dims = [str(i) for i in range(1, d + 1)]
    assert_as_altair_builds(monkeypatch, multihead.head_outputs, outputs, labels(n), dims, t, focus)


@pytest.mark.parametrize("temperature", [0.3, 1.0, 4.0])
def test_the_film_bars_are_the_specs_altair_builds(monkeypatch, lang, temperature):
    trace = films.recommend(np.array([4.0, 0.5, 2.0, 1.0]), temperature)
    assert_as_altair_builds(monkeypatch, qkv.film_bars, trace, list(films.FILMS), t)


@pytest.mark.parametrize("current_d", [1, 16, 48])  # 48: not one of the measured sizes
def test_the_footnote4_charts_are_the_specs_altair_builds(monkeypatch, lang, current_d):
    fn4 = footnote4_experiment((1, 2, 4, 8, 16, 32, 64), n_rows=16, n_keys=8)
    assert_as_altair_builds(monkeypatch, scaling.variance_chart, fn4, current_d, t)
    assert_as_altair_builds(monkeypatch, scaling.max_weight_chart, fn4, current_d, t)
    row = np.array([0.5, 0.3, 0.2])
    titles = {"value_title": t("common.weight"), "label_title": t("common.key")}
    assert_as_altair_builds(monkeypatch, scaling.row_weights, row, ["a", "b", "c"], **titles)


@pytest.mark.parametrize(("current_d", "scale_on"), [(8, True), (64, False), (4, True)])
@pytest.mark.parametrize("masked", [False, True])
def test_the_sharpness_sweeps_are_the_specs_altair_builds(
    monkeypatch, lang, current_d, scale_on, masked
):
    dims = (8, 16, 32, 64)
    scores = np.random.default_rng(current_d).normal(size=(3, len(dims), 5, 5)) * 4
    mask = np.tril(np.ones((5, 5), dtype=bool)) if masked else None
    mine, other = (
        sharpness_sweep(scores, dims, scale=on, temperature=1.0, mask=mask)
        for on in (scale_on, not scale_on)
    )
    assert_as_altair_builds(
        monkeypatch,
        softmax.sweep_charts,
        mine,
        other,
        current_d=current_d,
        scale_on=scale_on,
        text=t,
    )


@pytest.mark.parametrize(("n", "columns"), [(9, [0, 1]), (20, [0, 3, 5, 6, 7, 8]), (40, [2])])
def test_the_positional_curves_are_the_spec_altair_builds(monkeypatch, lang, n, columns):
    pe = positional_encoding(n, 16)
    assert_as_altair_builds(monkeypatch, tokens.pe_curves, pe, columns, t)


@pytest.fixture(scope="module")
def trained():
    config = TrainConfig(d_k=8, steps=12, n_seeds=2)
    return compare(config), scaling_sweep(TrainConfig(steps=6, n_seeds=2), (4, 8, 16))


@pytest.mark.parametrize("current_dk", [8, 32])  # 32: outside the sweep
def test_the_training_charts_are_the_specs_altair_builds(monkeypatch, lang, trained, current_dk):
    c, sw = trained
    assert_as_altair_builds(monkeypatch, train_figures.learning_charts, c, t)
    assert_as_altair_builds(monkeypatch, train_figures.gradient_charts, c, t)
    assert_as_altair_builds(monkeypatch, train_figures.entropy_chart, c, t)
    assert_as_altair_builds(monkeypatch, train_figures.attention_maps, c, 0, t)
    assert_as_altair_builds(monkeypatch, train_figures.sweep_chart, sw, current_dk, t)


@pytest.mark.parametrize(("n", "step", "d"), [(9, 6, 4), (9, 9, 16), (1, 1, 4), (64, 30, 64)])
@pytest.mark.parametrize("present", [False, True])
def test_the_generating_steps_are_the_specs_altair_builds(monkeypatch, lang, n, step, d, present):
    rng = np.random.default_rng(n * d)
    keys, values = rng.normal(size=(2, step, d))
    weights = rng.dirichlet(np.ones(step))
    names = tuple(t(f"generate.{k}") for k in ("row_query", "row_output", "col_weight"))
    assert_as_altair_builds(
        monkeypatch,
        generate.step_table,
        rng.normal(size=d), keys, weights, values, weights @ values, labels(n),
        scale_from=(keys, values), names=names, titles=("value", "weight", "row", "column"),
        present=present,
    )  # fmt: skip


@pytest.mark.parametrize(("h", "g"), [(1, 1), (8, 2), (16, 16), (16, 1)])
def test_the_generating_page_s_other_charts_are_the_specs_altair_builds(monkeypatch, lang, h, g):
    assert_as_altair_builds(monkeypatch, generate.readers, np.arange(h) // (h // g), t)
    steps = np.arange(1, 10 * h + 1)
    texts = {"names": ("without", "with"), "x_title": "t", "y_title": "y"}
    assert_as_altair_builds(monkeypatch, generate_cost.work_chart, steps, steps, 3 * steps, **texts)
    contexts = np.linspace(0, 1000 * h, 11).astype(int)
    lines = {"model a": contexts * 2**20, "model b": contexts * 2**10}
    assert_as_altair_builds(
        monkeypatch, generate_cost.memory_chart, contexts, lines, "model a", 3 * 2**30, 500 * h, t
    )


@pytest.mark.parametrize(("n", "tile", "masked"), [(1, 1, False), (9, 2, True), (20, 4, False)])
def test_the_tiles_charts_are_the_specs_altair_builds(monkeypatch, lang, n, tile, masked):
    rng = np.random.default_rng(n)
    scores = rng.normal(size=n)
    if masked:
        scores[n // 2 :] = -np.inf  # a causal row: later keys masked, whole tiles of them
    walk = online_softmax(scores, rng.normal(size=(n, 8)), tile)
    for step in sorted({1, walk.n_tiles}):
        assert_as_altair_builds(monkeypatch, tiles.tile_row, walk, labels(n), step, t)
        assert_as_altair_builds(monkeypatch, tiles.walk_lines, walk, step, t)
        assert_as_altair_builds(monkeypatch, tiles.output_lines, walk, step, t)
    memory = tile_memory(CHART_N, tile=tile, d_v=8)
    assert_as_altair_builds(monkeypatch, tiles_memory.memory_chart, memory, n, t)


@pytest.mark.parametrize(("n", "window", "sinks"), [(1, 1, 0), (9, 3, 1), (20, 2, 4)])
def test_the_windows_charts_are_the_specs_altair_builds(monkeypatch, lang, n, window, sinks):
    rng = np.random.default_rng(n)
    trace = scaled_dot_product_attention(*(rng.normal(size=(n, 4)) for _ in range(3)))
    for pattern in mask_patterns(trace, window=window, sinks=sinks):
        title = t(f"windows.kind_{pattern.kind}", window=window, sinks=sinks)
        assert_as_altair_builds(monkeypatch, windows.pattern_map, pattern, labels(n), 0, title, t)
    field = receptive_field(build_mask("sinks", n, window=window, sinks=sinks), 5)
    assert_as_altair_builds(monkeypatch, windows.reach_grid, field, labels(n), t)
    pieces = ["[CLS]", *labels(n), "[SEP]"]
    attentions = rng.dirichlet(np.ones(n + 2), size=(6, 12, n + 2))
    assert_as_altair_builds(monkeypatch, windows.sink_lines, sink_shares(attentions, pieces), t)


@pytest.mark.parametrize(("checkpoint", "period"), [(0, None), (50, 3), (100, 4)])
def test_the_copying_page_s_charts_are_the_specs_altair_builds(
    monkeypatch, lang, checkpoint, period
):
    rng = np.random.default_rng(checkpoint)
    trained, measured = np.arange(1, 101), np.arange(0, 101, 25)
    losses = rng.random((2, 100)) * 4, rng.random((2, len(measured))) * 4
    assert_as_altair_builds(
        monkeypatch, copying.training_chart, trained, *losses[0], measured, *losses[1],
        (25, 75), checkpoint, t,
    )  # fmt: skip
    labels_ = list("abcdabcdab"[: 2 * (period or 4) + 1])
    copies = None if period is None else Copies(first=0, second=period, length=period)
    assert_as_altair_builds(
        monkeypatch, copying.char_losses, rng.random(len(labels_) - 1), labels_, copies, t
    )
