"""The controls of one page that live in the link beside the shared ones.

Each is a widget's session_state key -> (its URL parameter, its default). A link's text is
kept as given (cut to MAX_PAGE_PARAM_CHARS) until its page reads it; the page makes it a
value its control offers (link_int, link_choice, or the page's own check) and puts that
back, so the control and the link say what is shown. A value equal to its default stays out
of the link. A page adds its own here (and, for a text of the student's own such as a
sentence, the length it may have in TEXT_PARAMS).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import streamlit as st

from core.article import ARTICLE_SENTENCE
from core.sentence_pair import PAIR_SENTENCE
from core.tokens import MAX_SENTENCE_CHARS
from ui.long_controls import LAYERS_DEFAULT, SINKS_DEFAULT, TILE_DEFAULT, WINDOW_DEFAULT
from ui.train_request import TRAIN_DEFAULTS

MAX_PAGE_PARAM_CHARS = 40

PAGE_PARAMS: dict[str, tuple[str, object]] = {
    "train_dk": ("dk", TRAIN_DEFAULTS["train_dk"]),
    "train_heads": ("h", TRAIN_DEFAULTS["train_heads"]),
    "train_lr": ("lr", TRAIN_DEFAULTS["train_lr"]),
    "train_steps": ("steps", TRAIN_DEFAULTS["train_steps"]),
    "train_seeds": ("seeds", TRAIN_DEFAULTS["train_seeds"]),
    "train_target": ("target", TRAIN_DEFAULTS["train_target"]),
    # None: the default follows other settings (the followed token, the heads), so the link
    # names these only once a student has moved them (ui.generation).
    "gen_step": ("step", None),
    "gen_g": ("g", None),
    "gen_preset": ("preset", "llama3_8b"),
    "gen_ctx": ("ctx", 8192),
    "gen_type": ("type", "fp16"),
    "gen_batch": ("batch", 1),
    "rope_key": ("key", "cake"),  # the article's: "it" (followed) and "cake", 5 and 3
    "rope_pos_q": ("pq", 5),
    "rope_pos_k": ("pk", 3),
    "rope_base": ("base", 10_000),
    "rope_shift": ("shift", 5),
    "cross_dec": ("dec", PAIR_SENTENCE),
    "cross_enc": ("enc", ARTICLE_SENTENCE),
    "cross_weights": ("weights", "hand"),
    "cross_focus": ("cq", "它"),
    "tiles_b": ("tile", TILE_DEFAULT),
    "windows_w": ("window", WINDOW_DEFAULT),
    "windows_s": ("sinks", SINKS_DEFAULT),
    "windows_layers": ("layers", LAYERS_DEFAULT),
}

# Controls that hold a student's own text: cut at this length rather than MAX_PAGE_PARAM_CHARS.
TEXT_PARAMS: dict[str, int] = {
    "cross_dec": MAX_SENTENCE_CHARS,
    "cross_enc": MAX_SENTENCE_CHARS,
}


def param_chars(key: str) -> int:
    """How much of a link's text a page control keeps until its page reads it."""
    return TEXT_PARAMS.get(key, MAX_PAGE_PARAM_CHARS)


def _number(raw: object) -> float | None:
    try:
        value = float(raw)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def link_int(key: str, options: Sequence[int], default: int) -> int:
    """A page control's whole number, from its widget or from a link's text: the option
    nearest to what was given (``default`` for text that is no number), put back."""
    value = _number(st.session_state.get(key, default))
    chosen = default if value is None else min(options, key=lambda o: (abs(o - value), o))
    st.session_state[key] = chosen
    return chosen


def link_choice(key: str, options: Sequence[str], default: str) -> str:
    """A page control's choice among texts, from its widget or a link: ``default`` for
    anything it does not offer, put back."""
    value = st.session_state.get(key, default)
    chosen = value if value in options else default
    st.session_state[key] = chosen
    return chosen


def link_count(key: str, low: int, high: int, default: int) -> int:
    """A page control's whole number in low … high, from its widget or a link's text: the
    nearest one to what was given (``default`` for text that is no number), put back."""
    value = _number(st.session_state.get(key, default))
    chosen = default if value is None else int(min(max(round(value), low), high))
    st.session_state[key] = chosen
    return chosen
