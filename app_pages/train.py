"""Why scale? One attention model trained with and without ÷√d_k, from the same start."""

import streamlit as st

from core.train.config import LIMITS, TIME_LIMIT, WIDTH_LIMIT, estimate_seconds
from ui.frame import open_page
from ui.i18n import t
from ui.quiz import ask
from ui.views import train as req
from ui.views import train_jobs as training
from ui.views import train_results as results
from ui.views.train import PAGE
from ui.widgets import md_escape


def bounds(name: str) -> tuple[int, int]:
    """A whole-number control's range: core's limits of its setting."""
    lo, hi = LIMITS[name]
    return int(lo), int(hi)


def controls(batch: int) -> None:
    """The page's own controls; req.train_request() has set their values."""
    a, b, c = st.columns(3)
    a.select_slider(t("train.dk"), req.TRAIN_DK_OPTIONS, key="train_dk", help=t("train.dk_help"))
    help_heads = t("train.heads_help", width=WIDTH_LIMIT)
    b.slider(t("train.heads"), *bounds("n_heads"), key="train_heads", help=help_heads)
    c.select_slider(t("train.lr"), req.TRAIN_LR_OPTIONS, format_func="{:g}".format, key="train_lr")
    help_steps = t("train.steps_help", batch=batch)
    a.number_input(t("train.steps"), *bounds("steps"), step=10, key="train_steps", help=help_steps)
    b.slider(t("train.seeds"), *bounds("n_seeds"), key="train_seeds", help=t("train.seeds_help"))
    help_target = t("train.target_help", window=training.WINDOW)
    c.select_slider(t("train.target"), req.TRAIN_TARGETS, format_func="{:.0%}".format,
                    key="train_target", help=help_target)  # fmt: skip


def changed(a) -> str:
    """One change that req.train_request() made, in words (reasons: core.train.config.REASONS)."""
    why = t(f"train.reason_{a.reason}", width=WIDTH_LIMIT, seconds=f"{TIME_LIMIT:g}")
    name = t(f"train.name_{a.name}")
    return t(
        "train.fixed_item", name=name, given=md_escape(a.given), used=f"{a.used:g}", reason=why
    )


formula = (
    r"\begin{gathered}\color{#0072B2}\mathrm{softmax}\Big(\frac{QK^{\top}}{\sqrt{d_k}}\Big)V"
    r"\\ \color{#D55E00}\mathrm{softmax}\big(QK^{\top}\big)V\end{gathered}"
)
s = open_page(PAGE, formula=formula, about_input=False)
# Before the controls: it sets their values.
request = req.train_request(causal=s.causal, seed=s.seed)
config = request.config
results.section("task", pairs=config.n_pairs, queries=config.n_queries, values=config.n_values)
st.markdown(t("train.model_body"))

st.subheader(t("train.controls"))
controls(config.batch)
seeds = ", ".join(str(x) for x in config.seeds)
mask = t("train.on" if config.causal else "train.off")
st.caption(t("train.shared", mask=mask, seed=config.seed, seeds=seeds))
if request.adjustments:
    st.warning("\n".join([t("train.fixed"), *(f"- {changed(a)}" for a in request.adjustments)]))
st.caption(t("train.estimate", seconds=f"{estimate_seconds(config):.2g}"))
if ask("train", s, training.first_step(config)):
    results.comparison(config, request.target)
    results.sweep(config, request.target)
    st.markdown(t("train.takeaway"))
