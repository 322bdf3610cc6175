"""Rotary positions (RoPE): q and k turned pair by pair by their positions, against the
sinusoid added to the embeddings."""

import streamlit as st

from ui import settings as cfg
from ui import state
from ui.figures.rope import PANEL, PRESENT_PANEL, shown_pairs, turning_pairs
from ui.frame import fragment, open_page
from ui.i18n import t
from ui.quiz import ask
from ui.view import unfold
from ui.views import rope
from ui.views.rope import PAGE
from ui.widgets import (
    focus_picker,
    glossary,
    md_escape,
    num,
    show_chart,
    token_picker,
)

FORMULA = (  # stacked, so each line fits a phone
    r"\begin{gathered}\begin{pmatrix} q'_{2i+1} \\ q'_{2i+2} \end{pmatrix} = "
    r"\begin{pmatrix} \cos m\theta_i & -\sin m\theta_i \\ \sin m\theta_i & \cos m\theta_i "
    r"\end{pmatrix} \begin{pmatrix} q_{2i+1} \\ q_{2i+2} \end{pmatrix}"
    r"\\ \theta_i = \mathrm{base}^{-2i/d_k}\end{gathered}"
)


def no_pairs(s: cfg.Settings) -> None:
    """d_k = 1: no pair to turn, so no RoPE; one click to fewer heads."""
    st.warning(t("rope.no_pairs", d=s.d_model, h=s.n_heads, d_k=s.d_k), icon=":material/block:")
    h = rope.fewer_heads(s.d_model)
    st.button(
        t("rope.fewer_heads", h=h, d_k=s.d_model // h),
        key="rope_fewer_heads",
        on_click=lambda: st.session_state.update(n_heads=h),
        icon=":material/tune:",
    )


@fragment
def explore(s: cfg.Settings, labels: list[str], qi: int, ki: int) -> None:
    """The two positions, the base and the shift: this part alone reruns when they move."""
    pos_q, pos_k = rope.places(labels, qi, ki)
    base = rope.BASE.whole(rope.BASES)
    shift = rope.SHIFT.whole(rope.SHIFTS)
    names = {"q": md_escape(labels[qi]), "k": md_escape(labels[ki])}

    st.subheader(t("rope.turn"))
    last = rope.POSITIONS[-1]
    st.slider(t("rope.pos_q", **names), 0, last, key=rope.POS_Q.key)
    st.slider(t("rope.pos_k", **names), 0, last, key=rope.POS_K.key)
    st.select_slider(t("rope.base"), rope.BASES, key=rope.BASE.key, format_func=rope.base_text)
    v = rope.view(s, qi, ki, pos_q, pos_k, base=base, shift=shift)
    pairs = shown_pairs(v.pair.q.n_pairs)
    q_name, k_name = (t(f"rope.name_{x}", token=labels[i]) for x, i in (("q", qi), ("k", ki)))
    panel = PRESENT_PANEL if s.present else PANEL
    show_chart(turning_pairs(v.pair, pairs, q_name, k_name, t, panel), key="rope_pairs")
    score = {"score": num(v.pair.score), "unrotated": num(v.pair.unrotated)}
    st.markdown(t("rope.score_line", m=pos_q, n=pos_k, distance=pos_q - pos_k, **score))
    st.caption(t("rope.pairs_caption", shown=len(pairs), n=v.pair.q.n_pairs))
    turned = [t("rope.name_q_turned", pos=pos_q), t("rope.name_k_turned", pos=pos_k)]
    unfold(t("rope.pairs_table"), "rope_pair_table", rope.pair_table, v, [q_name, k_name, *turned])

    st.subheader(t("rope.proof"))
    st.slider(t("rope.shift"), 0, rope.SHIFTS[-1], key=rope.SHIFT.key)
    rope.proof_table(v.shift)
    st.caption(t("rope.proof_caption"))
    differ = {"rope": num(v.shift.rope_before), "sin": num(v.shift.sinusoidal_before)}
    st.markdown(t("rope.why_differ", d_k=s.d_k, pairs=s.d_k // 2, **names, **differ))
    unfold(t("rope.curves"), "rope_curves", rope.distances, v.curves, pos_q - pos_k, s.d_k)
    unfold(t("rope.waves"), "rope_waves", rope.pair_speeds, s.d_k, s.d_model, s.n_heads, base)


s = open_page(PAGE, formula=FORMULA)
glossary("rope", "rotation", "wavelength")
if s.d_k < 2:
    no_pairs(s)
else:
    p = state.pipeline(s)
    labels = p.labels
    st.subheader(t("rope.tokens"))
    left, right = st.columns(2)
    qi = focus_picker(t("rope.pick_q"), labels, key="rope_q", container=left)
    ki = token_picker(
        t("rope.pick_k"), labels, key=rope.KEY.key, default=min(3, p.n - 1), container=right
    )
    asked = rope.view(s, qi, ki, qi, ki)  # at their own places, base 10 000
    names = {"q": md_escape(labels[qi]), "k": md_escape(labels[ki])}
    head = t("rope.head_one") if p.n_heads == 1 else t("rope.head_first", h=p.n_heads)
    st.markdown(t("rope.tokens_body", head=head, i=qi, j=ki, d_k=p.d_k, pairs=p.d_k // 2, **names))
    if ask("rope", s, asked.shift):
        explore(s, labels, qi, ki)
