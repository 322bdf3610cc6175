"""Generating one token at a time: the decoder's KV cache and the step that reads it.

A decoder makes its sentence token by token. At step t the new token's query attends to
the keys and values of tokens 1 … t (the causal mask's row t). Those of tokens 1 … t − 1
were made at earlier steps and do not change, so they are kept (the KV cache) and step t
computes only its own token's key and value. The result is the full causal attention's
row t, reached without recomputing anything; ``generate`` runs the whole sentence both
ways and says how far apart they are.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import causal_mask
from core.gqa import gqa_attention, kv_head_of
from core.multihead import MHAParams, MHAResult, multi_head_attention


class KVCache:
    """The keys and values of every token so far, per key/value head; each token adds a row.

    Room for ``capacity`` tokens is made at once, as inference servers do: appending
    copies nothing, and a row once written never changes, so what ``read`` gave after
    step t stays the cache as it was after step t.
    """

    def __init__(self, n_kv_heads: int, d_k: int, d_v: int, capacity: int):  # g, d_k, d_v, n
        self._k = np.zeros((n_kv_heads, capacity, d_k))  # [g, n, d_k]
        self._v = np.zeros((n_kv_heads, capacity, d_v))  # [g, n, d_v]
        self.length = 0

    @property
    def n_kv_heads(self) -> int:
        return self._k.shape[0]

    @property
    def capacity(self) -> int:
        return self._k.shape[1]

    def append(self, k: np.ndarray, v: np.ndarray) -> None:  # [g, d_k], [g, d_v]
        """Add one token's key and value, one row for each key/value head."""
        if self.length == self.capacity:
            raise ValueError(f"the cache is full ({self.capacity} tokens)")
        self._k[:, self.length] = k
        self._v[:, self.length] = v
        self.length += 1

    def read(self) -> tuple[np.ndarray, np.ndarray]:  # -> [g, t, d_k], [g, t, d_v]
        """Every cached key and value: read-only views, nothing copied."""
        k, v = self._k[:, : self.length], self._v[:, : self.length]
        k.flags.writeable = v.flags.writeable = False
        return k, v


@dataclass(frozen=True)
class DecodeStep:
    """Step t of generation: the new token's query reads the t keys and values cached."""

    t: int  # 1 … n: the step, and the number of tokens in the cache after it
    query: np.ndarray  # [h, d_k]  the new token's query, one row per query head
    key: np.ndarray  # [g, d_k]  the new token's key: the row each key/value head appended
    value: np.ndarray  # [g, d_v]
    keys: np.ndarray  # [g, t, d_k]  the cache after the step
    values: np.ndarray  # [g, t, d_v]
    scores: np.ndarray  # [h, t]  q·kᵀ with every cached key
    weights: np.ndarray  # [h, t]  softmax of the scaled scores: one row per query head
    head_outputs: np.ndarray  # [h, d_v]  weights·V
    output: np.ndarray  # [d_model]  the heads concatenated, times W_O


def _attend(
    query: np.ndarray,  # [h, d_k]
    key: np.ndarray,  # [g, d_k]
    value: np.ndarray,  # [g, d_v]
    cache: KVCache,
    scale: bool | float,
    temperature: float,
) -> dict:  # the fields of a DecodeStep but its output
    """Append the new token's key and value, then read every cached row with its query."""
    cache.append(key, value)  # [g, d_k], [g, d_v]
    keys, values = cache.read()  # [g, t, d_k], [g, t, d_v]
    # one query row per head over the t cached rows of its key/value head
    trace = gqa_attention(query[:, None], keys, values, scale=scale, temperature=temperature)
    return {
        "t": cache.length,
        "query": query,  # [h, d_k]
        "key": key,
        "value": value,
        "keys": keys,
        "values": values,
        "scores": trace.scores[:, 0],  # [h, t]
        "weights": trace.weights[:, 0],  # [h, t]
        "head_outputs": trace.output[:, 0],  # [h, d_v]
    }


def decode_step(
    x_t: np.ndarray,  # [d_model]  the new token's input
    params: MHAParams,  # g key/value heads
    cache: KVCache,  # appended to: it holds t − 1 tokens before the step, t after
    *,
    n_heads: int,
    scale: bool | float = True,
    temperature: float = 1.0,
) -> DecodeStep:
    """One decoder step: the new token's key and value join the cache, its query reads all.

    No mask is needed: the cache holds no token later than the new one.
    """
    x_t = np.asarray(x_t, dtype=np.float64)
    g = cache.n_kv_heads
    # 1) the new token's projections, and nothing else's
    query = (x_t @ params.w_q).reshape(n_heads, -1)  # [h, d_k]
    key = (x_t @ params.w_k).reshape(g, -1)  # [g, d_k]
    value = (x_t @ params.w_v).reshape(g, -1)  # [g, d_v]
    # 2) into the cache, and attention over all of it
    step = _attend(query, key, value, cache, scale, temperature)
    # 3) the heads side by side, back to d_model
    return DecodeStep(**step, output=step["head_outputs"].reshape(-1) @ params.w_o)


@dataclass(frozen=True)
class Generation:
    """A sentence generated token by token with a KV cache, beside full causal attention."""

    steps: tuple[DecodeStep, ...]  # [n]  steps[t − 1] is step t
    kv_head: np.ndarray  # [h] int  the key/value head query head i reads
    full: MHAResult  # the whole sentence at once under the causal mask, the same weights
    step_diff: np.ndarray  # [n]  largest |cached step t − full row t|: weights and outputs

    @property
    def n(self) -> int:
        return len(self.steps)

    @property
    def max_diff(self) -> float:
        return float(self.step_diff.max())

    def step(self, t: int) -> DecodeStep:
        """Step t (1 … n)."""
        if not 1 <= t <= self.n:
            raise ValueError(f"step {t} is not one of 1 … {self.n}")
        return self.steps[t - 1]


def _row_diff(s: DecodeStep, full: MHAResult) -> float:
    """How far step t is from the full pass's row t, over everything both compute."""
    row = full.weights[:, s.t - 1]  # [h, n]: zero after column t, by the mask
    return max(
        float(np.max(np.abs(s.weights - row[:, : s.t]))),
        float(np.max(np.abs(row[:, s.t :]), initial=0.0)),
        float(np.max(np.abs(s.head_outputs - full.head_outputs[:, s.t - 1]))),
        float(np.max(np.abs(s.output - full.output[s.t - 1]))),
    )


def generate(
    x: np.ndarray,  # [n, d_model], n >= 1
    params: MHAParams,  # g key/value heads
    *,
    n_heads: int,
    n_kv_heads: int,
    scale: bool | float = True,
    temperature: float = 1.0,
) -> Generation:
    """Run the decoder over the sentence step by step with a cache, and all at once.

    Each step's weights, head outputs and output are compared with the causal pass's row
    t (its weights after column t, which the mask makes 0, included).
    """
    x = np.asarray(x, dtype=np.float64)
    n = x.shape[0]
    if n < 1:
        raise ValueError("there is no token to generate")
    h, g = n_heads, n_kv_heads
    kv_head = kv_head_of(h, g)  # raises unless g divides h
    full = multi_head_attention(
        x,
        params,
        n_heads=h,
        n_kv_heads=g,
        mask=causal_mask(n),
        scale=scale,
        temperature=temperature,
    )
    # Token t's projections depend on its own input alone, so the full pass's rows are
    # what decode_step makes one row at a time (the tests hold them equal), and W_O goes
    # over all steps at once: the weights are read once, not n times (at d_model = 1024
    # the row-at-a-time products took 80 % of the time). What differs is the attention.
    cache = KVCache(g, full.k.shape[1] // g, full.v.shape[1] // g, capacity=n)
    attended = [
        _attend(
            full.q[i].reshape(h, -1),  # [h, d_k]
            full.k[i].reshape(g, -1),  # [g, d_k]
            full.v[i].reshape(g, -1),  # [g, d_v]
            cache,
            scale,
            temperature,
        )
        for i in range(n)
    ]
    outputs = np.stack([a["head_outputs"].reshape(-1) for a in attended]) @ params.w_o
    steps = tuple(DecodeStep(**a, output=o) for a, o in zip(attended, outputs, strict=True))
    diff = np.array([_row_diff(s, full) for s in steps])  # [n]
    return Generation(steps=steps, kv_head=kv_head, full=full, step_diff=diff)
