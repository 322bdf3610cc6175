"""Placeholder for the masking page."""

import streamlit as st

from ui.i18n import t

st.header(t("common.page.masking"))
