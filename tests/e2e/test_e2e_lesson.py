"""The lesson in a real browser: the whole tour by keyboard alone, a question answered on the
way, a tour link opened cold (in Chinese), the presenter view on a 1280 × 720 projector,
and the whole tour clicked through at one point of the screen (in English, and in Chinese
in the presenter view): "Next" never moves, and nothing that leaves the lesson comes under
it. Each stop passes axe-core (tests/e2e/a11y.py) with its questions first, in English on a
wide screen and in Chinese on the projector (colour contrast there only: the colours are
the same in both). That the lesson's controls speak Chinese and lead the same way there is
AppTest's to check (tests/test_lesson.py)."""

from __future__ import annotations

import re

import pytest

from harness.browser import NEXT_FRAME_JS

from .conftest import CUT_NAV_JS, WIDE

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixture reports it (skip, or a failure under CI)
    expect = None

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
LAPTOP = {"width": 1400, "height": 900}
TAB_LIMIT = 80  # more Tab presses than any page needs to reach the lesson's buttons
SKIP_LINK = "Skip to main content"  # Streamlit's first link: Enter on it passes the sidebar
# The focused control's text: a button or a link (a region such as the main column can
# take the focus too, and its text may end with a button's label).
FOCUSED_TEXT_JS = """() => { const el = document.activeElement;
  return ['BUTTON', 'A'].includes(el?.tagName) ? (el.innerText || '').trim() : ''; }"""
# The focused element is a question's text box (its label: "Your answer").
FOCUSED_ANSWER_JS = """(label) => { const el = document.activeElement;
  const box = el?.closest('[data-testid="stTextInput"]');
  return el?.tagName === 'INPUT' && !!box && box.innerText.includes(label); }"""
ANSWERED_AT = "masking"  # the stop whose question the keyboard answers on the way


def text(key: str, lang: str) -> str:
    from ui.texts import CATALOG

    return CATALOG[key][lang]


def tab_to(app, label: str, *, in_main: bool) -> None:
    """Move the keyboard focus to the button labelled ``label`` as a keyboard user would:
    stay if it is there already, else Tab on; for a button in the main column
    (``in_main``), take the skip link past the sidebar."""
    for _ in range(TAB_LIMIT):
        focused = app.page.evaluate(FOCUSED_TEXT_JS)
        if focused.endswith(label):
            return
        if in_main and focused == SKIP_LINK:
            app.page.keyboard.press("Enter")
        app.page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached a button {label!r}")


def press(app, key: str, lang: str) -> None:
    """Tab to the lesson's button ``key`` and press Enter; wait for the run it starts.

    "Start the lesson" is in the sidebar; the tour's own buttons are in the main column."""
    tab_to(app, text(key, lang), in_main=key != "common.tour.start")
    with app.rerun():
        app.page.keyboard.press("Enter")


def at_stop(app, stop: int, lang: str, contrast: bool = True) -> None:
    """On the tour's stop ``stop``: its page, its link, its heading, clean, drawn and
    accessible (axe-core; colour contrast too unless ``contrast`` is False)."""
    from ui.registry import tour

    TOUR = tour()

    name = TOUR[stop - 1]
    expect(app.page).to_have_url(re.compile(rf"/{name}\?(.*&)?tour={stop}(&|$)"))
    heading = app.main.get_by_test_id("stHeading").first
    expect(heading).to_contain_text(text(f"{name}.title", lang))
    app.check(f"stop {stop} ({name}) in {lang}")
    app.assert_accessible(f"stop {stop} ({name}) in {lang}", contrast)


def answer_by_keyboard(app, guess: str, lang: str) -> None:
    """Tab to the stop's question, type the guess, Tab to "Check my answer", Enter."""
    label = text("quiz.your_answer", lang)
    for _ in range(TAB_LIMIT):
        if app.page.evaluate(FOCUSED_ANSWER_JS, label):
            break
        if app.page.evaluate(FOCUSED_TEXT_JS) == SKIP_LINK:
            app.page.keyboard.press("Enter")
        app.page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached the question's text box")
    app.page.keyboard.type(guess)
    press(app, "quiz.check", lang)
    verdict = app.main.get_by_test_id("stAlertContentSuccess")
    expect(verdict).to_contain_text(text("quiz.right", lang).split("{")[0].strip())


def test_the_whole_tour_by_keyboard(new_page):
    from ui.registry import part, tour

    LESSON, TOUR = part("lesson"), tour()

    app = new_page(WIDE)
    app.open("/?lang=en")
    app.check("the overview")
    assert not app.page.evaluate(CUT_NAV_JS), "the navigation cuts a title"
    press(app, "common.tour.start", "en")
    last = len(TOUR)
    for stop in range(1, last):
        at_stop(app, stop, "en", contrast=False)
        if TOUR[stop - 1] == ANSWERED_AT:  # what weight does a query give a later key? 0
            answer_by_keyboard(app, "0", "en")
        press(app, "common.tour.further" if stop == len(LESSON) else "common.tour.next", "en")
    at_stop(app, last, "en", contrast=False)
    press(app, "common.tour.prev", "en")  # one back, and on again
    at_stop(app, last - 1, "en", contrast=False)
    press(app, "common.tour.further" if last - 1 == len(LESSON) else "common.tour.next", "en")
    at_stop(app, last, "en", contrast=False)
    press(app, "common.tour.end", "en")
    expect(app.page).not_to_have_url(re.compile(r"tour="))


def test_a_tour_link_opened_cold_lands_on_its_stop(new_page):
    app = new_page(WIDE)
    app.open("/softmax?tour=5&lang=zh")
    app.check("/softmax?tour=5 opened cold")
    from ui.registry import part

    LESSON = part("lesson")

    stop = text("common.tour.where_lesson", "zh").format(k=5, n=len(LESSON))
    expect(app.main).to_contain_text(stop.replace("**", "").strip())
    # The stop's questions come first; the weights they ask about are not on the page yet.
    box = app.main.locator(".st-key-quiz_softmax_box")
    expect(box).to_contain_text(text("quiz.title_n", "zh").format(n=2))
    expect(app.main.get_by_test_id("stVegaLiteChart")).to_have_count(0)


# Every text the main column shows, as drawn: (pixels, where, what) for each visible text,
# a control's value, and each text of a chart's SVG (its font size times the SVG's scale).
# A formula's smaller parts (KaTeX's sub- and superscripts, fractions) are type set small on
# purpose and left out; icons' ligature names draw no letters.
TYPE_SIZES_JS = r"""() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const shown = (el) => el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== 'hidden';
  const where = (el) => el.closest('[data-testid]')?.dataset.testid || '?';
  const found = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.replace(/[\s\u200b]/g, '') || !el || el.closest('svg')) continue;
    if (el.closest('[data-testid="stIconMaterial"], [data-testid="stExpanderIcon"], '
      + '.katex-mathml, .msupsub, .mfrac, .sizing, style') || !shown(el)) continue;
    found.push([parseFloat(getComputedStyle(el).fontSize), where(el), n.textContent.trim()]);
  }
  for (const el of main.querySelectorAll('input, textarea')) {
    if (el.value && !['hidden', 'range'].includes(el.type) && shown(el))
      found.push([parseFloat(getComputedStyle(el).fontSize), where(el), el.value]);
  }
  for (const el of main.querySelectorAll('svg text')) {
    const m = el.getScreenCTM();
    if (!el.textContent.trim() || !shown(el) || !m) continue;
    const size = parseFloat(el.getAttribute('font-size') || getComputedStyle(el).fontSize);
    found.push([size * Math.hypot(m.a, m.b), 'chart', el.textContent.trim()]);
  }
  return found;
}"""
PROJECTOR_TYPE = 18  # px: the least a projector's view may draw, to be read from the back


def test_the_presenter_view_on_a_projector(new_page):
    """At 1280 × 720, in Chinese, everything shown: large body text, and no text, control's
    value or chart label under 18 px, on the eight heads' small maps (the tightest charts)
    and on a page of drop-downs and a table."""
    app = new_page(PROJECTOR)
    for path in ("/multihead?d=32&heads=8", "/rope"):
        app.open(f"{path}{'&' if '?' in path else '?'}present=1&lang=zh&ask=0")
        app.check(f"the presenter view of {path}")
        expect(app.sidebar).to_have_attribute("data-collapsed", "true")
        size = app.page.evaluate(
            "() => parseFloat(getComputedStyle(document.querySelector("
            '\'[data-testid="stMain"] [data-testid="stMarkdownContainer"] p\')).fontSize)'
        )
        assert size >= 20, f"body text is {size} px in the presenter view"
        found = app.page.evaluate(TYPE_SIZES_JS)
        small = sorted(f for f in found if f[0] < PROJECTOR_TYPE - 0.01)
        assert len(found) > 50 and not small, f"{path}: under {PROJECTOR_TYPE} px: {small[:8]}"
        app.screenshot(f"presenter-{path.strip('/').split('?')[0]}-zh-1280x720")


def next_place(app, stop: int, lang: str) -> tuple[int, int, int]:
    """Where the tour bar's "Next" is ("Going further" at the lesson's end; on the last
    stop, Next greyed out, a button): its left edge, width and middle, to the pixel."""
    from ui.registry import part, tour

    if stop == len(tour()):
        found = app.main.get_by_role("button", name=text("common.tour.next", lang))
    else:
        key = "common.tour.further" if stop == len(part("lesson")) else "common.tour.next"
        found = app.main.get_by_role("link", name=text(key, lang))
    box = found.first.bounding_box()
    return round(box["x"]), round(box["width"]), round(box["y"] + box["height"] / 2)


def click_through(app, lang: str, at_each_stop=None) -> None:
    """From the first stop to the last by clicking where "Next" was on the first, once more
    than there are stops: every click but the last two moves on one stop, those two leave
    the presenter on the last stop, still in the lesson. ``at_each_stop(stop)`` runs on
    every stop before the click."""
    from ui.registry import tour

    last = len(tour())
    app.settle()  # the presenter view's styles are in
    place = next_place(app, 1, lang)
    x, y = place[0] + place[1] / 2, place[2]
    for stop in range(1, last + 1):
        expect(app.page).to_have_url(re.compile(rf"[?&]tour={stop}(&|$)"))
        expect(app.main.get_by_test_id("stHeading").first).to_contain_text(
            text(f"{tour()[stop - 1]}.title", lang)
        )
        if at_each_stop:
            at_each_stop(stop)
        assert next_place(app, stop, lang) == place, f"Next moved on stop {stop} in {lang}"
        if stop < last:
            with app.rerun():
                app.page.mouse.click(x, y)
    for _ in range(2):  # Next greyed out: nothing runs, nothing leaves
        before = app.finished
        app.page.mouse.click(x, y)
        app.page.evaluate(NEXT_FRAME_JS, 300)
        assert app.finished == before and app.idle(), "a click on the last stop's Next ran"
    expect(app.page).to_have_url(re.compile(rf"[?&]tour={last}(&|$)"))
    expect(app.main.get_by_role("button", name=text("common.tour.end", lang)).first).to_be_visible()


def test_a_presenter_clicking_at_one_point_walks_the_whole_tour(new_page):
    """In English, at 1280 × 720 with the sidebar open: one point of the screen walks every
    stop; at 1400 × 900 Next's box is the same on every stop too."""
    app = new_page(PROJECTOR)
    app.open("/tokens?tour=1&lang=en")
    wide: list[tuple[int, int, int]] = []

    def at_laptop_size(stop: int) -> None:
        app.page.set_viewport_size(LAPTOP)
        app.page.evaluate(NEXT_FRAME_JS, 100)
        wide.append(next_place(app, stop, "en"))
        app.page.set_viewport_size(PROJECTOR)
        app.page.evaluate(NEXT_FRAME_JS, 100)

    click_through(app, "en", at_laptop_size)
    assert len(set(wide)) == 1, f"Next moved at 1400 × 900: {wide}"


def test_every_stop_on_the_projector_in_chinese(new_page):
    """The presenter view at 1280 × 720, in Chinese, questions first: every stop of the tour
    reached by clicking where its "Next" was on the first, each accessible (axe-core), the
    class's letters one a line."""
    from ui.registry import tour

    app = new_page(PROJECTOR)
    app.open("/tokens?tour=1&present=1&lang=zh")

    def look(stop: int) -> None:
        at_stop(app, stop, "zh")
        app.screenshot(f"presenter-{tour()[stop - 1]}-zh-1280x720")

    click_through(app, "zh", look)
