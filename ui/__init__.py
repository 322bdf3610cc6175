"""Streamlit-side helpers: settings and links, the text catalogue, charts, cached results."""
