"""Generating text: a decoder one token at a time, its KV cache, and heads that share it."""

import streamlit as st

from ui import settings as cfg
from ui.frame import fragment, open_page
from ui.i18n import t
from ui.quiz import ask
from ui.view import unfold
from ui.views import generate_decoder as decoder
from ui.views import generate_state as gen
from ui.views.generate import PAGE, calculator, one_step, sharing, why_cache
from ui.widgets import choose_head, focus_index, glossary

PLAY_EVERY = 0.8  # seconds a step while playing
INLINE = "gen_inline"  # set while the fragment draws the playing step itself (not its timer)


def formula(scale: bool) -> str:
    """The cache's growth and the step that reads it (stacked, so each line fits a phone)."""
    divisor = r"\sqrt{d_k}\,T" if scale else "T"
    return (
        r"\begin{gathered}K_{1:t} = \begin{bmatrix} K_{1:t-1} \\ k_t \end{bmatrix},\quad"
        r" V_{1:t} = \begin{bmatrix} V_{1:t-1} \\ v_t \end{bmatrix}\\"
        rf" o_t = \operatorname{{softmax}}\!\left(\frac{{q_t\,K_{{1:t}}^{{\top}}}}{{{divisor}}}"
        r"\right) V_{1:t}\end{gathered}"
    )


def toggle_play(n: int, default: int) -> None:
    """Play: the next step at once (the first, after the last), then one every PLAY_EVERY
    seconds; Pause: stay where it is."""
    playing = not st.session_state.get(gen.PLAYING, False)
    if playing:
        step = gen.step_shown(n, default)
        st.session_state[gen.STEP.key] = 1 if step >= n else step + 1
    st.session_state[gen.PLAYING] = playing


def next_step(n: int, default: int) -> None:
    """ "Next step": one step on (the first, after the last), nothing moving by itself."""
    step = gen.step_shown(n, default)
    st.session_state[gen.STEP.key] = 1 if step >= n else step + 1


def tick(g_, labels: list[str], head: int, focus: int) -> None:
    """While playing: the step shown when the fragment is drawn, the next one every
    PLAY_EVERY seconds. At the last step, or once the step was moved by hand, the whole
    page once: that stops the timer."""
    inline = st.session_state.pop(INLINE, False)
    if not st.session_state.get(gen.PLAYING):
        st.rerun()
    if not inline:
        st.session_state[gen.STEP.key] = min(gen.step_shown(g_.n, focus + 1) + 1, g_.n)
    if gen.step_shown(g_.n, focus + 1) == g_.n:
        st.session_state[gen.PLAYING] = False
        st.rerun()
    one_step(g_, labels, head, focus)


@fragment
def one_at_a_time(g_, labels: list[str], focus: int) -> None:
    """Playing, the head and the step: only this part reruns when they move."""
    n_heads, playing = len(g_.kv_head), st.session_state.get(gen.PLAYING, False)
    bar = st.container(horizontal=True, vertical_alignment="bottom") if n_heads > 1 else st
    if g_.n > 1:
        bar.button(
            t("generate.pause" if playing else "generate.play"),
            icon=":material/pause:" if playing else ":material/play_arrow:",
            key="gen_play",
            on_click=toggle_play,
            args=(g_.n, focus + 1),
            help=t("generate.play_help", seconds=PLAY_EVERY),
        )
        # Where the browser asks for reduced motion, ui/app.css shows this one instead of
        # Play: the steps move only when asked, one at a time.
        bar.button(
            t("generate.next_step"),
            icon=":material/skip_next:",
            key="gen_next_step",
            on_click=next_step,
            args=(g_.n, focus + 1),
            help=t("generate.next_step_help"),
        )
    head = 0
    if n_heads > 1:
        with bar:
            head = choose_head(n_heads, key="gen_head")
    if playing:
        st.session_state[INLINE] = True
        fragment(tick, run_every=PLAY_EVERY)(g_, labels, head, focus)
    else:
        one_step(g_, labels, head, focus)


s = open_page(PAGE, formula=formula(cfg.current().scale))
mha = gen.generation(s, s.n_heads)  # one key/value head per query head, as the sidebar sets
labels = list(cfg.sentence_tokens(s.sentence).labels)
focus = focus_index(labels)

st.subheader(t("generate.steps"))
glossary("decoder", "kv_cache")
if decoder.model_choice() == "decoder":  # the decoder the app trained, beside the toy
    decoder.decoder_steps(s.sentence)
else:
    one_at_a_time(mha, labels, focus)

work = gen.work(mha.n, s.d_model, s.n_heads, s.d_k)
if ask("generate", s, work):
    why_cache(s, mha.n)
unfold(t("generate.share"), "gen_share", sharing, s, labels, focus, icon=":material/hub:")
unfold(t("generate.memory"), "gen_memory", calculator, s, icon=":material/memory:")
