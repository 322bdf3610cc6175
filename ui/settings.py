"""The shared controls: defaults, validation of links, and the sync with st.query_params.

Every shared setting lives in ``st.session_state`` under the key of its widget, and in
the URL under a short name, so a copied link reopens exactly the same view.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from urllib.parse import parse_qs, urlencode

import streamlit as st

from core import ARTICLE_SENTENCE, tokens
from core.article_heads import HEADS_D_MODEL as ARTICLE_HEADS_D_MODEL
from core.article_heads import HEADS_H as ARTICLE_HEADS_H
from core.parse import parse_flag
from core.tokens import MAX_SENTENCE_CHARS, Tokens
from ui import registry

D_MODEL_OPTIONS = (4, 8, 16, 32, 64, 128, 256, 512, 1024)
HEAD_OPTIONS = (1, 2, 4, 8, 16)
TEMPERATURE_MIN, TEMPERATURE_MAX, TEMPERATURE_STEP = 0.05, 5.0, 0.05
SEED_MAX = 9999
LANGS = ("en", "zh")


@dataclass(frozen=True)
class Settings:
    """One value of every shared control; hashable, so results can be cached on it."""

    sentence: str = ARTICLE_SENTENCE
    d_model: int = 4
    n_heads: int = 1
    scale: bool = True
    causal: bool = False
    temperature: float = 1.0
    seed: int = 0
    lang: str = "en"
    focus: str = "it"  # the token followed through every step, by its label
    tour: int = 0  # the lesson's stop (1 …), 0 outside the lesson
    present: bool = False  # the presenter view: large type for a projector
    ask: bool = True  # questions first: a page holds back what answers its question

    @property
    def d_k(self) -> int:
        return self.d_model // self.n_heads


DEFAULTS = Settings()

# session_state key -> URL parameter name
PARAMS = {
    "sentence": "sentence",
    "d_model": "d",
    "n_heads": "heads",
    "scale": "scale",
    "causal": "mask",
    "temperature": "temp",
    "seed": "seed",
    "lang": "lang",
    "focus": "focus",
    "tour": "tour",
    "present": "present",
    "ask": "ask",
}
# session_state: the class this session is in, as its own URL names it (ui.classroom.session): the
# code, and in the teacher's URL the teacher key. Written into the session's URL, never into
# a link the app shares (share_link).
CLASS_LINK = "_class_link"
MAX_FOCUS_CHARS = 100  # a token's label; longer text in a link cannot be one


def head_options(d_model: int) -> list[int]:
    """Head counts that divide d_model, so d_k = d_model / h is a whole number."""
    return [h for h in HEAD_OPTIONS if d_model % h == 0 and h <= d_model]


def _parse_int(raw: str) -> int | None:
    try:
        value = float(raw)
    except (TypeError, ValueError):
        return None
    return int(value) if math.isfinite(value) else None


def _nearest(value: float, options) -> int:
    return min(options, key=lambda o: (abs(math.log2(o) - math.log2(max(value, 1e-9))), o))


def parse_params(params: dict[str, str]) -> tuple[dict[str, object], list[str]]:
    """Query parameters -> (valid session values, names of parameters that were fixed).

    Missing parameters take their defaults silently; present but invalid ones are clamped
    to the nearest sensible value (or the default) and reported, never raised.
    """
    values: dict[str, object] = {}
    fixed: list[str] = []

    def get(key: str) -> str | None:
        return params.get(PARAMS[key])

    if (raw := get("sentence")) is not None:
        values["sentence"] = raw[:MAX_SENTENCE_CHARS]
        if len(raw) > MAX_SENTENCE_CHARS:
            fixed.append(PARAMS["sentence"])

    d_model = DEFAULTS.d_model
    if (raw := get("d_model")) is not None:
        n = _parse_int(raw)
        d_model = DEFAULTS.d_model if n is None else _nearest(n, D_MODEL_OPTIONS)
        if n != d_model:
            fixed.append(PARAMS["d_model"])
    values["d_model"] = d_model

    heads_ok = head_options(d_model)
    n_heads = DEFAULTS.n_heads
    if (raw := get("n_heads")) is not None:
        n = _parse_int(raw)
        n_heads = DEFAULTS.n_heads if n is None or n < 1 else _nearest(n, heads_ok)
        if n != n_heads:
            fixed.append(PARAMS["n_heads"])
    values["n_heads"] = n_heads if n_heads in heads_ok else max(heads_ok)

    for key in ("scale", "causal", "present", "ask"):
        if (raw := get(key)) is not None:
            flag = parse_flag(raw)
            values[key] = getattr(DEFAULTS, key) if flag is None else flag
            if flag is None:
                fixed.append(PARAMS[key])

    if (raw := get("temperature")) is not None:
        try:
            temp = float(raw)
        except ValueError:
            temp = float("nan")
        clean = DEFAULTS.temperature if not math.isfinite(temp) else temp
        clean = min(max(clean, TEMPERATURE_MIN), TEMPERATURE_MAX)
        clean = round(round(clean / TEMPERATURE_STEP) * TEMPERATURE_STEP, 2)
        values["temperature"] = clean
        if not math.isclose(clean, temp):
            fixed.append(PARAMS["temperature"])

    if (raw := get("seed")) is not None:
        n = _parse_int(raw)
        clean = DEFAULTS.seed if n is None else min(max(n, 0), SEED_MAX)
        values["seed"] = clean
        if n != clean:
            fixed.append(PARAMS["seed"])

    if (raw := get("lang")) is not None:
        values["lang"] = raw if raw in LANGS else DEFAULTS.lang
        if raw not in LANGS:
            fixed.append(PARAMS["lang"])

    if (raw := get("tour")) is not None:
        n = _parse_int(raw)
        clean = 0 if n is None else min(max(n, 0), len(registry.tour()))
        values["tour"] = clean
        if n != clean:
            fixed.append(PARAMS["tour"])

    # Any text: a token the sentence does not have falls back to the sentence's own default.
    if (raw := get("focus")) is not None:
        values["focus"] = raw[:MAX_FOCUS_CHARS]

    return values, fixed


def init_state() -> None:
    """On a session's first run, take the settings from the link; fill in defaults after.

    Every later run writes each setting back to itself: that makes it the session's own
    value rather than only its widget's, so it survives st.switch_page (the lesson's
    Previous and Next), which drops the state of the widgets it leaves behind.
    """
    for key in PARAMS:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]
    if "_settings_ready" not in st.session_state:
        params = st.query_params.to_dict()
        values, fixed = parse_params(params)
        for key in PARAMS:
            st.session_state[key] = values.get(key, getattr(DEFAULTS, key))
        for param in registry.params().values():  # as given: their page checks them
            if param.name in params:
                st.session_state[param.key] = params[param.name][: param.chars]
        st.session_state["_link_fixed"] = fixed
        st.session_state["_settings_ready"] = True
    # A page's widgets lose their state on the runs of other pages unless it is set again:
    # so a page's controls (and the link) keep their values while the student looks around.
    for key in registry.params().keys() & st.session_state.keys():
        st.session_state[key] = st.session_state[key]
    # d_model may have moved since the last run: keep the head count valid for it.
    options = head_options(st.session_state["d_model"])
    if st.session_state["n_heads"] not in options:
        st.session_state["n_heads"] = max(h for h in options if h <= st.session_state["n_heads"])
    # The sentence may have changed: the followed token must be one of its tokens.
    info = sentence_tokens(st.session_state["sentence"])
    if st.session_state["focus"] not in info.labels:
        st.session_state["focus"] = info.default_focus


def presenting() -> bool:
    """The presenter view is on (read before the session's settings exist: the page's
    configuration comes first)."""
    if "present" in st.session_state:
        return bool(st.session_state["present"])
    return parse_flag(st.query_params.get(PARAMS["present"], "")) is True


def current() -> Settings:
    """The settings of this run, read from the keyed widgets (defaults where one is missing)."""
    s = st.session_state
    values = {}
    for f in fields(Settings):
        default = getattr(DEFAULTS, f.name)
        values[f.name] = type(default)(s.get(f.name, default))
    return Settings(**values)


def to_params(settings: Settings) -> dict[str, str]:
    """The URL parameters of a view: only what differs from the defaults."""
    out = {}
    for key, name in PARAMS.items():
        value = getattr(settings, key)
        if value == getattr(DEFAULTS, key):
            continue
        if key == "focus" and value == sentence_tokens(settings.sentence).default_focus:
            continue
        out[name] = ("1" if value else "0") if isinstance(value, bool) else str(value)
    return out


def page_params() -> dict[str, str]:
    """The URL parameters of the pages' own controls (ui.page.Param) that differ from their
    defaults; a text cut to the parameter's ``chars``, as a link's text is read (a page says
    when a student's text is longer than its link keeps)."""
    out = {}
    for param in registry.params().values():
        value = st.session_state.get(param.key)
        if value is not None and value != param.default:
            out[param.name] = (f"{value:g}" if isinstance(value, float) else str(value))[
                : param.chars
            ]
    return out


def sync_query_params(settings: Settings) -> None:
    """Write the view into the URL, touching it only when something changed (the frame's
    work: ui.frame.write_link)."""
    wanted = to_params(settings) | page_params() | st.session_state.get(CLASS_LINK, {})
    if st.query_params.to_dict() != wanted:
        st.query_params.from_dict(wanted)


def share_link(settings: Settings, page_url: str | None) -> str:
    """The full link of this view, page included (or just its query string without a URL);
    never the class this session is in (the teacher's link holds the teacher key)."""
    query = urlencode(to_params(settings) | page_params())
    base = page_url or ""
    return f"{base}?{query}" if query else (base or "?")


def apply_link(query: str) -> None:
    """Take the settings of a link's query string (the teacher's, when a student follows
    "Bring the class here"): the shared settings it names, checked as a link's are, and
    the pages' own controls; the student's own view (language, presenter view, questions
    first, the lesson) stays."""
    params = {name: values[-1] for name, values in parse_qs(query).items() if values}
    values, _ = parse_params(params)
    for key in PARAMS:
        if key in ("lang", "present", "ask", "tour"):
            continue
        st.session_state[key] = values.get(key, getattr(DEFAULTS, key))
    if "focus" not in values:  # left out of a link: the sentence's own default
        st.session_state["focus"] = sentence_tokens(st.session_state["sentence"]).default_focus
    for param in registry.params().values():
        if param.name in params:
            st.session_state[param.key] = params[param.name][: param.chars]
        else:
            st.session_state.pop(param.key, None)


ARTICLE_KEYS = ("sentence", "d_model", "n_heads", "scale", "causal", "temperature", "focus")
# The Multi-head page's preset: the article's sentence with its eight heads (d_model 32,
# d_k 4), scaled, temperature 1, no mask, following "it".
ARTICLE_HEADS = {key: getattr(DEFAULTS, key) for key in ARTICLE_KEYS} | {
    "d_model": ARTICLE_HEADS_D_MODEL,
    "n_heads": ARTICLE_HEADS_H,
}


def restore_article() -> None:
    """Callback of the preset button: the article's sentence, 4 dimensions, one head."""
    for key in ARTICLE_KEYS:
        st.session_state[key] = getattr(DEFAULTS, key)


# 256 sentences: the few a class types, each a few dozen short strings.
@st.cache_data(max_entries=256, show_spinner=False)
def sentence_tokens(sentence: str) -> Tokens:
    """core.tokens.sentence_tokens, cached: every run of every page asks for it."""
    return tokens.sentence_tokens(sentence)


def restore_article_heads() -> None:
    """Callback of the Multi-head page's preset button: the article's sentence with its
    eight heads (ARTICLE_HEADS)."""
    for key, value in ARTICLE_HEADS.items():
        st.session_state[key] = value
