"""A real model: the attention of the pretrained all-MiniLM-L6-v2 on the sidebar's sentence."""

from __future__ import annotations

import hashlib

import pandas as pd
import streamlit as st

from core import ARTICLE_SENTENCE
from core.bert import BertOutput, heads_linking, token_index
from realmodel import FIX_COMMAND, MAX_TOKENS, Encoded, ModelUnavailable, RealModel, load_model
from realmodel.loader import ENV_VAR
from ui import settings as cfg
from ui.charts import bars, unique_labels
from ui.figures.multihead import head_groups, head_maps
from ui.i18n import t
from ui.widgets import matrix_view, md_escape, page_header, show_chart

ALL_HEADS_MAX_TOKENS = 24  # twelve maps of up to 24 × 24 cells stay readable side by side
RANKED = 5


@st.cache_resource(show_spinner=False)
def model_or_reason() -> RealModel | str:
    """The model, read once per server process; the reason as text when it cannot be had."""
    try:
        return load_model()
    except (ModelUnavailable, OSError, ValueError) as exc:
        # Cached too, so an offline server does not retry the download on every rerun.
        return str(exc)


@st.cache_resource(max_entries=8, show_spinner=False)
def run(text: str) -> tuple[Encoded, BertOutput]:
    """Tokens and the forward pass of one text (cached; the arrays are only read)."""
    model = model_or_reason()
    encoded = model.encode(text)
    return encoded, model.forward(encoded)


def default_pair(tokens: list[str]) -> tuple[int, int]:
    """The article's "it" → "cake" when the sentence has them, else its last and first word."""
    try:
        return token_index(tokens, "it"), token_index(tokens, "cake")
    except ValueError:
        n = len(tokens)
        return max(n - 2, 0), min(1, n - 1)


s = cfg.current()
page_header("common.page.real_model", "real_model.intro")

with st.spinner(t("real_model.loading")):
    model = model_or_reason()
if isinstance(model, str):
    st.warning(t("real_model.unavailable"), icon=":material/cloud_off:")
    st.code(FIX_COMMAND, language="bash")
    st.caption(t("real_model.unavailable_more", env=ENV_VAR))
    with st.expander(t("real_model.details")):
        st.text(model)
    if st.button(t("real_model.retry"), icon=":material/refresh:"):
        model_or_reason.clear()
        st.rerun()
    st.stop()

text = s.sentence[: cfg.MAX_SENTENCE_CHARS]
if not text.strip():
    st.warning(t("common.msg.empty_sentence"), icon=":material/edit_off:")
    text = ARTICLE_SENTENCE
encoded, out = run(text)
if encoded.truncated:
    st.info(t("real_model.truncated", max=MAX_TOKENS), icon=":material/content_cut:")
st.caption(t("real_model.toy_controls"))

n, n_layers, n_heads = encoded.n, out.n_layers, out.n_heads
tokens = encoded.tokens
labels = unique_labels(tokens)
layer_names = [t("real_model.layer_n", i=i) for i in range(1, n_layers + 1)]
head_short = [t("real_model.head_short", i=i) for i in range(1, n_heads + 1)]

st.subheader(t("real_model.tokens"))
st.markdown(" · ".join(md_escape(token) for token in tokens))
st.caption(t("real_model.tokens_caption", n=n))
st.caption(t("real_model.sizes", layers=n_layers, heads=n_heads, total=n_layers * n_heads, n=n))

# 1) one link, followed through every layer and head
st.subheader(t("real_model.link"))
st.markdown(t("real_model.link_intro"))
# Widgets are keyed by the tokens, so a new sentence starts from its own defaults.
sentence_key = hashlib.sha1("\x1f".join(tokens).encode()).hexdigest()[:10]
default_q, default_k = default_pair(tokens)
pick_q, pick_k = st.columns(2)
qi = pick_q.selectbox(
    t("common.query"),
    range(n),
    index=default_q,
    format_func=labels.__getitem__,
    key=f"real_q_{sentence_key}",
)
ki = pick_k.selectbox(
    t("common.key"),
    range(n),
    index=default_k,
    format_func=labels.__getitem__,
    key=f"real_k_{sentence_key}",
)
ranked = heads_linking(out.attentions, tokens, qi, ki)
best = ranked[0]
matrix_view(
    t("real_model.link_name"),
    out.attentions[:, :, qi, ki],
    layer_names,
    head_short,
    key="real_link",
    kind="weights",
    row_title=t("real_model.layer"),
    col_title=t("common.head"),
    value_title=t("common.weight"),
    caption=t("real_model.link_caption", layers=n_layers),
)
st.markdown(
    t(
        "real_model.link_summary",
        layer=best.layer + 1,
        head=best.head + 1,
        q=f"“{md_escape(labels[qi])}”",
        k=f"“{md_escape(labels[ki])}”",
        w=f"{best.weight:.0%}",
        n=n,
        u=f"{1 / n:.0%}",
        top=sum(match.is_top for match in ranked),
        total=len(ranked),
    )
)
st.markdown(f"**{t('real_model.ranking')}**")
st.dataframe(
    pd.DataFrame(
        {
            t("real_model.col_layer"): [m.layer + 1 for m in ranked[:RANKED]],
            t("real_model.col_head"): [m.head + 1 for m in ranked[:RANKED]],
            t("real_model.col_weight"): [m.weight for m in ranked[:RANKED]],
            t("real_model.col_top"): [m.is_top for m in ranked[:RANKED]],
        }
    ),
    hide_index=True,
    column_config={t("real_model.col_weight"): st.column_config.NumberColumn(format="%.3f")},
)

# 2) one head up close, starting at the strongest head for the link
st.subheader(t("real_model.closeup"))
st.markdown(t("real_model.closeup_intro"))
pair_key = f"{sentence_key}_{qi}_{ki}"
pick_layer, pick_head = st.columns(2)
with pick_layer:
    layer = st.select_slider(
        t("real_model.col_layer"),
        options=list(range(1, n_layers + 1)),
        value=best.layer + 1,
        key=f"real_layer_{pair_key}",
    )
with pick_head:
    head = st.select_slider(
        t("real_model.col_head"),
        options=list(range(1, n_heads + 1)),
        value=best.head + 1,
        key=f"real_head_{pair_key}",
    )
weights = out.attentions[layer - 1, head - 1]  # [n, n]
matrix_view(
    t("real_model.map_name", layer=layer, head=head),
    weights,
    labels,
    labels,
    key=f"real_map_l{layer}_h{head}",
    kind="weights",
    row_title=t("common.query"),
    col_title=t("common.key"),
    value_title=t("common.weight"),
    caption=t("real_model.map_caption"),
)
st.markdown(f"**{t('real_model.row_title', q=f'“{md_escape(labels[qi])}”')}**")
row_chart = bars(
    weights[qi], labels, value_title=t("common.weight"), label_title=t("common.key"), highlight=ki
)
show_chart(row_chart)

# 3) the whole layer, as on the Multi-head page
st.subheader(t("real_model.all_heads", layer=layer))
if n <= ALL_HEADS_MAX_TOKENS:
    head_names = [t("common.head_n", i=i) for i in range(1, n_heads + 1)]
    columns = st.columns(2)  # groups of heads side by side where the screen is wide
    for k, group in enumerate(head_groups(n_heads)):
        with columns[k % 2]:
            show_chart(
                head_maps(
                    out.attentions[layer - 1, group.start : group.stop],
                    labels,
                    head_names[group.start : group.stop],
                    n_heads=n_heads,
                    row_title=t("common.query"),
                    col_title=t("common.key"),
                    value_title=t("common.weight"),
                    head_title=t("common.head"),
                )
            )
    st.caption(t("real_model.all_heads_caption"))
else:
    st.info(t("real_model.all_heads_too_many", n=n, max=ALL_HEADS_MAX_TOKENS))

st.subheader(t("real_model.differences"))
st.markdown(t("real_model.differences_body"))
st.caption(t("real_model.checked", source=t(f"real_model.source.{model.source}")))
