"""A question's choices read as they are: a token "." is "." in the drop-down and after it
is picked (Markdown escapes belong where Markdown is rendered), and the presenter's lettered
choices stand one a line, so a letter never runs into a token ("H. delicious I. .")."""

from __future__ import annotations

from apptest_util import open_page
from quiz_util import press

from ui.texts import CATALOG


def test_a_token_in_the_drop_down_is_shown_as_it_is(lang):
    at = open_page("overview", ask="1", lang=lang)
    box = at.selectbox(key="quiz_overview_1_guess")
    assert "." in box.options and not any("\\" in option for option in box.options)
    assert box.proto.placeholder == CATALOG["quiz.choose"][lang]
    box.set_value(".")
    press(at, CATALOG["quiz.check"][lang])
    # The verdict is Markdown: there the token is escaped, and it reads "." again.
    (said,) = [e.value for e in at.error]
    assert CATALOG["quiz.wrong"][lang].split("{guess}")[0] + "\\." in said


def test_the_presenters_choices_stand_one_a_line(lang):
    at = open_page("overview", ask="1", present="1", lang=lang)
    lines = next(m.value for m in at.markdown if "**A**" in m.value).splitlines()
    tokens = ["I", "ate", "the", "cake", "and", "it", "was", "delicious", "."]
    assert len(lines) == len(tokens)
    for k, (line, token) in enumerate(zip(lines, tokens, strict=True)):
        assert line.startswith(f"- **{chr(65 + k)}** · ")  # a list item each: a line each
        assert line.endswith(token.replace(".", "\\."))
