"""Step 1 page: Q and K from X, the score matrix, and one score checked term by term."""

from __future__ import annotations

import numpy as np
import pytest
from apptest_util import all_text, chart, matrix, open_page, table

from core import ARTICLE_TOKENS, article_example
from ui.texts.common import TEXTS as COMMON
from ui.texts.similarity import TEXTS

TERMS = [TEXTS[f"col_{c}"]["en"] for c in ("q", "k", "prod")]


def test_article_scores_are_the_hand_made_dot_products():
    at = open_page("similarity")
    assert not at.exception
    ex = article_example()
    x, w_q, w_k = ex["x"], ex["w_q"], ex["w_k"]
    # Worked out in plain Python: S[i][j] = Σ_m (Σ_a x[i][a] w_q[a][m]) (Σ_b x[j][b] w_k[b][m]).
    q = [[sum(x[i][a] * w_q[a][m] for a in range(4)) for m in range(4)] for i in range(9)]
    k = [[sum(x[j][b] * w_k[b][m] for b in range(4)) for m in range(4)] for j in range(9)]
    s = [[sum(q[i][m] * k[j][m] for m in range(4)) for j in range(9)] for i in range(9)]
    np.testing.assert_allclose(matrix(at, "scores"), s, atol=1e-12)
    assert list(chart(at, "scores")["row"].unique()) == ARTICLE_TOKENS


def test_term_by_term_sum_matches_the_chosen_cell():
    at = open_page("similarity", sections=("sim_by_hand",))
    at.selectbox(key="sim_q").set_value("it").run()
    at.selectbox(key="sim_k").set_value("cake").run()
    q, k, prod = (table(at, *TERMS)[name] for name in TERMS)
    products = q * k
    np.testing.assert_allclose(prod, products)
    scores = matrix(at, "scores")
    assert f"**{products.sum():.4f}**" in all_text(at)
    assert abs(products.sum() - scores[5, 3]) < 1e-12


@pytest.mark.parametrize(("d", "heads"), [(1024, 16), (4, 4), (512, 8)])
def test_q_and_k_are_d_k_wide(d, heads):
    at = open_page("similarity", d=d, heads=heads)
    assert chart(at, "q")["j"].nunique() == min(d // heads, 64)  # at most 64 drawn


def test_the_article_s_own_numbers_are_named_beside_the_app_s():
    at = open_page("similarity")
    s = matrix(at, "scores")
    text = all_text(at)
    for key, printed in (("it", "1.3"), ("I", "0.4"), ("cake", "1.6")):
        value = s[ARTICLE_TOKENS.index("cake"), ARTICLE_TOKENS.index(key)]
        assert f"{value:.2f}" == f"{float(printed):.2f}"  # the article's figure, exactly
        shown = COMMON["article_scores"]["en"].format(
            row="“cake”", col=f"“{key}”", value=f"{value:.2f}", printed=printed
        )
        assert shown in text
    assert "the article's" not in all_text(open_page("similarity", d=8))
