"""The lesson: a tour of the pages in the article's order that lives in the link, and the
presenter view for a projector."""

from __future__ import annotations

import json

from apptest_util import all_text, chart_keys, chart_specs, open_page

from ui import registry
from ui.texts import CATALOG
from ui.texts.common import TEXTS as COMMON
from ui.texts.overview import TEXTS as OVERVIEW

PARTS, LANGS = ("lesson", "further"), ("en", "zh")
PAGES, TOUR = registry.pages(), registry.tour()


def stop_text(stop: int, lang: str) -> str:
    """The lesson bar's words for a stop ("Lesson · stop 5 / 9")."""
    part, k, n = registry.where(stop)
    return COMMON[f"tour.where_{part}"][lang].format(k=k, n=n)


def where(at) -> str:
    """The lesson bar's text: the markdown that says which stop this is, in either language."""
    starts = [COMMON[f"tour.where_{p}"][lang].split("{")[0] for p in PARTS for lang in LANGS]
    return next(md.value for md in at.markdown if any(s in md.value for s in starts))


def links(at) -> dict[str, str]:
    """The lesson bar's links: label -> the page file they open."""
    return {link.proto.label: link.proto.page for link in at.get("page_link")}


def test_start_walks_every_stop_in_order_and_back():
    at = open_page()
    next(b for b in at.button if b.label == COMMON["tour.start"]["en"]).click().run()
    assert at.session_state["tour"] == 1
    for stop, name in enumerate(TOUR, start=1):
        assert not at.exception, (stop, at.exception)
        assert at.header[0].value == CATALOG[f"{name}.title"]["en"]
        assert stop_text(stop, "en") in where(at)
        assert at.query_params["tour"] == str(stop)
        bar = links(at)
        if stop > 1:
            assert bar[COMMON["tour.prev"]["en"]] == TOUR[stop - 2]
        if stop < len(TOUR):
            following = "tour.further" if stop == len(registry.part("lesson")) else "tour.next"
            assert bar[COMMON[following]["en"]] == TOUR[stop]
            at.switch_page(PAGES[TOUR[stop]].path).run()  # following the link
    # The last stop: Next greyed out where it was, Finish where Leave was (never both).
    assert at.button(key="tour_last").disabled and COMMON["tour.next"]["en"] not in links(at)
    assert not [b for b in at.button if b.key == "tour_leave"]
    at.button(key="tour_end").click().run()  # "Finish" on the last stop
    assert at.session_state["tour"] == 0 and "tour" not in at.query_params
    at = open_page("softmax", tour="5")
    at.button(key="tour_leave").click().run()
    assert at.session_state["tour"] == 0 and not [b for b in at.button if b.key == "tour_leave"]


def test_in_chinese_the_lesson_s_controls_speak_chinese_and_lead_the_same_way():
    zh = {key: COMMON[f"tour.{key}"]["zh"] for key in ("start", "prev", "next", "end")}
    at = open_page(lang="zh")
    next(b for b in at.button if b.label == zh["start"]).click().run()
    assert at.session_state["tour"] == 1 and links(at)[zh["next"]] == TOUR[1]
    last = len(TOUR)
    at = open_page(TOUR[-1], tour=str(last), lang="zh")
    assert links(at)[zh["prev"]] == TOUR[-2]
    end = at.button(key="tour_end")
    assert end.label == zh["end"]
    end.click().run()
    assert at.session_state["tour"] == 0 and "tour" not in at.query_params


def test_a_cold_tour_link_lands_on_its_stop_asking_its_question_first():
    at = open_page("softmax", tour="5", lang="zh", d="16", ask="1")
    assert not at.exception
    assert stop_text(5, "zh") in where(at)
    assert [f.proto.form.form_id for f in at.get("form")] == ["quiz_softmax"]
    assert "softmax_weights" not in chart_keys(at)  # held back until the guess
    assert at.session_state["d_model"] == 16  # the rest of the view comes with it


def test_the_page_decides_the_stop_and_a_page_off_the_tour_leads_back():
    at = open_page("masking", tour="2")
    assert at.session_state["tour"] == TOUR.index("masking") + 1
    at = open_page("overview", tour="3")
    back = COMMON["tour.back"]["en"].format(k=3, page=PAGES[TOUR[2]].title)
    assert links(at)[back] == TOUR[2]


def test_a_tampered_tour_link_is_clamped():
    at = open_page("similarity", tour="99", q="-4")
    assert not at.exception
    assert at.session_state["tour"] == TOUR.index("similarity") + 1
    assert "tour" in at.warning[0].value


def test_the_presenter_view_has_large_type_and_keeps_it_in_the_link():
    at = open_page("overview", present="1")
    assert not at.exception
    sizes = {json.dumps(spec.get("config", {}).get("text")) for spec in chart_specs(at)}
    assert sizes == {json.dumps({"fontSize": 18})}
    assert {spec["config"]["axis"]["labelFontSize"] for spec in chart_specs(at)} == {18}
    intro = OVERVIEW["intro"]["en"]
    assert intro not in all_text(at)  # folded: the figure comes up on the first screen
    assert all(spec["layer"][0]["encoding"] for spec in chart_specs(at))
    heights = [spec["height"] for spec in chart_specs(at)]
    assert min(heights) >= 9 * 52  # 9 rows of presenter-sized cells
    assert at.query_params["present"] == "1"
    at.sidebar.toggle(key="present").set_value(False).run()
    assert {json.dumps(s["config"]["text"]) for s in chart_specs(at)} == {'{"fontSize": 11}'}
    assert {s["config"]["axis"]["labelFontSize"] for s in chart_specs(at)} == {12}
    assert intro in all_text(at)
    assert "present" not in at.query_params
    assert OVERVIEW["title"]["en"] in all_text(at)


def test_the_navigation_lists_the_going_further_pages_in_the_tour_s_order():
    further = [name for name, page in PAGES.items() if page.section == "further"]
    assert further == list(registry.part("further"))
