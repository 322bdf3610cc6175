"""Placeholder for the real_model page."""

import streamlit as st

from ui.i18n import t

st.header(t("common.page.real_model"))
