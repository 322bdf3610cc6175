"""Scaled dot-product attention with its full step trace (Vaswani et al., 2017, §3.2.1).

Shapes use one vocabulary across the project: ``n`` tokens (``n_q`` queries, ``n_k``
keys), ``d_model``, ``h`` heads, ``d_k`` per-head query/key width, ``d_v`` value width.
Leading batch dimensions (``...``) are carried through untouched.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np


def _floating(x) -> np.ndarray:
    """float32 stays float32 (the real model's weights are float32); all else is float64."""
    x = np.asarray(x)
    return x if x.dtype == np.float32 else x.astype(np.float64, copy=False)


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    """Softmax that never overflows; a slice that is all -inf gives all zeros, not NaN.

    One new array, worked on in place: at n = 512 the exponentials and divisions cost as
    much as the matrix products around them, so no step makes a temporary copy.
    """
    x = _floating(x)
    m = np.max(x, axis=axis, keepdims=True)
    if not np.all(np.isfinite(m)):
        m = np.where(np.isfinite(m), m, 0.0)  # an all -inf slice keeps its -inf entries
    e = np.subtract(x, m)
    np.exp(e, out=e)
    total = np.sum(e, axis=axis, keepdims=True)
    if np.all(total > 0):
        e /= total
        return e
    return np.divide(e, total, out=np.zeros_like(e), where=total > 0)


def causal_mask(n: int) -> np.ndarray:
    """[n, n] bool, True where query i may attend to key j (j <= i): the decoder's mask."""
    return np.tril(np.ones((n, n), dtype=bool))


def scale_factor(scale: bool | float, d_k: int) -> float:
    """The factor scores are multiplied by: 1/sqrt(d_k) for True, 1 for False, else as given."""
    if isinstance(scale, (bool, np.bool_)):
        return 1.0 / np.sqrt(d_k) if scale else 1.0
    return float(scale)


@dataclass(frozen=True)
class AttentionTrace:
    """Every intermediate of one attention call, so a page can show any step."""

    q: np.ndarray  # [..., n_q, d_k]
    k: np.ndarray  # [..., n_k, d_k]
    v: np.ndarray  # [..., n_k, d_v]
    scores: np.ndarray  # [..., n_q, n_k]  q·kᵀ
    factor: float  # what the scores were multiplied by before the temperature
    temperature: float
    scaled: np.ndarray  # [..., n_q, n_k]  scores·factor/temperature, -inf where masked
    allowed: np.ndarray  # [..., n_q, n_k]  bool, True where attention is allowed
    weights: np.ndarray  # [..., n_q, n_k]  softmax of scaled, rows sum to 1
    output: np.ndarray  # [..., n_q, d_v]  weights·v

    @property
    def divided(self) -> np.ndarray:  # [..., n_q, n_k]
        """The scores times the factor alone (q·kᵀ/√d_k): before the temperature and the mask."""
        return self.scores * self.factor

    def select(self, index) -> AttentionTrace:
        """The trace of one element of the leading batch dimensions (e.g. one head)."""
        arrays = {f.name: getattr(self, f.name) for f in fields(self)}
        return AttentionTrace(
            **{
                name: value[index] if isinstance(value, np.ndarray) else value
                for name, value in arrays.items()
            }
        )


def attention_weights(
    scores: np.ndarray,  # [..., n_q, n_k]  q·kᵀ
    *,
    factor: float | np.ndarray = 1.0,  # broadcastable to scores, e.g. [m, 1, 1] for m sizes
    temperature: float = 1.0,
    mask: np.ndarray | None = None,  # bool, broadcastable to scores; True = may attend
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # -> scaled, allowed, weights
    """Steps 2 and 3 on scores already made: scale, heat, mask with −∞, softmax each row."""
    if not temperature > 0:
        raise ValueError("temperature must be positive")
    scores = _floating(scores)
    factor = np.asarray(factor, dtype=np.float64) / temperature
    scaled = scores * factor.astype(scores.dtype, copy=False)  # [..., n_q, n_k]
    if mask is None:
        allowed = np.broadcast_to(np.True_, scaled.shape)  # a view: no [n_q, n_k] array
    else:
        allowed = np.broadcast_to(np.asarray(mask, dtype=bool), scaled.shape)
        np.copyto(scaled, -np.inf, where=~allowed)
    return scaled, allowed, softmax(scaled, axis=-1)


def scaled_dot_product_attention(
    q: np.ndarray,  # [..., n_q, d_k]
    k: np.ndarray,  # [..., n_k, d_k]
    v: np.ndarray,  # [..., n_k, d_v]
    *,
    mask: np.ndarray | None = None,  # bool, broadcastable to [..., n_q, n_k]; True = may attend
    scale: bool | float = True,
    temperature: float = 1.0,
) -> AttentionTrace:
    """softmax(q·kᵀ · factor / temperature)·v, returning every step (-> output [..., n_q, d_v]).

    In float64, unless q, k and v are all float32: then in float32, as the real model.
    """
    q, k, v = (_floating(a) for a in (q, k, v))
    if len({q.dtype, k.dtype, v.dtype}) > 1:
        q, k, v = (a.astype(np.float64) for a in (q, k, v))
    if not temperature > 0:
        raise ValueError("temperature must be positive")
    factor = scale_factor(scale, q.shape[-1])
    scores = q @ np.swapaxes(k, -1, -2)  # [..., n_q, n_k]
    scaled, allowed, weights = attention_weights(
        scores, factor=factor, temperature=temperature, mask=mask
    )
    output = weights @ v  # [..., n_q, d_v]
    return AttentionTrace(
        q, k, v, scores, factor, float(temperature), scaled, allowed, weights, output
    )
