"""The copying page's sections: the model, how its two kinds of head copy together, its
training with the checkpoint shown, and the previous-token heads switched off (a text of the
student's: ui.views.copying_text; what the model writes with its KV caches:
ui.views.copying_writing)."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace

import numpy as np
import streamlit as st

from ui.charts import Figure, heatmap
from ui.charts.memo import remembered
from ui.figures import copying as figures
from ui.i18n import lang, t
from ui.page import Page
from ui.view import unfold
from ui.views import copying_state as cs
from ui.views.copying_text import head_names
from ui.widgets import numbers_table, show_chart

STEP_PICK = "copy_step_pick"


# The figures are the same for every student at a checkpoint and text: kept, per language
# (a part of the key: their texts come from the catalogue).
@remembered
def training_chart(language: str, *args) -> Figure:
    return figures.training_chart(*args, t)


def questions(final, knocked) -> list:
    """The page's questions, about the final model on the probe strings, with every head and
    with its previous-token heads switched off (core.quiz.copying)."""
    from core.decoder.measures import ALPHABETS, PROBE_COUNT, PROBE_PERIOD
    from core.quiz import copy_questions

    return copy_questions(
        final.step, final.previous, final.induction, final.first_copy_loss,
        final.second_copy_loss, period=PROBE_PERIOD, count=PROBE_COUNT * len(ALPHABETS),
        knocked=knocked,
    )  # fmt: skip


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
    schedule = data["alphabet_shares"]  # [{"from_step": s, alphabet: share, …}, …]
    mix = {"natural": natural, "batch": batch, "repeated": batch - natural}
    mix |= {"switch": f"{schedule[-1]['from_step']:,}"}
    shares = t("common.list_sep").join(
        f"{t(f'copying.alphabet_{name}')} {100 * share:.0f} %"
        for name, share in schedule[-1].items()
        if name != "from_step"
    )
    present = bool(st.session_state.get("present"))
    if not present:  # on a projector it is folded with the rest: the teacher tells it
        st.markdown(t("copying.trained_on", **mix))

    def details() -> None:
        if present:
            st.markdown(t("copying.trained_on", **mix))
        st.caption(t("copying.facts", **shown))
        recipe = {"shortest": shortest, "longest": longest, "shares": shares}
        st.markdown(t("copying.recipe", **recipe, **mix))

    unfold(t("copying.recipe_title"), "copy_recipe", details, icon=":material/menu_book:")


def circuit() -> None:
    """How the two kinds of head copy together (after the questions: it answers them)."""
    st.markdown(t("copying.circuit"))


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
    switch = f"{d.log['data']['alphabet_shares'][-1]['from_step']:,}"
    st.caption(t("copying.training_caption", first=phases[0], second=phases[1], switch=switch))

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
    alphabets(d, step)
    return step


def alphabets(d, step: int) -> None:
    """Each alphabet's probe at the checkpoint: the best induction score and the copies'
    losses, as training measured them."""
    from core.decoder.measures import ALPHABETS

    evals = d.log["evals"]
    row = evals["alphabets"][evals["step"].index(step)]
    names = [t(f"copying.alphabet_{a}") for a in ALPHABETS]
    columns = {
        t("copying.col_induction"): [row[a]["induction"] for a in ALPHABETS],
        t("copying.col_first"): [row[a]["first_copy_loss"] for a in ALPHABETS],
        t("copying.col_second"): [row[a]["second_copy_loss"] for a in ALPHABETS],
    }
    st.markdown(t("copying.alphabets", step=step, count=d.log["probe"]["count"],
                  period=d.log["probe"]["period"]))  # fmt: skip
    numbers_table(columns, index=names, decimals=2)


def switched_off(d, step: int) -> None:
    """The previous-token heads switched off at the checkpoint, on the probe strings: what is
    left of the induction head's score and of copying."""
    k = cs.probe_knockout(step)
    st.subheader(t("copying.knockout"))
    names = head_names(d.config.n_layers, d.config.n_heads)
    if not k.off.any():
        st.markdown(t("copying.knockout_none", step=step))
        return
    h = d.config.n_heads
    layer, head, before = k.on_scores.best("induction")
    after = float(k.off_scores.induction[layer, head])
    shown = {"heads": ", ".join(names[i * h + j] for i, j in zip(*np.nonzero(k.off), strict=True))}
    shown |= {"head": names[layer * h + head], "count": k.on_scores.count}
    shown |= {"each": cs.KNOCKOUT_STRINGS}
    st.markdown(t("copying.knockout_intro", **shown))
    row = st.container(horizontal=True, gap="large")
    row.metric(
        t("copying.m_knock_induction", head=shown["head"]), f"{after:.2f}",
        delta=f"{after - before:+.2f}", width="content",
    )  # fmt: skip
    on, off = k.on_scores.second_copy_loss, k.off_scores.second_copy_loss
    row.metric(
        t("copying.m_knock_second"), f"{off:.2f}", delta=f"{off - on:+.2f}",
        delta_color="inverse", width="content",
    )  # fmt: skip
    verdict = "copying.knockout_halved" if after <= before / 2 else "copying.knockout_kept"
    shown |= {"before": f"{before:.2f}", "after": f"{after:.2f}", "on": f"{on:.2f}"}
    shown |= {"off": f"{off:.2f}", "first": f"{k.off_scores.first_copy_loss:.2f}"}
    st.markdown(t(verdict, **shown))


# ------------------------------------------------------------------------ declaration


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    """The page's own layouts, on placeholder numbers (the model is not read here)."""
    steps = np.arange(0, 101, 25)
    level = np.ones(len(steps))
    figures.training_chart(steps, level, level, steps, level, level, (25, 75), 50, t)
    figures.char_losses(np.ones(len(labels) - 1), labels, None, t)
    copies = SimpleNamespace(first=0, second=4, length=4)  # core.decoder.Copies' shape
    figures.char_losses(np.ones(7), list("abcdabcd"), copies, t)
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
