"""What stands above a question does not answer it: before the guess, no text on the page
(its introduction, its captions, the sidebar, a tooltip, a section further down) states
what the question asks, in English or in Chinese. After the guess the answer may show."""

from __future__ import annotations

import pytest
from apptest_util import all_text, open_page

from ui.registry import tour

MULTIHEAD_STOP = str(tour().index("multihead") + 1)

# page, link parameters, and what would give the answer away, per language
STATED = [
    (  # do the weights add up to 1; does the largest weight go up without scaling
        "softmax",
        {},
        {
            "en": ("add up to 1", "adds up to 1", "sums to 1", "swallows nearly the whole row"),
            "zh": ("等于 1", "都是 1", "之和为 1", "几乎吞掉整行"),
        },
    ),
    (  # its introduction, one stop before Softmax's question on the largest weight
        "scaling",
        {},
        {
            "en": ("to a single token", "scores get larger"),
            "zh": ("交给一个词元", "分数就越大"),
        },
    ),
    ("masking", {}, {"en": ("exactly 0", "weight 0"), "zh": ("恰好为 0", "权重为 0")}),
    ("tiles", {}, {"en": ("running output",), "zh": ("当前输出",)}),
    ("qkv", {}, {"en": ("from “cake”",), "zh": ("来自 “cake”",)}),
    # one head: the question asks about the article's eight heads of 4, whose width is 32
    ("multihead", {}, {"en": ("32",), "zh": ("32",)}),
    # eight heads: d_k = d_model / h is the sidebar's rule (always shown), and the question
    # asks whether the heads' outputs are put side by side (32) or mixed (4); the preset's
    # tooltip no longer multiplies them out
    (
        "multihead",
        {"d": "32", "heads": "8"},
        {"en": ("8 × 4", "d_model = 32"), "zh": ("8 × 4", "d_model = 32")},
    ),
    # where the copying head is, that two kinds of head copy together, what switching one
    # off does: the three questions' answers
    (
        "copying",
        {},
        {
            "en": ("in layer 2", "In layer 2", "let the model copy", "Copying breaks"),
            "zh": ("第 2 层的", "第 2 层是", "模型就能复制", "复制失灵"),
        },
    ),
    # the lesson's stop opens on the eight heads: its notice and the sidebar's d_k name no 32
    (
        "multihead",
        {"tour": MULTIHEAD_STOP},
        {"en": ("8 × 4", "d_model = 32", "32 / 8"), "zh": ("8 × 4", "d_model = 32", "32 / 8")},
    ),
]


def on_screen(at) -> str:
    """Everything a student can read before answering: the page's and the sidebar's texts,
    and every widget's tooltip."""
    helps = []
    for kind in ("button", "selectbox", "select_slider", "slider", "toggle", "text_area"):
        helps += [w.help or "" for w in getattr(at, kind)]
    captions = [c.value for c in at.sidebar.caption]
    return "\n".join([all_text(at), *captions, *helps])


@pytest.mark.parametrize(("page", "params", "stated"), STATED)
def test_nothing_above_a_question_answers_it(page, params, stated, lang):
    at = open_page(page, ask="1", lang=lang, **params)
    text = on_screen(at)
    found = [phrase for phrase in stated[lang] if phrase in text]
    assert not found, f"{page} states {found} before the guess"
