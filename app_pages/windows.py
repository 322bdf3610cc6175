"""Going further: which keys a query may see (a sliding window, sinks) and what it costs."""

import streamlit as st

from core import Pipeline
from core.long_context.receptive_field import window_span
from core.long_context.windows import MaskPattern
from ui import settings as cfg
from ui import state
from ui.charts import NUMBERS_MAX_CELLS, PRESENT_CELL
from ui.figures.windows import pattern_map, reach_grid
from ui.frame import fragment, open_page
from ui.i18n import t
from ui.live import follows_temperature
from ui.quiz import ask
from ui.view import offer_csv, unfold
from ui.views import windows as view
from ui.views.windows_decoder import decoder_sinks
from ui.views.windows_sinks import sink_section
from ui.widgets import (
    choose_head,
    focus_index,
    glossary,
    matrix_csv,
    md_escape,
    sci,
    show_chart,
)

FORMULA = (  # stacked, so each line fits a phone
    r"\begin{gathered}A=\operatorname{softmax}\big(\tilde S+M\big)"
    r"\\ M^{w}_{ij}=0\Leftrightarrow i-w<j\le i"
    r"\\ M^{w,s}_{ij}=0\Leftrightarrow j\le i\wedge\big(j<s\vee i-w<j\big)\end{gathered}"
)
BIG_WINDOW, BIG_LAYERS = 4096, 32  # Mistral 7B's sliding window and depth


def patterns(found: list[MaskPattern], labels: list[str], qi: int, window: int, sinks: int):
    """The four masks' weights: the classic two on the left, the long-context two on the right
    (on a phone, one under the other in that order)."""
    numbers = len(labels) <= NUMBERS_MAX_CELLS
    cell = PRESENT_CELL if st.session_state.get("present") and numbers else None  # as matrix_view
    for column, pair in zip(st.columns(2), (found[:2], found[2:]), strict=True):
        for pattern in pair:
            key, name = f"pattern_{pattern.kind}", pattern_title(pattern.kind, window, sinks)
            with column:
                show_chart(pattern_map(pattern, labels, qi, name, t, cell), key=key)
            weights = pattern.trace.weights
            offer_csv(key, name, lambda w=weights: matrix_csv(w, labels, labels))


def pattern_title(kind: str, window: int, sinks: int) -> str:
    return t(f"windows.kind_{kind}", window=window, sinks=sinks)


@fragment
def reach(n: int, labels: list[str], window: int, sinks: int) -> None:
    """The last token's receptive field over L layers of the window (or window and sinks)."""
    st.subheader(t("windows.reach"))
    st.markdown(t("windows.reach_intro"))
    layers = view.LAYERS.whole(view.LAYERS_OPTIONS)
    st.select_slider(
        t("windows.layers"), view.LAYERS_OPTIONS, key=view.LAYERS.key, help=t("windows.layers_help")
    )
    kind = st.segmented_control(
        t("windows.reach_mask"),
        view.REACH_MASKS,
        default=view.REACH_MASKS[0],
        required=True,
        format_func=lambda k: t(f"windows.reach_{k}"),
        key="windows_reach_mask",
    )
    field = view.reach(n, kind, window, sinks, layers)
    show_chart(reach_grid(field, labels, t), key="windows_reach")
    needed = field.layers_to_reach(0)
    shown = {"layers": layers, "count": int(field.counts[-1]), "n": n}
    shown |= {"token": md_escape(labels[-1]), "earliest": int(field.earliest[-1])}
    first = (
        t("windows.reach_first", needed=needed)
        if needed is not None
        else t("windows.reach_first_not", layers=layers)
    )
    spans = ", ".join(str(int(c)) for c in window_span(window, layers))
    big = {"big_window": f"{BIG_WINDOW:,}", "big_layers": BIG_LAYERS}
    big["big_span"] = f"{int(window_span(BIG_WINDOW, BIG_LAYERS)[-1]):,}"
    span = t("windows.reach_span", window=window, layers=layers, spans=spans, **big)
    st.markdown(f"{t('windows.reach_counts', **shown)} {first}\n\n{span}")
    st.caption(t("windows.reach_caption"))


@fragment
def masks(s: cfg.Settings, p: Pipeline, head: int, qi: int) -> None:
    """The four masks at the student's w and s, the question, then what a window costs."""
    n, labels = p.n, p.labels
    window = view.WINDOW.whole(view.window_options(n))
    sinks = view.SINKS.whole(view.sinks_options(n))
    for name, param, options in (
        ("window", view.WINDOW, view.window_options(n)),
        ("sinks", view.SINKS, view.sinks_options(n)),
    ):
        st.select_slider(
            t(f"windows.{name}"), options, key=param.key, help=t(f"windows.{name}_help")
        )
    found = view.patterns(s, head, window, sinks)
    patterns(found, labels, qi, window, sinks)
    seen = {pattern.kind: int(pattern.visible[qi]) for pattern in found}
    masked = max(pattern.masked_weight for pattern in found)
    error = max(pattern.sum_error for pattern in found)
    shown = {"token": md_escape(labels[qi]), "masked": sci(masked), "error": sci(error)}
    st.markdown(t("windows.checked", **shown, **seen))
    if ask("windows", s, n, window, view.LAYERS.whole(view.LAYERS_OPTIONS)):
        glossary("sliding_window", "attention_sink", "receptive_field")
        reach(n, labels, window, sinks)
        unfold(t("windows.sinks_section"), "windows_sinks", sink_section, s)
        unfold(t("decoder.sinks_section"), "windows_decoder_sinks", decoder_sinks, s)


@follows_temperature
def weighed(s: cfg.Settings, head: int, qi: int) -> None:
    """What the temperature changes: moving it reruns this alone."""
    masks(s, state.pipeline(state.with_changes(s, causal=False)), head, qi)


s = open_page(view.PAGE, formula=FORMULA)
p = state.pipeline(state.with_changes(s, causal=False))  # the patterns' own model
head = choose_head(p.n_heads, key="windows_head")
weighed(head, focus_index(p.labels))
