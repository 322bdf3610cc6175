"""Every page at hostile settings: no traceback, the right language, nothing NaN or inf,
no matrix wider than it can draw, and user text never rendered as HTML or Markdown.

The pages are the files in app_pages/, so a new page is covered without editing this file.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from apptest_util import all_text, chart_keys, chart_specs, charts, open_page, unfold_all

from ui.charts import MASKED
from ui.texts import CATALOG
from ui.texts.glossary import TEXTS as GLOSSARY

PAGES = sorted(p.stem for p in (Path(__file__).parent.parent / "app_pages").glob("*.py"))
LONG = " ".join(f"w{i}" for i in range(70))  # past the 64-token cap
CJK = "我吃了蛋糕，它很好吃。"
HOSTILE = {
    "largest": {"d": "1024", "heads": "16", "sentence": LONG, "temp": "0.05", "scale": "0",
                "mask": "1"},
    "chinese": {"d": "1024", "heads": "1", "temp": "5", "lang": "zh", "sentence": CJK},
    # an empty sentence at d_k = 1, from a tampered link (heads=0&d=abc: tests/test_frame.py)
    "blank": {"d": "4", "heads": "4", "sentence": "   ", "mask": "1", "temp": "nan",
              "seed": "-1", "focus": "<b>x</b>", "tour": "-3"},
    "markup": {"sentence": "<script>alert(1)</script> 🎂 👩‍👩‍👧 🇫🇷 **bold** [x](y) it",
               "scale": "0"},
}  # fmt: skip
# Charts of attention weights: every row of each is a distribution over the keys.
WEIGHT_CHARTS = re.compile(r"^(ov_weights|softmax_weights|weights|masked_weights|unmasked_weights"
                           r"|head_maps_\d+|real_map_.*|real_heads_\d+)$")  # fmt: skip

# A numpy warning (overflow, division by zero) is a bug at any setting.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def row_sums(df) -> np.ndarray:
    """The sum of every row of a weights chart (of every head's rows, for small multiples)."""
    rows = ["head", "i"] if "head" in df else ["i"]
    return df.groupby(rows, observed=True)["value"].sum().to_numpy()


@pytest.mark.parametrize("setting", list(HOSTILE))
@pytest.mark.parametrize("name", PAGES)
def test_page_survives_hostile_settings(name, setting):
    params = HOSTILE[setting]
    at = open_page(name, **params)
    assert not at.exception, at.exception
    assert at.header[0].value == CATALOG[f"{name}.title"][params.get("lang", "en")]

    for key, spec, df in zip(chart_keys(at), chart_specs(at), charts(at, ""), strict=True):
        value = df["value"].to_numpy(dtype=float) if "value" in df else np.zeros(0)
        assert np.isfinite(value[~np.isnan(value)]).all(), key
        if "text" in df and "i" in df:  # a heatmap: a cell without a value is masked: −∞
            assert (df.loc[np.isnan(value), "text"] == MASKED).all(), key
        if {"i", "j"} <= set(df):
            assert df["i"].nunique() <= 64 and df["j"].nunique() <= 64, key
        if WEIGHT_CHARTS.match(key or ""):
            # Rows sum to 1 (within float32's precision: the real model), unless the map is
            # cut to the keys it can draw; then to at most 1.
            sums = row_sums(df)
            if df["j"].nunique() < 64:
                np.testing.assert_allclose(sums, 1.0, atol=1e-6, err_msg=key)
            assert (sums <= 1 + 1e-6).all(), key
        assert spec.get("usermeta", {}).get("key"), "every chart is named"
    for metric in at.metric:
        assert np.isfinite(float(metric.value)), metric.label

    assert not any(md.proto.allow_html for md in at.markdown)
    shown = all_text(at)
    assert "<script>" not in shown and "**bold**" not in shown
    if setting == "blank":
        assert "temp" in at.warning[0].value and "tour" in at.warning[0].value


def test_a_one_token_sentence_everywhere():
    for name in set(PAGES) - {"real_model"}:  # the model adds [CLS] and [SEP] to any text
        at = open_page(name, sentence="cake", d="8", heads="2")
        assert not at.exception, (name, at.exception)
        for key, df in zip(chart_keys(at), charts(at, ""), strict=True):
            if WEIGHT_CHARTS.match(key):
                np.testing.assert_allclose(df["value"], 1.0, atol=1e-6)  # one key takes it all


# Words a student cannot parse on their own, and the glossary entry that explains each.
JARGON = {"nats": "nats", "Frobenius": "frobenius", "δ_ij": "delta", "Jensen": "js"}


@pytest.mark.parametrize("name", ["softmax", "scaling", "multihead"])
def test_every_technical_word_is_explained_one_click_away(name):
    at = unfold_all(open_page(name, d="16", heads="2"), prefix="glossary_")
    expanders = "\n".join(md.value for e in at.expander for md in e.markdown)
    shown = all_text(at) + "\n".join(m.label for m in at.metric)
    used = [term for term in JARGON if term in shown]
    assert used, "the page shows none of the words it is tested for"
    for term in used:
        assert GLOSSARY[JARGON[term]]["en"] in expanders, term


def test_emoji_in_chart_labels_need_no_emoji_font():
    at = open_page("overview", sentence="cake 🇫🇷 👍🏽 yum")
    rows = set(charts(at, "ov_")[0]["row"])
    assert {"flag FR", "👍"} <= rows and "🇫🇷" not in rows
    assert "🇫🇷" in at.sidebar.selectbox(key="focus").options  # pickers show the token itself
