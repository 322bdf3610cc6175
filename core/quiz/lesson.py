"""Predict, then reveal: each page's questions, with answers computed from the settings.

The questions of the article's pages (the lesson). A question is made from the very
results its page draws (a pipeline, the footnote-4 experiment, the real model's maps), so
its answer is right for the current settings and changes with them. The texts live in
the app's catalogue with the page's, under "<page>.quiz.<rest>.ask" and ".why" for the
question "<page>.<rest>"; a question carries the values that fill them in. A choice's options are
the sentence's tokens or text keys ("quiz.choice.up").

Together the questions cover the article's claims (CLAIMS); each names the one it tests.
The pages beyond the article make theirs in modules of their own (core.quiz.generate,
with its own claims); each page names its questions in its declaration (ui.page.Page).
"""

from __future__ import annotations

import numpy as np

from core.article_heads import HEADS_D_MODEL, HEADS_H
from core.explain import most_negative
from core.footnote4 import Footnote4
from core.pipeline import Pipeline
from core.quiz.question import Question, round_tolerance
from core.recommender import FILMS, TAGS, recommend
from core.tokens import swap_positions
from core.train.experiment import Comparison

# The article's claims, in its order; every one is tested by at least one question.
CLAIMS = (
    "order",  # embeddings carry meaning, not order; positions add order
    "roles",  # query = what you look for, key = how items are tagged, value = what you get
    "compare",  # Q·Kᵀ compares every query with every key
    "grow",  # dot products grow with d_k: variance ≈ d_k for unit-variance parts
    "shrink",  # ÷√d_k brings them back to variance ≈ 1
    "sharp",  # large scores make softmax almost one-hot, and its gradient tiny
    "sum",  # each row of weights sums to 1
    "mix",  # the output is a weighted mix of values, not a probability; it can be negative
    "mask",  # the mask sets scores to −∞ and weights to 0
    "heads",  # h heads of d_k concatenate to h·d_k; W_O maps back to d_model
    "real",  # a trained model's heads learn links like "it" → "cake"
    "learn",  # without ÷√d_k the softmax saturates and learning gets harder
)


def _row_token(p: Pipeline, focus: int) -> dict:
    return {"token": p.labels[focus]}


# --- the questions of each page -------------------------------------------------------------


def overview_questions(p: Pipeline, focus: int) -> list[Question]:
    tr = p.mha.head(0)
    w = tr.weights[focus]  # [n]
    top = int(np.argmax(w))
    seen = int(tr.allowed[focus].sum())  # the keys the row may see: with the mask, the first
    return [
        Question(
            "overview.top",
            "compare",
            "choice",
            p.labels[top],
            about=tuple(p.labels),
            choices=tuple(p.labels),
            values=_row_token(p, focus),
            # an even share among the keys it may see; and, for the teacher's notes, whether
            # the numbers were made by hand to mean something (core.quiz.teaching)
            reveal={"weight": float(w[top]), "even": 1 / seen, "n": seen, "hand_made": p.hand_made},
        )
    ]


def tokens_questions(p: Pipeline) -> list[Question]:
    if p.n < 2:
        return []
    a, b = 0, min(3, p.n - 1)
    swap = swap_positions(p.embeddings, p.positions, a, b)
    changed = int(np.sum(np.any(swap.delta != 0, axis=1)))
    return [
        Question(
            "tokens.swap",
            "order",
            "number",
            changed,
            about=tuple(p.labels),
            values={"a": p.labels[a], "b": p.labels[b], "n": p.n},
            reveal={"changed": changed, "n": p.n},
        )
    ]


def qkv_questions(query, temperature: float) -> list[Question]:
    q = np.asarray(query, dtype=np.float64)
    weights = recommend(q, temperature).weights[0]  # [6]
    best = int(np.argmax(weights))
    return [
        Question(
            "qkv.best",
            "roles",
            "choice",
            f"qkv.item_{FILMS[best]}",
            choices=tuple(f"qkv.item_{film}" for film in FILMS),
            values={"tag": f"qkv.tag_{TAGS[int(np.argmax(q))]}"},
            reveal={"weight": float(weights[best])},
        )
    ]


def best_aligned(q: np.ndarray, k: np.ndarray) -> int:
    """[d_k], [n, d_k] -> the key pointing most nearly the query's way (the largest cosine),
    which need not be the one with the largest dot product: that one counts length too."""
    lengths = np.linalg.norm(k, axis=1) * np.linalg.norm(q)  # [n]
    cosines = np.divide(k @ q, lengths, out=np.zeros(len(k)), where=lengths > 0)  # [n]
    return int(np.argmax(cosines))


def similarity_questions(p: Pipeline, focus: int, head: int = 0) -> list[Question]:
    tr = p.mha.head(head)
    scores = tr.scores[focus]  # [n]
    top = int(np.argmax(scores))
    aligned = best_aligned(tr.q[focus], tr.k)
    return [
        Question(
            "similarity.top",
            "compare",
            "choice",
            p.labels[top],
            about=tuple(p.labels),
            choices=tuple(p.labels),
            values=_row_token(p, focus),
            reveal={
                "score": float(scores[top]),
                "aligned": p.labels[aligned],  # a choice the teacher's notes read
                "hand_made": p.hand_made,
            },
        ),
        Question(
            "similarity.count",
            "compare",
            "number",
            p.n * p.n,
            about=tuple(p.labels),
            values={"n": p.n},
            reveal={"n": p.n, "count": p.n * p.n},
        ),
    ]


def scaling_questions(fn4: Footnote4, d_k: int) -> list[Question]:
    i = int(np.flatnonzero(fn4.dims == d_k)[0])
    raw, scaled = float(fn4.var_raw[i]), float(fn4.var_scaled[i])
    return [
        Question(
            "scaling.grow",
            "grow",
            "number",
            raw,
            # "roughly": the sample's own variance, give or take 25 %, to the printed place
            tolerance=round_tolerance(0.25 * raw),
            theory=f"d_k = {d_k}",
            values={"d_k": d_k},
            reveal={"measured": raw, "d_k": d_k, "n": fn4.n_samples},
            try_this={"d_model": 512, "n_heads": 8},
        ),
        Question(
            "scaling.shrink",
            "shrink",
            "number",
            scaled,
            tolerance=0.25,
            theory="1",
            values={"d_k": d_k},
            reveal={"measured": scaled, "d_k": d_k},
        ),
    ]


def softmax_questions(
    p: Pipeline, scaled: Pipeline, unscaled: Pipeline, focus: int, head: int = 0
) -> list[Question]:
    """``scaled`` and ``unscaled``: the same sentence at d_model = 512, with and without ÷√d_k
    (one head); ``head``: the head of ``p`` whose row is asked about."""
    on = float(scaled.mha.head(0).weights[focus].max())
    off = float(unscaled.mha.head(0).weights[focus].max())
    direction = "up" if off > on + 1e-9 else ("down" if off < on - 1e-9 else "same")
    row = p.mha.head(head).weights[focus]
    return [
        Question(
            "softmax.sharp",
            "sharp",
            "choice",
            f"quiz.choice.{direction}",
            about=tuple(p.labels),
            choices=("quiz.choice.up", "quiz.choice.down", "quiz.choice.same"),
            values={**_row_token(p, focus), "d": scaled.d_model},
            reveal={"on": on, "off": off, "d_k": scaled.d_k},
            try_this={"d_model": scaled.d_model, "n_heads": scaled.n_heads, "scale": False},
        ),
        Question(
            "softmax.sum",
            "sum",
            "number",
            float(row.sum()),
            about=tuple(p.labels),
            tolerance=0.01,  # "1.00 (anything within 0.01 counts)": 0.99 and 1.01 count
            values=_row_token(p, focus),
            reveal={"n": int(p.mha.head(head).allowed[focus].sum())},
        ),
    ]


PRINTED_PLACES = 2  # a matrix's numbers as its heatmap prints them in the cells


def as_printed(values: np.ndarray, decimals: int = PRINTED_PLACES) -> np.ndarray:
    """Numbers as a student reads them off the page: rounded to the places printed."""
    flat = [float(f"{v:.{decimals}f}") for v in np.ravel(values)]
    return np.array(flat).reshape(np.shape(values))


def by_hand(weights: np.ndarray, values: np.ndarray) -> float:
    """[n], [n] -> the sum a student works out from the numbers printed for them."""
    return float(as_printed(weights) @ as_printed(values))


def weighted_sum_questions(p: Pipeline, focus: int, head: int = 0) -> list[Question]:
    tr = p.mha.head(head)
    lowest = most_negative(tr.output)
    value = float(tr.output[focus, 0])
    # Worked out from A and V as printed (2 places), the sum drifts from the exact one: by
    # 0.06 at the article's settings, six times a hundredth. Both count, and one more
    # hundredth for the student's own rounding.
    hand = by_hand(tr.weights[focus], tr.v[:, 0])
    drift = abs(hand - float(as_printed(value)))
    # What the column of V gives without its weights (an even share each, or none), and
    # with its minus signs dropped: the numbers of the slips a teacher meets most
    # (core.quiz.teaching).
    seen = as_printed(tr.v[np.asarray(tr.allowed[focus]), 0])  # [keys the row may see]
    unsigned = by_hand(tr.weights[focus], np.abs(tr.v[:, 0]))
    tolerance = round_tolerance(drift) + 0.01
    if lowest:
        i, c, low = lowest
        negative = {"token": p.labels[i], "dim": c + 1, "value": low}
        why = ""
    else:  # no output below 0: V has none, or its negatives are outweighed in every mix
        negative = {"lowest_value": float(tr.v.min()), "lowest_output": float(tr.output.min())}
        why = "why_none" if negative["lowest_value"] >= 0 else "why_outweighed"
        why = f"weighted_sum.quiz.negative.{why}"
    return [
        Question(
            "weighted_sum.negative",
            "mix",
            "choice",
            "quiz.choice.yes" if lowest else "quiz.choice.no",
            about=tuple(p.labels),
            choices=("quiz.choice.yes", "quiz.choice.no"),
            reveal=negative,
            why=why,
        ),
        Question(
            "weighted_sum.cell",
            "mix",
            "number",
            value,
            about=tuple(p.labels),
            tolerance=round(tolerance, 2),
            values=_row_token(p, focus),
            reveal={
                "value": value,
                "hand": hand,
                "tolerance": round(tolerance, 2),
                "even": float(seen.mean()),
                "unweighted": float(seen.sum()),
                "unsigned": unsigned,
            },
        ),
    ]


def masking_questions(masked: Pipeline, focus: int, head: int = 0) -> list[Question]:
    """What a query gives a later key under the mask (the followed token when it comes later)."""
    if masked.n < 2:
        return []
    later = focus if focus > 0 else masked.n - 1
    weight = float(masked.mha.head(head).weights[0, later])
    return [
        Question(
            "masking.zero",
            "mask",
            "number",
            weight,  # exactly 0.0 (e^−∞): no tolerance to state, and printed "0"
            about=tuple(masked.labels),
            decimals=0,
            values={"query": masked.labels[0], "key": masked.labels[later]},
            reveal={"query": masked.labels[0], "key": masked.labels[later]},
            try_this={"causal": True},
        )
    ]


def multihead_questions(p: Pipeline) -> list[Question]:
    """How wide a token's concatenation of the heads is. With one head nothing is put side by
    side, and its width is the d_k the sidebar shows: then the question is about the
    article's eight heads, which "Show me" opens."""
    if p.n_heads > 1:
        h, d_k, width = p.n_heads, p.d_k, int(p.mha.concat.shape[1])
    else:
        h, d_k = HEADS_H, HEADS_D_MODEL // HEADS_H
        width = h * d_k  # the concatenation multi_head_attention makes at those settings
    return [
        Question(
            "multihead.width" if p.n_heads > 1 else "multihead.width_one",
            "heads",
            "number",
            width,
            about=tuple(p.labels),
            values={"h": h, "d_k": d_k},
            reveal={"width": width, "d": h * d_k, "h": h, "d_k": d_k},
            why="multihead.quiz.width.why",
            try_this={"d_model": 32, "n_heads": 8},  # the article's 8 heads × 4 = 32
        )
    ]


BANDS = ("quiz.choice.early", "quiz.choice.middle", "quiz.choice.late")


def layer_bands(n_layers: int) -> list[tuple[int, int]]:
    """The first and last layer (1-based) of the early, middle and late third of a model."""
    bands = [
        [layer + 1 for layer in range(n_layers) if layer * 3 // n_layers == b] for b in range(3)
    ]
    return [(band[0], band[-1]) for band in bands]


def real_model_questions(attentions: np.ndarray, tokens: list[str], qi: int, ki: int) -> list:
    """[L, h, n, n]: in which third of the model (early, middle, late layers) the strongest
    head for query qi → key ki lies. Which of six layers exactly is a guess; where a link
    that depends on meaning (a pronoun and what it stands for) forms is a question a student
    can reason about from the page (a layer reads what the layers before it made)."""
    link = attentions[:, :, qi, ki]  # [L, h]
    layer, head = np.unravel_index(int(np.argmax(link)), link.shape)
    n_layers = link.shape[0]
    bands = layer_bands(n_layers)
    ranges = {
        name: f"{a}–{b}" if a != b else str(a)
        for name, (a, b) in zip(("early", "middle", "late"), bands, strict=True)
    }
    return [
        Question(
            "real_model.layer",
            "real",
            "choice",
            BANDS[int(layer) * 3 // n_layers],
            choices=BANDS,
            values={
                "q": tokens[qi],
                "k": tokens[ki],
                "layers": n_layers,
                "heads": link.shape[1],
                **ranges,
            },
            reveal={"layer": int(layer) + 1, "head": int(head) + 1, "weight": float(link.max())},
        )
    ]


def train_questions(first: Comparison) -> list[Question]:
    """``first``: the comparison after one training step (what both runs start from)."""
    q_on, q_off = (float(side.grad_norm_q.mean[0]) for side in (first.scaled, first.unscaled))
    j_on, j_off = (float(side.softmax_gradient.mean[0]) for side in (first.scaled, first.unscaled))
    direction = "larger" if q_off > q_on * (1 + 1e-9) else ("smaller" if q_off < q_on else "same")
    return [
        Question(
            "train.gradient",
            "learn",
            "choice",
            f"quiz.choice.{direction}",
            choices=("quiz.choice.larger", "quiz.choice.smaller", "quiz.choice.same"),
            values={"d_k": first.config.d_k},
            reveal={"q_on": q_on, "q_off": q_off, "j_on": j_on, "j_off": j_off},
        )
    ]
