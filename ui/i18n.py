"""The text catalogue: every string a user sees, in English and Simplified Chinese."""

from __future__ import annotations

import threading

import streamlit as st

from ui.texts import CATALOG

LANG_NAMES = {"en": "English", "zh": "简体中文"}


_run = threading.local()  # each session's script runs in its own thread


def set_language(value: str) -> None:
    """The frame's first step of every run: the language of all this run's texts."""
    _run.lang = value if value in LANG_NAMES else "en"


def lang() -> str:
    """The language of this run ("en" or "zh"), read once per run by the frame (a hundred
    texts a run, each reading the session's state, cost a few milliseconds)."""
    value = getattr(_run, "lang", None)
    return value if value is not None else st.session_state.get("lang", "en")


def t(key: str, /, **values) -> str:
    """The text under ``key`` in the current language, with ``values`` filled in (any name,
    "key" included: the text's key is positional only)."""
    text = CATALOG[key][lang()]
    return text.format(**values) if values else text
