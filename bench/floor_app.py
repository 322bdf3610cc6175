"""The floor: the least a page could do on a slider move.

One sidebar slider (the same range, step and key as the app's temperature) redraws one
9×9 heatmap of softmax weights with its numbers printed in the cells, in plain Altair
(a rect layer and a text layer, built and validated on every run). A page of the app
is compared with this: ``python -m bench`` runs it with AppTest and in a browser.
"""

import altair as alt
import numpy as np
import pandas as pd
import streamlit as st

TOKENS = ["I", "ate", "the", "cake", "and", "it", "was", "delicious", "."]

temperature = st.sidebar.slider(
    "Softmax temperature", min_value=0.05, max_value=5.0, value=1.0, step=0.05, key="temperature"
)

scores = np.random.default_rng(0).normal(size=(len(TOKENS), len(TOKENS)))
z = scores / temperature
weights = np.exp(z - z.max(axis=1, keepdims=True))
weights /= weights.sum(axis=1, keepdims=True)

n = len(TOKENS)
df = pd.DataFrame(
    {
        "query": np.repeat(TOKENS, n),
        "key": np.tile(TOKENS, n),
        "weight": weights.ravel(),
        "text": [f"{w:.2f}" for w in weights.ravel()],
    }
)
base = alt.Chart(df).encode(
    x=alt.X("key:N", sort=TOKENS, title="key"),
    y=alt.Y("query:N", sort=TOKENS, title="query"),
    tooltip=["query:N", "key:N", "text:N"],
)
cells = base.mark_rect().encode(
    color=alt.Color("weight:Q", scale=alt.Scale(scheme="viridis", domain=[0, 1]))
)
numbers = base.mark_text(fontSize=11).encode(
    text="text:N",
    color=alt.condition("datum.weight < 0.55", alt.value("white"), alt.value("black")),
)
st.altair_chart(alt.layer(cells, numbers).properties(height=34 * n), width="stretch")
