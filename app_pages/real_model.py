"""A real model: the attention of the pretrained all-MiniLM-L6-v2 on the sidebar's sentence."""

from __future__ import annotations

import hashlib

import streamlit as st

from core import ARTICLE_SENTENCE
from core.bert import first_key, heads_linking
from core.tokens import word_pair
from realmodel import MAX_TOKENS
from ui import settings as cfg
from ui import state
from ui.charts import unique_labels
from ui.figures.real_model import link_summary, ranking
from ui.frame import open_page
from ui.i18n import t
from ui.quiz import ask
from ui.views.real_model import PAGE, lines, unavailable, unknown, up_close
from ui.widgets import data_table, index_picker, matrix_view, md_escape


def link_view(out, model, tokens, labels, qi: int, ki: int, sentence_key: str) -> None:
    """The link in every layer and head, one head up close, and the whole layer."""
    n_layers, n_heads = out.n_layers, out.n_heads
    ranked = heads_linking(out.attentions, tokens, qi, ki)
    best = ranked[0]
    layer_names = [t("real_model.layer_n", i=i) for i in range(1, n_layers + 1)]
    head_short = [t("real_model.head_short", i=i) for i in range(1, n_heads + 1)]
    axes = {"row_title": t("real_model.layer"), "col_title": t("common.head")}
    axes |= {
        "value_title": t("common.weight"),
        "caption": t("real_model.link_caption", layers=n_layers),
    }
    link = out.attentions[:, :, qi, ki]  # [layers, heads]
    matrix_view(
        t("real_model.link_name"),
        link,
        layer_names,
        head_short,
        key="real_link",
        kind="weights",
        **axes,
    )
    st.markdown(link_summary(ranked, labels, qi, ki, t))
    st.markdown(f"**{t('real_model.ranking')}**")
    config = {t("real_model.col_weight"): st.column_config.NumberColumn(format="%.3f")}
    data_table(ranking(ranked, t), config)
    lines(out, labels, qi, ki, best, key=f"{sentence_key}_{qi}_{ki}")

    # 2) one head up close, starting at the strongest head for the link; 3) its whole layer
    up_close(out, labels, qi, ki, best, key=f"{sentence_key}_{qi}_{ki}", present=s.present)

    st.subheader(t("real_model.differences"))
    st.markdown(t("real_model.differences_body"))
    st.caption(t("real_model.checked", source=t(f"real_model.source.{model.source}")))


s = open_page(PAGE, about_input=False)
with st.spinner(t("real_model.loading")):
    model = state.real_model()
if isinstance(model, str):
    unavailable(model)
text = s.sentence[: cfg.MAX_SENTENCE_CHARS]
if not text.strip():
    st.warning(t("common.msg.empty_sentence"), icon=":material/edit_off:")
    text = ARTICLE_SENTENCE
encoded, out = state.real_run(text)
if encoded.truncated:
    st.info(t("real_model.truncated", max=MAX_TOKENS), icon=":material/content_cut:")
if encoded.unknown:
    unknown(encoded, f"{model.tokenizer.get_vocab_size():,}")
st.caption(t("real_model.toy_controls"))

n, n_layers, n_heads = encoded.n, out.n_layers, out.n_heads
tokens, labels = encoded.tokens, unique_labels(encoded.tokens)
st.subheader(t("real_model.tokens"))
st.markdown(" · ".join(md_escape(token) for token in tokens))
st.caption(t("real_model.tokens_caption", n=n))
sizes = {"layers": n_layers, "heads": n_heads, "total": n_layers * n_heads, "n": n}
st.caption(t("real_model.sizes", **sizes))

# 1) one link, followed through every layer and head
st.subheader(t("real_model.link"))
st.markdown(t("real_model.link_intro"))
# The query starts at the followed token; the key at the article's "cake" where the text has
# it, else at the word the query attends to most (core.bert.first_key). The pickers are keyed
# by the tokens and the followed token (the key's by the query too), so a new sentence, a new
# choice in the sidebar or a new query starts from its own default.
sentence_key = hashlib.sha1("\x1f".join([*tokens, s.focus]).encode()).hexdigest()[:10]
default_q, _ = word_pair(tokens, s.focus, "cake")
pick_q, pick_k = st.columns(2)
qi = index_picker(
    t("common.query"), labels, default_q, key=f"real_q_{sentence_key}", container=pick_q
)
first = first_key(out.attentions, tokens, qi, asked="cake")
ki = index_picker(
    t("common.key"), labels, first.index, key=f"real_k_{sentence_key}_{qi}", container=pick_k
)
names = {"q": f"“{md_escape(labels[qi])}”", "k": f"“{md_escape(labels[first.index])}”"}
total = n_layers * n_heads
st.caption(t(f"real_model.key_{first.reason}", w=f"{first.mean_weight:.0%}", total=total, **names))
if ask("real_model", s, out.attentions, labels, qi, ki):
    link_view(out, model, tokens, labels, qi, ki, sentence_key)
