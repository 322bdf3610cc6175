"""Predict, then reveal, on the decoder the app trained: does it copy, and which layer does it.

Questions in the form of ``core.quiz.question.Question`` (texts with the page's, under
"copying.quiz.<rest>.ask" and ".why"), made from the trained model's own measurements on
random strings typed twice (core.decoder.measures.head_scores), the numbers the page then
shows. They test the claims below.
"""

from __future__ import annotations

import numpy as np

from core.quiz.question import Question

CLAIMS = (
    "copy",  # a trained decoder predicts a string's second copy far better than its first
    "compose",  # copying takes two layers: a previous-token head, then an induction head
)
CHOICES_LOSS = ("quiz.choice.up", "quiz.choice.down", "quiz.choice.same")
SAME_WITHIN = 0.1  # nats: two copies' losses closer than this count as the same


def copy_questions(
    step: int,
    previous: np.ndarray,  # [L, h]  every head's previous-token score at that step
    induction: np.ndarray,  # [L, h]  and its induction score
    first_copy_loss: float,  # nats, on the same random strings typed twice
    second_copy_loss: float,
    period: int,  # characters in each copy
    count: int,  # strings measured
) -> list[Question]:
    """On the second copy, does the loss go up, down or stay; and in which layer is the
    head that copies (the best induction head)."""
    change = second_copy_loss - first_copy_loss
    if abs(change) < SAME_WITHIN:
        loss_answer, loss_why = "quiz.choice.same", "copying.quiz.loss.why_same"
    elif change > 0:
        loss_answer, loss_why = "quiz.choice.up", "copying.quiz.loss.why_up"
    else:
        loss_answer, loss_why = "quiz.choice.down", ""  # its own ".why"
    prev_layer, prev_head = np.unravel_index(int(np.argmax(previous)), previous.shape)
    ind_layer, ind_head = np.unravel_index(int(np.argmax(induction)), induction.shape)
    heads = {
        "prev_layer": int(prev_layer) + 1,
        "prev_head": int(prev_head) + 1,
        "prev_score": float(previous[prev_layer, prev_head]),
        "ind_layer": int(ind_layer) + 1,
        "ind_head": int(ind_head) + 1,
        "ind_score": float(induction[ind_layer, ind_head]),
    }
    shown = {"step": step, "period": period, "count": count}
    losses = {
        "first": first_copy_loss,
        "second": second_copy_loss,
        "times": first_copy_loss / second_copy_loss,
    }
    choices = tuple(f"quiz.choice.layer_{k}" for k in range(1, previous.shape[0] + 1))
    return [
        Question(
            "copying.loss",
            "copy",
            "choice",
            loss_answer,
            choices=CHOICES_LOSS,
            values=shown,
            reveal=shown | losses,
            why=loss_why,
        ),
        Question(
            "copying.layer",
            "compose",
            "choice",
            choices[int(ind_layer)],
            choices=choices,
            values=shown,
            reveal=shown | heads,
            # an induction head reads what a previous-token head of an earlier layer wrote
            why="" if ind_layer > prev_layer else "copying.quiz.layer.why_not_later",
        ),
    ]
