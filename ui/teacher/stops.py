"""Every stop's questions at the teacher's settings, without opening the pages, and the few
numbers a student needs to work them by hand: the lesson sheet's (ui.teacher.sheet).

Each stop's results are taken as its page takes them for its first question box (the same
cached results of ui.state and the views, the page's own controls at their defaults, the
stop's own settings where it opens on some: Multi-head's eight heads), and its questions
are made by the function its declaration names. tests/test_teacher_notes.py holds these
equal to what each page asks, stop by stop, at two settings.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from core import ARTICLE_SENTENCE
from core.bert import first_key
from core.quiz import Question
from core.quiz.lesson import as_printed
from core.recommender import DEFAULT_QUERY, FILM_KEYS, FILMS, TAGS
from core.tokens import MAX_SENTENCE_CHARS, focus_default, word_pair
from ui import registry, state
from ui import settings as cfg
from ui.charts import unique_labels
from ui.settings import Settings
from ui.teacher.note_text import text
from ui.teacher.sheet_html import Given

SHARP_D = 512  # as app_pages/softmax.py: the question's one wide head, with and without ÷√d_k
QKV_TEMPERATURE = 1.0  # the Q, K, V page's own temperature slider, at its start
# A table of numbers to work by hand: beyond these, nobody works it by hand (and it would not
# fit a printed page).
BY_HAND_TOKENS, BY_HAND_DIMS = 16, 8


def _focus(s: Settings, labels: list[str]) -> int:
    """The followed token's index, as ui.widgets.focus_index finds it."""
    return labels.index(s.focus) if s.focus in labels else focus_default(labels)


def _nearest(options: list[int], value: int) -> int:
    return min(options, key=lambda o: (abs(o - value), o))


def _pipeline_focus(s: Settings):
    p = state.pipeline(s)
    return p, _focus(s, p.labels)


def _tokens(s: Settings) -> tuple:
    return (state.pipeline(s),)


def _qkv(s: Settings) -> tuple:
    return np.array([DEFAULT_QUERY[tag] for tag in TAGS]), QKV_TEMPERATURE


def _similarity(s: Settings) -> tuple:
    return (*_pipeline_focus(s), 0)


def _scaling(s: Settings) -> tuple:
    return state.footnote4(), s.d_k


def _softmax(s: Settings) -> tuple:
    p, focus = _pipeline_focus(s)
    wide = state.with_changes(s, d_model=SHARP_D, n_heads=1)
    scaled, unscaled = (state.pipeline(state.with_changes(wide, scale=on)) for on in (True, False))
    return p, scaled, unscaled, focus


def _masking(s: Settings) -> tuple:
    masked = state.pipeline(state.with_changes(s, causal=True))
    return masked, _focus(s, masked.labels), 0


def _multihead(s: Settings) -> tuple:
    return (state.pipeline(s),)


def _real_model(s: Settings) -> tuple | None:
    if isinstance(state.real_model(), str):  # not installed: the sheet says so
        return None
    text = s.sentence[:MAX_SENTENCE_CHARS]
    encoded, out = state.real_run(text if text.strip() else ARTICLE_SENTENCE)
    tokens = list(encoded.tokens)
    qi, _ = word_pair(tokens, s.focus, "cake")
    ki = first_key(out.attentions, tokens, qi, asked="cake").index
    return out.attentions, unique_labels(tokens), qi, ki


def _generate(s: Settings) -> tuple:
    from ui.views import generate_state as gen

    n = len(cfg.sentence_tokens(s.sentence).tokens)
    return (gen.work(n, s.d_model, s.n_heads, s.d_k),)


def _tiles(s: Settings) -> tuple:
    from ui.views import tiles as view

    p, focus = _pipeline_focus(s)
    tile = _nearest(view.tile_options(p.n), view.TILE.default)
    return view.walk(s, 0, tile, focus), p.labels[focus]


def _windows(s: Settings) -> tuple:
    from ui.views import windows as view

    n = state.pipeline(state.with_changes(s, causal=False)).n
    return n, _nearest(view.window_options(n), view.WINDOW.default), view.LAYERS.default


def _rope(s: Settings) -> tuple | None:
    from ui.views import rope as view

    if s.d_k < 2:  # no pair to turn: the page asks nothing
        return None
    p, qi = _pipeline_focus(s)
    ki = p.labels.index(view.KEY.default) if view.KEY.default in p.labels else min(3, p.n - 1)
    return (view.view(s, qi, ki, qi, ki).shift,)


def _cross_attention(s: Settings) -> tuple:
    from ui.views import cross_attention as view

    dec, enc = (cfg.sentence_tokens(param.default) for param in view.SENTENCES)
    return len(dec.labels), len(enc.labels), s.n_heads


def _copying(s: Settings) -> tuple | None:
    from ui.views.copying_state import decoder, probe_knockout

    d = decoder()
    return None if isinstance(d, str) else (d.final, probe_knockout(d.final.step))


RESULTS: dict[str, Callable[[Settings], tuple | None]] = {
    "tokens": _tokens,
    "qkv": _qkv,
    "similarity": _similarity,
    "scaling": _scaling,
    "softmax": _softmax,
    "weighted_sum": _similarity,  # the same pipeline, followed token and first head
    "masking": _masking,
    "multihead": _multihead,
    "real_model": _real_model,
    "generate": _generate,
    "tiles": _tiles,
    "windows": _windows,
    "rope": _rope,
    "cross_attention": _cross_attention,
    "copying": _copying,
}


def at_stop(settings: Settings, page: str) -> Settings:
    """The settings a stop opens on: the teacher's, with the stop's own (Page.opens_on)."""
    return state.with_changes(settings, **registry.pages()[page].opens_on)


def questions(settings: Settings, page: str) -> list[Question] | None:
    """The questions a stop asks first, at these settings (None: the page cannot ask them
    here, as without the pretrained model)."""
    s = at_stop(settings, page)
    results = RESULTS[page](s)
    return None if results is None else registry.questions()[page](*results)


def lesson(settings: Settings) -> list[tuple[str, list[Question] | None]]:
    """Every stop of the tour, in order, with the questions it asks first."""
    return [(page, questions(settings, page)) for page in registry.tour()]


def _numbers(values) -> tuple[str, ...]:
    return tuple(f"{v:.2f}" for v in as_printed(np.asarray(values, dtype=np.float64)))


def _dims(d: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(1, d + 1))


def _qk_given(s: Settings, lang: str) -> tuple[Given, ...]:
    """Similarity's question: the followed token's query and every key, as the page prints."""
    p, focus = _pipeline_focus(s)
    head = p.mha.head(0)
    if p.n > BY_HAND_TOKENS or p.d_k > BY_HAND_DIMS:
        return ()
    token = p.labels[focus]
    rows = [(f"q · {token}", _numbers(head.q[focus]))]
    rows += [(f"k · {label}", _numbers(head.k[j])) for j, label in enumerate(p.labels)]
    title = text("teacher.sheet.given_qk", lang, token=token)
    return (Given(title, _dims(p.d_k), tuple(rows)),)


def _av_given(s: Settings, lang: str) -> tuple[Given, ...]:
    """Weighted sum's question: the followed token's row of A and V's first column."""
    p, focus = _pipeline_focus(s)
    head = p.mha.head(0)
    if p.n > BY_HAND_TOKENS:
        return ()
    token = p.labels[focus]
    a, v = _numbers(head.weights[focus]), _numbers(head.v[:, 0])
    rows = tuple((label, (a[j], v[j])) for j, label in enumerate(p.labels))
    columns = (f"A[{token}, ·]", "V[·, 1]")
    return (Given(text("teacher.sheet.given_av", lang, token=token), columns, rows),)


def _qkv_given(s: Settings, lang: str) -> tuple[Given, ...]:
    """The recommender's question: the query and every film's key."""
    tags = tuple(text(f"qkv.tag_{tag}", lang) for tag in TAGS)
    query = _qkv(s)[0]
    rows = [(text("teacher.sheet.query", lang), _numbers(query))]
    rows += [(text(f"qkv.item_{f}", lang), _numbers(FILM_KEYS[i])) for i, f in enumerate(FILMS)]
    return (Given(text("teacher.sheet.given_qkv", lang), tags, tuple(rows)),)


GIVENS: dict[str, Callable[[Settings, str], tuple[Given, ...]]] = {
    "similarity.top": _qk_given,
    "weighted_sum.cell": _av_given,
    "qkv.best": _qkv_given,
}


def givens(settings: Settings, page: str, lang: str) -> dict[str, tuple[Given, ...]]:
    """The numbers a student needs for each question of a stop that is worked by hand (the
    others need only what their text says), by question id."""
    s = at_stop(settings, page)
    return {qid: make(s, lang) for qid, make in GIVENS.items() if qid.startswith(f"{page}.")}
