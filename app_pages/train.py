"""Why scale? One attention model trained with and without ÷√d_k, from the same start."""

import streamlit as st

from core.experiment import CLOSE, DIMS, sweep_verdicts, verdict
from core.quiz import train_questions
from core.train_config import LIMITS, TIME_LIMIT, WIDTH_LIMIT, estimate_seconds
from ui import train_request as req
from ui import training
from ui.figures import train as fig
from ui.i18n import t
from ui.page import open_page
from ui.quiz import ask
from ui.widgets import choose_head, md_escape, show_chart


def side_by_side(figures) -> None:
    for (key, figure), col in zip(figures, st.columns(2), strict=True):
        with col:
            show_chart(figure, key=key)


def section(name: str, **values) -> None:
    """A section's heading and explanation: the texts "train.<name>" and "train.<name>_body"."""
    st.subheader(t(f"train.{name}", **values))
    st.markdown(t(f"train.{name}_body", **values))


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
    """One change that req.train_request() made, in words (reasons: core.train_config.REASONS)."""
    why = t(f"train.reason_{a.reason}", width=WIDTH_LIMIT, seconds=f"{TIME_LIMIT:g}")
    name = t(f"train.name_{a.name}")
    return t(
        "train.fixed_item", name=name, given=md_escape(a.given), used=f"{a.used:g}", reason=why
    )


formula = (
    r"\begin{gathered}\color{#0072B2}\mathrm{softmax}\Big(\frac{QK^{\top}}{\sqrt{d_k}}\Big)V"
    r"\\ \color{#D55E00}\mathrm{softmax}\big(QK^{\top}\big)V\end{gathered}"
)
s = open_page("train", formula=formula, about_input=False)
# Before the controls: it sets their values.
request = req.train_request(causal=s.causal, seed=s.seed)
config, target, pct = request.config, request.target, f"{request.target:.0%}"
says = {"target": pct, "close": f"{CLOSE:.0%}"}  # what a verdict sentence needs
section("task", pairs=config.n_pairs, queries=config.n_queries, values=config.n_values)
st.markdown(t("train.model_body"))

st.subheader(t("train.controls"))
controls(config.batch)
seeds = ", ".join(str(x) for x in config.seeds)
mask = t("train.on" if config.causal else "train.off")
st.caption(t("train.shared", mask=mask, seed=config.seed, seeds=seeds))
if request.adjustments:
    st.warning("\n".join([t("train.fixed"), *(f"- {changed(a)}" for a in request.adjustments)]))
st.caption(t("train.estimate", seconds=f"{estimate_seconds(config):.2g}"))
ask("train", train_questions(training.first_step(config)), s)
asked = st.session_state.setdefault("train_asked", set())
if st.button(t("train.run"), type="primary", icon=":material/play_arrow:", key="train_run"):
    asked.add(config)
if config not in asked:
    st.info(t("train.press"), icon=":material/science:")
elif (c := training.comparison(config, target)) is not None:  # None: training, or failed
    st.subheader(t("train.learning"))
    for kind in ("scaled", "unscaled"):
        if broke := [str(r.seed) for r in getattr(c, kind).runs if r.diverged]:
            st.error(t("train.diverged", side=t(f"train.{kind}"), seeds=", ".join(broke)))
    a, b = c.scaled, c.unscaled
    code = verdict(a.steps_to_target, a.reached, b.steps_to_target, b.reached)
    st.markdown(t(f"train.verdict_{code}", d_k=config.d_k, steps=config.steps, **says))
    st.dataframe(fig.steps_table(c, t), hide_index=True)
    st.caption(t("train.steps_caption", window=c.window, target=pct))
    side_by_side(fig.learning_charts(c, t))
    st.caption(t("train.curves_caption", n=config.n_seeds))
    section("gradients")
    st.markdown(t("train.start", **fig.first_step(c)))
    side_by_side(fig.gradient_charts(c, t))
    st.caption(t("train.grad_caption"))
    section("entropy", uniform=f"{c.uniform_entropy:.2f}")
    show_chart(fig.entropy_chart(c, t), key="train_entropy")
    section("maps", seed=config.seed)
    st.markdown(t("train.example", tokens=" ".join(f"`{x}`" for x in fig.token_labels(c))))
    maps = fig.attention_maps(c, choose_head(config.n_heads, key="train_head"), t)
    side_by_side(maps[:2])
    side_by_side(maps[2:])

sweep = training.sweep_config(config)
dims = ", ".join(str(d) for d in DIMS)
section("sweep", target=pct, dims=dims, seeds=sweep.n_seeds, steps=sweep.steps)
if (sweep.n_seeds, sweep.n_heads) != (config.n_seeds, config.n_heads):
    used = {"seeds": sweep.n_seeds, "heads": sweep.n_heads, "width": WIDTH_LIMIT}
    st.caption(t("train.sweep_fewer", max_seeds=training.SWEEP_SEEDS_MAX, **used))
st.caption(t("train.sweep_estimate", seconds=f"{training.sweep_seconds(sweep):.2g}"))
swept = st.session_state.setdefault("train_swept", set())
if st.button(t("train.sweep_run"), icon=":material/query_stats:", key="train_sweep_run"):
    swept.add((sweep, target))
if (sweep, target) not in swept:
    st.info(t("train.sweep_press"), icon=":material/query_stats:")
elif (sw := training.train_sweep(config, target)) is not None:
    show_chart(fig.sweep_chart(sw, config.d_k, t), key="train_sweep")
    for code, group in sweep_verdicts(sw).items():
        d_k = ", ".join(map(str, group))
        st.markdown("- " + t(f"train.verdict_{code}", d_k=d_k, steps=sw.budget, **says))
    st.dataframe(fig.sweep_table(sw, t), hide_index=True)
    st.caption(t("train.sweep_table_caption"))
st.markdown(t("train.takeaway"))
