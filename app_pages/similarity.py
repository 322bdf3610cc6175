"""Placeholder for the similarity page."""

import streamlit as st

from ui.i18n import t

st.header(t("common.page.similarity"))
