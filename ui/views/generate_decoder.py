"""The Generating page's other model: the decoder the app trained (A model that learns to
copy), writing after the sidebar's sentence one character at a time, with a KV cache in
each of its layers. The page's own steps, play and tests stay the toy model's; this is the
choice beside it."""

from __future__ import annotations

import streamlit as st

from core import ARTICLE_SENTENCE
from ui.figures.generate import DIMS_SHOWN, step_table
from ui.frame import fragment
from ui.i18n import t
from ui.page import Param
from ui.views import copying_state as cs
from ui.widgets import agreement, choose_head, md_escape, sci, show_chart

MODEL = Param("gen_model", "model", "toy")  # which model generates
MODELS = ("toy", "decoder")
STEP = Param("gen_dstep", "dstep")  # the decoder's step shown; absent until moved
LAYER = Param("gen_layer", "layer", 1)
PARAMS = (MODEL, STEP, LAYER)
STEP_PICK = "gen_dstep_pick"
# The prompt and what is written: at most 64 characters fed, so that the step's table keeps
# a label on every row (ui.figures.generate.step_table labels up to 64 tokens).
PROMPT_MAX, NEW = 40, 24


def model_choice() -> str:
    """The toy model of the sidebar, or the decoder the app trained."""
    chosen = MODEL.choice(MODELS)
    st.segmented_control(
        t("decoder.model"),
        MODELS,
        format_func=lambda m: t(f"decoder.model_{m}"),
        key=MODEL.key,
        required=True,
        help=t("decoder.model_help"),
    )
    return chosen


def _keep_step() -> None:
    st.session_state[STEP.key] = st.session_state[STEP_PICK]


@fragment
def decoder_steps(sentence: str) -> None:
    """The sentence as the decoder's prompt, what it writes after it, and one step of one
    head in one layer: its query, that layer's cache, the weights and the output."""
    d = cs.decoder()
    if isinstance(d, str):
        st.warning(t("decoder.unavailable"), icon=":material/error:")
        return
    prompt = sentence[:PROMPT_MAX] or ARTICLE_SENTENCE[:PROMPT_MAX]
    g = cs.writing(d.final.step, prompt, NEW, 0.0, 0)
    c = d.config
    fed = cs.labels(d.vocab.decode(g.ids[:-1]))  # every character fed, as the model read it
    n = len(g.steps)
    written = d.vocab.decode(g.new_ids)
    shown = {"n": len(prompt), "new": NEW, "L": c.n_layers, "h": c.n_heads}
    st.markdown(t("decoder.gen_intro", **shown))
    st.code(d.vocab.decode(g.ids[: g.n_prompt]) + written, language=None, wrap_lines=True)
    st.caption(t("decoder.gen_text", prompt=len(prompt), new=len(written)))

    step = g.n_prompt if STEP.key not in st.session_state else STEP.whole(range(1, n + 1))
    st.session_state[STEP_PICK] = step
    st.select_slider(
        t("decoder.step"),
        options=list(range(1, n + 1)),
        format_func=lambda k: f"{k} · {fed[k - 1]}",
        key=STEP_PICK,
        on_change=_keep_step,
    )
    left, right = st.columns(2)
    layer = LAYER.whole(range(1, c.n_layers + 1))
    with left:
        st.select_slider(t("decoder.layer"), options=list(range(1, c.n_layers + 1)), key=LAYER.key)
    with right:
        head = choose_head(c.n_heads, key="gen_dhead")
    s_t = g.steps[step - 1].layers[layer - 1]  # this layer's step: its cache, t rows
    full = g.full.traces[layer - 1]  # the uncached pass, for the colours' span
    chosen = d.vocab.decode(g.ids[step : step + 1])
    where = "decoder.from_prompt" if step < g.n_prompt else "decoder.written"
    st.markdown(
        t(
            "decoder.step_name",
            t=step,
            char=md_escape(fed[step - 1]),
            next=md_escape(cs.labels(chosen)[0]),
            where=t(where),
            layer=layer,
            d_k=c.d_k,
        )
    )
    names = tuple(t(f"generate.{k}") for k in ("row_query", "row_output", "col_weight"))
    table = step_table(
        s_t.query[head], s_t.keys[head], s_t.weights[head], s_t.values[head],
        s_t.head_outputs[head], fed,
        scale_from=(full.q[head], full.k[head], full.v[head], full.output[head]), names=names,
        titles=tuple(t(f"common.{k}") for k in ("value", "weight", "row", "column")),
        present=bool(st.session_state.get("present")),
    )  # fmt: skip
    show_chart(table, key="gen_dstep")
    cut = t("decoder.step_cut", shown=DIMS_SHOWN, d=c.d_k) if c.d_k > DIMS_SHOWN else ""
    same = t("copying.same_yes" if g.same_choices else "copying.same_no")
    diff, most = g.step_diff[step - 1], g.max_diff
    proof = {"diff": sci(diff), "max": sci(most), "same": same, "n": n}
    agree = t(f"decoder.same_{agreement(diff, most)}", **proof)
    st.caption(t("decoder.step_caption", t=step, layer=layer, cut=cut, agree=agree))
