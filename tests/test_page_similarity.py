"""Step 1 page: Q and K from X, the score matrix, and one score checked term by term."""

from __future__ import annotations

import numpy as np
import pytest
from apptest_util import chart_data, open_page

from core import ARTICLE_TOKENS, article_example


def matrix_from_chart(df) -> np.ndarray:
    return df.pivot(index="i", columns="j", values="value").to_numpy()


def test_article_scores_are_the_hand_made_dot_products():
    at = open_page("similarity")
    assert not at.exception
    ex = article_example()
    x, w_q, w_k = ex["x"], ex["w_q"], ex["w_k"]
    # Worked out in plain Python: S[i][j] = Σ_m (Σ_a x[i][a] w_q[a][m]) (Σ_b x[j][b] w_k[b][m]).
    q = [[sum(x[i][a] * w_q[a][m] for a in range(4)) for m in range(4)] for i in range(9)]
    k = [[sum(x[j][b] * w_k[b][m] for b in range(4)) for m in range(4)] for j in range(9)]
    s = [[sum(q[i][m] * k[j][m] for m in range(4)) for j in range(9)] for i in range(9)]
    scores = matrix_from_chart(chart_data(at, 5))
    np.testing.assert_allclose(scores, s, atol=1e-12)
    assert list(chart_data(at, 5)["row"].unique()) == ARTICLE_TOKENS


def test_term_by_term_sum_matches_the_chosen_cell():
    at = open_page("similarity")
    at.selectbox(key="sim_q").set_value(5).run()  # "it"
    at.selectbox(key="sim_k").set_value(3).run()  # "cake"
    terms = at.dataframe[0].value
    products = terms.iloc[:, 0] * terms.iloc[:, 1]
    np.testing.assert_allclose(terms.iloc[:, 2], products)
    scores = matrix_from_chart(chart_data(at, 5))
    assert f"**{products.sum():.4f}**" in at.markdown[-2].value
    assert abs(products.sum() - scores[5, 3]) < 1e-12


@pytest.mark.parametrize(
    "params",
    [
        {"d": "1024", "heads": "16", "sentence": "tok " * 80},
        {"d": "4", "heads": "4"},
        {"d": "512", "heads": "8", "lang": "zh", "mask": "1", "temp": "0.05", "scale": "0"},
    ],
)
def test_extremes_render_without_error(params):
    at = open_page("similarity", **params)
    assert not at.exception
    d_k = int(params["d"]) // int(params["heads"])
    q_chart = chart_data(at, 1)  # Q of the chosen head: d_k columns (at most 64 drawn)
    assert q_chart["j"].nunique() == min(d_k, 64)
