"""Cross-attention: the decoder's tokens ask (queries), the encoder's answer (keys, values)."""

import streamlit as st

from core.tokens import focus_default
from ui import settings as cfg
from ui.figures.scaling import row_weights
from ui.frame import fragment, open_page
from ui.i18n import t
from ui.live import follows_temperature
from ui.quiz import ask
from ui.view import unfold
from ui.views import cross_attention as cross
from ui.views.cross_attention import PAGE
from ui.widgets import (
    choose_head,
    glossary,
    matrix_view,
    md_escape,
    show_chart,
    token_picker,
)

FORMULA = (  # stacked, so each line fits a phone
    r"\begin{gathered}Q = X_{\mathrm{dec}}\,W_Q\\ K = X_{\mathrm{enc}}\,W_K,\quad "
    r"V = X_{\mathrm{enc}}\,W_V\\ A = \operatorname{softmax}\!\big(QK^{\top}/\sqrt{d_k}\big),"
    r"\quad O = A\,V\,W_O\end{gathered}"
)


def output(pair, fi: int) -> None:
    """One vector per decoder token: what each brings back from the other sentence."""
    out = pair.attention.cross.output
    axes = {"row_title": t("cross_attention.dec_axis"), "col_title": t("common.dim")}
    caption = t("cross_attention.output_caption")
    d = cross.english_dims(pair, out.shape[1])
    matrix_view("O = A·V·W_O", out, pair.dec_labels, d, key="cross_output", focus=fi, **axes)
    st.caption(caption)


@fragment
def attention(pair) -> None:
    """Q, K and V, the two maps, one decoder token's row and the output: the pickers and
    the folded parts rerun this alone."""
    mha, own = pair.attention.cross, pair.attention.self_attention
    dec, enc = pair.dec_labels, pair.enc_labels
    st.subheader(t("cross_attention.weights"))
    st.markdown(t("cross_attention.qkv_body"))
    unfold(t("cross_attention.matrices"), "cross_matrices", cross.matrices, pair)
    start = focus_default(pair.dec_tokens)
    fi = token_picker(t("cross_attention.pick_row"), dec, key=cross.FOCUS.key, default=start)
    head = choose_head(mha.weights.shape[0], key="cross_head")
    axes = {"kind": "weights", "value_title": t("common.weight"), "focus": fi}
    asks = {"row_title": t("cross_attention.dec_axis"), **axes}
    left, right = st.columns(2)
    with left:
        name = t("cross_attention.cross_name")
        both = {"col_title": t("cross_attention.enc_axis"), **asks}
        matrix_view(name, mha.weights[head], dec, enc, key="cross_weights_map", **both)
        if pair.hits is not None:
            kind = "hits_hand" if pair.hand_made_weights else "hits_random"
            hits = {"hits": int(pair.hits.sum()), "n": len(dec), "n_enc": len(enc)}
            st.caption(t(f"cross_attention.{kind}", **hits))
        else:
            st.caption(t("cross_attention.hits_none"))
    with right:
        name = t("cross_attention.self_name")
        own_axes = {"col_title": t("cross_attention.dec_key_axis"), **asks}
        matrix_view(name, own.weights[head], dec, dec, key="cross_self_map", **own_axes)
        st.caption(t("cross_attention.no_mask"))
    if pair.hits is not None:
        unfold(t("cross_attention.alignment"), "cross_alignment", cross.alignment, pair)

    st.subheader(t("cross_attention.row", token=md_escape(dec[fi])))
    titles = {"value_title": t("common.weight"), "label_title": t("cross_attention.enc_axis")}
    show_chart(row_weights(mha.weights[head, fi], enc, **titles), key="cross_row")
    if pair.counterparts is not None:
        names = {"token": md_escape(dec[fi]), "other": md_escape(enc[pair.counterparts[fi]])}
        st.caption(t("cross_attention.counterpart", **names))
    unfold(t("cross_attention.output"), "cross_output_open", output, pair, fi)


@follows_temperature
def attend(s: cfg.Settings, dec, enc) -> None:
    """What the temperature changes: moving it reruns this alone."""
    pair = cross.pair(dec, enc, s, cross.hand_made())
    cross.weights_control(pair, s)
    unfold(t("cross_attention.vectors"), "cross_vectors", cross.vectors, pair)
    if ask("cross_attention", s, len(pair.dec_labels), len(pair.enc_labels), s.n_heads):
        attention(pair)


s = open_page(PAGE, formula=FORMULA, about_input=False)
glossary("encoder", "decoder", "cross_attention")
st.subheader(t("cross_attention.sentences"))
dec, enc = cross.sentences()
if not (dec.empty or enc.empty):
    attend(dec, enc)
