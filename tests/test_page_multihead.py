"""Multi-head page: one map per head, the concatenation h·d_v wide, W_O, and head diversity."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from apptest_util import all_text, chart_data, chart_specs, open_page

from ui.texts.common import TEXTS as COMMON
from ui.texts.multihead import TEXTS

# A numpy warning (overflow, division by zero) is a bug at any setting.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def matrix(df) -> np.ndarray:
    return df.pivot(index="i", columns="j", values="value").to_numpy()


def charts(at) -> dict:
    """The page's charts by role: head maps, head outputs (per-head panels), and the rest."""
    count = len(at.get("vega_lite_chart"))
    frames = [chart_data(at, k) for k in range(count)]
    panels = [k for k in range(count) if "hi" in frames[k].columns]
    half = len(panels) // 2
    maps, outputs = panels[:half], panels[half:]
    rest = [k for k in range(count) if k not in panels]
    return {
        "frames": frames,
        "maps": maps,
        "outputs": outputs,
        "js": rest[0] if len(rest) == 4 else None,
        "concat": rest[-3],
        "w_o": rest[-2],
        "output": rest[-1],
    }


def heads_of(frames, indices) -> dict[str, np.ndarray]:
    """Head name -> its [n, c] matrix, gathered from the per-group charts, in head order."""
    out = {}
    for k in indices:
        for name, df in frames[k].groupby("head", observed=True, sort=False):
            out[str(name)] = df.pivot(index="i", columns="j", values="value").to_numpy()
    # Groups sit in two page columns, so the element tree lists them column by column.
    return dict(sorted(out.items(), key=lambda item: int(re.search(r"\d+", item[0])[0])))


def js_bits(p, q) -> float:
    """Jensen–Shannon divergence of two distributions, in bits, written out plainly."""
    total = 0.0
    for a, b in zip(p, q, strict=True):
        m = (a + b) / 2
        if a > 0:
            total += 0.5 * a * math.log2(a / m)
        if b > 0:
            total += 0.5 * b * math.log2(b / m)
    return total


@pytest.mark.parametrize(("d", "h"), [(32, 2), (16, 4), (32, 8), (64, 16)])
def test_one_map_per_head_on_one_scale_and_rows_sum_to_1(d, h):
    at = open_page("multihead", d=d, heads=h)
    assert not at.exception
    c = charts(at)
    maps = heads_of(c["frames"], c["maps"])
    assert len(maps) == h
    assert list(maps) == [COMMON["head_n"]["en"].format(i=i) for i in range(1, h + 1)]
    for m in maps.values():
        assert m.shape == (9, 9)
        np.testing.assert_allclose(m.sum(axis=1), 1.0, atol=1e-12)
    specs = chart_specs(at)
    for k in c["maps"]:  # every group on the same fixed [0, 1] viridis scale
        scale = specs[k]["spec"]["layer"][0]["encoding"]["color"]["scale"]
        assert scale["scheme"] == "viridis"
        assert scale["domain"] == [0.0, 1.0]
    domains = {
        tuple(specs[k]["spec"]["layer"][0]["encoding"]["color"]["scale"]["domain"])
        for k in c["outputs"]
    }
    assert len(domains) == 1  # the outputs share one diverging scale too
    ((lo, hi),) = domains
    largest = max(np.abs(chart_data(at, k)["value"]).max() for k in c["outputs"])
    assert lo == -hi and largest <= hi <= largest * 4 / 3  # symmetric, round, covers them all


def test_concat_is_the_head_outputs_side_by_side_and_w_o_projects_back():
    d, h = 32, 8
    d_v = d // h
    at = open_page("multihead", d=d, heads=h, seed=7)
    assert not at.exception
    c = charts(at)
    concat = matrix(c["frames"][c["concat"]])
    assert concat.shape == (9, h * d_v) == (9, d)
    assert f"**{h} heads × {d_v} dims = {h * d_v}**" in all_text(at)
    assert any(f"[9 × {h * d_v}]" in md.value for md in at.markdown if "Concat" in md.value)
    outputs = heads_of(c["frames"], c["outputs"])
    for k, out in enumerate(outputs.values()):
        np.testing.assert_allclose(concat[:, k * d_v : (k + 1) * d_v], out, atol=1e-12)
    w_o = matrix(c["frames"][c["w_o"]])
    assert w_o.shape == (h * d_v, d)
    np.testing.assert_allclose(matrix(c["frames"][c["output"]]), concat @ w_o, atol=1e-12)


@pytest.mark.parametrize(("d", "h", "params"), [(16, 4, {}), (64, 8, {"mask": "1"})])
def test_diversity_readout_is_a_symmetric_js_matrix_with_a_zero_diagonal(d, h, params):
    at = open_page("multihead", d=d, heads=h, **params)
    c = charts(at)
    js = matrix(c["frames"][c["js"]])
    assert js.shape == (h, h)
    assert (np.diag(js) == 0).all()
    np.testing.assert_array_equal(js, js.T)
    assert ((js >= 0) & (js <= 1)).all()
    # Recomputed from the maps shown: the mean over query rows of JS(head a row, head b row).
    maps = list(heads_of(c["frames"], c["maps"]).values())
    for a, b in [(0, 1), (0, h - 1), (1, 2)]:
        expected = np.mean([js_bits(maps[a][i], maps[b][i]) for i in range(9)])
        assert js[a, b] == pytest.approx(expected, abs=1e-9)


def test_with_one_head_the_page_says_so():
    at = open_page("multihead")
    assert not at.exception
    assert TEXTS["one_head"]["en"] in all_text(at)
    c = charts(at)
    assert c["js"] is None
    assert len(heads_of(c["frames"], c["maps"])) == 1
    assert TEXTS["widths_one"]["en"].format(d_v=4, total=4) in all_text(at)


LONG = " ".join(f"w{i}" for i in range(70))
CJK = "我吃了蛋糕，它很好吃。"


@pytest.mark.parametrize(
    "params",
    [
        {"d": "1024", "heads": "16", "sentence": LONG, "temp": "0.05", "scale": "0", "mask": "1"},
        {"d": "1024", "heads": "1", "temp": "5", "lang": "zh", "sentence": CJK},
        {"d": "4", "heads": "4", "sentence": "", "mask": "1"},
        {"d": "8", "heads": "2", "sentence": "<script>alert(1)</script> 🎂🍰 *bold* ok"},
    ],
)
def test_extremes_render_without_error(params):
    at = open_page("multihead", **params)
    assert not at.exception
    lang = params.get("lang", "en")
    assert at.header[0].value == COMMON["page.multihead"][lang]
    h = int(params["heads"])
    c = charts(at)
    maps = heads_of(c["frames"], c["maps"])
    assert len(maps) == h
    for m in maps.values():
        assert not np.isnan(m).any()
        np.testing.assert_allclose(m.sum(axis=1), 1.0, atol=1e-12)
    assert c["frames"][c["concat"]]["j"].nunique() == min(int(params["d"]), 64)
    for md in at.markdown:
        assert "<script>" not in md.value
        assert not md.proto.allow_html
