"""Step 4, the weighted sum: the output as a mix of value vectors."""

from core import quiz
from ui.page import Page

PAGE = Page(
    "weighted_sum",
    icon=":material/functions:",
    section="steps",
    tour="lesson",
    questions={"weighted_sum": quiz.weighted_sum_questions},
)
