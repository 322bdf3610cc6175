"""Softmax one tile of keys at a time: the online softmax inside FlashAttention.

(Milakov & Gimelshein, 2018, "Online normalizer calculation for softmax"; Dao et al.,
2022, "FlashAttention", Algorithm 1.) A query visits its keys in tiles of B. Between tiles
it keeps only three things: the largest score seen so far, m; the sum l of e^(x_j − m)
over the keys seen; and the unnormalised output acc = Σ e^(x_j − m)·v_j. When a tile
raises the maximum, l and acc were measured against the old m, so both are multiplied by
e^(m_old − m_new) before the tile's own terms are added. After the last tile, acc / l is
softmax(x)·V exactly: the Softmax page's subtraction of the row's maximum, done as the
maximum is found.

The scores are the ones the one attention function made (its ``scaled`` step: q·kᵀ times
the factor, over the temperature, −∞ where masked), so both sides see the same numbers
and only the softmax and the weighted sum are done differently. FlashAttention also makes
each tile's scores on the fly, which changes the memory, not a single number.

Shapes: ``n_k`` keys, ``d_v`` value width, ``T`` tiles; ``*r`` is the rows walked: none for
one query, ``n_q`` for every query.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import AttentionTrace, softmax


@dataclass(frozen=True)
class TileWalk:
    """Every step of the walk over the keys, tile by tile; what a query holds after each."""

    tile: int  # B, keys per tile; the last tile may be shorter
    starts: np.ndarray  # [T] int, first key of each tile
    stops: np.ndarray  # [T] int, one past each tile's last key
    scaled: np.ndarray  # [*r, n_k]  the scores the softmax sees, −∞ where masked
    v: np.ndarray  # [n_k, d_v]
    p: np.ndarray  # [*r, n_k]  e^(x_j − m) with m the running max just after j's tile
    tile_max: np.ndarray  # [T, *r]  the tile's own largest score, −∞ if no key is allowed
    tile_sum: np.ndarray  # [T, *r]  Σ p over the tile
    m_after: np.ndarray  # [T, *r]  the running max after the tile (−∞ until a key is allowed)
    rescale: np.ndarray  # [T, *r]  e^(m_before − m_after); 1 where the tile changes nothing
    l_after: np.ndarray  # [T, *r]  the running sum after the tile
    acc_after: np.ndarray  # [T, *r, d_v]  the running unnormalised output after the tile
    output: np.ndarray  # [*r, d_v]  acc / l after the last tile; zeros with no allowed key
    full_weights: np.ndarray  # [*r, n_k]  the full softmax's weights, to compare with
    full_output: np.ndarray  # [*r, d_v]  the full softmax's weights·V

    @property
    def n_tiles(self) -> int:
        return len(self.starts)

    @property
    def tile_of(self) -> np.ndarray:  # [n_k] int
        """The tile each key is in (0-based)."""
        return np.repeat(np.arange(self.n_tiles), self.stops - self.starts)

    @property
    def m_before(self) -> np.ndarray:  # [T, *r]
        """The running max each tile starts from: −∞ before the first."""
        return _before(self.m_after, -np.inf)

    @property
    def l_before(self) -> np.ndarray:  # [T, *r]
        return _before(self.l_after, 0.0)

    @property
    def acc_before(self) -> np.ndarray:  # [T, *r, d_v]
        return _before(self.acc_after, 0.0)

    @property
    def out_after(self) -> np.ndarray:  # [T, *r, d_v]
        """The running output normalised, acc / l: the answer if the keys stopped here."""
        return _normalised(self.acc_after, self.l_after)

    @property
    def out_before(self) -> np.ndarray:  # [T, *r, d_v]
        return _before(self.out_after, 0.0)

    @property
    def raised(self) -> np.ndarray:  # [T, *r] bool
        """The tile's max beat an earlier finite m, so the old l and acc were rescaled."""
        return np.isfinite(self.m_before) & (self.tile_max > self.m_before)

    @property
    def weights(self) -> np.ndarray:  # [*r, n_k]
        """The weights the walk implies, e^(x_j − m_final) / l_final (zeros with no key)."""
        m, l_final = self.m_after[-1], self.l_after[-1]
        e = np.exp(self.scaled - np.where(np.isfinite(m), m, 0.0)[..., None])
        return _normalised(e, l_final)

    @property
    def max_difference(self) -> float:
        """The largest |tiled output − full softmax's weights·V|."""
        return float(np.max(np.abs(self.output - self.full_output), initial=0.0))

    @property
    def max_weight_difference(self) -> float:
        return float(np.max(np.abs(self.weights - self.full_weights), initial=0.0))


def _before(after: np.ndarray, start: float) -> np.ndarray:  # [T, ...] -> [T, ...]
    """What each tile starts from: the start value, then the previous tile's result."""
    first = np.full_like(after[:1], start)
    return np.concatenate([first, after[:-1]])


def _normalised(acc: np.ndarray, total: np.ndarray) -> np.ndarray:  # [..., d], [...] -> [..., d]
    """acc / total, and zeros where nothing has been summed yet (total = 0)."""
    total = np.asarray(total)[..., None]
    return np.divide(acc, total, out=np.zeros(np.broadcast(acc, total).shape), where=total > 0)


def tile_bounds(n_k: int, tile: int) -> tuple[np.ndarray, np.ndarray]:  # -> [T], [T]
    """Where each tile of ``tile`` keys starts and stops; the last one takes what is left."""
    if isinstance(tile, bool) or not (isinstance(tile, (int, np.integer)) and tile >= 1):
        raise ValueError(f"the tile size must be a positive integer, got {tile!r}")
    if n_k < 1:
        raise ValueError("need at least one key")
    starts = np.arange(0, n_k, tile)
    return starts, np.minimum(starts + tile, n_k)


def _walk(
    scaled: np.ndarray,  # [*r, n_k]
    v: np.ndarray,  # [n_k, d_v]
    tile: int,
    full_weights: np.ndarray,  # [*r, n_k]
    full_output: np.ndarray,  # [*r, d_v]
) -> TileWalk:
    scaled = np.asarray(scaled, dtype=np.float64)
    v = np.asarray(v, dtype=np.float64)
    rows, n_k = scaled.shape[:-1], scaled.shape[-1]
    if v.ndim != 2 or v.shape[0] != n_k:
        raise ValueError(f"v must be [n_k, d_v] with n_k = {n_k}, got {v.shape}")
    starts, stops = tile_bounds(n_k, tile)
    n_tiles, d_v = len(starts), v.shape[1]
    p = np.zeros_like(scaled)
    tile_max, tile_sum, m_after, rescale, l_after = (np.empty((n_tiles, *rows)) for _ in range(5))
    acc_after = np.empty((n_tiles, *rows, d_v))
    m = np.full(rows, -np.inf)
    total = np.zeros(rows)
    acc = np.zeros((*rows, d_v))
    for t, (a, b) in enumerate(zip(starts, stops, strict=True)):
        x = scaled[..., a:b]  # [*r, b − a]
        tile_max[t] = x.max(axis=-1)
        m_new = np.maximum(m, tile_max[t])
        # A row with no allowed key yet keeps m = −∞; 0 stands in for it so that no step
        # ever computes −∞ − (−∞). Its e^(−∞ − 0) terms are exactly 0, as they should be.
        shift = np.where(np.isfinite(m_new), m_new, 0.0)
        p[..., a:b] = np.exp(x - shift[..., None])
        rescale[t] = np.where(m == m_new, 1.0, np.exp(m - shift))
        tile_sum[t] = p[..., a:b].sum(axis=-1)
        total = rescale[t] * total + tile_sum[t]
        acc = rescale[t][..., None] * acc + p[..., a:b] @ v[a:b]  # [*r, d_v]
        m = m_new
        m_after[t], l_after[t], acc_after[t] = m, total, acc
    return TileWalk(
        tile=int(tile),
        starts=starts,
        stops=stops,
        scaled=scaled,
        v=v,
        p=p,
        tile_max=tile_max,
        tile_sum=tile_sum,
        m_after=m_after,
        rescale=rescale,
        l_after=l_after,
        acc_after=acc_after,
        output=_normalised(acc, total),
        full_weights=np.asarray(full_weights),
        full_output=np.asarray(full_output),
    )


def online_softmax(
    scaled: np.ndarray,  # [*r, n_k]  scores as softmax sees them, −∞ where masked
    v: np.ndarray,  # [n_k, d_v]
    tile: int,
) -> TileWalk:  # -> output [*r, d_v]
    """softmax(scaled)·V one tile of keys at a time, beside the full softmax's own answer."""
    scaled, v = np.asarray(scaled, dtype=np.float64), np.asarray(v, dtype=np.float64)
    full_weights = softmax(scaled, axis=-1)  # [*r, n_k]
    return _walk(scaled, v, tile, full_weights, full_weights @ v)


def tiled_attention(
    trace: AttentionTrace,  # one head: scaled [n_q, n_k], v [n_k, d_v]
    tile: int,
    query: int | None = None,  # one query row, or None for every row
) -> TileWalk:  # -> output [d_v] for one query, [n_q, d_v] for all
    """The walk over the scores an attention trace already holds, one row or all of them.

    The comparison is with the trace's own weights and output: what a page draws as the
    full softmax's result. The walk runs in float64; a float32 trace (the real model's)
    then differs from it by float32 rounding, about 1e-7.
    """
    if trace.scaled.ndim != 2:
        raise ValueError("one head at a time: the trace's scores must be [n_q, n_k]")
    rows = slice(None) if query is None else int(query)
    return _walk(trace.scaled[rows], trace.v, tile, trace.weights[rows], trace.output[rows])
