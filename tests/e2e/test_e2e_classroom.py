"""A class in Chromium: the teacher's projector at 1280 × 720 and three students (two phones
at 390 px, one in Chinese, and a laptop). The spread on the projector follows the votes by
itself, round 2 reaches the students' pages by itself, and after the reveal each student
sees the class's votes and the answer. Screenshots of each side at each step. (The
teacher's link opened again, and the projector in Chinese: tests/test_class_ui.py.)"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from .conftest import PHONE

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixture reports it (skip, or a failure under CI)
    expect = None

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PAGE = "/weighted_sum"  # a choice (yes / no) and a number within 0.01


def text(key: str, lang: str = "en", **values) -> str:
    from ui.texts import CATALOG

    entry = CATALOG[key][lang]
    return entry.format(**values) if values else entry


def counts(present: int, voters: int, round_: int = 1) -> str:
    """The projector's live line as the browser shows it (markdown's ** gone), as far as
    the first question's count."""
    voted = text("classroom.board.voted", voters=voters, round=round_)
    line = f"{text('classroom.board.present', present=present)} · Question 1: {voted}"
    return line.replace("**", "")


def vote(app, choice: str, number: str, lang: str = "en") -> None:
    main = app.main
    main.get_by_text(text(choice, lang), exact=True).first.click()
    main.get_by_role("textbox").first.fill(number)
    with app.rerun():
        main.get_by_role("button", name=text("quiz.check", lang)).click()
    expect(main.get_by_text(text("classroom.vote.counted", lang, round=1))).to_have_count(2)


def test_a_class_votes_discusses_votes_again_and_sees_the_answer(new_page):
    teacher = new_page(PROJECTOR)
    teacher.open(f"{PAGE}?present=1")
    with teacher.rerun():
        teacher.main.get_by_role("button", name=text("classroom.sb.teach")).click()
    expect(teacher.page).to_have_url(re.compile(r"[?&]teach="))
    query = parse_qs(urlsplit(teacher.page.url).query)
    code = query["class"][0]
    teacher.check("the projector, class opened")
    link = teacher.main.get_by_test_id("stCode").inner_text().strip()
    assert f"class={code}" in link and query["teach"][0] not in link and "present" not in link
    expect(teacher.main.get_by_role("img")).not_to_have_count(0)  # the QR code
    teacher.screenshot("class_1_projector_opened")

    phone = new_page(PHONE)
    phone_zh = new_page(PHONE)
    laptop = new_page()
    students = ((phone, "en"), (phone_zh, "zh"), (laptop, "en"))
    for app, lang in students:
        app.open(f"{PAGE}?class={code}&lang={lang}")  # a light first view: the class
        with app.rerun():
            app.main.get_by_role("button", name=text("classroom.landing_open", lang)).click()
        expect(
            app.main.get_by_text(f"{text('classroom.in_class', lang, code='')[:-6]}")
        ).not_to_have_count(0)
    expect(teacher.main).to_contain_text(counts(3, 0))  # the projector followed by itself

    vote(phone, "quiz.choice.yes", "3.57")
    expect(teacher.main).to_contain_text(counts(3, 1))
    vote(phone_zh, "quiz.choice.no", "4,2", "zh")
    vote(laptop, "quiz.choice.no", "9")
    expect(teacher.main).to_contain_text(counts(3, 3))
    teacher.check("the projector with three votes")
    assert text("classroom.board.answer", label="yes") not in teacher.main_fingerprint()
    teacher.screenshot("class_2_projector_votes")
    for app, lang in students:  # nothing of the class's votes before the reveal
        assert text("classroom.student.revealed", lang) not in app.main_fingerprint()
    phone.screenshot("class_3_phone_voted")

    with teacher.rerun():
        teacher.main.get_by_role("button", name=text("classroom.board.again")).first.click()
    expect(teacher.main).to_contain_text(counts(3, 0, 2))
    for app, lang in students:  # round 2 reaches every student's page by itself
        expect(app.main.get_by_text(text("classroom.vote.again", lang, round=2))).to_be_visible()
    phone_zh.screenshot("class_4_phone_zh_round2")
    form = phone_zh.main.get_by_test_id("stForm").last
    form.get_by_text(text("quiz.choice.yes", "zh"), exact=True).click()
    with phone_zh.rerun():
        form.get_by_role("button", name=text("classroom.vote.send", "zh")).click()
    expect(phone_zh.main.get_by_text(text("classroom.vote.counted", "zh", round=2))).to_be_visible()
    expect(teacher.main).to_contain_text(counts(3, 1, 2))

    with teacher.rerun():
        teacher.main.get_by_role("button", name=text("classroom.board.reveal")).first.click()
    expect(teacher.main).to_contain_text("Right: 1 of 3 in round 1 (33%), 1 of 1 in round 2")
    teacher.check("the projector after the reveal")
    teacher.screenshot("class_5_projector_revealed")
    for app, lang in students:  # the spread and the answer on each student's own device
        expect(app.main.get_by_text(text("classroom.student.revealed", lang))).to_be_visible()
        app.check(f"a student ({lang}) after the reveal")
        assert app.overflow_at_rest()["docScroll"] <= app.page.viewport_size["width"] + 1
    phone.screenshot("class_6_phone_revealed")
    phone_zh.screenshot("class_7_phone_zh_revealed")
