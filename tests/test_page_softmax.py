"""Step 3 page: attention weights, how sharp each row is, and sharpness against d_model.

Expectations come from the definitions and from theory: softmax rows are positive and sum
to 1; masked keys get exactly 0; the entropy of softmax(s/T) grows with T (and switching
÷√d_k off is the same as lowering T by √d_k), the largest weight shrinks with T; the
softmax Jacobian diag(p) − ppᵀ vanishes as a row becomes one-hot. Every per-row measure
on the page is recomputed here from the weights the heatmap shows.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from apptest_util import all_text, charts, matrix, open_page, table

from core import build_pipeline, sharpness
from ui.settings import sentence_tokens
from ui.state import SWEEP_SEEDS
from ui.texts.softmax import TEXTS

OPEN = ("softmax_by_hand", "softmax_sweep")  # the folded sections these tests look into

ROW_MEASURES = [TEXTS[f"col_{c}"]["en"] for c in ("entropy", "effective", "max", "grad")]


def weights_from_heatmap(at) -> np.ndarray:
    return matrix(at, "softmax_weights")


def metrics(at) -> dict[str, float]:
    return {m.label: float(m.value) for m in at.metric}


def row_table(at):
    """The per-row sharpness table (one row per query token), in ROW_MEASURES order."""
    return table(at, *ROW_MEASURES)[ROW_MEASURES]


def hand_table(at):
    """The one-row-by-hand table: key, z_j, e^(z_j) or e^(z_j − m), p_j."""
    return table(at, TEXTS["col_key"]["en"], TEXTS["col_z"]["en"], TEXTS["col_p"]["en"])


def hand_columns(at):
    """z_j, e^(z_j) (or e^(z_j − m)) and p_j of the one-row-by-hand table, as arrays."""
    found = hand_table(at)
    exp = next(
        c for c in found.columns if c in (TEXTS["col_exp"]["en"], TEXTS["col_exp_shift"]["en"])
    )
    names = (TEXTS["col_z"]["en"], exp, TEXTS["col_p"]["en"])
    return (found[name].to_numpy(dtype=float) for name in names)


def sweep_panels(at) -> list:
    """Data of the four sweep charts: entropy, effective tokens, largest weight, gradient."""
    out = charts(at, "sweep_")
    assert len(out) == 4
    return out


@pytest.fixture(scope="module")
def default_page():
    at = open_page("softmax", sections=OPEN)
    assert not at.exception
    return at


def test_weights_are_positive_rows_summing_to_one(default_page):
    w = weights_from_heatmap(default_page)
    assert w.shape == (9, 9)
    assert np.all(w > 0)
    np.testing.assert_allclose(w.sum(axis=1), 1.0, atol=1e-12)


def test_row_measures_follow_from_the_shown_weights(default_page):
    w = weights_from_heatmap(default_page)
    table = row_table(default_page)
    nats, eff, top, grad = (table.iloc[:, c].to_numpy() for c in range(4))
    h = -np.sum(w * np.log(w), axis=1)
    np.testing.assert_allclose(nats, h, rtol=1e-12)
    np.testing.assert_allclose(eff, np.exp(h), rtol=1e-12)
    np.testing.assert_allclose(top, w.max(axis=1))
    jac = [np.linalg.norm(np.diag(p) - np.outer(p, p)) for p in w]  # Frobenius norm
    np.testing.assert_allclose(grad, jac, rtol=1e-10)
    shown = metrics(default_page)
    assert shown[TEXTS["mean_entropy"]["en"]] == pytest.approx(h.mean(), abs=5e-5)
    assert shown[TEXTS["mean_max"]["en"]] == pytest.approx(w.max(axis=1).mean(), abs=5e-5)
    assert shown[TEXTS["mean_grad"]["en"]] == pytest.approx(np.mean(jac), abs=5e-5)


def test_one_row_by_hand(default_page):
    at = default_page
    assert at.selectbox(key="softmax_row").value == "it"
    z, e, p = hand_columns(at)
    np.testing.assert_allclose(e, np.exp(z), rtol=1e-12)  # article scores are small: no shift
    np.testing.assert_allclose(p, e / e.sum(), rtol=1e-12)
    np.testing.assert_allclose(p, weights_from_heatmap(at)[5])  # row "it" of the heatmap
    assert any(f"= {e.sum():.4f}" in el.value for el in at.latex)  # the sum, written out


def test_large_scores_are_shifted_by_the_row_maximum():
    at = open_page("softmax", sections=OPEN, d=512, scale=0)
    assert not at.exception
    z, e, p = hand_columns(at)
    assert abs(z.max()) > 10
    np.testing.assert_allclose(e, np.exp(z - z.max()), rtol=1e-12)
    assert e.max() == 1.0
    np.testing.assert_allclose(p, e / e.sum(), rtol=1e-12)


@pytest.mark.parametrize("heads", [1, 8])
def test_switching_scaling_off_sharpens_the_rows(heads):
    at = open_page("softmax", sections=OPEN, d=512, heads=heads)
    assert not at.exception
    on = row_table(at)
    at.toggle(key="scale").set_value(False).run()
    assert not at.exception
    off = row_table(at)
    # per row: without ÷√d_k (√64 or √512 > 1) the softmax is colder, so sharper
    assert np.all(off.iloc[:, 0].to_numpy() < on.iloc[:, 0].to_numpy())
    assert np.all(off.iloc[:, 2].to_numpy() > on.iloc[:, 2].to_numpy())
    m_on = {"entropy": on.iloc[:, 0].mean(), "max": on.iloc[:, 2].mean()}
    shown = metrics(at)
    assert shown[TEXTS["mean_entropy"]["en"]] < m_on["entropy"]
    assert shown[TEXTS["mean_max"]["en"]] > m_on["max"]


def test_lower_temperature_lowers_entropy_and_the_gradient():
    at = open_page("softmax", sections=OPEN, d=64)
    entropy, grad = [], []
    for temp in (2.0, 1.0, 0.5, 0.05):
        at.slider(key="temperature").set_value(temp).run()
        assert not at.exception
        table = row_table(at)
        entropy.append(table.iloc[:, 0].to_numpy())
        grad.append(table.iloc[:, 3].mean())
        top = table.iloc[:, 2].to_numpy()
        # ‖diag(p) − ppᵀ‖_F ≤ 6 (1 − p_max): the gradient vanishes as a row turns one-hot
        assert np.all(table.iloc[:, 3].to_numpy() <= 6 * (1 - top) + 1e-12)
    for hotter, colder in itertools.pairwise(entropy):
        assert np.all(colder < hotter)
    assert grad[-1] < grad[1]  # T = 0.05 against T = 1


def test_causal_mask_zeroes_the_upper_triangle():
    at = open_page("softmax", sections=OPEN, mask=1, d=32, heads=2)
    assert not at.exception
    w = weights_from_heatmap(at)
    assert np.all(w[np.triu_indices_from(w, k=1)] == 0)
    np.testing.assert_allclose(w.sum(axis=1), 1.0, atol=1e-12)
    assert w[0, 0] == 1.0  # the first token can only see itself
    table = row_table(at)
    assert table.iloc[0, 0] == 0 and table.iloc[0, 3] == 0  # a one-hot row: no gradient
    at.selectbox(key="softmax_row").set_value("cake").run()
    assert len(hand_table(at)) == 4  # "cake" may see I, ate, the, cake


def test_sweep_shows_scaling_keeps_entropy_up():
    at = open_page("softmax", sections=OPEN, d=512)
    assert not at.exception
    entropy, _, top, _ = sweep_panels(at)
    mine, other = entropy[entropy["mine"]], entropy[~entropy["mine"]]
    assert list(mine["d"]) == [8, 16, 32, 64, 128, 256, 512, 1024]
    # scaling on (mine) is a hotter softmax at every d >= 8, so a higher entropy
    assert np.all(mine["value"].to_numpy() > other["value"].to_numpy())
    assert np.all(top[top["mine"]]["value"].to_numpy() < top[~top["mine"]]["value"].to_numpy())
    # the current d_model is marked; this page's own model is one of the models averaged
    marked = entropy[entropy["current"] & entropy["mine"]]
    assert list(marked["d"]) == [512]
    own = row_table(at).iloc[:, 0].mean()
    assert marked["low"].item() <= own <= marked["high"].item()


def test_without_scaling_the_gradient_falls_with_the_dimension():
    # One random model zig-zags (0.31, 0.18, 0.36 at d = 8, 16, 32); the mean over models
    # falls at every step, and scaled rows keep their gradient.
    at = open_page("softmax", sections=OPEN, scale=0)
    grad = sweep_panels(at)[3]
    unscaled = grad[grad["mine"]]["value"].to_numpy()
    scaled = grad[~grad["mine"]]["value"].to_numpy()
    assert np.all(np.diff(unscaled) < 0)
    assert unscaled[-1] < 0.1 * unscaled[0]
    assert scaled.min() > 0.5 * scaled.max()


def test_sweep_matches_full_models_at_every_dimension():
    """The sweep reuses raw scores of SWEEP_SEEDS models; it must equal building each in full."""
    at = open_page("softmax", sections=OPEN, seed=3, mask=1, temp="0.5")
    assert not at.exception
    tokens = list(sentence_tokens("I ate the cake and it was delicious.").tokens)
    names = ("entropy_nats", "effective_tokens", "max_weight", "grad_norm")
    panels = dict(zip(names, sweep_panels(at), strict=True))
    for scale, mine in ((True, True), (False, False)):
        for d in (8, 64, 1024):
            per_seed = [
                sharpness(
                    build_pipeline(
                        tokens,
                        d_model=d,
                        n_heads=1,
                        seed=seed,
                        causal=True,
                        scale=scale,
                        temperature=0.5,
                    ).mha.weights[0]
                )
                for seed in range(3, 3 + SWEEP_SEEDS)
            ]
            for key, df in panels.items():
                row = df[(df["mine"] == mine) & (df["d"] == d)]
                values = [sh[key].mean() for sh in per_seed]
                assert row["value"].item() == pytest.approx(np.mean(values), rel=1e-9, abs=1e-15)
                assert row["low"].item() == pytest.approx(min(values), rel=1e-9, abs=1e-15)
                assert row["high"].item() == pytest.approx(max(values), rel=1e-9, abs=1e-15)


def test_chinese_starts_on_its_pronoun_and_tokens_are_named_as_text():
    at = open_page(
        "softmax", sections=OPEN, sentence="我吃了蛋糕，它很好吃。", lang="zh", d=16, heads=2
    )
    assert at.selectbox(key="softmax_row").value == "它"
    at = open_page(
        "softmax", sections=OPEN, sentence="<script>alert(1)</script> 🎂 **x** [a](b)", mask=1
    )
    at.selectbox(key="softmax_row").set_value("*").run()
    assert "“\\*”" in all_text(at)  # the token is escaped in the sentence that names it
