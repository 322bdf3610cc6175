"""Predict, then reveal, for the RoPE and the cross-attention pages (core.quiz.Question).

As in core.quiz.lesson, every answer is read from the results the page draws: the shift
proof's two scores for RoPE, the cross-attention's own output shape for cross-attention.
The texts belong in the app's catalogue with each page's, under "<page>.quiz.<rest>.ask"
and ".why".
"""

from __future__ import annotations

import functools

import numpy as np

from core.multihead import init_params, multi_head_attention
from core.quiz.question import Question
from core.rope.compare import ShiftProof

YES_NO = ("quiz.choice.yes", "quiz.choice.no")
# A score that moved by no more than this (relative to its size) moved by rounding alone.
UNCHANGED = 1e-9


def _changed(before: float, after: float) -> bool:
    return abs(after - before) > UNCHANGED * max(1.0, abs(before), abs(after))


def _yes_no(flag: bool) -> str:
    return YES_NO[0] if flag else YES_NO[1]


def rope_questions(proof: ShiftProof) -> list[Question]:
    """Both tokens move ``proof.shift`` places on: does the score change, RoPE and sinusoidal?"""
    values = {"shift": proof.shift, "pos_q": proof.pos_q, "pos_k": proof.pos_k}
    moved = {"pos_q_after": proof.pos_q + proof.shift, "pos_k_after": proof.pos_k + proof.shift}
    return [
        Question(
            "rope.shift",
            "order",
            "choice",
            _yes_no(_changed(proof.rope_before, proof.rope_after)),
            choices=YES_NO,
            values=values,
            reveal={
                **moved,
                "before": proof.rope_before,
                "after": proof.rope_after,
                "difference": proof.rope_difference,
                "distance": proof.pos_q - proof.pos_k,
            },
        ),
        Question(
            "rope.shift_sinusoidal",
            "order",
            "choice",
            _yes_no(_changed(proof.sinusoidal_before, proof.sinusoidal_after)),
            choices=YES_NO,
            values=values,
            reveal={
                **moved,
                "before": proof.sinusoidal_before,
                "after": proof.sinusoidal_after,
                "difference": proof.sinusoidal_difference,
            },
        ),
    ]


def _shape(rows: int, columns: int) -> str:
    return f"{rows} × {columns}"


def cross_questions(n_dec: int = 6, n_enc: int = 9, *, n_heads: int = 1) -> list[Question]:
    """The shape of the cross-attention weights for an n_dec-token question and an n_enc-token
    answer, read off the cross-attention run on inputs of those lengths."""
    d_model = 4 * n_heads  # any width will do: the shape does not depend on it
    result = multi_head_attention(
        np.zeros((n_dec, d_model)),
        init_params(d_model, n_heads, seed=0),
        n_heads=n_heads,
        memory=np.zeros((n_enc, d_model)),
    )
    heads, rows, columns = result.weights.shape  # [h, n_dec, n_enc]
    candidates = [(n_dec, n_dec), (n_dec, n_enc), (n_enc, n_dec), (n_enc, n_enc)]
    if n_dec == n_enc:  # two sentences of one length: the pair side by side, as another guess
        candidates += [(n_dec, n_dec + n_enc), (n_dec + n_enc, n_dec + n_enc)]
    return [
        Question(
            "cross_attention.shape",
            "compare",
            "choice",
            _shape(rows, columns),
            choices=tuple(dict.fromkeys(_shape(a, b) for a, b in candidates)),
            values={"n_dec": n_dec, "n_enc": n_enc},
            reveal={"rows": rows, "columns": columns, "heads": heads},
        )
    ]


def cross_attention_questions(n_dec: int, n_enc: int, n_heads: int = 1) -> list[Question]:
    """The Cross-attention page's question: the weights' shape for the page's own two
    sentences and head count (the explanation says how many such matrices there are)."""
    return list(_shape_question(n_dec, n_enc, n_heads))


# The page asks on every run; the answer depends on the lengths and head count alone.
@functools.lru_cache(maxsize=64)
def _shape_question(n_dec: int, n_enc: int, n_heads: int) -> tuple[Question, ...]:
    return tuple(cross_questions(n_dec, n_enc, n_heads=n_heads))
