"""Placeholder for the tokens page."""

import streamlit as st

from ui.i18n import t

st.header(t("common.page.tokens"))
