"""Chart layouts filled from templates: each the very spec Altair builds, and no Altair on a
rerun, whatever the student's language, domains and sizes; the data as pandas would send it."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pyarrow as pa
import pytest
from streamlit import dataframe_util

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
        memo.forget_all()
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
    pages += ["masking", "multihead", "generate", "tiles", "windows"]
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
