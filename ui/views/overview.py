"""The Overview: the four steps as a pipeline of live miniatures."""

from core import quiz
from ui.page import Page

PAGE = Page(
    "overview",
    icon=":material/home:",
    section="start",
    questions={"overview": quiz.overview_questions},
)
