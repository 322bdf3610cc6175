"""The paper's footnote 4, measured: q·k of unit-variance vectors has variance d_k.

If q and k have independent components with mean 0 and variance 1, then
q·k = Σ q_i k_i is a sum of d_k terms of variance 1, so Var(q·k) = d_k. Dividing by
√d_k brings the variance back to 1, whatever the dimension.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import softmax


@dataclass(frozen=True)
class Footnote4:
    """One value per dimension in ``dims`` for every field."""

    dims: np.ndarray  # [m]
    n_samples: int  # dot products measured per dimension
    n_keys: int  # scores per softmax row
    mean_raw: np.ndarray  # mean of q·k
    var_raw: np.ndarray  # variance of q·k (≈ d)
    mean_scaled: np.ndarray  # mean of q·k/√d
    var_scaled: np.ndarray  # variance of q·k/√d (≈ 1)
    max_weight_raw: np.ndarray  # mean largest softmax weight of a row of n_keys raw scores
    max_weight_scaled: np.ndarray  # the same with scaled scores

    def __getitem__(self, name: str):
        return getattr(self, name)


def footnote4_experiment(dims, *, n_rows: int = 256, n_keys: int = 16, seed: int = 0) -> Footnote4:
    """Sample n_rows queries and n_rows·n_keys keys per d; measure q·k before and after scaling.

    Each row shares its query across n_keys keys, as in one row of attention; the scores in
    a row are still uncorrelated, so all n_rows·n_keys of them estimate the variance.
    """
    dims = np.asarray(list(dims), dtype=int)
    rng = np.random.default_rng(seed)
    stats = {name: np.empty(len(dims)) for name in ("mr", "vr", "ms", "vs", "wr", "ws")}
    for i, d in enumerate(dims):
        q = rng.standard_normal((n_rows, 1, d))  # [rows, 1, d]
        k = rng.standard_normal((n_rows, n_keys, d))  # [rows, n_keys, d]
        raw = np.sum(q * k, axis=-1)  # [rows, n_keys]
        scaled = raw / np.sqrt(d)
        stats["mr"][i], stats["vr"][i] = raw.mean(), raw.var(ddof=1)
        stats["ms"][i], stats["vs"][i] = scaled.mean(), scaled.var(ddof=1)
        stats["wr"][i] = softmax(raw).max(axis=-1).mean()
        stats["ws"][i] = softmax(scaled).max(axis=-1).mean()
    return Footnote4(
        dims=dims,
        n_samples=n_rows * n_keys,
        n_keys=n_keys,
        mean_raw=stats["mr"],
        var_raw=stats["vr"],
        mean_scaled=stats["ms"],
        var_scaled=stats["vs"],
        max_weight_raw=stats["wr"],
        max_weight_scaled=stats["ws"],
    )
