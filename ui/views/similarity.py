"""Step 1, similarity: W_Q, W_K, Q, K and the scores Q·Kᵀ."""

from core import quiz
from ui.page import Page, uses

PAGE = Page(
    "similarity",
    icon=":material/grid_on:",
    section="steps",
    tour="lesson",
    controls=uses("scale", "causal", "temperature"),
    questions={"similarity": quiz.similarity_questions},
)
