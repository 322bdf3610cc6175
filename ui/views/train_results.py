"""The Train page's results: both trainings side by side, and steps to the target against d_k.

Drawn once the page's question is answered; each training is asked for with a button and
computed once for every student who asks the same (ui.views.train_jobs).
"""

from __future__ import annotations

import streamlit as st

from core.train.config import WIDTH_LIMIT, TrainConfig
from core.train.experiment import CLOSE, DIMS, sweep_verdicts, verdict
from ui.figures import train as fig
from ui.i18n import t
from ui.views import train_jobs as training
from ui.widgets import choose_head, data_table, show_chart


def side_by_side(figures) -> None:
    for (key, figure), col in zip(figures, st.columns(2), strict=True):
        with col:
            show_chart(figure, key=key)


def section(name: str, **values) -> None:
    """A section's heading and explanation: the texts "train.<name>" and "train.<name>_body"."""
    st.subheader(t(f"train.{name}", **values))
    st.markdown(t(f"train.{name}_body", **values))


def _says(target: float) -> dict[str, str]:
    """What a verdict sentence needs."""
    return {"target": f"{target:.0%}", "close": f"{CLOSE:.0%}"}


def comparison(config: TrainConfig, target: float) -> None:
    """Train with and without ÷√d_k (on request), then the curves, gradients and maps."""
    asked = st.session_state.setdefault("train_asked", set())
    if st.button(t("train.run"), type="primary", icon=":material/play_arrow:", key="train_run"):
        asked.add(config)
    if config not in asked:
        st.info(t("train.press"), icon=":material/science:")
        return
    if (c := training.comparison(config, target)) is None:  # training, or failed
        return
    st.subheader(t("train.learning"))
    for kind in ("scaled", "unscaled"):
        if broke := [str(r.seed) for r in getattr(c, kind).runs if r.diverged]:
            st.error(t("train.diverged", side=t(f"train.{kind}"), seeds=", ".join(broke)))
    a, b = c.scaled, c.unscaled
    code = verdict(a.steps_to_target, a.reached, b.steps_to_target, b.reached)
    st.markdown(t(f"train.verdict_{code}", d_k=config.d_k, steps=config.steps, **_says(target)))
    data_table(fig.steps_table(c, t))
    st.caption(t("train.steps_caption", window=c.window, target=f"{target:.0%}"))
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
    head = choose_head(config.n_heads, key="train_head")
    maps = fig.attention_maps(c, head, t, bool(st.session_state.get("present")))
    side_by_side(maps[:2])
    side_by_side(maps[2:])


def sweep(config: TrainConfig, target: float) -> None:
    """Steps to the target against d_k, scaled and unscaled (on request)."""
    swept = training.sweep_config(config)
    dims = ", ".join(str(d) for d in DIMS)
    pct = f"{target:.0%}"
    section("sweep", target=pct, dims=dims, seeds=swept.n_seeds, steps=swept.steps)
    if (swept.n_seeds, swept.n_heads) != (config.n_seeds, config.n_heads):
        used = {"seeds": swept.n_seeds, "heads": swept.n_heads, "width": WIDTH_LIMIT}
        st.caption(t("train.sweep_fewer", max_seeds=training.SWEEP_SEEDS_MAX, **used))
    st.caption(t("train.sweep_estimate", seconds=f"{training.sweep_seconds(swept):.2g}"))
    asked = st.session_state.setdefault("train_swept", set())
    if st.button(t("train.sweep_run"), icon=":material/query_stats:", key="train_sweep_run"):
        asked.add((swept, target))
    if (swept, target) not in asked:
        st.info(t("train.sweep_press"), icon=":material/query_stats:")
        return
    if (sw := training.train_sweep(config, target)) is None:
        return
    show_chart(fig.sweep_chart(sw, config.d_k, t), key="train_sweep")
    for code, group in sweep_verdicts(sw).items():
        d_k = ", ".join(map(str, group))
        st.markdown("- " + t(f"train.verdict_{code}", d_k=d_k, steps=sw.budget, **_says(target)))
    data_table(fig.sweep_table(sw, t))
    st.caption(t("train.sweep_table_caption"))
