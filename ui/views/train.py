"""Why scale? Train it: the page's declaration, its controls' options, and what they ask for
made safe to train.

The controls live in session_state (and in the link: PARAMS) under the keys of
TRAIN_FIELDS; train_request() reads them before they are drawn. The trainings run in a
worker process (ui.views.train_jobs); their results are drawn by ui.views.train_results.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import streamlit as st

from core import quiz
from core.train.config import LIMITS, Adjustment, TrainConfig, validate
from core.train.experiment import DIMS, compare, scaling_sweep
from ui.figures import train as figures
from ui.i18n import t
from ui.page import Page, Param

# Powers of two within core.train.config's limits of d_k (1 … 512)
TRAIN_DK_OPTIONS = tuple(2**e for e in range(int(math.log2(LIMITS["d_k"][1])) + 1))
TRAIN_LR_OPTIONS = (1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.03, 0.1, 0.3, 1.0)  # … and of lr
TRAIN_TARGETS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
TRAIN_TARGET = 0.9
# The Train page's controls: session_state key -> core.train.config.TrainConfig field
TRAIN_FIELDS = {
    "train_dk": "d_k",
    "train_heads": "n_heads",
    "train_lr": "lr",
    "train_steps": "steps",
    "train_seeds": "n_seeds",
}
TRAIN_DEFAULTS = {
    **{key: getattr(TrainConfig(), name) for key, name in TRAIN_FIELDS.items()},
    "train_target": TRAIN_TARGET,
}
LINK_NAMES = {  # each control's name in the link
    "train_dk": "dk",
    "train_heads": "h",
    "train_lr": "lr",
    "train_steps": "steps",
    "train_seeds": "seeds",
    "train_target": "target",
}


@dataclass(frozen=True)
class TrainRequest:
    """What the Train page trains: a config safe to train, the target accuracy, and every
    change made to what the link or the controls asked for (reasons: core.train.config.REASONS,
    and "choice": moved to the nearest value a control offers)."""

    config: TrainConfig
    target: float
    adjustments: tuple[Adjustment, ...]


def _nearest_log(value: float, options) -> float:
    return min(options, key=lambda o: abs(math.log(o / value)))


def _moved(out: list[Adjustment], name: str, given: object, used: object) -> None:
    """Record that `name` was moved to `used`, in the change already recorded if there is one."""
    for i, a in enumerate(out):
        if a.name == name:
            out[i] = Adjustment(name, a.given, used, a.reason)
            return
    out.append(Adjustment(name, given, used, "choice"))


def _target(raw: object, out: list[Adjustment]) -> float:
    try:
        value = float(raw)
    except (TypeError, ValueError):
        value = math.nan
    if not math.isfinite(value):
        out.append(Adjustment("target", raw, TRAIN_TARGET, "invalid"))
        return TRAIN_TARGET
    lo, hi = TRAIN_TARGETS[0], TRAIN_TARGETS[-1]
    used = min(TRAIN_TARGETS, key=lambda o: abs(o - min(max(value, lo), hi)))
    if value < lo or value > hi:
        out.append(Adjustment("target", raw, used, "too_small" if value < lo else "too_large"))
    elif used != value:
        out.append(Adjustment("target", raw, used, "choice"))
    return used


def train_request(*, causal: bool, seed: int) -> TrainRequest:
    """The Train page's controls (a link's text or the widgets' values) made safe to train by
    core.train.config.validate(), with the shared mask and seed, and d_k, lr and the target moved
    to values their controls offer. The values used are written back to the controls, so
    they show what is trained. Call it before the controls are drawn."""
    s = st.session_state
    given = {name: s[key] for key, name in TRAIN_FIELDS.items() if key in s}
    checked = validate(given, causal=causal, seed=seed)
    out = list(checked.adjustments)
    config = checked.config
    # d_k moves down (never past the width and time limits just met), lr to the nearest.
    d_k = max(d for d in TRAIN_DK_OPTIONS if d <= config.d_k)
    lr = _nearest_log(config.lr, TRAIN_LR_OPTIONS)
    for name, used in (("d_k", d_k), ("lr", lr)):
        if used != getattr(config, name):
            _moved(out, name, given.get(name), used)
    config = replace(config, d_k=d_k, lr=lr)
    target = _target(s.get("train_target", TRAIN_TARGET), out)
    for key, name in TRAIN_FIELDS.items():
        s[key] = getattr(config, name)
    s["train_target"] = target
    return TrainRequest(config, target, tuple(out))


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    c = compare(TrainConfig(steps=1, n_seeds=1), window=1)
    figures.learning_charts(c, t)
    figures.gradient_charts(c, t)
    figures.entropy_chart(c, t)
    figures.attention_maps(c, 0, t)
    sweep = scaling_sweep(TrainConfig(steps=1, n_seeds=1), DIMS, window=1)
    for d_k in (int(DIMS[0]), 0):  # a d_k of the sweep, marked; one outside it
        figures.sweep_chart(sweep, d_k, t)


PAGE = Page(
    "train",
    icon=":material/science:",
    section="more",
    controls=("causal", "seed"),  # its own model; the shared mask and seed
    params=tuple(Param(key, name, TRAIN_DEFAULTS[key]) for key, name in LINK_NAMES.items()),
    questions={"train": quiz.train_questions},
    warm=warm,
)
