"""The shared controls: defaults, validation of links, and the sync with st.query_params.

Every shared setting lives in ``st.session_state`` under the key of its widget, and in
the URL under a short name, so a copied link reopens exactly the same view.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from urllib.parse import urlencode

import streamlit as st

from core import ARTICLE_SENTENCE, MAX_TOKENS, tokenize

D_MODEL_OPTIONS = (4, 8, 16, 32, 64, 128, 256, 512, 1024)
HEAD_OPTIONS = (1, 2, 4, 8, 16)
TEMPERATURE_MIN, TEMPERATURE_MAX, TEMPERATURE_STEP = 0.05, 5.0, 0.05
SEED_MAX = 9999
MAX_SENTENCE_CHARS = 2000  # longer text is cut before tokenizing (the token cap is lower still)
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
}


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

    for key in ("scale", "causal"):
        if (raw := get(key)) is not None:
            flag = {"1": True, "true": True, "on": True, "0": False, "false": False, "off": False}
            values[key] = flag.get(raw.strip().lower(), getattr(DEFAULTS, key))
            if raw.strip().lower() not in flag:
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

    return values, fixed


def init_state() -> None:
    """On a session's first run, take the settings from the link; fill in defaults after."""
    if "_settings_ready" not in st.session_state:
        values, fixed = parse_params(st.query_params.to_dict())
        for key in PARAMS:
            st.session_state[key] = values.get(key, getattr(DEFAULTS, key))
        st.session_state["_link_fixed"] = fixed
        st.session_state["_settings_ready"] = True
    # d_model may have moved since the last run: keep the head count valid for it.
    options = head_options(st.session_state["d_model"])
    if st.session_state["n_heads"] not in options:
        st.session_state["n_heads"] = max(h for h in options if h <= st.session_state["n_heads"])


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
        out[name] = ("1" if value else "0") if isinstance(value, bool) else str(value)
    return out


def sync_query_params(settings: Settings) -> None:
    """Write the view into the URL, touching it only when something changed."""
    wanted = to_params(settings)
    if st.query_params.to_dict() != wanted:
        st.query_params.from_dict(wanted)


def share_link(settings: Settings, page_url: str | None) -> str:
    """The full link of this view, page included (or just its query string without a URL)."""
    query = urlencode(to_params(settings))
    base = page_url or ""
    return f"{base}?{query}" if query else (base or "?")


def restore_article() -> None:
    """Callback of the preset button: the article's sentence, 4 dimensions, one head."""
    for key in ("sentence", "d_model", "n_heads", "scale", "causal", "temperature"):
        st.session_state[key] = getattr(DEFAULTS, key)


@dataclass(frozen=True)
class Tokens:
    """The sentence as tokens, and what had to be done to it."""

    tokens: tuple[str, ...]
    trimmed_from: int  # the token count before trimming to MAX_TOKENS (0 when not trimmed)
    empty: bool  # True when the sentence had no tokens and the article's is used instead


@st.cache_data(max_entries=256, show_spinner=False)
def sentence_tokens(sentence: str) -> Tokens:
    """Tokenize, trim to MAX_TOKENS, and fall back to the article sentence when empty."""
    tokens = tokenize(sentence[:MAX_SENTENCE_CHARS])
    if not tokens:
        return Tokens(tuple(tokenize(ARTICLE_SENTENCE)), 0, True)
    if len(tokens) > MAX_TOKENS:
        return Tokens(tuple(tokens[:MAX_TOKENS]), len(tokens), False)
    return Tokens(tuple(tokens), 0, False)
