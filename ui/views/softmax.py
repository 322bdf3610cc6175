"""Step 3, softmax: each row of scores into weights; how sharp the rows are, and why."""

from collections.abc import Sequence

import numpy as np

from core import quiz, sharpness_sweep
from ui.figures.softmax import sweep_charts
from ui.i18n import t
from ui.page import Page
from ui.state import SWEEP_DIMS


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    n = len(labels)
    scores = np.zeros((1, len(SWEEP_DIMS), n, n))
    sweep = sharpness_sweep(scores, SWEEP_DIMS, scale=True, temperature=1.0)
    for d in d_models:
        sweep_charts(sweep, sweep, current_d=d, scale_on=True, text=t)


PAGE = Page(
    "softmax",
    icon=":material/equalizer:",
    section="steps",
    tour="lesson",
    questions={"softmax": quiz.softmax_questions},
    warm=warm,
)
