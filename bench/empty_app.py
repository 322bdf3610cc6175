"""An app with one sidebar slider and nothing else: what a rerun costs before any content.

Under AppTest this is almost all AppTest's own work (a fresh script runner and thread per
run, the script compiled again, the messages parsed into an element tree).
"""

import streamlit as st

st.sidebar.slider(
    "Softmax temperature", min_value=0.05, max_value=5.0, value=1.0, step=0.05, key="temperature"
)
