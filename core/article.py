"""The worked example: "I ate the cake and it was delicious." with hand-made 4-d vectors.

The numbers are designed, not trained, so that every step can be checked by hand. The
four input dimensions read roughly as [food, person, action, function word]; each
row of X stands for a token's embedding with its position already added. W_Q turns
the "function word" signal of a pronoun into a search for food, so the query of "it"
matches the key of "cake" best.
"""

from __future__ import annotations

import numpy as np

ARTICLE_SENTENCE = "I ate the cake and it was delicious."
ARTICLE_TOKENS = ["I", "ate", "the", "cake", "and", "it", "was", "delicious", "."]
ARTICLE_D_MODEL = 4

# [n=9, d_model=4]
_X = [
    [0.1, 0.9, 0.1, 0.3],  # I
    [0.4, 0.1, 0.9, 0.0],  # ate
    [0.0, 0.0, 0.1, 0.6],  # the
    [0.9, 0.0, 0.1, 0.1],  # cake
    [0.0, 0.1, 0.0, 0.7],  # and
    [0.3, 0.2, 0.0, 0.8],  # it
    [0.1, 0.0, 0.6, 0.4],  # was
    [0.8, 0.0, 0.3, 0.0],  # delicious
    [0.0, 0.0, 0.0, 0.2],  # .
]
# [d_model, d_k]: a query's "function word" part asks for food.
_W_Q = [
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [1.0, 0.0, 0.0, 0.2],
]
# [d_model, d_k]: keys mostly keep what a token is.
_W_K = [
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [0.0, 0.0, 0.0, 0.5],
]
# [d_model, d_v]: values pass the content on, a little mixed.
_W_V = [
    [1.0, 0.0, 0.5, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [0.0, 0.0, 0.0, 1.0],
]


def article_example() -> dict[str, object]:
    """Tokens, X [9, 4], W_Q, W_K, W_V, W_O [4, 4] (W_O = identity: one head, nothing to mix)."""
    return {
        "sentence": ARTICLE_SENTENCE,
        "tokens": list(ARTICLE_TOKENS),
        "x": np.array(_X, dtype=np.float64),
        "w_q": np.array(_W_Q, dtype=np.float64),
        "w_k": np.array(_W_K, dtype=np.float64),
        "w_v": np.array(_W_V, dtype=np.float64),
        "w_o": np.eye(ARTICLE_D_MODEL),
    }
