"""Charts of the Q, K, V page: each film's score and the weight softmax gives it."""

from __future__ import annotations

import math

import numpy as np

from core import AttentionTrace
from core.recommender import largest_score
from ui.charts import Figure, Text, bars

FILM_BARS_HEIGHT = 250  # pixels, axis included: six bars with room for their labels
QUERY_MAX = 5.0  # the largest value a query's slider gives one tag
# The largest possible score, plus room for its number: the axis stays put as q moves.
SCORE_AXIS = (0.0, math.ceil(1.15 * largest_score(QUERY_MAX)))


def film_bars(tr: AttentionTrace, titles: list[str], text: Text) -> tuple[Figure, Figure]:
    """Bars of the query's score with every film, and of its weight (the largest in yellow)."""
    scores = bars(
        tr.scores[0],
        titles,
        value_title=text("qkv.score"),
        domain=SCORE_AXIS,
        decimals=2,
        height=FILM_BARS_HEIGHT,
    )
    weights = bars(
        tr.weights[0],
        titles,
        value_title=text("common.weight"),
        domain=(0.0, 1.15),  # room for the number beside a bar of weight 1
        ticks=(0.0, 0.2, 0.4, 0.6, 0.8, 1.0),
        highlight=int(np.argmax(tr.weights[0])),
        height=FILM_BARS_HEIGHT,
    )
    return scores, weights
