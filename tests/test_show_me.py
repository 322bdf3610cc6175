""" "Show me" sets the controls that show an answer: in one click it is undone, a notice says
which settings it carries while it holds, and in the lesson the next stop opens on the
lesson's own settings (Softmax's d_model 512 without scaling no longer makes Weighted sum's
weights one-hot, with nothing on screen to say why)."""

from __future__ import annotations

from apptest_util import chart_keys, open_page
from quiz_util import press

from ui.registry import pages, tour
from ui.texts import CATALOG

LESSON_SETTINGS = {"d_model": 4, "n_heads": 1, "scale": True}


def text(key: str, lang: str) -> str:
    return CATALOG[key][lang]


def show_me(at, lang: str) -> None:
    """Answer Softmax's two questions (skipping them), then press "Show me"."""
    press(at, text("quiz.skip", lang))
    press(at, text("quiz.try_this", lang))


def settings_of(at) -> dict:
    return {name: at.session_state[name] for name in LESSON_SETTINGS}


def notice(at, lang: str) -> list[str]:
    head = text("quiz.shown", lang).split("{")[0]
    return [m.value for m in at.markdown if m.value.startswith(head)]


def test_show_me_is_undone_in_one_click(lang):
    stop = tour().index("softmax") + 1
    at = open_page("softmax", ask="1", tour=stop, lang=lang)
    show_me(at, lang)
    assert settings_of(at) == {"d_model": 512, "n_heads": 1, "scale": False}
    (said,) = notice(at, lang)
    assert "512" in said and text("quiz.shown_off", lang) in said  # which settings it set
    at.button(key="show_me_undo").click().run()
    assert settings_of(at) == LESSON_SETTINGS and not notice(at, lang)
    assert at.query_params.get("d") in (None, [], "4", ["4"])


def test_the_next_stop_opens_on_the_lessons_settings(lang):
    stop = tour().index("softmax") + 1
    at = open_page("softmax", ask="1", tour=stop, lang=lang)
    show_me(at, lang)
    assert settings_of(at)["d_model"] == 512
    at.switch_page(pages()[tour()[stop]].path).run()  # following "Next"
    assert not at.exception
    assert settings_of(at) == LESSON_SETTINGS and not notice(at, lang)
    assert text("weighted_sum.title", lang) in [h.value for h in at.header]


def test_outside_the_lesson_the_settings_carry_and_say_so(lang):
    at = open_page("scaling", ask="1", lang=lang)
    qs_inputs = [w.key for w in at.text_input if w.key.startswith("quiz_scaling_")]
    fill_values = ["4", "1"][: len(qs_inputs)]
    for key, value in zip(qs_inputs, fill_values, strict=True):
        at.text_input(key=key).input(value)
    press(at, text("quiz.check", lang))
    press(at, text("quiz.try_this", lang))
    at.switch_page(pages()["weighted_sum"].path).run()
    assert at.session_state["d_model"] == 512 and at.session_state["n_heads"] == 8
    (said,) = notice(at, lang)  # the page says which settings it carries
    assert "512" in said and "8" in said
    at.button(key="show_me_undo").click().run()
    assert settings_of(at) == LESSON_SETTINGS


def test_the_multi_head_stop_opens_on_the_articles_eight_heads(lang):
    stop = tour().index("multihead") + 1
    at = open_page("masking", tour=stop - 1, lang=lang)
    at.switch_page(pages()["multihead"].path).run()  # "Next" from Masking
    assert (at.session_state["d_model"], at.session_state["n_heads"]) == (32, 8)
    head = text("common.tour.opens_on", lang).split("{")[0]
    (said,) = [m.value for m in at.markdown if m.value.startswith(head)]
    # named, not listed: "d_model = 32" above the question would answer how wide 8 × 4 is
    assert text("multihead.opens_on", lang) in said and "32" not in said
    at.switch_page(pages()["real_model"].path).run()  # on to the next stop: the lesson's own
    assert (at.session_state["d_model"], at.session_state["n_heads"]) == (4, 1)
    at.switch_page(pages()["multihead"].path).run()  # back again: eight heads again
    assert at.session_state["n_heads"] == 8
    at.button(key="show_me_undo").click().run()  # one click back to one head
    assert (at.session_state["d_model"], at.session_state["n_heads"]) == (4, 1)


def test_the_stops_own_settings_are_undone_by_a_button_that_says_so(lang):
    stop = tour().index("multihead") + 1
    at = open_page("multihead", tour=stop, lang=lang)
    (undo,) = [b for b in at.button if b.key == "show_me_undo"]
    assert undo.label == text("common.tour.undo_opens_on", lang)  # not "Undo “Show me”"


def test_show_me_shows_and_does_not_ask_anew(lang):
    """Scaling's "Show me" sets d_model 512 and 8 heads: its questions, asked about d_k = 4,
    are then about d_k = 64, and are shown answered (not asked again): the charts it was
    meant to show are on the page, and there is nothing to check."""
    at = open_page("scaling", ask="1", lang=lang)
    press(at, text("quiz.skip", lang))
    press(at, text("quiz.try_this", lang))
    assert (at.session_state["d_model"], at.session_state["n_heads"]) == (512, 8)
    assert {"variance", "max_weight"} <= set(chart_keys(at))
    labels = [b.label for b in at.button]
    assert text("quiz.skip", lang) not in labels and text("quiz.check", lang) not in labels
    at.button(key="show_me_undo").click().run()  # back at d_k = 4: answered as before
    assert at.session_state["d_model"] == 4 and "variance" in chart_keys(at)
    at.sidebar.select_slider(key="d_model").set_value(256).run()  # moved by hand: asked
    assert "variance" not in chart_keys(at)


def test_show_me_is_offered_only_where_it_changes_something(lang):
    """At the Multi-head stop the page is already on the article's eight heads, which is
    what its "Show me" sets: after the verdict it is not offered; on one head it is."""
    stop = tour().index("multihead") + 1
    at = open_page("multihead", ask="1", tour=stop, lang=lang)
    press(at, text("quiz.skip", lang))
    assert text("quiz.try_this", lang) not in [b.label for b in at.button]
    at = open_page("multihead", ask="1", lang=lang)  # one head: it changes d_model and h
    press(at, text("quiz.skip", lang))
    assert text("quiz.try_this", lang) in [b.label for b in at.button]
