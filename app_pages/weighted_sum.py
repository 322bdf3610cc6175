"""Placeholder for the weighted_sum page."""

import streamlit as st

from ui.i18n import t

st.header(t("common.page.weighted_sum"))
