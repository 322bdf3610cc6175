"""In 简体中文 no English is left on any page: every visible text, label, table heading and
chart title comes from the catalogue in Chinese; what stays in Latin letters is a formula,
a token of the sentence, a quoted example, or a name (Softmax, BERT, CSV, …)."""

from __future__ import annotations

import re

import pytest
from apptest_util import chart_specs, open_page, unfold_all

from ui.registry import ORDER
from ui.texts import LATIN

SENTENCE = "我吃了蛋糕，它很好吃。"  # the article's sentence in Chinese: its tokens are Chinese
FILE = re.compile(r"\b[\w.-]+\.(?:json|safetensors|toml|txt|py)\b")  # file names are names
WORD = re.compile(r"(?<!\w)[A-Za-z][A-Za-z0-9_'’-]*")
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")  # a token or an example, quoted as it is written
FORMULA = re.compile(r"\$[^$]*\$|`[^`]*`|:material/[a-z_]+:")
LINK = re.compile(r"\]\(https?://[^)\s]*\)")  # a link's address, which no one reads as text


def texts_of_spec(spec, out: list[str]) -> None:
    """The titles and texts a chart shows (its data's labels are tokens: left out)."""
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key in ("title", "text", "description") and isinstance(value, str):
                out.append(value)
            else:
                texts_of_spec(value, out)
    elif isinstance(spec, list):
        for value in spec:
            texts_of_spec(value, out)


def visible_texts(at) -> list[str]:
    texts = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "warning",
                 "error", "success"):  # fmt: skip
        texts += [str(el.value) for el in getattr(at, kind)]
    widgets = ("button", "selectbox", "slider", "select_slider", "toggle", "text_input",
               "text_area", "number_input", "radio", "multiselect", "expander",
               "metric")  # fmt: skip
    for kind in widgets:
        texts += [el.label for el in getattr(at, kind) if getattr(el, "label", None)]
    pickers = [*at.selectbox, *at.multiselect]
    texts += [el.proto.placeholder for el in pickers if el.proto.placeholder]
    # A picker without a placeholder shows Streamlit's own, in English, once cleared.
    texts += ["Choose an option" for el in pickers if not el.proto.placeholder]
    for table in at.dataframe:
        texts += [str(column) for column in table.value.columns]
    for spec in chart_specs(at):
        texts_of_spec(spec, texts)
    return texts


def english(text: str) -> set[str]:
    text = FORMULA.sub(" ", QUOTED.sub(" ", FILE.sub(" ", LINK.sub("]", text))))
    words = set(WORD.findall(text))
    # Identifiers (d_model, W_Q, head_1) and one- or two-letter symbols (PE, E', ij) are math.
    letters = {w: sum(c.isalpha() for c in w) for w in words}
    return {w for w in words if w not in LATIN and not re.search(r"[_\d]", w) and letters[w] > 2}


@pytest.mark.parametrize("name", sorted(ORDER))
def test_no_english_is_left_on_a_chinese_page(name):
    at = unfold_all(open_page(name, lang="zh", sentence=SENTENCE))
    assert not at.exception
    # Every chart has a text alternative (its description: the aria-label a screen reader
    # reads), here in Chinese; without one Vega labels it "Vega visualization".
    assert all(spec.get("description") for spec in chart_specs(at)), name
    left = {word for text in visible_texts(at) for word in english(text)}
    assert not left, f"{name}: {sorted(left)}"
    held = open_page(name, lang="zh", sentence=SENTENCE, ask="1")  # the questions' own texts
    left = {word for text in visible_texts(held) for word in english(text)}
    assert not left, f"{name} (questions first): {sorted(left)}"
