"""Multi-head page: one map per head, the concatenation h·d_v wide, W_O, and head diversity."""

from __future__ import annotations

import re

import numpy as np
import pytest
from apptest_util import all_text, chart, chart_keys, chart_specs, charts, matrix, open_page

from core import ARTICLE_SENTENCE, head_divergence
from core.article_heads import ARTICLE_HEADS, article_heads_example
from ui.texts.common import TEXTS as COMMON
from ui.texts.multihead import TEXTS
from ui.widgets import md_escape

# A numpy warning (overflow, division by zero) is a bug at any setting.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def heads_of(frames) -> dict[str, np.ndarray]:
    """Head name -> its [n, c] matrix, gathered from the charts' data, in head order."""
    out = {}
    for df in frames:
        for name, rows in df.groupby("head", observed=True, sort=False):
            out[str(name)] = rows.pivot(index="i", columns="j", values="value").to_numpy()
    return dict(sorted(out.items(), key=lambda item: int(re.search(r"\d+", item[0])[0])))


def grid_spec(at, prefix: str) -> dict:
    """The spec of the one chart whose key starts with prefix: all heads in one grid."""
    pairs = zip(chart_specs(at), chart_keys(at), strict=True)
    specs = [spec for spec, key in pairs if key.startswith(prefix)]
    assert len(specs) == 1, f"{len(specs)} charts of {prefix}"
    return specs[0]


def legends(spec: dict) -> list[dict]:
    """The colour encodings of a layered spec that draw a legend (a scale of their own)."""
    colors = [layer["encoding"].get("color") for layer in spec["layer"] if "encoding" in layer]
    return [c for c in colors if c and c.get("scale") is not None and c.get("legend") is not None]


@pytest.mark.parametrize(("d", "h"), [(32, 2), (16, 4), (32, 8), (64, 16)])
def test_one_map_per_head_on_one_scale_and_rows_sum_to_1(d, h):
    at = open_page("multihead", d=d, heads=h)
    assert not at.exception
    maps = heads_of(charts(at, "head_maps"))
    assert len(maps) == h
    names = [name.split(" · ")[0] for name in maps]  # at 32 × 8: the article's, with roles
    assert names == [COMMON["head_n"]["en"].format(i=i) for i in range(1, h + 1)]
    for m in maps.values():
        assert m.shape == (9, 9)
        np.testing.assert_allclose(m.sum(axis=1), 1.0, atol=1e-12)
    # One chart of all heads with one colour legend: viridis on the fixed [0, 1].
    (color,) = legends(grid_spec(at, "head_maps"))
    assert color["scale"]["scheme"] == "viridis"
    assert color["scale"]["domain"] == [0.0, 1.0]
    (color,) = legends(grid_spec(at, "head_outputs"))  # the outputs: one diverging scale
    lo, hi = color["scale"]["domain"]
    largest = max(np.abs(df["value"]).max() for df in charts(at, "head_outputs"))
    assert lo == -hi and largest <= hi <= largest * 4 / 3  # symmetric, round, covers them all


def test_concat_is_the_head_outputs_side_by_side_and_w_o_projects_back():
    d, h = 32, 8
    d_v = d // h
    at = open_page("multihead", d=d, heads=h, seed=7)
    assert not at.exception
    concat = matrix(at, "concat")
    assert concat.shape == (9, h * d_v) == (9, d)
    assert f"**{h} heads × {d_v} dims = {h * d_v}**" in all_text(at)
    assert any(f"[9 × {h * d_v}]" in md.value for md in at.markdown if "Concat" in md.value)
    outputs = heads_of(charts(at, "head_outputs"))
    for k, out in enumerate(outputs.values()):
        np.testing.assert_allclose(concat[:, k * d_v : (k + 1) * d_v], out, atol=1e-12)
    w_o = matrix(at, "w_o")
    assert w_o.shape == (h * d_v, d)
    np.testing.assert_allclose(matrix(at, "mha_output"), concat @ w_o, atol=1e-12)


@pytest.mark.parametrize(("d", "h", "params"), [(16, 4, {}), (64, 8, {"mask": "1"})])
def test_diversity_readout_is_a_symmetric_js_matrix_with_a_zero_diagonal(d, h, params):
    at = open_page("multihead", d=d, heads=h, **params)
    js = matrix(at, "head_divergence")
    assert js.shape == (h, h)
    assert (np.diag(js) == 0).all()
    np.testing.assert_array_equal(js, js.T)
    assert ((js >= 0) & (js <= 1)).all()
    # The divergence of the maps shown (core's head_divergence is checked by hand elsewhere).
    maps = np.stack(list(heads_of(charts(at, "head_maps")).values()))
    np.testing.assert_allclose(js, head_divergence(maps).matrix, atol=1e-12)


def test_with_one_head_the_page_says_so():
    at = open_page("multihead")
    assert not at.exception
    assert TEXTS["one_head"]["en"] in all_text(at)
    assert "head_divergence" not in chart_keys(at)
    assert len(heads_of(charts(at, "head_maps"))) == 1
    assert TEXTS["widths_one"]["en"].format(d_v=4, total=4) in all_text(at)


def designed_weight(ex: dict, head: int, query: int, key: int) -> float:
    """The weight head ``head`` gives key ``key`` from query ``query``, worked out from the
    article's hand-made X and weights: its own four columns, ÷√4, softmax along the row."""
    cols = slice(4 * head, 4 * head + 4)
    x = ex["x"]
    q = x @ ex["w_q"][:, cols]
    k = x @ ex["w_k"][:, cols]
    scores = q[query] @ k.T / 2.0
    row = np.exp(scores - scores.max())
    return float(row[key] / row.sum())


def test_the_preset_button_shows_the_article_heads_and_what_each_one_does():
    at = open_page("multihead", d=16, heads=2, mask=1, temp=2.5, scale=0, sentence="a b c")
    assert TEXTS["designed_intro"]["en"] not in all_text(at)  # not the preset: no callout
    at.button(key="multihead_preset").click().run()
    assert not at.exception
    state = at.session_state
    assert (state["d_model"], state["n_heads"]) == (32, 8)
    assert (state["causal"], state["scale"], state["temperature"]) == (False, True, 1.0)
    assert state["sentence"] == ARTICLE_SENTENCE and state["focus"] == "it"
    text = all_text(at)
    assert TEXTS["designed_intro"]["en"] in text
    ex = article_heads_example()
    tokens = ex["tokens"]
    for i, head in enumerate(ARTICLE_HEADS):
        w = designed_weight(ex, i, tokens.index(head.query), tokens.index(head.key))
        role = TEXTS[f"role.{head.role}"]["en"]
        q, k = (md_escape(token) for token in (head.query, head.key))
        assert f"head {i + 1} ({role}): “{q}” → “{k}”, **{w:.2f}**" in text
    assert f"{w:.2f}" == "0.82"  # the last head's, as core.article_heads' table says
    # The heads' names over their maps say what each is made to do.
    names = list(heads_of(charts(at, "head_maps")))
    assert names[0] == f"Head 1 · {TEXTS['role_short.pronoun']['en']}" and len(names) == 8


def test_the_line_view_sends_it_to_each_designed_heads_keys_in_the_heads_switched_on():
    at = open_page("multihead", d=32, heads=8, sentence=ARTICLE_SENTENCE, focus="it", ask="1")
    ex = article_heads_example()
    tokens = ex["tokens"]
    it = tokens.index("it")
    lines = chart(at, "mh_lines")  # not an answer to the page's question: before the guess
    lines = lines[lines["part"] == "line"]
    assert sorted(set(lines["head"])) == [f"Head {i}" for i in range(1, 5)]  # the first four
    for head in range(4):
        mine = lines[lines["head"] == f"Head {head + 1}"].set_index("label")["weight"]
        expected = {key: designed_weight(ex, head, it, j) for j, key in enumerate(tokens)}
        kept = {key: w for key, w in expected.items() if w >= 0.02}
        assert set(mine.index) == set(kept)
        for key, w in kept.items():
            assert mine[key] == pytest.approx(w, abs=1e-12)
    # head 1 follows "it" to "cake": its bolder line of all
    assert lines[lines["head"] == "Head 1"].set_index("label")["weight"].idxmax() == "cake"
    switch = next(w for w in at.segmented_control if w.key == "multihead_lines_heads_8")
    switch.set_value([7]).run()
    assert not at.exception
    lines = chart(at, "mh_lines")
    assert set(lines[lines["part"] == "line"]["head"]) == {"Head 8"}


def test_the_article_widths_wait_for_the_question_and_other_settings_show_no_callout():
    at = open_page("multihead", sentence=ARTICLE_SENTENCE, d=32, heads=8, ask=1)
    widths = TEXTS["designed_widths"]["en"].format(h=8, d_k=4, d=32)
    text = all_text(at)
    assert TEXTS["designed_intro"]["en"] in text  # the roles: no answer to the width in them
    assert widths not in text and "32 × 32" not in text  # the answer waits for the guess
    at.text_input(key="quiz_multihead_1_guess").set_value("32")
    at.button(key="quiz_multihead_check").click().run()
    assert widths in all_text(at)
    at = open_page("multihead", d=32, heads=8, sentence="The dog sat.")  # random weights
    assert TEXTS["designed_intro"]["en"] not in all_text(at) and "multihead_preset" in [
        b.key for b in at.button
    ]
