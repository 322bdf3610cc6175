"""How peaked each attention row is, and how much gradient softmax still lets through."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def row_entropy(weights: np.ndarray) -> np.ndarray:
    """[..., n_k] -> [...]: entropy in nats, with 0·log 0 = 0."""
    p = np.asarray(weights, dtype=np.float64)
    logp = np.log(np.where(p > 0, p, 1.0))
    return -np.sum(p * logp, axis=-1)


def softmax_jacobian_norm(weights: np.ndarray) -> np.ndarray:
    """[..., n_k] -> [...]: Frobenius norm of diag(p) − p·pᵀ, the softmax Jacobian of a row.

    It is 0 for a one-hot row (no gradient flows back) and largest for flat rows.
    ||J||² = Σp² − 2Σp³ + (Σp²)², written out so no [n_k, n_k] matrix is built.
    """
    p = np.asarray(weights, dtype=np.float64)
    s2 = np.sum(p**2, axis=-1)
    s3 = np.sum(p**3, axis=-1)
    return np.sqrt(np.maximum(s2 - 2.0 * s3 + s2**2, 0.0))


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
