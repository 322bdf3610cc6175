"""The Generating page's sections: one step of the decoder, why cache, heads that share a
cache, and the memory calculator. The last three are fragments: their own controls rerun
only themselves, and each holds back what answers its question (ui.quiz.ask); the page
itself plays the steps."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import streamlit as st

from core import quiz
from core.generate.inference_cost import (
    NUMBER_TYPES,
    MemoryEstimate,
    bytes_per_number,
    kv_cache_numbers,
    memory_estimate,
)
from core.generate.model_configs import PRESETS
from core.gqa import attention_kind, kv_head_choices
from ui.charts import bars
from ui.figures.generate import DIMS_SHOWN, readers, step_table
from ui.figures.generate_cost import memory_chart, work_chart
from ui.figures.multihead import head_maps
from ui.frame import fragment
from ui.i18n import t
from ui.page import Page, Param, keep_whole, uses
from ui.quiz import ask
from ui.settings import Settings
from ui.view import unfold
from ui.views import generate_decoder as decoder
from ui.views import generate_state as gen
from ui.widgets import (
    agreement,
    dim_labels,
    figure_heading,
    glossary,
    heads_csv,
    matrix_csv,
    md_escape,
    plain,
    sci,
    show_chart,
    show_charts,
    weights_view,
)

LENGTHS = ("sentence", *(str(n) for n in gen.LENGTHS))  # the counts' choices of length
MAX_CONTEXT = 1_048_576  # tokens: the longest context models offer today
MAX_BATCH = 256
BAR_PX = 34  # per bar of the cache against g: room for its label
KV_PICK = "gen_kv"  # the calculator's "what if it had g key/value heads" (not in the link)
PRESET = Param("gen_preset", "preset", "llama3_8b")  # the calculator's model, its context,
CTX = Param("gen_ctx", "ctx", 8192)  # its number type and its batch
TYPE = Param("gen_type", "type", "fp16")
BATCH = Param("gen_batch", "batch", 1)


# ------------------------------------------------------------------------ one step


def _step_moved() -> None:
    """The step moved by hand: it stays there."""
    st.session_state[gen.STEP.key] = st.session_state[gen.PICK]
    st.session_state[gen.PLAYING] = False


def full_map(g_, labels: list[str], head: int, step: int) -> None:
    """The whole sentence's causal weights, computed at once, with row t outlined."""
    name = t("generate.full_name")
    weights_view(name, g_.full.weights[head], labels, key="gen_full", focus=step - 1)
    st.caption(t("generate.full_caption", t=step))


def one_step(g_, labels: list[str], head: int, focus: int) -> None:
    """Step t: its slider, the cache as the step leaves it, and the proof."""
    n = g_.n
    step = gen.step_shown(n, focus + 1)
    if n > 1:
        st.session_state[gen.PICK] = step
        st.select_slider(
            t("generate.step"),
            options=list(range(1, n + 1)),
            format_func=lambda k: f"{k} · {labels[k - 1]}",
            key=gen.PICK,
            on_change=_step_moved,
        )
    s_t = g_.step(step)
    j = int(g_.kv_head[head])  # the key/value head this query head reads
    keys, values = s_t.keys[j], s_t.values[j]
    d_k, d_v = keys.shape[1], values.shape[1]
    cols = [f"k{c}" for c in dim_labels(d_k)] + [t("generate.col_weight")]
    cols += [f"v{c}" for c in dim_labels(d_v)]
    cache = np.hstack([keys, s_t.weights[head][:, None], values])
    figure_heading(
        t("generate.step_name", t=step, token=md_escape(labels[step - 1])),
        t("generate.step_shape", t=step, n=n, d_k=d_k, d_v=d_v),
        "gen_step",
        lambda: matrix_csv(cache, labels[:step], cols),
    )
    last = g_.steps[-1]
    scale_from = (g_.full.q, last.keys[j], last.values[j], g_.full.head_outputs[head])
    names = tuple(t(f"generate.{k}") for k in ("row_query", "row_output", "col_weight"))
    table = step_table(
        s_t.query[head], keys, s_t.weights[head], values, s_t.head_outputs[head], labels,
        scale_from=scale_from, names=names,
        titles=tuple(t(f"common.{k}") for k in ("value", "weight", "row", "column")),
        present=bool(st.session_state.get("present")),
    )  # fmt: skip
    show_chart(table, key="gen_step")
    cut = t("generate.step_cut", shown=DIMS_SHOWN, d=d_k) if d_k > DIMS_SHOWN else ""
    diff, most = g_.step_diff[step - 1], g_.max_diff
    said = {"t": step, "n": n, "diff": sci(diff), "max": sci(most)}
    same = t(f"generate.same_{agreement(diff, most)}", **said)
    st.caption(t("generate.step_caption", t=step, cut=cut, same=same))
    unfold(t("generate.full", t=step), "gen_full_open", full_map, g_, labels, head, step)


# ---------------------------------------------------------------------------- why cache


@fragment
def why_cache(s: Settings, n: int) -> None:
    """Multiply-adds with and without a cache, for the sentence and for long texts."""
    st.subheader(t("generate.why"))
    st.markdown(t("generate.why_intro"))
    picked = st.segmented_control(
        t("generate.tokens"),
        LENGTHS,
        format_func=lambda k: (
            t("generate.tokens_sentence", n=n) if k == "sentence" else gen.count_text(int(k))
        ),
        key="gen_tokens",
        default="sentence",
        required=True,
    )
    length = n if picked in (None, "sentence") else int(picked)
    w = gen.work(length, s.d_model, s.n_heads, s.d_k)
    c = w.cost
    kv = r"\mathrm{KV}"
    st.latex(
        r"\begin{aligned}\text{" + t("generate.with") + rf"}}\quad & A + {kv} + S\,t\\"
        r"\text{" + t("generate.without") + rf"}}\quad & A + {kv}\,t + S\,t"
        r"\end{aligned}"
    )
    parts = {"a": c.query_out, "kv": c.kv, "s": c.attend}
    parts = {name: gen.count_text(n) for name, n in parts.items()}
    st.caption(t("generate.parts", d_model=s.d_model, h=s.n_heads, d_k=s.d_k, **parts))
    texts = {
        "names": (t("generate.series_without"), t("generate.series_with")),
        "x_title": t("generate.x_step"),
    }
    per_step, in_all = st.columns(2)
    with per_step:
        steps = (w.t, w.with_cache, w.without_cache)
        chart = work_chart(*steps, **texts, y_title=t("generate.y_step"))
        show_chart(chart, key="gen_work_step")
    with in_all:
        totals = (w.t, w.with_cache_total, w.without_cache_total)
        chart = work_chart(*totals, **texts, y_title=t("generate.y_total"))
        show_chart(chart, key="gen_work_total")
    counts = {
        "n": gen.count_text(length),
        "without": gen.count_text(w.without_cache_total[-1]),
        "with": gen.count_text(w.with_cache_total[-1]),
        "times": f"{w.saving:.2f}",
        "rows": gen.count_text(w.kv_rows_without_total[-1]),
    }
    st.markdown(t("generate.work_summary", **counts))
    st.caption(t("generate.work_limit", limit=plain(c.saving_limit)))


# ---------------------------------------------------------------------- heads that share


def _kind(h: int, g: int) -> str:
    return t(f"generate.kind_{attention_kind(h, g).lower()}")


@fragment
def sharing(s: Settings, labels: list[str], focus: int) -> None:
    """g key/value heads for h query heads: who reads what, the maps, the cache against g."""
    h = s.n_heads
    st.markdown(t("generate.share_intro"))
    glossary("mha", "gqa", "mqa")
    if h == 1:
        st.info(t("generate.one_head"), icon=":material/view_column:")
        return
    g = gen.kv_heads_shown(h)
    st.session_state["gen_g_pick"] = g
    st.select_slider(
        t("generate.g"),
        options=kv_head_choices(h),
        format_func=lambda k: t("generate.g_option", g=k, kind=attention_kind(h, k)),
        key="gen_g_pick",
        on_change=gen.keep,
        args=(gen.KV_HEADS.key, "gen_g_pick"),
        help=t("generate.g_help", h=h),
    )
    if not ask("generate_share", s, h, g):
        return
    shared = gen.generation(s, g)
    now = "generate.g_now_mha" if g == h else "generate.g_now"
    st.markdown(t(now, g=g, h=h, kind=_kind(h, g), group=h // g))
    show_chart(readers(shared.kv_head, t), key="gen_readers")
    st.caption(t("generate.readers_caption"))

    st.subheader(t("generate.maps"))
    names = [t("generate.head_name", i=i + 1, j=j + 1) for i, j in enumerate(shared.kv_head)]
    weights = shared.full.weights
    figure_heading(
        t("generate.maps_name"),
        t("generate.maps_shape", h=h, n=len(labels)),
        "gen_maps",
        lambda: heads_csv(weights, labels),
    )
    show_charts(head_maps(weights, labels, t, focus, names=names, large=s.present), key="gen_maps")
    most = shared.max_diff
    within = t("generate.maps_exact") if most == 0 else t("generate.maps_within", max=sci(most))
    st.caption(t("generate.maps_caption", within=within))

    st.subheader(t("generate.cache_g"))
    choices = kv_head_choices(h)
    n = len(labels)
    numbers = [
        kv_cache_numbers(n_layers=1, n_kv_heads=k, d_head=s.d_k, n_tokens=n) for k in choices
    ]
    figure = bars(
        numbers,
        [t("generate.g_option", g=k, kind=attention_kind(h, k)) for k in choices],
        value_title=t("generate.cache_numbers", n=n),
        domain=(0.0, float(max(numbers))),
        highlight=choices.index(g),
        decimals=0,
        height=BAR_PX * len(choices) + 50,
    )
    show_chart(figure, key="gen_cache_g")
    shown = {"g": g, "d_k": s.d_k, "n": n, "numbers": numbers[choices.index(g)]}
    caption = "generate.cache_g_caption_mha" if g == h else "generate.cache_g_caption"
    st.caption(t(caption, times=h // g, h=h, **shown))

    st.subheader(t("generate.pooled"))
    st.markdown(t("generate.pooled_body"))
    st.latex(
        r"\begin{gathered}W_K^{(j)} = \frac{g}{h}\sum_{i \in G_j} W_K^{(i)}\\"
        r" W_V^{(j)} = \frac{g}{h}\sum_{i \in G_j} W_V^{(i)}\end{gathered}"
    )


# ------------------------------------------------------------------------- the calculator


def _preset_changed() -> None:
    """A new model: its own context length and key/value heads."""
    c = PRESETS[st.session_state[PRESET.key]]
    st.session_state[CTX.key] = c.context
    st.session_state[KV_PICK] = c.n_kv_heads


def _presets(number_type: str) -> None:
    """Every preset's numbers, each with its cache at its own context, and its source (a
    list rather than a table: eleven columns do not fit a phone)."""
    lines = []
    for c in PRESETS.values():
        e = memory_estimate(c, n_tokens=c.context, number_type=number_type)
        shown = {"L": c.n_layers, "h": c.n_heads, "g": c.n_kv_heads, "d": c.d_head}
        shown |= {"d_model": c.d_model, "url": c.source, "kind": c.attention}
        lines.append(
            "- "
            + t(
                "generate.preset_line",
                name=c.name,
                params=gen.count_text(c.n_params),
                context=gen.count_text(c.context),
                cache=gen.size_text(e.cache_bytes),
                type=number_type,
                **shown,
            )
        )
    st.markdown("\n".join(lines))


def _result(e: MemoryEstimate) -> None:
    """The cache for these settings: the formula with its numbers, beside the weights."""
    c = e.config
    per = bytes_per_number(e.number_type)
    st.latex(  # three lines, so that the largest numbers fit a phone
        rf"\begin{{gathered}}2 \times {c.n_layers} \times {e.n_kv_heads} \times {c.d_head}\\"
        rf" \times {e.n_tokens} \times {per} \times {e.batch}\\"
        rf" = {gen.count_text(e.cache_bytes)}\ \text{{{t('generate.bytes')}}}\end{{gathered}}"
    )
    cache, weights = gen.in_units_text(e.cache_bytes), gen.in_units_text(e.weights_bytes)
    left, middle, right = st.columns(3)
    left.metric(t("generate.m_cache", unit=cache[1]), cache[0])
    middle.metric(
        t("generate.m_weights", unit=weights[1]),
        weights[0],
        help=t("generate.m_weights_help", params=gen.count_text(c.n_params), type=e.number_type),
    )
    right.metric(t("generate.m_ratio"), f"{e.cache_to_weights:.2f}")
    match = {"token": gen.size_text(e.token_bytes), "match": gen.count_text(e.tokens_to_match)}
    st.markdown(t("generate.per_token", batch=e.batch, **match))
    kv_heads = {key: p.n_kv_heads for key, p in PRESETS.items()}
    kv_heads |= {key: e.n_kv_heads for key, p in PRESETS.items() if p is c}
    # Far enough to see the cache pass the weights, unless that is beyond any model's context.
    reach = max(e.n_tokens, min(e.tokens_to_match * 5 // 4, MAX_CONTEXT))
    contexts, lines = gen.memory_lines(reach, e.number_type, e.batch, kv_heads)
    named = {PRESETS[key].name: b for key, b in lines.items()}
    figure = memory_chart(contexts, named, c.name, e.weights_bytes, e.n_tokens, t)
    show_chart(figure, key="gen_memory")
    st.caption(t("generate.memory_caption"))
    unfold(t("generate.presets"), "gen_presets", _presets, e.number_type)


@fragment
def calculator(s: Settings) -> None:
    """A real model's cache for a context, a number type and a batch; what if g were other."""
    st.markdown(t("generate.memory_intro"))
    glossary("kv_cache", "number_types")
    key = PRESET.choice(list(PRESETS))
    c = PRESETS[key]
    st.selectbox(
        t("generate.preset"),
        list(PRESETS),
        format_func=lambda k: f"{PRESETS[k].name} · {PRESETS[k].attention}",
        placeholder=t("common.pick"),
        key=PRESET.key,
        on_change=_preset_changed,
    )
    shown = {"h": c.n_heads, "g": c.n_kv_heads, "d": c.d_head, "url": c.source}
    shown |= {"L": c.n_layers, "params": gen.count_text(c.n_params)}
    st.caption(t("generate.source", name=c.name, context=gen.count_text(c.context), **shown))
    ctx = CTX.count(1, MAX_CONTEXT, c.context)
    number_type = TYPE.choice(list(NUMBER_TYPES))
    batch = BATCH.count(1, MAX_BATCH)
    g = keep_whole(KV_PICK, kv_head_choices(c.n_heads), c.n_kv_heads)
    left, right = st.columns(2)
    left.number_input(t("generate.ctx"), min_value=1, max_value=MAX_CONTEXT, step=1024, key=CTX.key)
    right.number_input(t("generate.batch"), min_value=1, max_value=MAX_BATCH, key=BATCH.key)
    st.segmented_control(
        t("generate.type"),
        list(NUMBER_TYPES),
        format_func=lambda k: t("generate.type_option", type=k, bytes=NUMBER_TYPES[k]),
        key=TYPE.key,
        required=True,
    )
    st.select_slider(
        t("generate.what_if"),
        options=kv_head_choices(c.n_heads),
        format_func=lambda k: t("generate.g_option", g=k, kind=attention_kind(c.n_heads, k)),
        key=KV_PICK,
        help=t("generate.what_if_help", name=c.name, g=c.n_kv_heads),
    )
    e = memory_estimate(c, n_tokens=ctx, number_type=number_type, batch=batch, n_kv_heads=g)
    if ask("generate_memory", s, e):
        _result(e)


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    n = len(labels)
    names, titles = ("query", "output", "weight"), ("value", "weight", "row", "column")
    for d in d_models:
        for k in (1, n):  # a step with rows still to come, and the last
            step_table(
                np.ones(d), np.ones((k, d)), np.full(k, 1 / k), np.ones((k, d)), np.ones(d),
                labels, scale_from=(np.ones(d),), names=names, titles=titles,
            )  # fmt: skip
    readers(np.arange(4) // 2, t)
    steps = np.arange(1, n + 1)
    work_chart(steps, steps, 2 * steps, names=("a", "b"), x_title="x", y_title="y")
    contexts = np.arange(0, 101, 10)
    memory_chart(contexts, {"a": contexts, "b": 2 * contexts}, "a", 200, 50, t)


PAGE = Page(
    "generate",
    icon=":material/edit_note:",
    section="further",
    tour="further",
    controls=uses("causal"),  # the causal mask is always on while generating: the page says so
    params=(gen.STEP, gen.KV_HEADS, PRESET, CTX, TYPE, BATCH, *decoder.PARAMS),
    questions={
        "generate": quiz.decode_questions,
        "generate_share": quiz.sharing_questions,
        "generate_memory": quiz.memory_questions,
    },
    warm=warm,
)
