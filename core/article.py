"""The worked example: "I ate the cake and it was delicious." with hand-made 4-d vectors.

The numbers are designed, not trained, so that the figures the article prints come out
exactly and every step can be redone with pencil and paper:

- unscaled scores for the query "cake": 1.3 with "it", 0.4 with "I", 1.6 with itself
  (its largest);
- the first element of the new vector of "cake", softmax(S/√4)·V, is 2.4 (2.39996);
- the query "it" gives "cake" about a third of its weight, the query "delicious" a
  quarter, both far above the even share 1/9;
- some outputs are negative, though every weight is a positive fraction.

The four dimensions read as [food, person, action, pointer]. "Pointer" is how much a
word points at another word for its meaning: the pronoun "it" fully, "the" and
"delicious" (which need a noun) about half-way, "I" a little. Each row of X stands for
a token's embedding with its position already added; the values are chosen to read as
plain features, not worked out from a real positional encoding.

W_K is the identity, so a key is the token as it is and all the searching is done by
W_Q: each row of W_Q says what a feature makes a token look for. A pointer looks hard
for food (the only noun-like thing here), so "it", "the" and "delicious" look at
"cake". A food word looks for food, for the action done to it and for words that point
at it, which is why "cake" scores "it" high and "I" low. W_V hands food on with weight
8 and with -1 on the pointer feature: a token that attends to "cake" has found what
it pointed at, so the pointer part of its output goes below zero ("it": -0.21).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

ARTICLE_SENTENCE = "I ate the cake and it was delicious."
ARTICLE_TOKENS = ["I", "ate", "the", "cake", "and", "it", "was", "delicious", "."]
ARTICLE_D_MODEL = 4

# [n=9, d_model=4], columns [food, person, action, pointer]
_X = [
    [0.0, 1.0, 0.0, 0.2],  # I
    [0.4, 0.0, 1.0, 0.0],  # ate
    [0.0, 0.0, 0.0, 0.5],  # the
    [1.0, 0.0, 0.2, 0.0],  # cake
    [0.0, 0.0, 0.1, 0.1],  # and
    [0.2, 0.0, 0.0, 1.0],  # it
    [0.0, 0.0, 0.4, 0.0],  # was
    [0.4, 0.0, 0.0, 0.6],  # delicious
    [0.0, 0.0, 0.0, 0.1],  # .
]
# [d_model, d_k]: row f is what feature f makes a token look for.
_W_Q = [
    [1.3, 0.0, 0.5, 1.0],  # food: more food, the action on it, words pointing at it
    [0.0, 0.0, 1.0, 0.0],  # person: what the person does
    [1.0, 1.0, 0.0, 0.0],  # action: its object and its doer
    [3.0, 0.0, 0.0, 0.0],  # pointer: food, the thing pointed at
]
# [d_model, d_k]: keys are the tokens as they are.
_W_K = [
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [0.0, 0.0, 0.0, 1.0],
]
# [d_model, d_v]: food is handed on strongly and cancels a pointer; the rest as it is.
_W_V = [
    [8.0, 0.0, 0.0, -1.0],
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


@dataclass(frozen=True)
class ArticleFigure:
    """A number the article prints, and where the app computes it."""

    step: str  # "scores" (S = Q·Kᵀ, unscaled) or "output" (A·V)
    query: str  # the row's token
    column: str | int  # the key's token (scores) or the 0-based dimension (output)
    printed: str  # as the article prints it


ARTICLE_FIGURES = (
    ArticleFigure("scores", "cake", "it", "1.3"),
    ArticleFigure("scores", "cake", "I", "0.4"),
    ArticleFigure("scores", "cake", "cake", "1.6"),
    ArticleFigure("output", "cake", 0, "2.4"),
)
ARTICLE_ROOT = "2"  # the article's √4, what its scores are divided by


def figure_cell(figure: ArticleFigure, tokens: list[str]) -> tuple[int, int]:
    """The row and column of the matrix where the app computes this figure."""
    row = tokens.index(figure.query)
    column = tokens.index(figure.column) if isinstance(figure.column, str) else figure.column
    return row, column


# The matrices of the four steps, as the Overview draws them: S, S/√d_k, A, A·V.
STEPS = ("scores", "scaled", "weights", "output")


def cited_cells(tokens: list[str]) -> dict[str, tuple[tuple[int, int], ...]]:
    """Per step's matrix, the (row, column) cells whose numbers the article prints.

    Only the scores (1.3, 0.4, 1.6 in the row of "cake") and the first output element of
    "cake" (2.4): the article says the scores are halved but prints no halved score, and
    it shows its softmax matrix only as a picture, without a number in its text.
    """
    cited = {step: [] for step in STEPS}
    for figure in ARTICLE_FIGURES:
        cited[figure.step].append(figure_cell(figure, tokens))
    return {step: tuple(cells) for step, cells in cited.items()}
