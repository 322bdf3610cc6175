"""Every page in a real browser: it loads in both languages without an error, its charts
draw, and at phone width nothing pushes the main column sideways. Screenshots of each.

The pages are the files in app_pages/, so a new page is covered without editing this file.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from harness.browser import LAYOUT_SHIFTS_JS, cls, movers

from .conftest import CUT_NAV_JS, PAGES, PHONE, WIDE, screenshots_wanted

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixture reports it (skip, or a failure under CI)
    expect = None

pytestmark = pytest.mark.browser

CJK = re.compile(r"[\u3400-\u9fff]")

# Formulas, worked sums and tables wider than their box. Their scrollbars are hidden (in
# headless Chromium always, in the data grid until it is hovered), so a student would see
# them cut off with no sign of more: they must fit. (A few pixels are KaTeX's rounding.)
CUT_OFF_JS = """() => {
  const main = document.querySelector('[data-testid="stMainBlockContainer"]');
  const boxes = ['.katex-display', '[data-testid="stDataFrame"] .dvn-scroller',
    '[data-testid="stTable"]'].join(', ');
  return Array.from(main.querySelectorAll(boxes))
    .filter((el) => el.scrollWidth > el.clientWidth + 4)
    .map((el) => `${el.closest('[data-testid]').dataset.testid}: ${el.scrollWidth} px in `
      + `${el.clientWidth}: ${Array.from(el.innerText || '').slice(0, 40).join('')}`);
}"""

ZH = "简体中文"  # the language switch's Chinese option
CLS_MAX = 0.1  # Core Web Vitals' "good": how far a page may jump as it loads (CLS)
PHONE_SLOWDOWN = 4  # the CPU 4x slower while the phone's view loads


def url_path(page_paths, name: str) -> str:
    path = page_paths[name]
    if path is None:
        pytest.fail(f"app_pages/{name}.py: no link in the navigation leads to this page")
    return path


@pytest.mark.parametrize("name", PAGES)
def test_page(new_page, page_paths, name):
    """One page as a reader sees it: on a phone, and on a wide screen in Chinese.

    Each view: no Streamlit exception, no browser error, every chart drawn (a page may have
    none: the real model page without its model shows a message), no serious accessibility
    violation (axe-core; colour contrast once, in the wide view with the sidebar open: the
    colours are the same at both widths); on the phone nothing pushes the main column
    sideways, and the page does not jump as it loads (its layout shifts, CLS, at most 0.1:
    a chart keeps its room until it is drawn). A screenshot of each view. The whole page:
    with questions first off (the lesson's tests look at the questions, in English wide and
    in Chinese on a projector).
    """
    path = url_path(page_paths, name)
    where = f"{path} ({name}.py)"
    app = new_page(PHONE)
    # A phone's CPU, as the budget's (Lighthouse's mobile profile, bench/sections/phone.py):
    # a desktop CPU can draw a chart before Streamlit has applied app.css, which takes the
    # chart's room away once it is drawn, and the page then jumps as it would on no phone.
    cdp = app.page.context.new_cdp_session(app.page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_SLOWDOWN})
    app.open(f"{path}?ask=0")
    assert urlsplit(app.page.url).path == path, f"{where}: the app moved to {app.page.url}"
    app.check(f"{where} at {PHONE['width']} px")
    shifts = app.page.evaluate(LAYOUT_SHIFTS_JS)  # every chart drawn, nothing touched yet
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    assert app.main.get_by_test_id("stHeading").count(), f"{where}: the page has no heading"
    overflow = app.overflow_at_rest()
    cut_off = app.page.evaluate(CUT_OFF_JS)
    app.assert_accessible(f"{where} at {PHONE['width']} px", contrast=False)  # wide: below
    app.screenshot(f"{name}-phone")

    # A wide window, in Chinese: the sidebar opens, the charts widen, and the language
    # switch turns the page (and the navigation) Chinese. English at this width is the
    # phone's page widened: every other test of the suite reads it.
    app.page.set_viewport_size(WIDE)
    expect(app.sidebar).to_be_in_viewport()
    if screenshots_wanted():
        app.check(where)
        app.screenshot(f"{name}-en")
    with app.rerun():
        app.sidebar.get_by_role("radio", name=ZH, exact=True).click()
    expect(app.page).to_have_url(re.compile(r"[?&]lang=zh(&|$)"))
    where_zh = f"{where} in Chinese"
    app.check(where_zh)
    assert urlsplit(app.page.url).path == path, f"{where_zh}: the app moved to {app.page.url}"
    heading = app.main.get_by_test_id("stHeading").first.inner_text()
    assert CJK.search(heading), f"{where_zh}: the heading is not Chinese: {heading!r}"
    nav = app.sidebar.get_by_test_id("stSidebarNav").inner_text()
    assert CJK.search(nav), f"{where_zh}: the navigation is not Chinese: {nav!r}"
    assert not app.page.evaluate(CUT_NAV_JS), f"{where_zh}: the navigation cuts a title"
    app.assert_accessible(where_zh)
    unnamed = app.main.locator('[data-testid="stVegaLiteChart"][aria-label="Vega visualization"]')
    assert not unnamed.count(), f"{where_zh}: a chart without a text alternative"
    app.screenshot(f"{name}-zh")

    jumped, moved = cls(shifts), " | ".join(movers(shifts)[:4])
    assert jumped <= CLS_MAX, f"{where} at {PHONE['width']} px: CLS {jumped:.3f}: {moved}"
    assert not cut_off, f"{where} at {PHONE['width']} px: wider than the column: {cut_off}"
    o = overflow
    detail = f"{where} at {PHONE['width']} px: {o}"
    assert o["docScroll"] <= o["innerWidth"] + 1, f"the page scrolls sideways; {detail}"
    assert o["mainScroll"] <= o["mainClient"] + 1, f"the main area scrolls sideways; {detail}"
    assert o["blockScroll"] <= o["blockClient"] + 1, f"the main column overflows; {detail}"


def test_matrix_cells_keep_their_height_beside_the_axes(new_page):
    """A matrix's height is its cells' alone: the axes are drawn below it, not inside it;
    and the room a chart keeps while it is drawn is no more than the chart.

    With Streamlit's default sizing a 2 × 2 matrix (two heads compared) had no room left
    for its cells once the axis labels were drawn.
    """
    from apptest_util import chart_specs, open_page

    from ui.room import chart_room

    params = {"d": 16, "heads": 2, "ask": 0}
    specs = chart_specs(open_page("multihead", **params))
    app = new_page(WIDE)
    app.open("/multihead?" + "&".join(f"{k}={v}" for k, v in params.items()))
    app.check("/multihead with 2 heads")
    boxes = app.main.get_by_test_id("stVegaLiteChart")
    assert boxes.count() == len(specs)
    heatmaps = [i for i, s in enumerate(specs) if "layer" in s and "height" in s]
    assert any(specs[i]["height"] <= 70 for i in heatmaps)  # the 2 × 2 one is among them
    for i in heatmaps:
        drawn = boxes.nth(i).bounding_box()["height"]
        cells = specs[i]["height"]
        assert drawn > cells + 20, f"chart {i}: {drawn:.0f} px drawn for {cells} px of cells"
    # The room a chart keeps until it is drawn (ui.room) is never more than the chart, and
    # for a plain matrix with level labels it is the chart's height.
    drawn = [boxes.nth(i).bounding_box()["height"] for i in range(len(specs))]
    rooms = [chart_room(s, present=False) for s in specs]
    assert all(r is None or r <= d + 1 for r, d in zip(rooms, drawn, strict=True)), (rooms, drawn)
    assert any(r and abs(r - d) <= 2 for r, d in zip(rooms, drawn, strict=True)), (rooms, drawn)
