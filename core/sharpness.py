"""How peaked each attention row is, and how much gradient softmax still lets through."""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from core.attention import attention_weights, scale_factor


def row_entropy(weights: np.ndarray) -> np.ndarray:
    """[..., n_k] -> [...]: entropy in nats, with 0·log 0 = 0."""
    p = np.asarray(weights, dtype=np.float64)
    logp = np.log(np.where(p > 0, p, 1.0))
    return -np.sum(p * logp, axis=-1)


def softmax_jacobian_norm(weights: np.ndarray) -> np.ndarray:
    """[..., n_k] -> [...]: Frobenius norm of diag(p) − p·pᵀ, the softmax Jacobian of a row.

    It goes to 0 as the row becomes one-hot (no gradient flows back through softmax).
    ||J||² = Σᵢ pᵢ²(1 − pᵢ)² + Σᵢ pᵢ² Σ_{j≠i} pⱼ². For the largest weight, 1 − p and the
    sum over the others are added up from the other entries rather than subtracted from 1,
    so a nearly one-hot row keeps its tiny but nonzero norm instead of rounding to 0.
    """
    p = np.asarray(weights, dtype=np.float64)
    top = np.arange(p.shape[-1]) == np.argmax(p, axis=-1)[..., None]  # [..., n_k]
    rest1 = np.sum(np.where(top, 0.0, p), axis=-1, keepdims=True)  # 1 − p_max, exactly
    rest2 = np.sum(np.where(top, 0.0, p**2), axis=-1, keepdims=True)  # Σ_{j≠max} pⱼ²
    s2 = np.sum(p**2, axis=-1, keepdims=True)
    one_minus_p = np.where(top, rest1, 1.0 - p)  # other entries are ≤ 1/2: no cancellation
    others_sq = np.where(top, rest2, s2 - p**2)
    return np.sqrt(np.sum(p**2 * (one_minus_p**2 + others_sq), axis=-1))


@dataclass(frozen=True)
class Sharpness:
    """Per-row measures of one weight matrix [..., n_q, n_k] (each field [..., n_q])."""

    entropy_nats: np.ndarray
    entropy_bits: np.ndarray
    effective_tokens: np.ndarray  # exp(entropy): 1 for one-hot, n_k for uniform
    max_weight: np.ndarray
    grad_norm: np.ndarray  # Frobenius norm of the row's softmax Jacobian

    def __getitem__(self, name: str) -> np.ndarray:
        return getattr(self, name)

    def mean(self) -> Sharpness:
        """Every measure averaged over the rows (the last axis): [..., n_q] -> [...]."""
        return Sharpness(*(np.mean(getattr(self, f.name), axis=-1) for f in fields(self)))


def max_entropy(n_keys: int) -> float:
    """The entropy of an even spread over n_keys keys, ln n: the most a row can have."""
    return float(np.log(n_keys))


def sharpness(weights: np.ndarray) -> Sharpness:
    """All sharpness measures of the rows of a weight matrix."""
    h = row_entropy(weights)
    return Sharpness(
        entropy_nats=h,
        entropy_bits=h / np.log(2.0),
        effective_tokens=np.exp(h),
        max_weight=np.max(weights, axis=-1),
        grad_norm=softmax_jacobian_norm(weights),
    )


@dataclass(frozen=True)
class Sweep:
    """Sharpness at every size, over several random models (seeds): its mean and its range."""

    dims: np.ndarray  # [m]  d_k of each size
    mean: Sharpness  # fields [m]: the mean over the seeds of each seed's mean over the rows
    low: Sharpness  # fields [m]: the lowest seed's
    high: Sharpness  # fields [m]: the highest seed's
    n_seeds: int


def sharpness_sweep(
    scores: np.ndarray,  # [s, m, n_q, n_k]  raw q·kᵀ of one head, s seeds at each of m sizes
    dims,  # [m]  d_k of each size
    *,
    scale: bool,
    temperature: float,
    mask: np.ndarray | None = None,  # [n_q, n_k] bool
) -> Sweep:
    """How sharp the rows are at every size, the other settings held: steps 2 and 3 again."""
    dims = np.asarray(dims)
    factors = np.array([scale_factor(scale, int(d)) for d in dims])[:, None, None]  # [m, 1, 1]
    _, _, weights = attention_weights(scores, factor=factors, temperature=temperature, mask=mask)
    per_seed = sharpness(weights).mean()  # fields [s, m]

    def over_seeds(reduce) -> Sharpness:
        return Sharpness(*(reduce(getattr(per_seed, f.name), axis=0) for f in fields(Sharpness)))

    return Sweep(dims, over_seeds(np.mean), over_seeds(np.min), over_seeds(np.max), len(scores))
