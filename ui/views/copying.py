"""The copying page's sections: the model, its training with the checkpoint shown, a text of
the student's with the heads' lines (what the model writes with its KV caches:
ui.views.copying_writing)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import streamlit as st

from ui.charts import Figure, heatmap
from ui.charts.memo import remembered
from ui.figures import copying as figures
from ui.i18n import lang, t
from ui.lines import lines_view
from ui.page import Page
from ui.view import unfold
from ui.views import copying_state as cs
from ui.widgets import index_picker, md_escape, show_chart, weights_view

STEP_PICK, QUERY_PICK = "copy_step_pick", "copy_at_pick"
TEXT_BOX = "copy_text_box"
UNKNOWN_SHOWN = 8  # characters the model does not know, named in its message


# The figures are the same for every student at a checkpoint and text: kept, per language
# (a part of the key: their texts come from the catalogue).
@remembered
def training_chart(language: str, *args) -> Figure:
    return figures.training_chart(*args, t)


@remembered
def char_losses(language: str, *args) -> Figure:
    return figures.char_losses(*args, t)


def questions(final) -> list:
    """The page's questions, about the final model on the probe (core.quiz.copying)."""
    from core.decoder.measures import PROBE_COUNT, PROBE_PERIOD
    from core.quiz import copy_questions

    return copy_questions(
        final.step,
        final.previous,
        final.induction,
        final.first_copy_loss,
        final.second_copy_loss,
        period=PROBE_PERIOD,
        count=PROBE_COUNT,
    )


def unavailable(reason: str) -> None:
    """The shipped files cannot be read: say so, and stop the page there."""
    st.error(t("copying.unavailable"), icon=":material/error:")
    with st.expander(t("copying.details")):
        st.text(reason)
    st.stop()


def facts(d) -> None:
    """The model's sizes, and what it was trained on and why, from its training log."""
    c, log, data = d.config, d.log, d.log["data"]
    shown = {"L": c.n_layers, "h": c.n_heads, "d_k": c.d_k, "d_model": c.d_model}
    shown |= {"n_ctx": c.n_ctx, "V": c.n_vocab, "params": f"{d.final.weights.n_params:,}"}
    shown |= {"steps": f"{log['steps']:,}", "minutes": round(log["seconds"]["cpu"] / 60)}
    natural, batch = data["natural_windows"], data["batch"]
    shortest, longest = data["periods"]
    mix = {"natural": natural, "batch": batch, "repeated": batch - natural}
    present = bool(st.session_state.get("present"))
    if not present:  # on a projector it is folded with the rest: the teacher tells it
        st.markdown(t("copying.trained_on", **mix))

    def details() -> None:
        if present:
            st.markdown(t("copying.trained_on", **mix))
        st.caption(t("copying.facts", **shown))
        st.markdown(t("copying.recipe", shortest=shortest, longest=longest, **mix))

    unfold(t("copying.recipe_title"), "copy_recipe", details, icon=":material/menu_book:")


def head_names(L: int, h: int) -> list[str]:
    """Every head's name, layer by layer: "L1 H1" …"""
    return [t("copying.head", layer=i + 1, head=j + 1) for i in range(L) for j in range(h)]


# ------------------------------------------------------------------------ training


def head_grid(name: str, values: np.ndarray, key: str, value_key: str = "copying.score") -> None:
    """A [L, h] grid of one number per head (a score, a share), each cell's number printed,
    on the weights' scale."""
    layers = [str(i) for i in range(1, values.shape[0] + 1)]
    heads = [str(j) for j in range(1, values.shape[1] + 1)]
    st.markdown(f"**{name}**")
    figure = heatmap(
        values, layers, heads, kind="weights", numbers=True,
        row_title=t("copying.layer"), col_title=t("common.head"),
        value_title=t(value_key), legend=False,
        present=bool(st.session_state.get("present")),
    )  # fmt: skip
    show_chart(figure, key=key)


def training(d) -> int:
    """The loss over training, the checkpoint slider, and every head's two scores at the
    checkpoint shown; returns that checkpoint's step."""
    st.subheader(t("copying.training"))
    evals, probe = d.log["evals"], d.log["probe"]
    steps, final = d.steps, d.final.step
    step = cs.checkpoint_shown(steps, final)
    st.session_state[STEP_PICK] = step
    st.select_slider(
        t("copying.checkpoint"),
        options=steps,
        format_func=lambda k: t("copying.step_option", step=k),
        key=STEP_PICK,
        on_change=cs.keep,
        args=(cs.CHECKPOINT.key, STEP_PICK),
        help=t("copying.checkpoint_help", n=len(steps)),
    )
    c, loss = d.at(step), d.log["loss"]
    phases = (d.phase_change_step, d.sharpening_step)
    figure = training_chart(
        lang(), np.asarray(loss["step"]), np.asarray(loss["natural"]),
        np.asarray(loss["repeated"]), np.asarray(evals["step"]),
        np.asarray(evals["first_copy_loss"]), np.asarray(evals["second_copy_loss"]), phases, step,
    )  # fmt: skip
    show_chart(figure, key="copy_training")
    every = evals["step"][1] - evals["step"][0]
    shown = {"steps": f"{d.log['steps']:,}", "count": probe["count"], "period": probe["period"]}
    st.markdown(t("copying.training_intro", every=every, **shown))
    st.caption(t("copying.training_caption", first=phases[0], second=phases[1]))

    prev = np.unravel_index(np.argmax(c.previous), c.previous.shape)
    ind = np.unravel_index(np.argmax(c.induction), c.induction.shape)
    # Two short rows (the heads, the copies), each of two side by side even on a phone.
    left = middle = st.container(horizontal=True, gap="large")
    right = last = st.container(horizontal=True, gap="large")
    left.metric(
        t("copying.m_previous", head=t("copying.head", layer=prev[0] + 1, head=prev[1] + 1)),
        f"{c.previous[prev]:.2f}",
        width="content",
    )
    middle.metric(
        t("copying.m_induction", head=t("copying.head", layer=ind[0] + 1, head=ind[1] + 1)),
        f"{c.induction[ind]:.2f}",
        width="content",
    )
    right.metric(t("copying.m_first"), f"{c.first_copy_loss:.2f}", width="content")
    last.metric(
        t("copying.m_second"),
        f"{c.second_copy_loss:.2f}",
        delta=f"{c.second_copy_loss - c.first_copy_loss:+.2f}",
        delta_color="inverse",
        width="content",
    )
    left, right = st.columns(2)
    with left:
        head_grid(t("copying.previous_grid", step=step), c.previous, "copy_previous")
    with right:
        head_grid(t("copying.induction_grid", step=step), c.induction, "copy_induction")
    st.caption(t("copying.scores_caption"))
    return step


# ------------------------------------------------------------------------ the student's text


def _draw_text(kind: str) -> None:
    """A button's callback: a new random string typed twice, of letters or of Chinese."""
    from core.decoder import probe_alphabet
    from core.decoder.measures import LETTERS

    draws = st.session_state.get(cs.DRAWS, 0) + 1
    st.session_state[cs.DRAWS] = draws
    if kind == "letters":
        text = cs.random_string(draws, LETTERS, cs.DEFAULT_PERIOD)
    else:
        vocab = cs.decoder().vocab
        chinese = vocab.decode(probe_alphabet(vocab, "chinese"))
        text = cs.random_string(draws, chinese, cs.CHINESE_PERIOD)
    st.session_state[cs.TEXT.key] = text
    st.session_state.pop(cs.QUERY.key, None)  # the lines start again where the text says


def unknown(d, text: str) -> None:
    """Say which characters the model does not know, if any (it reads each as U+FFFD)."""
    from core.decoder import UNKNOWN

    unknown = list(dict.fromkeys(c for c in text if c not in d.vocab or c == UNKNOWN))
    if not unknown:
        return
    named = t("common.list_sep").join(f"“{md_escape(c)}”" for c in unknown[:UNKNOWN_SHOWN])
    more = len(unknown) - UNKNOWN_SHOWN
    if more > 0:
        named += t("common.list_sep") + t("common.more_items", more=more)
    count = sum(c not in d.vocab for c in text)
    st.warning(
        t("copying.unknown", count=count, chars=named, V=d.config.n_vocab),
        icon=":material/translate:",
    )


def text_box(d) -> str | None:
    """The student's text, its buttons and what is wrong with it; the text the model reads
    (None: nothing it can read)."""
    raw = cs.held(cs.TEXT, cs.default_text())
    st.session_state[TEXT_BOX] = raw
    st.text_area(
        t("copying.text"),
        key=TEXT_BOX,
        height=90,
        on_change=cs.keep,
        args=(cs.TEXT.key, TEXT_BOX),
        help=t("copying.text_help", max=cs.MAX_CHARS),
    )
    bar = st.container(horizontal=True)
    bar.button(
        t("copying.new_letters"), key="copy_new_letters", icon=":material/casino:",
        on_click=_draw_text, args=("letters",),
        help=t("copying.new_letters_help", period=cs.DEFAULT_PERIOD),
    )  # fmt: skip
    bar.button(
        t("copying.new_chinese"), key="copy_new_chinese", icon=":material/translate:",
        on_click=_draw_text, args=("chinese",),
        help=t("copying.new_chinese_help", period=cs.CHINESE_PERIOD),
    )  # fmt: skip
    if len(raw) < 2:
        st.warning(t("copying.too_short"), icon=":material/edit_off:")
        return None
    if len(raw) > cs.MAX_CHARS:
        st.info(t("copying.cut", max=cs.MAX_CHARS, n=len(raw)), icon=":material/content_cut:")
    text = cs.model_text(raw)
    unknown(d, text)
    return text


def copies(r, d, text: str) -> None:
    """The two copies' losses in numbers, or why there are no copies to compare; what the
    model was never shown copied."""
    from core.decoder.measures import LETTERS
    from core.decoder.vocab import is_cjk

    if r.copies is None:
        st.info(t("copying.no_repeat"), icon=":material/repeat:")
        return
    first, second = r.copies
    left, right = st.columns(2)
    left.metric(t("copying.m_text_first", period=r.period), f"{first:.2f}")
    right.metric(
        t("copying.m_text_second"),
        f"{second:.2f}",
        delta=f"{second - first:+.2f}",
        delta_color="inverse",
    )
    if any(is_cjk(c) for c in text):
        scores = cs.chinese_scores()
        shown = {"count": scores.count, "period": scores.period}
        shown |= {"induction": f"{scores.best('induction')[2]:.2f}"}
        shown |= {"letters": f"{d.final.induction.max():.2f}"}
        shown |= {"first": f"{scores.first_copy_loss:.2f}"}
        shown |= {"second": f"{scores.second_copy_loss:.2f}"}
        st.info(t("copying.chinese", **shown), icon=":material/translate:")
    elif set(text) - set(LETTERS):
        st.caption(t("copying.not_letters"))


def _default_query(r) -> int:
    """Where the lines start: the middle of the second copy, else the last character with
    something to copy, else the last character."""
    if r.period is not None:
        return min(r.period + r.period // 2, r.n - 1)
    found = r.with_target
    return int(found[-1]) if len(found) else r.n - 1


def lines(r, d, step: int, labels: list[str]) -> None:
    """The chosen position's attention as lines, in the heads switched on; its target (the
    character after the earlier occurrence) in bold."""
    from core.decoder import NO_TARGET

    st.markdown(t("copying.lines_intro"))
    query = cs.query_shown(r.n, _default_query(r))
    st.session_state[QUERY_PICK] = query
    st.select_slider(
        t("copying.query"),
        options=list(range(r.n)),
        format_func=lambda i: f"{i + 1} · {labels[i]}",
        key=QUERY_PICK,
        on_change=cs.keep,
        args=(cs.QUERY.key, QUERY_PICK),
        help=t("copying.query_help"),
    )
    L, h = d.config.n_layers, d.config.n_heads
    names = head_names(L, h)
    best = int(np.argmax(d.at(step).induction))  # the probe's best induction head, at first
    target = int(r.targets[query])
    m = query + 1  # the keys it may see: a causal model reads nothing after it
    weights = r.attention.reshape(L * h, r.n, r.n)[:, :m, :m]
    lines_view(
        weights, labels[:m], query, names, default=[best], key="copy_lines",
        heads_key="copy_heads", marked=None if target == NO_TARGET else target, tell_apart=False,
    )  # fmt: skip
    if target == NO_TARGET:
        st.caption(t("copying.no_target", char=md_escape(labels[query])))
    else:
        shown = {"char": md_escape(labels[query]), "target": md_escape(labels[target])}
        st.caption(t("copying.target", position=target + 1, **shown))
    if r.target_share is not None:
        layer, head, share = r.best("target")
        p_layer, p_head, prev = r.best("previous")
        shown = {"count": len(r.with_target), "share": f"{share:.2f}", "prev": f"{prev:.2f}"}
        shown |= {"head": t("copying.head", layer=layer + 1, head=head + 1)}
        shown |= {"p_head": t("copying.head", layer=p_layer + 1, head=p_head + 1)}
        which = "copying.shares_repeat" if r.period is not None else "copying.shares_text"
        st.markdown(t(which, **shown))


def whole_map(r, d, labels: list[str]) -> None:
    """One head's whole map: every query at once, the targets outlined."""
    from core.decoder import NO_TARGET

    names = head_names(d.config.n_layers, d.config.n_heads)
    best = r.best("target")[:2] if r.target_share is not None else (0, 0)
    start = best[0] * d.config.n_heads + best[1]
    picked = index_picker(t("copying.map_head"), names, start, key="copy_map_head")
    layer, head = divmod(int(picked), d.config.n_heads)
    marked = tuple((int(i), int(j)) for i, j in enumerate(r.targets) if j != NO_TARGET)
    weights_view(
        t("copying.map_name", head=names[picked]),
        r.attention[layer, head],
        labels,
        key="copy_map",
        focus=None,
        marked=marked,
        caption=t("copying.map_caption"),
    )


def your_text(d, step: int) -> None:
    """The student's text at the checkpoint shown: its losses, the lines, the whole map."""
    st.subheader(t("copying.your_text"))
    st.markdown(t("copying.your_text_intro"))
    text = text_box(d)
    if text is None:
        return
    r = cs.reading(step, text)
    labels = cs.labels(d.vocab.decode(r.ids))  # as the model reads it: unknown ones as �
    copies(r, d, text)
    show_chart(char_losses(lang(), r.losses, labels, r.period), key="copy_char_losses")
    st.caption(t("copying.char_losses_caption"))
    lines(r, d, step, labels)
    unfold(t("copying.map"), "copy_map_open", whole_map, r, d, labels, icon=":material/grid_on:")


# ------------------------------------------------------------------------ declaration


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    """The page's own layouts, on placeholder numbers (the model is not read here)."""
    steps = np.arange(0, 101, 25)
    level = np.ones(len(steps))
    figures.training_chart(steps, level, level, steps, level, level, (25, 75), 50, t)
    figures.char_losses(np.ones(len(labels) - 1), labels, None, t)
    figures.char_losses(np.ones(7), list("abcdabcd"), 4, t)
    grid = np.zeros((2, 4))
    for present in (False, True):
        heatmap(
            grid, ["1", "2"], ["1", "2", "3", "4"], kind="weights", numbers=True,
            row_title="l", col_title="h", value_title="s", legend=False, present=present,
        )  # fmt: skip


PAGE = Page(
    "copying",
    icon=":material/content_copy:",
    section="further",
    tour="further",
    controls=(),  # a model of its own, with its own text
    params=cs.PARAMS,
    questions={"copying": questions},
    warm=warm,
)
