"""The lesson on one sheet in Chromium's print (no server: the page is set as content): a PDF
on A4 and on Letter in both languages, no text cut at the width either paper leaves inside
the sheet's margins, the worksheet and the answer key each starting a page of their own,
and every Chinese character drawn by a CJK font (none left to a font that lacks it)."""

from __future__ import annotations

import re

import pytest

from .conftest import screenshots_wanted

pytestmark = pytest.mark.browser

PAPER_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
MEDIA_BOX = {"A4": (595.92, 842.88), "Letter": (612.0, 792.0)}  # the page in points
PX_PER_MM = 96 / 25.4
PARTS = ("plan", "worksheet", "key")  # the sheet's sections, in order
# A word no line can break at, in the sentence the sheet is made from (tables, choices).
SENTENCE = "I ate the cake and it was incomprehensiblyunbelievablydelicious ."

# Every element that reaches past the body's right edge, or whose content is wider than its box.
CUT_JS = """() => {
  const right = document.body.getBoundingClientRect().right + 0.5;
  const found = [];
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    const name = `${el.tagName.toLowerCase()} "${(el.textContent || '').slice(0, 40)}"`;
    if (box.width && box.right > right) found.push(`${name}: right ${box.right} > ${right}`);
    if (el.clientWidth && el.scrollWidth > el.clientWidth + 1)
      found.push(`${name}: content ${el.scrollWidth} px in ${el.clientWidth} px`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push('the page scrolls');
  return found;
}"""
# The side margins of the sheet's @page rule, as Chromium read them ("15mm").
MARGINS_JS = """() => {
  for (const sheet of document.styleSheets)
    for (const rule of sheet.cssRules)
      if (rule instanceof CSSPageRule) return [rule.style.marginLeft, rule.style.marginRight];
  return null;
}"""
# Marks each element drawn whose own text holds CJK characters with how many it holds.
MARK_CJK_JS = """() => {
  let n = 0;
  for (const el of document.body.querySelectorAll('*')) {
    if (!el.getClientRects().length) continue;  // not drawn (the screen's print hint)
    const own = Array.from(el.childNodes).filter((c) => c.nodeType === 3)
      .map((c) => c.textContent).join('');
    const cjk = own.match(/[\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef]/g);
    if (cjk) { el.dataset.cjk = String(cjk.length); n += cjk.length; }
  }
  return n;
}"""


@pytest.fixture(scope="module")
def sheets() -> dict[str, str]:
    from ui.settings import Settings
    from ui.teacher.sheet import build

    settings = Settings(sentence=SENTENCE, focus="it")
    return {
        lang: build(settings, lang, "http://localhost:8501/tokens?tour=1") for lang in ("en", "zh")
    }


@pytest.fixture
def tab(browser):
    from harness.browser import new_context

    context = new_context(browser)
    yield context.new_page()
    context.close()


def mm(length: str) -> float:
    assert length.endswith("mm"), length
    return float(length.removesuffix("mm"))


# Each section cut to its heading: three lines, which one page would hold.
HEADINGS_ONLY_JS = """() => {
  for (const part of document.querySelectorAll('section.sheet'))
    for (const child of Array.from(part.children).slice(1)) child.remove();
  return Array.from(document.querySelectorAll('section.sheet > *')).map((e) => e.tagName);
}"""


def cjk_not_in_a_cjk_font(page) -> tuple[int, list[str]]:
    """How many CJK characters the page holds, and the elements whose CJK characters were
    not all drawn with a CJK font (Chromium's own account of the fonts it used)."""
    total = page.evaluate(MARK_CJK_JS)
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    marked = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "[data-cjk]"})
    missing = []
    for node in marked["nodeIds"]:
        attrs = cdp.send("DOM.getAttributes", {"nodeId": node})["attributes"]
        wanted = int(attrs[attrs.index("data-cjk") + 1])
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        drawn = sum(f["glyphCount"] for f in fonts if "CJK" in f["familyName"])
        if drawn < wanted:
            missing.append(f"{wanted} CJK characters, {drawn} in a CJK font: {fonts}")
    cdp.detach()
    return total, missing


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_sheet_prints_on_a4_and_letter_with_nothing_cut(tab, sheets, lang):
    tab.emulate_media(media="print")
    # The worksheet and the key each start a page of their own, however little the page
    # before holds: the three sections cut to their headings still print on three pages.
    tab.set_content(sheets[lang])
    assert tab.evaluate(HEADINGS_ONLY_JS) == ["H1"] * len(PARTS)
    assert len(re.findall(rb"/MediaBox \[", tab.pdf(format="A4"))) == len(PARTS)
    tab.set_content(sheets[lang])
    left, right = (mm(m) for m in tab.evaluate(MARGINS_JS))
    for paper, (width, _) in PAPER_MM.items():
        pdf = tab.pdf(format=paper, print_background=True)
        assert pdf.startswith(b"%PDF")
        boxes = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
        assert len(boxes) >= 3, f"{lang} {paper}: {len(boxes)} pages"  # plan, worksheet, key
        assert {(round(float(w), 1), round(float(h), 1)) for w, h in boxes} == {
            tuple(round(x, 1) for x in MEDIA_BOX[paper])
        }
        # The same layout at the line's width on that paper: nothing sticks out or is cut.
        line = (width - left - right) * PX_PER_MM
        tab.set_viewport_size({"width": round(line), "height": 1000})
        cut = tab.evaluate(CUT_JS)
        assert not cut, f"{lang} {paper}: {cut[:6]}"
    total, missing = cjk_not_in_a_cjk_font(tab)
    assert (total > 2000) == (lang == "zh")
    assert not missing, missing[:3]
    if screenshots_wanted():
        from .conftest import SCREENSHOTS

        SCREENSHOTS.mkdir(exist_ok=True)
        tab.emulate_media(media="screen")
        tab.set_viewport_size({"width": 900, "height": 1200})
        tab.screenshot(path=SCREENSHOTS / f"lesson-sheet-{lang}.png", full_page=True)
