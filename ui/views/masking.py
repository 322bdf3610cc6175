"""Masking: the decoder's causal mask, the −∞ scores it makes, and the weights it leaves."""

from collections.abc import Sequence

import numpy as np

from core import quiz
from ui.figures.masking import mask_grid
from ui.page import Page

GRID_TEXTS = ("allowed_text", "blocked_text", "row_title", "col_title", "status_title")


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    n = len(labels)
    mask_grid(np.tril(np.ones((n, n), bool)), labels, **dict.fromkeys(GRID_TEXTS, "text"))


PAGE = Page(
    "masking",
    icon=":material/visibility_off:",
    section="more",
    tour="lesson",
    questions={"masking": quiz.masking_questions},
    warm=warm,
)
