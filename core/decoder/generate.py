"""Generating text with the decoder one character at a time, with a KV cache in every layer.

Each character fed to the model goes through core.generate.kvcache.decode_step once per layer: its
key and value join that layer's cache, and its query reads every row cached so far. The
full causal pass over the same characters computes the same rows all at once; each step is
compared with it (``step_diff``), and the characters chosen from the uncached logits are
the ones generated (``same_choices``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import softmax
from core.decoder.model import DecoderConfig, DecoderForward, DecoderWeights, check_ids, forward
from core.generate.kvcache import DecodeStep, KVCache, decode_step
from core.multihead import MHAParams


@dataclass(frozen=True)
class CachedStep:
    """One character through the model with the caches: position t, every layer's step."""

    t: int  # 0-based position of the character fed
    token: int  # its id
    layers: tuple[
        DecodeStep, ...
    ]  # L × core.generate.kvcache's step: weights [h, t + 1], output [d_model]
    logits: np.ndarray  # [V]  the prediction of the character after it


@dataclass(frozen=True)
class Generation:
    """A prompt and what the model wrote after it, with the uncached pass to check it by."""

    ids: np.ndarray  # [n_prompt + n_new]  the prompt, then the generated characters
    n_prompt: int
    steps: tuple[CachedStep, ...]  # one per character fed: n_prompt + n_new − 1
    full: DecoderForward  # the uncached causal pass over the characters fed
    step_diff: np.ndarray  # [steps]  largest |cached − uncached| over logits and attention
    same_choices: bool  # the uncached logits choose the same characters, with the same draws

    @property
    def new_ids(self) -> np.ndarray:  # [n_new]
        return self.ids[self.n_prompt :]

    @property
    def max_diff(self) -> float:
        return float(self.step_diff.max())


def _choose(logits: np.ndarray, temperature: float, u: float) -> int:  # [V] -> an id
    """The largest logit (temperature 0), or the draw u ∈ [0, 1) of softmax(logits/T)."""
    if temperature == 0:
        return int(np.argmax(logits))
    p = softmax(logits / temperature)
    cdf = np.cumsum(p)
    return int(min(np.searchsorted(cdf, u * cdf[-1], side="right"), len(p) - 1))


def generate(
    w: DecoderWeights,
    prompt: np.ndarray,  # [n_prompt] ids, n_prompt >= 1
    n_new: int,
    config: DecoderConfig,
    *,
    temperature: float = 0.0,  # 0: always the most likely character
    seed: int = 0,  # the draws when temperature > 0
) -> Generation:  # -> ids [n_prompt + n_new]
    """Feed the prompt through the cached layers, then write n_new characters one by one."""
    prompt = check_ids(np.asarray(prompt).reshape(-1), config)
    n_prompt = len(prompt)
    if n_new < 1 or n_prompt + n_new > config.n_ctx:
        raise ValueError(
            f"the prompt ({n_prompt}) and what is generated ({n_new}, at least 1) must fit in "
            f"the model's {config.n_ctx} positions"
        )
    if not temperature >= 0:
        raise ValueError("the temperature must be 0 or more")
    w = w.astype(np.float64)
    h, d_k, n_fed = config.n_heads, config.d_k, n_prompt + n_new - 1
    layers = [
        MHAParams(w_q=w.w_q[i], w_k=w.w_k[i], w_v=w.w_v[i], w_o=w.w_o[i])
        for i in range(config.n_layers)
    ]
    caches = [KVCache(h, d_k, d_k, capacity=n_fed) for _ in layers]
    draws = np.random.default_rng(seed).random(n_new)  # one uniform number per new character
    ids, steps = list(prompt.tolist()), []
    for t in range(n_fed):
        x = w.e[ids[t]] + w.p[t]  # [d_model]
        done = []
        for params, cache in zip(layers, caches, strict=True):
            step = decode_step(x, params, cache, n_heads=h)
            x = x + step.output  # the residual stream, as in the full pass
            done.append(step)
        logits = x @ w.w_u  # [V]
        steps.append(CachedStep(t=t, token=ids[t], layers=tuple(done), logits=logits))
        if t >= n_prompt - 1:
            ids.append(_choose(logits, temperature, draws[t - n_prompt + 1]))
    ids = np.array(ids)
    full = forward(w, ids[:n_fed], config)
    diff = np.array([_step_diff(s, full) for s in steps])
    chosen = [
        _choose(full.logits[t], temperature, draws[t - n_prompt + 1])
        for t in range(n_prompt - 1, n_fed)
    ]
    return Generation(
        ids=ids,
        n_prompt=n_prompt,
        steps=tuple(steps),
        full=full,
        step_diff=diff,
        same_choices=chosen == ids[n_prompt:].tolist(),
    )


def _step_diff(s: CachedStep, full: DecoderForward) -> float:
    """How far step t is from the uncached pass's row t: logits and every head's weights."""
    rows = [np.max(np.abs(s.logits - full.logits[s.t]))]
    for layer, step in zip(full.traces, s.layers, strict=True):
        rows.append(np.max(np.abs(step.weights - layer.weights[:, s.t, : s.t + 1])))
    return float(max(rows))
