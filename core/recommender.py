"""The Q, K, V intuition: a six-film catalogue searched by the attention formula itself.

Each film's key is how it is tagged ([adventure, humour, romance, sci-fi], each 0 to 1);
its value is what you get back ([adventure, humour, minutes]). A query says how much you
want each tag; softmax of the scaled matches gives your interest in each film, and the
blend of their values is what the recommender hands back.
"""

from __future__ import annotations

import numpy as np

from core.attention import AttentionTrace, scaled_dot_product_attention

TAGS = ("adventure", "humour", "romance", "scifi")  # the key dimensions (d_k = 4)
VALUES = ("adventure", "humour", "minutes")  # the value dimensions (d_v = 3)
# film: keys [adventure, humour, romance, sci-fi] in [0, 1]; values [adventure, humour, minutes]
CATALOGUE = {
    "starship": ([0.7, 0.2, 0.1, 1.0], [8, 3, 128]),
    "noodle": ([0.5, 1.0, 0.1, 0.0], [6, 9, 97]),
    "letters": ([0.1, 0.3, 1.0, 0.0], [1, 4, 112]),
    "desert": ([1.0, 0.2, 0.2, 0.1], [9, 2, 141]),
    "robot": ([0.2, 0.8, 0.3, 0.7], [3, 8, 101]),
    "orbit": ([0.2, 0.1, 0.9, 0.6], [3, 2, 118]),
}
FILMS = tuple(CATALOGUE)
DEFAULT_QUERY = {"adventure": 3.0, "humour": 1.0, "romance": 0.0, "scifi": 4.0}  # a sci-fi fan
FILM_KEYS = np.array([keys for keys, _ in CATALOGUE.values()], dtype=np.float64)  # [6, 4]
FILM_VALUES = np.array([values for _, values in CATALOGUE.values()], dtype=np.float64)  # [6, 3]


def recommend(query, temperature: float = 1.0) -> AttentionTrace:  # [4] -> one query's trace
    """The query against every film: scores, weights softmax(s/(√4·T)) and the blend [1, 3]."""
    q = np.asarray(query, dtype=np.float64)[None, :]  # [1, d_k]
    return scaled_dot_product_attention(q, FILM_KEYS, FILM_VALUES, temperature=temperature)


def largest_score(query_max: float) -> float:
    """The highest score any query with every part at most query_max can give a film."""
    return float(query_max * FILM_KEYS.sum(axis=1).max())
