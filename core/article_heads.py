"""The article's eight heads: hand-made numbers for d_model = 32, h = 8, d_k = d_v = 4.

The article puts eight heads of four dimensions side by side (8 × 4 = 32) and says that
heads learn different relations: one follows the pronoun to its noun (it → cake), one
the verb to its object (ate → cake), one the sentiment word to what it praises
(delicious → cake). These numbers are designed, not trained, so that each head visibly
does one thing, on "I ate the cake and it was delicious.", row by row: a token that has no
such link in a head (every token but the verb, in the object head) has nothing to look for
there, and spreads its weight evenly.

    head  role      what every query does                     designed pair     weight
    1     pronoun   the worked example: pointers look for     it → cake         0.33
                    food
    2     object    the verb looks at its object; every       ate → cake        0.72
                    other token evenly (1/9 each)
    3     praise    the sentiment word looks at the food it   delicious → cake  0.60
                    praises; every other token evenly
    4     previous  the token just before (the first token:   it → and          0.69
                    itself)
    5     self      the token itself                          it → it           0.69
    6     next      the token just after (the last: itself)   it → was          0.69
    7     first     the first token                           it → I            0.82
    8     last      the last token                            it → .            0.82

The weights are at the app's defaults (÷√4, temperature 1, no mask). There every designed
query gives its key at least 2.5 times the weight of any other key, and at least 0.19
more. The tightest is head 1's it → cake, 0.325 against 0.129 for "delicious": the worked
example's own margin. Heads 2–8 give their key at least e^1.5 ≈ 4.48 times the runner-up
and at least 0.49 more (delicious → cake: 0.60 against 0.10 for "ate").

Layout. X's 32 columns are eight groups of four, one per head, and W_Q, W_K and W_V are
block-diagonal, so head i reads only its own four columns: each score is worked out with
four numbers, as in the worked example (a trained head reads all 32). W_K is the
identity, so a key is a token's features as they are and all the looking is done by
W_Q; W_V is the identity except in head 1. W_O is the identity too: the output is the
eight heads' outputs side by side, where a trained W_O would mix them.

Head 1 is the worked example of core.article unchanged (its X, W_Q, W_K, W_V), so its
scores and weights are the one-head example's: 1.3, 0.4 and 1.6 in the row of "cake",
2.4 as its first output.

Heads 2 and 3 share one W_Q on different features, [kind, partner, subject, one]: a
token of the kind (the verb "ate"; the sentiment word "delicious") looks for the
partner (the object "cake"; food, of which "cake" has most). Every other token's query is
zero, so all its scores are 0 and its weights an even 1/9: the head follows its link in
one row only, as a head that tracks verbs and their objects has nothing to do at "the".
"Subject" (I for the verb, it for the praise) and "one" are not looked for; W_V hands
them on.

Heads 4–8 see the same features, [one, position, position²/2, food], and differ in two
numbers of W_Q: query i looks for the position p* = α·i + β (previous: α = 1, β = −1;
self 1, 0; next 1, 1; first 0, 0; last 0, 8). Row "one" of W_Q is [0, 6β, −6, 0] and
row "position" is [0, 6α, 0, 0], so q_i = [0, 6·p*, −6, 0] and

    q_i · k_j = 6·p*·j − 3·j² = −3·(j − p*)² + 3·p*²,

highest at the position sought, three times the squared distance lower elsewhere; the
last term is the same along the row, and softmax ignores it. After ÷√4 a neighbour one
step away gets e^−1.5 ≈ 0.22 of the target's weight. Food is not looked for; W_V hands
on what each head finds, so head 4's output tells a token how much food came just
before it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.article import ARTICLE_SENTENCE, ARTICLE_TOKENS, article_example

HEADS_D_MODEL = 32
HEADS_H = 8
HEADS_D_K = HEADS_D_MODEL // HEADS_H  # 4, as in the worked example


@dataclass(frozen=True)
class DesignedHead:
    """What one of the eight heads is made to do, and the query row that shows it best."""

    role: str  # a short id: "pronoun", "object", "praise", "previous", …
    query: str  # the token whose row shows the role
    key: str  # the token that row gives the largest weight


ARTICLE_HEADS = (
    DesignedHead("pronoun", "it", "cake"),
    DesignedHead("object", "ate", "cake"),
    DesignedHead("praise", "delicious", "cake"),
    DesignedHead("previous", "it", "and"),
    DesignedHead("self", "it", "it"),
    DesignedHead("next", "it", "was"),
    DesignedHead("first", "it", "I"),
    DesignedHead("last", "it", "."),
)
HEAD_ROLES = tuple(head.role for head in ARTICLE_HEADS)

# Head 2, "object": [n=9, 4], columns [verb, object, subject, one]
_X_OBJECT = [
    [0.0, 0.0, 1.0, 1.0],  # I
    [1.0, 0.0, 0.0, 1.0],  # ate
    [0.0, 0.0, 0.0, 1.0],  # the
    [0.0, 1.0, 0.0, 1.0],  # cake
    [0.0, 0.0, 0.0, 1.0],  # and
    [0.0, 0.0, 0.0, 1.0],  # it
    [0.0, 0.0, 0.0, 1.0],  # was
    [0.0, 0.0, 0.0, 1.0],  # delicious
    [0.0, 0.0, 0.0, 1.0],  # .
]
# Head 3, "praise": [n=9, 4], columns [sentiment, food, subject, one]; food as in head 1.
_X_PRAISE = [
    [0.0, 0.0, 0.0, 1.0],  # I
    [0.0, 0.4, 0.0, 1.0],  # ate
    [0.0, 0.0, 0.0, 1.0],  # the
    [0.0, 1.0, 0.0, 1.0],  # cake
    [0.0, 0.0, 0.0, 1.0],  # and
    [0.0, 0.2, 1.0, 1.0],  # it
    [0.0, 0.0, 0.0, 1.0],  # was
    [1.0, 0.4, 0.0, 1.0],  # delicious
    [0.0, 0.0, 0.0, 1.0],  # .
]
# [4, 4], shared by heads 2 and 3: row f is what feature f makes a token look for.
_W_Q_KIND = [
    [0.0, 6.0, 0.0, 0.0],  # kind: the partner
    [0.0, 0.0, 0.0, 0.0],  # partner
    [0.0, 0.0, 0.0, 0.0],  # subject
    [0.0, 0.0, 0.0, 0.0],  # one: nothing, so a token of no kind has no query (even row)
]
# Heads 4-8: [n=9, 4], columns [one, position, position²/2, food]; food as in head 1.
_X_POSITION = [
    [1.0, 0.0, 0.0, 0.0],  # I
    [1.0, 1.0, 0.5, 0.4],  # ate
    [1.0, 2.0, 2.0, 0.0],  # the
    [1.0, 3.0, 4.5, 1.0],  # cake
    [1.0, 4.0, 8.0, 0.0],  # and
    [1.0, 5.0, 12.5, 0.2],  # it
    [1.0, 6.0, 18.0, 0.0],  # was
    [1.0, 7.0, 24.5, 0.4],  # delicious
    [1.0, 8.0, 32.0, 0.0],  # .
]
# (α, β) of heads 4-8: query i looks for the position α·i + β.
_SOUGHT = {"previous": (1, -1), "self": (1, 0), "next": (1, 1), "first": (0, 0), "last": (0, 8)}


def _w_q_position(alpha: int, beta: int) -> list[list[float]]:  # -> [4, 4]
    """W_Q of a head that looks for the position α·i + β, three points lower per squared step."""
    return [
        [0.0, 6.0 * beta, -6.0, 0.0],  # one
        [0.0, 6.0 * alpha, 0.0, 0.0],  # position
        [0.0, 0.0, 0.0, 0.0],  # position²/2
        [0.0, 0.0, 0.0, 0.0],  # food
    ]


def _block_diagonal(blocks: list) -> np.ndarray:  # h × [d_k, d_k] -> [h·d_k, h·d_k]
    out = np.zeros((HEADS_D_MODEL, HEADS_D_MODEL))
    for i, block in enumerate(blocks):
        out[i * HEADS_D_K : (i + 1) * HEADS_D_K, i * HEADS_D_K : (i + 1) * HEADS_D_K] = block
    return out


def article_heads_example() -> dict[str, object]:
    """Tokens, X [9, 32], W_Q, W_K, W_V, W_O [32, 32]: eight heads that look at different things."""
    one = article_example()
    eye = np.eye(HEADS_D_K)
    positional = [_w_q_position(*_SOUGHT[head.role]) for head in ARTICLE_HEADS[3:]]
    x_blocks = [one["x"], _X_OBJECT, _X_PRAISE] + [_X_POSITION] * len(positional)
    return {
        "sentence": ARTICLE_SENTENCE,
        "tokens": list(ARTICLE_TOKENS),
        "x": np.concatenate([np.asarray(b, dtype=np.float64) for b in x_blocks], axis=1),
        "w_q": _block_diagonal([one["w_q"], _W_Q_KIND, _W_Q_KIND, *positional]),
        "w_k": np.eye(HEADS_D_MODEL),
        "w_v": _block_diagonal([one["w_v"]] + [eye] * (HEADS_H - 1)),
        "w_o": np.eye(HEADS_D_MODEL),
    }
