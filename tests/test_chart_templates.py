"""Chart layouts filled from templates: each the very spec Altair builds, and no Altair on a
rerun, whatever the student's language, domains and sizes; the data as pandas would send it."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pyarrow as pa
import pytest
from streamlit import dataframe_util

from core import (
    footnote4_experiment,
    positional_encoding,
    scaled_dot_product_attention,
    sharpness_sweep,
)
from core import recommender as films
from core.experiment import compare, scaling_sweep
from core.online_softmax import online_softmax
from core.receptive_field import receptive_field
from core.sinks import sink_shares
from core.tile_memory import CHART_N, tile_memory
from core.train_config import TrainConfig
from core.windows import build_mask, mask_patterns
from ui.charts import (
    PRESENT_CELL,
    Categories,
    Figure,
    Layout,
    bars,
    frame,
    heatmap,
    layout,
    memo,
    stack,
    table,
)
from ui.charts import template as template_module
from ui.figures import (
    generate,
    generate_cost,
    masking,
    multihead,
    qkv,
    scaling,
    softmax,
    tiles,
    tokens,
    windows,
)
from ui.figures import train as train_figures
from ui.i18n import set_language, t


def figures(result) -> list[Figure]:
    """The Figures a figure function returns (one, a list, or (key, figure) pairs)."""
    if isinstance(result, Figure):
        return [result]
    return (
        [f for item in result for f in figures(item)] if isinstance(result, (list, tuple)) else []
    )


def built_by_altair(monkeypatch, func, *args, **kwargs) -> list[Figure]:
    """The figures with every layout built by Altair directly, not from a template (and
    none taken from the figures kept for the same inputs)."""
    with monkeypatch.context() as m:
        m.setattr(Layout, "__call__", Layout.altair_spec)
        m.setattr(memo, "KEPT", 0)
        heatmap.cache_clear()
        bars.cache_clear()
        return figures(func(*args, **kwargs))


def assert_as_altair_builds(monkeypatch, func, *args, **kwargs) -> list[Figure]:
    filled = figures(func(*args, **kwargs))
    built = built_by_altair(monkeypatch, func, *args, **kwargs)
    assert filled and len(filled) == len(built)
    for a, b in zip(filled, built, strict=True):
        assert json.dumps(a.spec, sort_keys=True) == json.dumps(b.spec, sort_keys=True)
        assert json.dumps(a.spec) == json.dumps(b.spec)  # the keys' order too: the same bytes
        assert a.data.equals(b.data, check_metadata=True)
    return filled


@pytest.fixture
def no_altair(monkeypatch):
    """Within it, building a chart with Altair fails the test."""

    def refuse(chart):
        raise AssertionError("Altair built a chart where a template should have been filled")

    def forbid():
        monkeypatch.setattr(template_module, "to_spec", refuse)

    return forbid


@pytest.fixture(params=["en", "zh"])
def lang(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def labels(n: int, prefix: str = "t") -> list[str]:
    return [f"{prefix}{i}" for i in range(n)]


# ---------------------------------------------------------------------------- heatmaps

HEATMAP_SHAPES = list(
    itertools.product(("weights", "signed", "plain"), (None, True, False), (None, 1), (None, "T"))
)
SIZES = [(2, 3), (9, 9), (4, 16), (13, 20), (9, 40), (40, 70)]


@pytest.mark.parametrize(("kind", "numbers", "focus", "title"), HEATMAP_SHAPES)
def test_a_heatmap_is_the_spec_altair_builds_and_a_rerun_only_fills_it(
    monkeypatch, no_altair, kind, numbers, focus, title
):
    case = HEATMAP_SHAPES.index((kind, numbers, focus, title))
    rng = np.random.default_rng(case)
    lang = ("en", "zh")[case % 2]  # then the other one, once the shape is known
    set_language(lang)
    texts = {"row_title": t("common.query"), "col_title": t("common.key")}
    r, c = SIZES[rng.integers(len(SIZES))]
    calls = []
    for repeat in range(2):  # the same shape, other values: another run, another student
        m = rng.normal(size=(r, c)) * (1 if kind == "signed" else 0.3) + (kind != "signed")
        if rng.random() < 0.5:
            m[0, -1] = -np.inf  # a masked cell
        options = {
            "kind": kind,
            "numbers": numbers,
            "focus": focus,
            "title": title and f"{title}{repeat} {t('common.weight')}",
            "legend": [None, True, False][repeat + int(rng.integers(2))],
            "cell": [None, PRESENT_CELL][repeat],
            "present": bool(repeat),
            "marked": [(), ((0, c - 1), (r - 1, 0))][int(rng.integers(2))],
            "domain": [None, (-2.0, 2.0) if kind == "signed" else (0.0, 0.5)][repeat],
            "value_title": t("common.value") if repeat else t("common.weight"),
            **({} if rng.random() < 0.3 else texts),
        }
        calls.append((m, labels(r, f"q{repeat}"), labels(c), options))
    first, second = calls
    assert_as_altair_builds(monkeypatch, heatmap, first[0], first[1], first[2], **first[3])
    # the second's shape can differ from the first's (legend, titles), so make it known once
    assert_as_altair_builds(monkeypatch, heatmap, second[0], second[1], second[2], **second[3])
    no_altair()
    set_language("zh" if lang == "en" else "en")
    try:
        for m, rows, cols, options in calls:
            heatmap(m * 1.7, rows[::-1], cols, **options)
    finally:
        set_language("en")


@pytest.mark.parametrize("focus", [None, 2])
def test_a_heatmap_with_blocked_cells_greys_them_keeping_their_value(monkeypatch, lang, focus):
    weights = np.tril(np.full((4, 4), 0.25))
    allowed = weights > 0
    (figure,) = assert_as_altair_builds(
        monkeypatch, heatmap, weights, labels(4), labels(4), allowed=allowed, focus=focus
    )
    df = figure.data.to_pandas()
    assert (df.loc[~df["allowed"], "value"] == 0).all()  # a masked weight: 0, not missing
    assert (df.loc[~df["allowed"], "text"] == "0.00").all()
    assert "datum.allowed" in json.dumps(figure.spec)
    assert "datum.allowed" not in json.dumps(heatmap(weights, labels(4), labels(4)).spec)


def test_a_signed_heatmap_spans_a_round_symmetric_domain_filled_in():
    m = np.array([[0.5, -1.7], [1.1, 0.0]])
    spec = heatmap(m, ["a", "b"], ["x", "y"], kind="signed").spec
    scale = spec["layer"][0]["encoding"]["color"]["condition"]["scale"]
    assert scale["domain"] == [-2.0, 2.0] and scale["domainMid"] == 0
    spec = heatmap(m * 3, ["a", "b"], ["x", "y"], kind="signed").spec
    assert spec["layer"][0]["encoding"]["color"]["condition"]["scale"]["domain"] == [-6.0, 6.0]


# ---------------------------------------------------------------------------- bars


@pytest.mark.parametrize(
    ("domain", "ticks", "highlight", "label_title"),
    list(itertools.product(((0.0, 1.0), None, (0, 5.5)), ((), (0, 0.5, 1)), (None, 1), ("", "L"))),
)
def test_bars_are_the_spec_altair_builds(monkeypatch, lang, domain, ticks, highlight, label_title):
    values = np.array([0.1, 0.7, 0.2, -0.05])
    assert_as_altair_builds(
        monkeypatch,
        bars,
        values,
        ["a", "b", "a", "🇫🇷"],
        value_title=t("common.weight"),
        label_title=label_title and t("common.key"),
        domain=domain,
        ticks=ticks,
        highlight=highlight,
        height=None if highlight is None else 250,
        color="#123456" if label_title else "#3b528b",
    )


# ---------------------------------------------------------------------------- the pages' figures


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
    assert_as_altair_builds(monkeypatch, tiles.memory_chart, memory, n, t)


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


# ---------------------------------------------------------------------------- the mechanism


def test_a_layout_cannot_compute_with_a_value():
    @layout("height")
    def doubled(*, height: int):
        import altair as alt

        return alt.Chart().mark_bar().properties(height=2 * height)

    with pytest.raises(TypeError, match="cannot compute"):
        doubled(height=10)


def test_a_value_in_a_filter_expression_and_a_falsy_value_are_filled_like_altair(monkeypatch):
    import altair as alt

    @layout("limit", "name", "title")
    def filtered(*, limit: float, name: str, title: str):
        chart = alt.Chart().transform_filter(f"datum.d < {limit} && datum.s == '{name}'")
        return chart.mark_point().encode(x=alt.X("d:Q", title=title or "fallback"))

    for limit, name, title in [(1024, "a", ""), (0.25, 'x"y', "T"), (0, "中文", None)]:
        filled = filtered(limit=limit, name=name, title=title)
        assert json.dumps(filled) == json.dumps(
            filtered.altair_spec(limit=limit, name=name, title=title)
        )


# ---------------------------------------------------------------------------- the data


def arrow(data) -> bytes:
    return dataframe_util.convert_anything_to_arrow_bytes(data)


@pytest.mark.parametrize("rows", [0, 1, 7, 300])
def test_a_table_is_what_pyarrow_makes_of_the_same_dataframe_to_the_byte(rows):
    rng = np.random.default_rng(rows)
    values = rng.normal(size=rows)
    values[::3] = np.nan  # a missing value is sent as null, as pandas' conversion does
    codes = rng.integers(0, 5, size=rows)
    columns = {
        "row": Categories(codes, ["a", "b", "c", "d", "中"]),
        "i": codes,
        "value": values,
        "text": np.char.mod("%.2f", np.nan_to_num(values)),
        "names": [f"n{k}" for k in range(rows)],
        "flag": codes == 2,
        "one": "same for all",
        "level": 0.5,
    }
    assert arrow(table(columns)) == arrow(frame(columns))


def test_stacked_parts_keep_pandas_chunks_and_record_batches():
    def part(kind, n, shift):
        return {"step": np.arange(n), "kind": kind, "value": np.arange(n) * shift, "seeds": 3}

    inner = [stack([part("a", 4, 1.0), part("b", 4, 2.0)]) for _ in range(2)]
    for one in inner:
        one["matrix"] = "W"  # a column added to a stacked part
    outer = stack(inner)
    outer["ref"], outer["label"] = 1.5, "chance"
    for columns in (*inner, outer):
        made = table(columns)
        assert arrow(made) == arrow(frame(columns))
        assert made.equals(pa.Table.from_pandas(frame(columns)), check_metadata=True)


# ---------------------------------------------------------------------------- warming up


def clear_chart_caches() -> None:
    """Empty every cache of the charts: layouts' templates, kept figures, table shapes."""
    import sys

    import ui.figures.warm  # noqa: F401  (imports every module of the charts)

    for name, module in list(sys.modules.items()):
        if name.startswith(("ui.charts", "ui.figures")):
            for obj in vars(module).values():
                if callable(getattr(obj, "cache_clear", None)) and not isinstance(obj, type):
                    obj.cache_clear()


@pytest.mark.parametrize("params", [{}, {"lang": "zh", "present": "1"}])
def test_after_the_warm_up_no_page_builds_a_chart_at_the_default_settings(no_altair, params):
    from apptest_util import chart_keys, open_page, settled

    from ui.figures.warm import warm_layouts

    clear_chart_caches()
    set_language("en")
    warm_layouts()
    no_altair()
    pages = ["overview", "tokens", "qkv", "similarity", "scaling", "softmax", "weighted_sum"]
    pages += ["masking", "multihead", "generate"] + ([] if params else ["train"])  # train: once
    pages += ["masking", "multihead", "tiles", "windows"]
    pages += [] if params else ["train"]  # its training: once
    for page in pages:
        at = open_page(page, **params, **({"steps": 20, "seeds": 1} if page == "train" else {}))
        if page == "train":
            settled(at.button(key="train_run").click().run())
            settled(at.button(key="train_sweep_run").click().run())
        assert not at.exception, f"{page}: {at.exception[0].message}"
        assert chart_keys(at), page


def test_a_figure_is_kept_for_the_same_inputs_and_made_anew_for_others():
    m = np.arange(6.0).reshape(2, 3) / 10
    a = heatmap(m, ["a", "b"], ["x", "y", "z"], kind="signed")
    assert heatmap(m.copy(), ["a", "b"], ["x", "y", "z"], kind="signed") is a  # equal contents
    changed = m.copy()
    changed[1, 2] = 0.51
    b = heatmap(changed, ["a", "b"], ["x", "y", "z"], kind="signed")
    assert b is not a and b.data.column("text").to_pylist()[-1] == "0.51"
    assert heatmap(m, ["a", "b"], ["x", "y", "w"], kind="signed") is not a  # another label
    assert heatmap(m, ["a", "b"], ["x", "y", "z"], kind="weights") is not a
    ints = heatmap(m, ["a", "b"], ["x", "y", "z"], kind="signed", domain=(-1, 1))
    floats = heatmap(m, ["a", "b"], ["x", "y", "z"], kind="signed", domain=(-1.0, 1.0))
    assert ints is not floats  # 1 and 1.0 are written differently in a spec
