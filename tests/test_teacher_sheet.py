"""The lesson on one sheet (ui.teacher.sheet_html, without Streamlit or a browser): the plan,
the worksheet and the answer key at two settings in both languages; nothing on the
worksheet that gives an answer away (checked against core's answers); every user text
escaped. How it prints in Chromium: tests/e2e/test_e2e_sheet.py."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from core.quiz import printed
from ui.settings import Settings
from ui.teacher import stops
from ui.teacher.sheet import build
from ui.texts import CATALOG

OTHER = Settings(sentence="The cat sat on the mat because it was warm.", d_model=16, n_heads=2)


class Blocks(HTMLParser):
    """The text of each section of the sheet, and of each question's block in it, with
    the attributes of the choices' items."""

    def __init__(self) -> None:
        super().__init__()
        self.section, self.block, self.depth = "", None, 0
        self.text: dict[str, list[str]] = {}
        self.blocks: dict[tuple[str, str], list[str]] = {}
        self.items: dict[tuple[str, str], list[str]] = {}
        self.asks: dict[tuple[str, str], list[str]] = {}
        self.tags: list[str] = []
        self.in_ask = False
        self.lang = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        if tag == "html":
            self.lang = a.get("lang")
        if tag == "section":
            self.section = a["class"].split()[1]
        if tag == "div" and "data-q" in a:
            self.block, self.depth = (self.section, a["data-q"]), 0
        if self.block and tag == "div":
            self.depth += 1
        if self.block and tag == "li":
            self.items.setdefault(self.block, []).append(str(sorted(attrs)))
        self.in_ask = tag == "p" and a.get("class") == "ask"

    def handle_endtag(self, tag):
        if self.block and tag == "div":
            self.depth -= 1
            if not self.depth:
                self.block = None
        if tag == "p":
            self.in_ask = False

    def handle_data(self, data):
        if not self.section:  # the head: its title and style
            return
        self.text.setdefault(self.section, []).append(data)
        if self.block:
            self.blocks.setdefault(self.block, []).append(data)
            if self.in_ask:
                self.asks.setdefault(self.block, []).append(data)


def parse(html: str) -> Blocks:
    found = Blocks()
    found.feed(html)
    return found


def shown(value, lang: str) -> str:
    return CATALOG[value][lang] if str(value).startswith(("qkv.", "quiz.")) else str(value)


def standalone(number: str, text: str) -> bool:
    return re.search(rf"(?<![\d.]){re.escape(number)}(?![\d])", text) is not None


@pytest.mark.parametrize(("settings", "lang"), [(Settings(), "en"), (OTHER, "zh")])
def test_the_worksheet_gives_no_answer_away_and_the_key_has_them_all(settings, lang):
    html = build(settings, lang)
    sheet = parse(html)
    assert list(sheet.text) == ["plan", "worksheet", "key"]
    worksheet, key = "".join(sheet.text["worksheet"]), "".join(sheet.text["key"])
    asked = [q for _, questions in stops.lesson(settings) for q in questions or ()]
    assert len(asked) >= 20
    for q in asked:
        block = "".join(sheet.blocks["worksheet", q.id])
        ask = "".join(sheet.asks["worksheet", q.id])
        answer = shown(q.answer, lang) if q.kind == "choice" else printed(q.answer, q.decimals)
        assert answer in "".join(sheet.blocks["key", q.id]), q.id
        if q.kind == "choice":  # every choice once, each drawn as the others are
            items = sheet.items["worksheet", q.id]
            assert len(items) == len(q.choices) and len(set(items)) == 1, q.id
            assert all(block.count(f" · {shown(c, lang)}") >= 1 for c in q.choices), q.id
        else:  # the answer's number nowhere but in the question's own words
            rest = block.replace(ask, "")
            assert not standalone(answer, rest), (q.id, answer)
            if not float(q.answer).is_integer():
                assert not standalone(answer, worksheet), (q.id, answer)
    # Nothing of the key's explanations or misreadings is on the worksheet.
    for part in re.split(r"[.。]", key):
        assert len(part) < 30 or part not in worksheet, part


def test_every_user_text_is_escaped():
    sentence = 'I <b>ate</b> the "cake" & <script>alert(1)</script> it'
    html = build(Settings(sentence=sentence, focus="it"), "en", 'http://x/?a="1"&b=<2>')
    assert "<script>alert" not in html and "<b>" not in html
    assert "&lt;script&gt;" in html and "&lt;b&gt;" in html and "&quot;cake&quot;" in html
    assert 'href="http://x/?a=&quot;1&quot;&amp;b=&lt;2&gt;"' in html
    tags = set(parse(html).tags)
    assert tags <= {"html", "head", "meta", "title", "style", "body", "section", "h1", "h2",
                    "h3", "p", "ul", "li", "span", "a", "table", "colgroup", "col", "tr", "th",
                    "td", "div"}  # fmt: skip


@pytest.mark.parametrize(("lang", "declared"), [("en", "en"), ("zh", "zh-Hans")])
def test_the_sheet_is_a_whole_document_in_its_language(lang, declared):
    """A browser picks the Chinese glyphs, and a screen reader the voice, by the language
    the page declares. How it prints (A4 and Letter, new pages, CJK fonts): the browser
    test, tests/e2e/test_e2e_sheet.py."""
    html = build(Settings(), lang)
    assert html.startswith("<!DOCTYPE html>")
    root = Blocks()
    root.feed(html)
    assert root.tags[0] == "html" and root.lang == declared
    assert list(root.text) == ["plan", "worksheet", "key"]
