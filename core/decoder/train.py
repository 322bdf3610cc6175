"""Training the decoder by hand: the forward and backward passes of core.decoder, then Adam.

The parameters travel packed in one row (core.train.adam's form), in float32, the type the
checkpoints are shipped in, and every product of a step is float32 too: 1.4 to 2 times
faster than float64 on this model (see realmodel.train_decoder), and what is shipped is
exactly what the run continued from, so a run resumed from a shipped state repeats the
original's steps, to the last bits of float32 arithmetic, which differ between BLAS
libraries and builds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from core.decoder.backward import loss_and_grads
from core.decoder.data import NATURAL, REPEATED, Batch
from core.decoder.model import DecoderConfig, DecoderWeights
from core.train.adam import Adam, adam_init, adam_step


def pack(w: DecoderWeights, dtype=np.float32) -> np.ndarray:  # -> [1, n_params]
    """Every parameter in one row, in DecoderWeights.names() order."""
    return np.concatenate([w[n].reshape(-1) for n in w.names()]).astype(dtype)[None]


def unpack(theta: np.ndarray, config: DecoderConfig) -> DecoderWeights:  # [1, n_params] -> views
    """The inverse of pack(): views into theta, shaped as the config's weights."""
    parts, start = {}, 0
    for name, shape in shapes(config).items():
        size = math.prod(shape)
        parts[name] = theta[0, start : start + size].reshape(shape)
        start += size
    if start != theta.shape[1]:
        raise ValueError(f"{theta.shape[1]} parameters do not fit the config's {start}")
    return DecoderWeights(**parts)


def shapes(config: DecoderConfig) -> dict[str, tuple[int, ...]]:
    """Each weight's shape under a config."""
    c, hd = config, config.n_heads * config.d_k
    return {
        "e": (c.n_vocab, c.d_model),
        "p": (c.n_ctx, c.d_model),
        "w_q": (c.n_layers, c.d_model, hd),
        "w_k": (c.n_layers, c.d_model, hd),
        "w_v": (c.n_layers, c.d_model, hd),
        "w_o": (c.n_layers, hd, c.d_model),
        "w_u": (c.d_model, c.n_vocab),
    }


@dataclass(frozen=True)
class TrainState:
    """A run after ``step`` updates: its parameters and Adam's moments, packed."""

    step: int
    theta: np.ndarray  # [1, n_params] float32
    adam: Adam  # m, v [1, n_params]; adam.t == step

    def weights(self, config: DecoderConfig) -> DecoderWeights:
        return unpack(self.theta, config)


def start(w: DecoderWeights) -> TrainState:
    """A run before its first step, from these weights (rounded to float32)."""
    theta = pack(w)
    return TrainState(step=0, theta=theta, adam=adam_init(theta))


@dataclass(frozen=True)
class StepLoss:
    """One step's mean loss on its batch (before the update), overall and by kind of window."""

    step: int  # the update this batch fed: 1 for the first
    loss: float
    natural: float  # on the natural-text windows
    repeated: float  # on the repeated random strings


def train_step(
    state: TrainState, batch: Batch, config: DecoderConfig, lr: float
) -> tuple[TrainState, StepLoss]:
    """One update: the batch's loss and gradients, then one Adam step."""
    w = state.weights(config)
    losses, grads = loss_and_grads(w, batch.inputs, batch.targets, config, state.theta.dtype)
    theta, adam = adam_step(state.theta, pack(grads, state.theta.dtype), state.adam, lr)
    by_window = losses.mean(axis=1)  # [B]
    loss = StepLoss(
        step=state.step + 1,
        loss=float(losses.mean()),
        natural=float(by_window[batch.kind == NATURAL].mean()),
        repeated=float(by_window[batch.kind == REPEATED].mean()),
    )
    return TrainState(state.step + 1, theta, adam), loss
