"""Predict, then reveal, on the decoder the app trained: does it copy, which layer does it, and
what switching off the previous-token heads does to the induction head.

Questions in the form of ``core.quiz.question.Question`` (texts with the page's, under
"copying.quiz.<rest>.ask" and ".why"), made from the trained model's own measurements on
random strings typed twice (core.decoder.measures.head_scores), the numbers the page then
shows. They test the claims below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from core.quiz.question import Question

if TYPE_CHECKING:  # the questions are made on every page's run: no decoder module on import
    from core.decoder.measures import Knockout

CLAIMS = (
    "copy",  # a trained decoder predicts a string's second copy far better than its first
    "compose",  # copying takes two layers: a previous-token head, then an induction head
    "feed",  # the induction head needs the previous-token head: switched off, copying breaks
)
CHOICES_LOSS = ("quiz.choice.up", "quiz.choice.down", "quiz.choice.same")
SAME_WITHIN = 0.1  # nats: two copies' losses closer than this count as the same
# What is left of the best induction score with the previous-token heads off: each choice
# the share it stands for, from below (a share of exactly 0.5 is "half or less").
CHOICES_KEPT = (
    ("quiz.choice.halved", 0.5),  # it falls to half or less
    ("quiz.choice.less", 0.8),  # it falls, but keeps more than half
    ("quiz.choice.about_same", 1.25),  # it stays about the same
    ("quiz.choice.up", np.inf),  # it rises
)


def copy_questions(
    step: int,
    previous: np.ndarray,  # [L, h]  every head's previous-token score at that step
    induction: np.ndarray,  # [L, h]  and its induction score
    first_copy_loss: float,  # nats, on the same random strings typed twice
    second_copy_loss: float,
    period: int,  # characters in each copy
    count: int,  # strings measured
    knocked: Knockout,  # some of those strings read again with the previous-token heads off
) -> list[Question]:
    """On the second copy, does the loss go up, down or stay; in which layer is the head
    that copies (the best induction head); and what is left of its score when the
    previous-token heads below it are switched off."""
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
    # The best induction head on the strings read both ways, with and without the heads off.
    on, cut, off = knocked.on_scores, knocked.off_scores, knocked.off
    k_layer, k_head, best = on.best("induction")
    after = float(cut.induction[k_layer, k_head])  # the same head, untouched itself
    kept = after / best if best > 0 else 1.0
    kept_answer = next(key for key, upto in CHOICES_KEPT if kept <= upto)
    names = ", ".join(f"L{i + 1} H{j + 1}" for i, j in zip(*np.nonzero(off), strict=True))
    # The question says how many heads go off, not which: where they are would hint at the
    # layer question's answer, asked beside it.
    asked = {"count_off": int(np.sum(off)), "count_knock": on.count}
    knock_reveal = asked | {
        "heads": names,
        "ind_layer": k_layer + 1,
        "ind_head": k_head + 1,
        "before": best,
        "after": after,
        "kept": f"{100 * kept:.0f}",
        "second": on.second_copy_loss,
        "second_off": cut.second_copy_loss,
        "first": on.first_copy_loss,
    }
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
        Question(
            "copying.knockout",
            "feed",
            "choice",
            kept_answer,
            choices=tuple(key for key, _ in CHOICES_KEPT),
            values=shown | asked,
            reveal=shown | knock_reveal,
            why="" if kept_answer == "quiz.choice.halved" else "copying.quiz.knockout.why_kept",
        ),
    ]
