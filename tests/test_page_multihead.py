"""Multi-head page: one map per head, the concatenation h·d_v wide, W_O, and head diversity."""

from __future__ import annotations

import re

import numpy as np
import pytest
from apptest_util import all_text, chart_keys, chart_specs, charts, matrix, open_page

from core import head_divergence
from ui.texts.common import TEXTS as COMMON
from ui.texts.multihead import TEXTS

# A numpy warning (overflow, division by zero) is a bug at any setting.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def heads_of(frames) -> dict[str, np.ndarray]:
    """Head name -> its [n, c] matrix, gathered from the per-group charts, in head order."""
    out = {}
    for df in frames:
        for name, rows in df.groupby("head", observed=True, sort=False):
            out[str(name)] = rows.pivot(index="i", columns="j", values="value").to_numpy()
    return dict(sorted(out.items(), key=lambda item: int(re.search(r"\d+", item[0])[0])))


def group_domains(at, prefix: str) -> set[tuple]:
    """The colour domain of every group chart whose key starts with prefix."""
    return {
        tuple(s["spec"]["layer"][0]["encoding"]["color"]["scale"]["domain"])
        for s, key in zip(chart_specs(at), chart_keys(at), strict=True)
        if key and key.startswith(prefix)
    }


@pytest.mark.parametrize(("d", "h"), [(32, 2), (16, 4), (32, 8), (64, 16)])
def test_one_map_per_head_on_one_scale_and_rows_sum_to_1(d, h):
    at = open_page("multihead", d=d, heads=h)
    assert not at.exception
    maps = heads_of(charts(at, "head_maps"))
    assert len(maps) == h
    assert list(maps) == [COMMON["head_n"]["en"].format(i=i) for i in range(1, h + 1)]
    for m in maps.values():
        assert m.shape == (9, 9)
        np.testing.assert_allclose(m.sum(axis=1), 1.0, atol=1e-12)
    for spec, key in zip(chart_specs(at), chart_keys(at), strict=True):
        if key.startswith("head_maps"):  # every group on the same fixed [0, 1] viridis scale
            scale = spec["spec"]["layer"][0]["encoding"]["color"]["scale"]
            assert scale["scheme"] == "viridis"
            assert scale["domain"] == [0.0, 1.0]
    domains = group_domains(at, "head_outputs")
    assert len(domains) == 1  # the outputs share one diverging scale too
    ((lo, hi),) = domains
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
