"""A lesson on one sheet: the lesson plan, a worksheet and the answer key, as one HTML page.

Plain HTML and CSS made on the server, no Streamlit and no PDF toolchain: a teacher opens the
file in a browser and prints it. It prints well on A4 and on Letter alike (the margins leave
the same 180 mm of line on both), the worksheet and the answer key each begin on a page of
their own, and a question never breaks across two pages. Every text that comes from a user
(the sentence, its tokens) or from the catalogue goes through html.escape.

The worksheet holds each question, its choices with a box to tick or a line to write a
number on, the few numbers a student needs to work it by hand, and room to work: nothing
that marks the answer. The answers, the explanations and what each wrong answer shows are
on the answer key's page alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from ui.teacher.note_text import StopNote, text

PAGE_MARGIN_MM = (16, 15)  # top and bottom, left and right: A4 and Letter both keep 180 mm
CJK_FONTS = (  # named in the font stack, each system's own; the browser takes the first it has
    '"Noto Sans CJK SC"',
    '"Source Han Sans SC"',
    '"PingFang SC"',
    '"Hiragino Sans GB"',
    '"Microsoft YaHei"',
    '"WenQuanYi Micro Hei"',
)
LATIN_FONTS = ('"Noto Sans"', '"Helvetica Neue"', "Arial", '"Liberation Sans"', '"DejaVu Sans"')
HTML_LANG = {"en": "en", "zh": "zh-Hans"}


def _fonts(lang: str) -> str:
    first, then = (CJK_FONTS, LATIN_FONTS) if lang == "zh" else (LATIN_FONTS, CJK_FONTS)
    return ", ".join((*first, *then, "sans-serif"))


def css(lang: str) -> str:
    top, side = PAGE_MARGIN_MM
    return f"""
@page {{ margin: {top}mm {side}mm; }}
html {{ font-family: {_fonts(lang)}; font-size: 10.5pt; line-height: 1.45; color: #111;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
body {{ margin: 0 auto; padding: 12mm 6mm; max-width: 180mm; }}
@media print {{ body {{ padding: 0; max-width: none; }} .screen {{ display: none; }} }}
* {{ box-sizing: border-box; overflow-wrap: anywhere; }}
h1 {{ font-size: 17pt; margin: 0 0 3mm; }}
h2 {{ font-size: 13pt; margin: 6mm 0 2mm; break-after: avoid; page-break-after: avoid; }}
h3 {{ font-size: 11pt; margin: 4mm 0 1mm; break-after: avoid; page-break-after: avoid; }}
p {{ margin: 1mm 0 2mm; }}
.sheet + .sheet {{ break-before: page; page-break-before: always; }}
.screen {{ border: 0.4mm solid #888; padding: 2mm 3mm; background: #f4f4f4; }}
.keep {{ break-inside: avoid; page-break-inside: avoid; }}
table {{ border-collapse: collapse; width: 100%; table-layout: fixed; margin: 1mm 0 3mm; }}
tr {{ break-inside: avoid; page-break-inside: avoid; }}
th, td {{ border: 0.3mm solid #777; padding: 1mm 1.5mm; text-align: left; vertical-align: top; }}
th {{ background: #eee; }}
td.n {{ text-align: right; font-variant-numeric: tabular-nums; }}
table.plan col.stop {{ width: 38%; }} table.plan col.min {{ width: 14%; }}
table.given {{ width: auto; max-width: 100%; font-size: 9.5pt; }}
table.given th, table.given td {{ min-width: 13mm; }}
ul {{ margin: 1mm 0 2mm; padding-left: 6mm; }}
li > p {{ margin: 0; }}
ul.choices {{ list-style: none; padding-left: 2mm; columns: 3; column-gap: 6mm; }}
.worksheet ul.choices {{ columns: 2; column-gap: 8mm; }}
ul.choices li {{ break-inside: avoid; }}
.box {{ display: inline-block; width: 3.2mm; height: 3.2mm; border: 0.3mm solid #111;
  margin-right: 2mm; vertical-align: -0.4mm; }}
.blank {{ display: inline-block; width: 45mm; border-bottom: 0.3mm solid #111; }}
.work {{ height: 22mm; border: 0.3mm dashed #888; margin: 1mm 0 2mm; padding: 1mm 2mm;
  color: #666; font-size: 9pt; }}
.names {{ display: flex; gap: 10mm; margin: 2mm 0 4mm; }}
.names span.blank {{ width: 60mm; }}
.q {{ margin-bottom: 4mm; }}
.label {{ font-weight: bold; }}
"""


@dataclass(frozen=True)
class Given:
    """A small table of the numbers a student needs for a question, as the page prints them."""

    title: str  # in the sheet's language
    columns: tuple[str, ...]  # the header of each column of numbers
    rows: tuple[tuple[str, tuple[str, ...]], ...]  # (the row's label, its cells)


@dataclass(frozen=True)
class SheetStop:
    """One stop of the tour on the sheet: its notes (None when it cannot ask here, ``missing``
    saying why) and the givens of its questions, by question id."""

    number: int
    title: str
    note: StopNote | None
    missing: str = ""
    givens: dict[str, tuple[Given, ...]] = field(default_factory=dict)


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _t(key: str, lang: str, **values) -> str:
    """A catalogue text, escaped ("sheet.x" and "notes.x" are the teacher's texts)."""
    return _e(text(f"teacher.{key}", lang, **values))


def _labelled(label: str, body: str) -> str:
    return f'<p><span class="label">{label}</span> {body}</p>'


BLANK = '<span class="blank"></span>'


def _minutes(note: StopNote, lang: str) -> str:
    return text("teacher.sheet.minutes", lang, low=note.minutes[0], high=note.minutes[1])


def _given(g: Given) -> str:
    head = "".join(f"<th>{_e(c)}</th>" for c in ("", *g.columns))
    rows = [
        f"<tr><th>{_e(label)}</th>" + "".join(f'<td class="n">{_e(c)}</td>' for c in cells)
        for label, cells in g.rows
    ]
    body = "</tr>".join(rows) + "</tr>"
    return f'<p>{_e(g.title)}</p><table class="given"><tr>{head}</tr>{body}</table>'


def _overview(stops: list[SheetStop], lang: str) -> str:
    """Every stop in one table: its minutes and its idea, then the whole lesson's minutes."""
    rows, low, high = [], 0, 0
    for s in stops:
        minutes, idea = (_minutes(s.note, lang), s.note.idea) if s.note else ("", s.missing)
        low, high = (low + s.note.minutes[0], high + s.note.minutes[1]) if s.note else (low, high)
        cells = (f"{s.number}. {s.title}", minutes, idea)
        rows.append("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in cells) + "</tr>")
    head = "".join(f"<th>{_t(f'sheet.col_{c}', lang)}</th>" for c in ("stop", "minutes", "idea"))
    total = _t("sheet.total", lang, low=low, high=high)
    return (
        '<table class="plan"><colgroup><col class="stop"><col class="min"><col></colgroup>'
        f"<tr>{head}</tr>{''.join(rows)}</table><p>{total}</p>"
    )


def _plan(stops: list[SheetStop], settings: list[tuple[str, str]], link: str, lang: str) -> str:
    """The teacher's plan: the settings, the stops at a glance, each stop's questions with
    their choices and the prompt for the discussion."""
    out = [f"<h1>{_t('sheet.title', lang)} · {_t('sheet.plan', lang)}</h1>"]
    out.append(f'<p class="screen">{_t("sheet.print_hint", lang)}</p>')
    out.append(f"<p>{_t('sheet.settings', lang)}</p><ul>")
    sep = _t("notes.sep", lang)
    out += [f"<li>{_labelled(_e(name) + sep, _e(value))}</li>" for name, value in settings]
    out.append("</ul>")
    if link:
        out.append(f'<p>{_t("sheet.link", lang)} <a href="{_e(link)}">{_e(link)}</a></p>')
    out.append(_overview(stops, lang))
    for s in stops:
        heading = text("teacher.sheet.stop", lang, k=s.number, title=s.title)
        out.append(f"<h2>{_e(heading)}" + (f" ({_e(_minutes(s.note, lang))})" if s.note else ""))
        out.append("</h2>")
        if s.note is None or not s.note.questions:
            out.append(f"<p>{_e(s.missing) if s.note is None else _t('sheet.none', lang)}</p>")
            continue
        for k, q in enumerate(s.note.questions, 1):
            out.append(f'<div class="q keep" data-q="{_e(q.id)}">')
            out.append(f"<h3>{_t('sheet.question', lang, k=k)}</h3><p>{_e(q.ask)}</p>")
            if q.choices:
                items = "".join(f"<li>{_e(c)}</li>" for c in q.choices)
                out.append(f'<ul class="choices">{items}</ul>')
            out.append(_labelled(_t("notes.discuss", lang), _e(q.discuss)) + "</div>")
    return "".join(out)


def _questions(stops: list[SheetStop]):
    """Every question of the lesson, numbered through, with its stop."""
    n = 0
    for s in stops:
        for q in s.note.questions if s.note else ():
            n += 1
            yield n, s, q


def _worksheet(stops: list[SheetStop], lang: str) -> str:
    """The students' sheet: each question, its givens, its choices or a line, room to work."""
    names = "".join(f"<span>{_t(f'sheet.{k}', lang)}: {BLANK}</span>" for k in ("name", "date"))
    out = [f'<h1>{_t("sheet.worksheet", lang)}</h1><div class="names">{names}</div>']
    out.append(f"<p>{_t('sheet.worksheet_intro', lang)}</p>")
    for n, s, q in _questions(stops):
        out.append(f'<div class="q keep" data-q="{_e(q.id)}"><h3>{n}. {_e(s.title)}</h3>')
        out.append(f'<p class="ask">{_e(q.ask)}</p>')
        out += [_given(g) for g in s.givens.get(q.id, ())]
        if q.choices:
            items = "".join(f'<li><span class="box"></span>{_e(c)}</li>' for c in q.choices)
            out.append(f'<ul class="choices">{items}</ul>')
        else:
            out.append(_labelled(_t("sheet.your_answer", lang), BLANK))
        out.append(_labelled(_t("sheet.second_vote", lang), BLANK))
        out.append(f'<div class="work">{_t("sheet.work", lang)}</div></div>')
    return "".join(out)


def _key(stops: list[SheetStop], lang: str) -> str:
    """The answer key: each answer, what to say after the reveal, what wrong answers show."""
    out = [f"<h1>{_t('sheet.key', lang)}</h1>"]
    for n, s, q in _questions(stops):
        out.append(f'<div class="q" data-q="{_e(q.id)}"><h3>{n}. {_e(s.title)}</h3>')
        out.append(_labelled(_t("sheet.answer", lang), _e(q.answer)) + f"<p>{_e(q.after)}</p>")
        if q.wrong:
            kind = text("teacher.notes.kind", lang)
            sep = _t("notes.sep", lang)
            items = "".join(f"<li>{_labelled(_e(w.shown or kind) + sep, _e(w.means))}</li>"
                            for w in q.wrong)  # fmt: skip
            out.append(f'<p class="label">{_t("notes.wrong", lang)}</p><ul>{items}</ul>')
        out.append("</div>")
    return "".join(out)


def lesson_html(
    stops: list[SheetStop], settings: list[tuple[str, str]], link: str, lang: str
) -> str:
    """The whole sheet: the plan, then the worksheet and the answer key, each on new pages.
    ``settings``: (name, value) of each setting the lesson is at; ``link``: the lesson's."""
    title = _e(text("teacher.sheet.title", lang))
    sheets = (_plan(stops, settings, link, lang), _worksheet(stops, lang), _key(stops, lang))
    body = "".join(
        f'<section class="sheet {name}">{part}</section>'
        for name, part in zip(("plan", "worksheet", "key"), sheets, strict=True)
    )
    return (
        f'<!DOCTYPE html><html lang="{HTML_LANG[lang]}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{css(lang)}</style></head><body>{body}</body></html>"
    )
