"""Predict, then reveal: the questions of the long-context pages (tiles, and windows).

Made as core.quiz.lesson makes its own, with its Question: the answer comes from the
results the page draws. Their texts go with each page's, under "<page>.quiz.<rest>.ask"
and ".why". They test two claims beyond the article's, named in CLAIMS here (texts
"quiz.claim.<claim>").
"""

from __future__ import annotations

import functools

import numpy as np

from core.long_context.online_softmax import TileWalk, online_softmax
from core.long_context.receptive_field import receptive_field
from core.long_context.windows import window_mask
from core.quiz.question import Question

CLAIMS = (
    "tiles",  # softmax·V can be computed one tile of keys at a time, keeping only m, l, output
    "window",  # a window limits what one layer sees; stacked layers see about L·w back
)
CHOICES_L = ("quiz.choice.up", "quiz.choice.down", "quiz.choice.either")

# Two rows in tiles of 2 whose second tile raises m from 0: l shrinks in one, grows in the
# other, so the general answer is "either". l_new = l_old·e^(m_old − m_new) + the tile's sum.
SHRINKS = (0.0, 0.0, 5.0, 0.0)  # l: 2 → 2·e⁻⁵ + 1 + e⁻⁵ ≈ 1.02
GROWS = (0.0, 0.0, 1.0, 1.0)  # l: 2 → 2·e⁻¹ + 2 ≈ 2.74


@functools.cache  # two fixed rows, asked about on every run of the page
def _l_step(row: tuple[float, ...]) -> tuple[float, float]:
    """l before and after the second tile of 2 keys."""
    walk = online_softmax(np.array(row), np.zeros((len(row), 1)), 2)
    return float(walk.l_before[1]), float(walk.l_after[1])


def tiles_questions(walk: TileWalk, token: str) -> list[Question]:
    """``walk``: the followed query's row alone (tiled_attention(trace, B, query=focus))."""
    if walk.scaled.ndim != 1:
        raise ValueError("ask about one query's walk: tiled_attention(..., query=i)")
    raised = np.flatnonzero(walk.raised)  # tiles that rescaled an earlier l
    grew = int(np.sum(walk.l_after[raised] > walk.l_before[raised]))
    shrank = int(np.sum(walk.l_after[raised] < walk.l_before[raised]))
    (shrink_before, shrink_after), (grow_before, grow_after) = _l_step(SHRINKS), _l_step(GROWS)
    reveal = {
        "token": token,
        "tile": walk.tile,
        "raised": len(raised),
        "grew": grew,
        "shrank": shrank,
        "shrink_before": shrink_before,
        "shrink_after": shrink_after,
        "grow_before": grow_before,
        "grow_after": grow_after,
    }
    if len(raised):
        t = int(raised[0])  # the first rescaling step of this row, worked out
        row = "quiz.choice.either" if grew and shrank else CHOICES_L[0 if grew else 1]
        reveal |= {
            "row": row,
            "step": t + 1,
            "m_old": float(walk.m_before[t]),
            "m_new": float(walk.m_after[t]),
            "factor": float(walk.rescale[t]),
            "l_old": float(walk.l_before[t]),
            "l_new": float(walk.l_after[t]),
            "tile_sum": float(walk.tile_sum[t]),
        }
    d_v = walk.v.shape[1]
    n_k = walk.scaled.shape[-1]
    return [
        Question(
            "tiles.l",
            "tiles",
            "choice",
            "quiz.choice.either",
            choices=CHOICES_L,
            values={"token": token, "tile": walk.tile},
            reveal=reveal,
            why="" if len(raised) else "tiles.quiz.l.why_none",
        ),
        Question(
            "tiles.kept",
            "tiles",
            "number",
            d_v + 2,
            values={"d_v": d_v},
            reveal={
                "d_v": d_v,
                "kept": d_v + 2,
                "tile": walk.tile,
                "held": walk.tile + d_v + 2,  # with the tile being worked on
                "n": n_k,  # what one row of the full softmax holds
            },
        ),
    ]


def window_questions(n: int = 9, window: int = 3, n_layers: int = 4) -> list[Question]:
    """Can the last of n tokens see the first after L layers of a window of w?"""
    if isinstance(n_layers, bool) or not (isinstance(n_layers, int) and n_layers >= 0):
        raise ValueError(f"n_layers must be an integer of at least 0, got {n_layers!r}")
    field = receptive_field(window_mask(n, window), max(n_layers, n))  # deep enough to tell
    needed = field.layers_to_reach(0)  # None: a window of 1 never looks back
    seen = needed is not None and needed <= n_layers
    reach = {
        "earliest": int(field.earliest[n_layers]),  # from 0, as the pages count positions
        "span": int(field.counts[n_layers]),
        "step": window - 1,
    }
    if needed is not None:
        reach["needed"] = needed
    why = (
        "" if seen else ("windows.quiz.reach.why_not" if needed else "windows.quiz.reach.why_never")
    )
    return [
        Question(
            "windows.reach",
            "window",
            "choice",
            "quiz.choice.yes" if seen else "quiz.choice.no",
            choices=("quiz.choice.yes", "quiz.choice.no"),
            values={"n": n, "window": window, "layers": n_layers},
            reveal={"n": n, "window": window, "layers": n_layers, **reach},
            why=why,
        )
    ]
