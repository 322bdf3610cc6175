"""Adam (Kingma & Ba, 2015) over parameters packed one row per model.

Shapes: S models (one per seed) side by side, each with n_params parameters in its row
(core.train.model.pack), so that an update is a few operations, not a few per matrix.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Adam:
    """Adam's running moments (Kingma & Ba, 2015) after `t` updates, one row per model."""

    m: np.ndarray  # [S, n_params]
    v: np.ndarray  # [S, n_params]
    t: int = 0


BETA1, BETA2, EPS = 0.9, 0.999, 1e-8


def adam_init(theta: np.ndarray) -> Adam:  # [S, n_params]
    """Adam before its first update: zero moments shaped like the parameters."""
    return Adam(m=np.zeros_like(theta), v=np.zeros_like(theta), t=0)


def adam_step(
    theta: np.ndarray, grad: np.ndarray, state: Adam, lr: float
) -> tuple[np.ndarray, Adam]:  # [S, n_params], [S, n_params] -> new [S, n_params]
    """One Adam update; returns a new array, so the weights before it stay as they were."""
    t = state.t + 1
    m = BETA1 * state.m + (1 - BETA1) * grad
    v = BETA2 * state.v + (1 - BETA2) * (grad * grad)
    step = lr * math.sqrt(1 - BETA2**t) / (1 - BETA1**t)  # both bias corrections in one factor
    eps = EPS * math.sqrt(1 - BETA2**t)  # ε of the bias-corrected form m̂ / (√v̂ + ε)
    return theta - step * m / (np.sqrt(v) + eps), Adam(m=m, v=v, t=t)
