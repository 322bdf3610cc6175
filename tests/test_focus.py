"""One token followed through every step: chosen once, kept in the link and across pages,
and its row outlined in every matrix that has one."""

from __future__ import annotations

import pytest
from apptest_util import all_text, chart_keys, charts, open_page

from ui.settings import Settings, parse_params, to_params
from ui.state import model_settings

# Pages with a row per token in some matrix, and the charts where that row is the focus's.
STEP_PAGES = {
    "overview": ("ov_scores", "ov_scaled", "ov_weights", "ov_output"),
    "tokens": ("tok_e", "tok_x"),
    "similarity": ("x", "q", "k", "scores"),
    "softmax": ("softmax_weights",),
    "weighted_sum": ("weights", "output"),
    "masking": ("masked_scaled", "unmasked_weights", "masked_weights"),
    "multihead": ("head_maps_1", "head_outputs_1", "concat", "mha_output"),
}
PICKERS = {"similarity": "sim_q", "scaling": "scaling_row", "softmax": "softmax_row",
           "weighted_sum": "ws_q", "masking": "mask_q"}  # fmt: skip
# The folded sections (ui.view.unfold) that hold those charts and pickers.
SECTIONS = {"similarity": ("sim_projections", "sim_by_hand"), "softmax": ("softmax_by_hand",)}


def outlined(df) -> set[str]:
    """The row labels a chart outlines as the followed token's."""
    return set(df.loc[df["focus"].astype(bool), "row"].astype(str))


def test_the_focus_starts_at_it_and_is_outlined_on_every_step():
    for page, keys in STEP_PAGES.items():
        at = open_page(page, sections=SECTIONS.get(page, ()))
        assert at.session_state["focus"] == "it"
        frames = dict(zip(chart_keys(at), charts(at, ""), strict=True))
        for key in keys:
            assert outlined(frames[key]) == {"it"}, (page, key)


@pytest.mark.parametrize("page", sorted(PICKERS))
def test_a_picker_moves_the_focus_everywhere(page):
    at = open_page(page, sections=SECTIONS.get(page, ()))
    at.selectbox(key=PICKERS[page]).set_value("cake").run()
    assert not at.exception
    assert at.session_state["focus"] == "cake"
    assert at.query_params["focus"] == "cake"
    assert at.sidebar.selectbox(key="focus").value == "cake"
    at.switch_page("app_pages/overview.py").run()
    frames = dict(zip(chart_keys(at), charts(at, ""), strict=True))
    assert outlined(frames["ov_weights"]) == {"cake"}
    at.session_state["sim_by_hand"] = True
    at.switch_page("app_pages/similarity.py").run()
    assert at.selectbox(key="sim_q").value == "cake"


def test_the_focus_comes_back_from_a_link_and_only_the_link_s_token():
    at = open_page("weighted_sum", focus="delicious")
    assert at.selectbox(key="ws_q").value == "delicious"
    assert "“delicious”" in all_text(at)  # the worked sum names its row
    # A token the sentence does not have: the sentence's own default, and no error.
    at = open_page(
        "softmax",
        focus="<b>nope</b>",
        sentence="the cat sat on the mat",
        sections=SECTIONS["softmax"],
    )
    assert not at.exception
    assert at.selectbox(key="softmax_row").value == "mat"
    values, fixed = parse_params({"focus": "cake"})
    assert values["focus"] == "cake" and not fixed
    assert to_params(Settings(focus="cake")) == {"focus": "cake"}
    assert to_params(Settings(focus="it")) == {}  # the default stays out of the link


def test_a_new_sentence_moves_the_focus_to_one_of_its_tokens():
    # The pickers used to keep an index into the old sentence while the sums used another
    # token; now every picker and the worked result agree on a token of the new sentence.
    at = open_page("similarity", sections=SECTIONS["similarity"])
    at.sidebar.text_area(key="sentence").set_value("我吃了蛋糕，它很好吃。").run()
    assert not at.exception
    assert at.session_state["focus"] == "它"
    assert at.selectbox(key="sim_q").value == "它"
    assert "“它”" in all_text(at)
    at.switch_page("app_pages/masking.py").run()
    assert at.selectbox(key="mask_q").value == "它"


def test_the_focus_never_changes_a_result():
    assert model_settings(Settings(focus="cake")) == model_settings(Settings(focus="I"))
