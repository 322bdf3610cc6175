"""The Generating page's play control in a real browser: the step moves on by itself, a step
every PLAY_EVERY seconds, stops at the last token, and then nothing runs any more (the timer
is gone); Pause stops it where it is."""

from __future__ import annotations

import re
import time

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixture reports it (skip, or a failure under CI)
    expect = None

pytestmark = pytest.mark.browser

PAGE = "/generate?ask=0&step=6"  # the article's sentence at "it": three steps to go


def text(key: str) -> str:
    from ui.texts import CATALOG

    return CATALOG[key]["en"]


def step_shown(app):
    return app.main.get_by_test_id("stSliderThumbValue").first


def test_play_steps_to_the_last_token_then_the_timer_stops(new_page):
    app = new_page()
    app.open(PAGE)
    app.check(PAGE)
    expect(step_shown(app)).to_have_text("6 · it")
    play = app.main.get_by_role("button", name=text("generate.play"))
    started = time.monotonic()
    play.click()
    expect(step_shown(app)).to_have_text("7 · was")  # at once
    expect(step_shown(app)).to_have_text("8 · delicious", timeout=10_000)  # then by itself
    expect(step_shown(app)).to_have_text("9 · .", timeout=10_000)
    expect(app.main.get_by_role("button", name=text("generate.play"))).to_be_visible()
    assert time.monotonic() - started > 1.0  # two timed steps, not three runs at once
    expect(app.page).to_have_url(re.compile(r"[?&]step=9(&|$)"))
    runs = app.finished
    app.page.wait_for_timeout(2500)  # three steps' time: no timer is left to run anything
    assert app.finished == runs, f"{app.finished - runs} runs after the last step"
    app.check(f"{PAGE} after playing")


def test_pause_stops_where_it_is(new_page):
    app = new_page()
    words = " ".join(f"w{i}" for i in range(40))  # 32 s of playing: it cannot end first
    app.open(f"/generate?ask=0&step=1&sentence={words}")
    app.main.get_by_role("button", name=text("generate.play")).click()
    expect(step_shown(app)).to_have_text(re.compile(r"^([3-9]|1\d) · "), timeout=10_000)
    app.main.get_by_role("button", name=text("generate.pause")).click()
    expect(app.main.get_by_role("button", name=text("generate.play"))).to_be_visible()
    app.page.wait_for_timeout(500)
    where = step_shown(app).inner_text()
    runs = app.finished
    app.page.wait_for_timeout(2500)
    assert step_shown(app).inner_text() == where and app.finished == runs
    app.check("/generate after a pause")


def test_play_gives_way_to_next_step_under_reduced_motion(new_page):
    """A browser that asks for reduced motion gets no Play (nothing moves by itself), but
    "Next step", one step a press; without that wish, Play and no "Next step"."""
    app = new_page()
    app.page.emulate_media(reduced_motion="reduce")
    app.open(PAGE)
    app.check(f"{PAGE} with reduced motion")
    expect(app.main.get_by_role("button", name=text("generate.play"))).to_be_hidden()
    step = app.main.get_by_role("button", name=text("generate.next_step"))
    expect(step).to_be_visible()
    with app.rerun():
        step.click()
    expect(step_shown(app)).to_have_text("7 · was")
    runs = app.finished
    app.page.wait_for_timeout(2000)  # over two of Play's steps: nothing moved by itself
    assert app.finished == runs and step_shown(app).inner_text() == "7 · was"
    app.assert_accessible(f"{PAGE} with reduced motion")
    app.page.emulate_media(reduced_motion="no-preference")
    expect(app.main.get_by_role("button", name=text("generate.play"))).to_be_visible()
    expect(step).to_be_hidden()
