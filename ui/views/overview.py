"""The Overview: the four steps as a pipeline of live miniatures."""

from core import quiz
from ui.charts import NUMBERS_MAX_CELLS
from ui.i18n import t
from ui.page import Page
from ui.widgets import MAX_SHOWN

PAGE = Page(
    "overview",
    icon=":material/home:",
    section="start",
    questions={"overview": quiz.overview_questions},
)

MINI_HEIGHT = 256  # pixels: a miniature of a long sentence stays small


def mini(rows: int, cols: int) -> dict:
    """Chart options of a miniature [rows, cols]: small cells when the sentence is long.

    The colour legend is left out when the cells carry numbers: on a phone it would
    squeeze them unreadable.
    """
    numbers = rows <= NUMBERS_MAX_CELLS and min(cols, MAX_SHOWN) <= NUMBERS_MAX_CELLS
    return {
        "row_title": t("common.query"),
        "cell": None if rows <= NUMBERS_MAX_CELLS else max(4, MINI_HEIGHT // rows),
        "legend": not numbers,
    }
