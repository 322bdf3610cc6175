"""The lesson's stops, in the article's order: input, Q/K/V, the four steps, the mask,
several heads, a real model. Each is the name of a page of ui.page.PAGES.

A module of its own, under the link's settings (which read the stop a link names) and the
questions (which open the first one at a stop), since ui.page imports both.
"""

TOUR = (
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
