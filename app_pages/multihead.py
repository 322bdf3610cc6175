"""Multi-head attention: h heads side by side, their concatenation, and the W_O projection."""

import streamlit as st

from ui import settings as cfg
from ui import state
from ui.figures.multihead import head_maps, head_outputs
from ui.frame import open_page
from ui.i18n import t
from ui.live import follows_temperature
from ui.quiz import ask
from ui.views.multihead import PAGE, article_heads, article_widths, diversity, lines, panel_names
from ui.widgets import (
    dim_labels,
    figure_heading,
    focus_index,
    heads_csv,
    matrix_csv,
    show_charts,
    vectors_view,
    weights_matrix_view,
)

OUTPUT_DIMS_SHOWN = 16  # per head, in the small multiples of the outputs


def one_or_many(key: str, n_heads: int) -> str:
    """The text key for one head ("…_one") or for several."""
    return f"{key}_one" if n_heads == 1 else key


FORMULA = (  # stacked, so each line fits a phone
    r"\begin{gathered}\mathrm{head}_i = \mathrm{Attention}(Q_i, K_i, V_i)\\"
    r"Q_i = X W_Q^{(i)},\;\; K_i = X W_K^{(i)},\;\; V_i = X W_V^{(i)}\\"
    r"C = \mathrm{Concat}(\mathrm{head}_1, \dots, \mathrm{head}_h)\\"
    r"\mathrm{MultiHead} = C\,W_O"
    r"\end{gathered}"
)


def combined(p, labels: list[str], large: bool) -> None:
    """Each head's output, their concatenation, and W_O back to d_model."""
    n_heads, n, d_v, d = p.n_heads, p.n, p.d_k, p.d_model
    mha = p.mha
    st.markdown(
        t(one_or_many("multihead.widths", n_heads), h=n_heads, d_v=d_v, total=n_heads * d_v)
    )
    article_widths(p)
    concat_dims = [f"{i}.{c}" for i in range(1, n_heads + 1) for c in range(1, d_v + 1)]
    shown = min(d_v, OUTPUT_DIMS_SHOWN)
    st.subheader(t("multihead.outputs"))
    figure_heading(
        t("multihead.outputs_name"),
        t(one_or_many("multihead.outputs_shape", n_heads), h=n_heads, n=n, d_v=d_v),
        "head_outputs",
        lambda: matrix_csv(mha.concat, labels, concat_dims),
    )
    outputs = mha.head_outputs[:, :, :shown]
    focus = focus_index(labels)
    show_charts(head_outputs(outputs, labels, dim_labels(shown), t, focus, large), "head_outputs")
    st.caption(t("multihead.outputs_caption"))
    if shown < d_v:
        st.caption(t("multihead.outputs_cut", shown=shown, d_v=d_v))

    st.subheader(t("multihead.concat"))
    caption = t("multihead.concat_caption", total=n_heads * d_v)
    vectors_view(
        "Concat(head_1 … head_h)", mha.concat, labels, concat_dims, key="concat", caption=caption
    )

    st.subheader(t("multihead.projection"))
    left, right = st.columns(2)
    with left:
        w_o = "multihead.w_o_caption_identity" if p.hand_made else "multihead.w_o_caption"
        caption = t(w_o, hd=n_heads * d_v, d=d)
        weights_matrix_view(
            "W_O", p.params.w_o, concat_dims, dim_labels(d), key="w_o", caption=caption
        )
    with right:
        caption = t("multihead.output_caption", d=d)
        vectors_view(
            "MultiHead = Concat·W_O",
            mha.output,
            labels,
            dim_labels(d),
            key="mha_output",
            caption=caption,
        )


@follows_temperature
def heads(s: cfg.Settings) -> None:
    """What the temperature changes: moving it reruns this alone."""
    p = state.pipeline(s)
    labels = p.labels
    st.subheader(t("multihead.maps"))
    figure_heading(
        t("multihead.maps_name"),
        t(one_or_many("multihead.maps_shape", p.n_heads), h=p.n_heads, n=p.n),
        "head_weights",
        lambda: heads_csv(p.mha.weights, labels),
    )
    maps = head_maps(p.mha.weights, labels, t, focus_index(labels), panel_names(p), s.present)
    show_charts(maps, key="head_maps")
    st.caption(t("multihead.maps_caption"))
    if s.present:
        article_heads(p)
    lines(p, focus_index(labels))

    if ask("multihead", s, p):
        combined(p, labels, s.present)
        if p.n_heads > 1:
            diversity(s, p)


s = open_page(PAGE, formula=FORMULA)
p = state.pipeline(s)
if p.n_heads == 1:
    st.info(t("multihead.one_head"), icon=":material/view_column:")
if not s.present:  # on a projector the maps come first, on the first screen
    article_heads(p)
heads()
