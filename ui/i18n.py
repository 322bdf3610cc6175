"""The text catalogue: every string a user sees, in English and Simplified Chinese."""

from __future__ import annotations

import streamlit as st

from ui.texts import CATALOG

LANG_NAMES = {"en": "English", "zh": "简体中文"}


def lang() -> str:
    """The language of this run ("en" or "zh")."""
    value = st.session_state.get("lang", "en")
    return value if value in LANG_NAMES else "en"


def t(key: str, /, **values) -> str:
    """The text under ``key`` in the current language, with ``values`` filled in (any name,
    "key" included: the text's key is positional only)."""
    text = CATALOG[key][lang()]
    return text.format(**values) if values else text
