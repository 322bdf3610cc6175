"""The lesson's stops: the article's story, then going further to today's models.

The lesson (LESSON) walks the pages in the article's order: input, Q/K/V, the four steps,
the mask, several heads, a real model. Going further (FURTHER) follows a student to the
attention of the models they use now. TOUR is both, one stop after the other; each is the
name of a page of ui.page.PAGES.

A module of its own, under the link's settings (which read the stop a link names) and the
pages (which draw the lesson's bar), since ui.page imports the settings.
"""

LESSON = (
    "tokens",
    "qkv",
    "similarity",
    "scaling",
    "softmax",
    "weighted_sum",
    "masking",
    "multihead",
    "real_model",
)
FURTHER: tuple[str, ...] = (
    "generate",
    "tiles",
    "windows",
    "rope",
    "cross_attention",
)
TOUR = LESSON + FURTHER


def where(stop: int) -> tuple[str, int, int]:
    """Which part of the tour a stop (1 …) is in, its place there and that part's length:
    ("lesson", k, n) or ("further", k, n)."""
    if stop <= len(LESSON):
        return "lesson", stop, len(LESSON)
    return "further", stop - len(LESSON), len(FURTHER)
