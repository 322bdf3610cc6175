"""RoPE beside the sinusoidal positions: what each makes of the same two tokens.

Both schemes start from the same token embeddings and the same W_Q, W_K (one head):

- sinusoidal, as the Tokens page and the 2017 paper: x = e + PE(position) first, then
  q = x·W_Q, k = x·W_K (core.tokens.positional_encoding, base 10 000 over d_model);
- RoPE: q = e·W_Q and k = e·W_K, then each is rotated to its position (core.rope.rotary).

The score of the rotated pair depends on the distance alone; with the sinusoid added,
the position terms meet the embeddings inside q·k and the score depends on where the
two tokens are as well. ``shift_proof`` shows it for one shift, ``score_by_distance``
for whole curves that start at different places, and ``rope_view`` gathers both with the
pair-by-pair rotation for one query and one key.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.rope.rotary import DEFAULT_BASE, DEFAULT_CONVENTION, RopeScore, rope, rope_score
from core.tokens import positional_encoding


def _positions(positions) -> np.ndarray:
    """Whole positions ≥ 0: the only ones the sinusoidal table has rows for."""
    pos = np.asarray(positions)
    if pos.size and (np.any(pos < 0) or np.any(pos != np.round(pos))):
        raise ValueError("positions must be whole numbers ≥ 0")
    return pos.astype(np.int64)


def rope_scores(
    e_q: np.ndarray,  # [d_model]  the query token's embedding, no position in it
    e_k: np.ndarray,  # [d_model]  the key token's embedding
    w_q: np.ndarray,  # [d_model, d_k]
    w_k: np.ndarray,  # [d_model, d_k]
    pos_q,  # [m]
    pos_k,  # [m]
    *,
    base: float = DEFAULT_BASE,
    convention: str = DEFAULT_CONVENTION,
) -> np.ndarray:  # -> [m]
    """q·k with q = e_q·W_Q turned to pos_q and k = e_k·W_K turned to pos_k, for m pairs."""
    q = np.asarray(e_q, dtype=np.float64) @ w_q  # [d_k]
    k = np.asarray(e_k, dtype=np.float64) @ w_k  # [d_k]
    pos_q, pos_k = np.broadcast_arrays(np.asarray(pos_q, float), np.asarray(pos_k, float))
    rq = rope(np.broadcast_to(q, pos_q.shape + q.shape), pos_q, base=base, convention=convention)
    rk = rope(np.broadcast_to(k, pos_k.shape + k.shape), pos_k, base=base, convention=convention)
    return np.sum(rq * rk, axis=-1)  # [m]


def sinusoidal_scores(
    e_q: np.ndarray,  # [d_model]
    e_k: np.ndarray,  # [d_model]
    w_q: np.ndarray,  # [d_model, d_k]
    w_k: np.ndarray,  # [d_model, d_k]
    pos_q,  # [m]  whole, ≥ 0
    pos_k,  # [m]  whole, ≥ 0
) -> np.ndarray:  # -> [m]
    """q·k with the Tokens page's sinusoid added first: q = (e_q + PE(pos_q))·W_Q, same for k."""
    pos_q, pos_k = np.broadcast_arrays(_positions(pos_q), _positions(pos_k))
    d_model = np.shape(e_q)[-1]
    top = int(max(pos_q.max(initial=0), pos_k.max(initial=0)))
    pe = positional_encoding(top + 1, d_model)  # [top + 1, d_model]
    q = (np.asarray(e_q, dtype=np.float64) + pe[pos_q]) @ w_q  # [m, d_k]
    k = (np.asarray(e_k, dtype=np.float64) + pe[pos_k]) @ w_k  # [m, d_k]
    return np.sum(q * k, axis=-1)  # [m]


@dataclass(frozen=True)
class ShiftProof:
    """Both tokens moved by the same shift: the score before and after, in both schemes."""

    pos_q: int
    pos_k: int
    shift: int
    rope_before: float
    rope_after: float
    rope_difference: float  # after − before: rounding alone, ~1e-15
    sinusoidal_before: float
    sinusoidal_after: float
    sinusoidal_difference: float  # after − before: the positions themselves


def shift_proof(
    e_q: np.ndarray,  # [d_model]
    e_k: np.ndarray,  # [d_model]
    w_q: np.ndarray,  # [d_model, d_k]
    w_k: np.ndarray,  # [d_model, d_k]
    pos_q: int,
    pos_k: int,
    shift: int,
    *,
    base: float = DEFAULT_BASE,
    convention: str = DEFAULT_CONVENTION,
) -> ShiftProof:
    """Move both tokens ``shift`` places on: RoPE's score stays, the sinusoidal one moves."""
    qs, ks = [pos_q, pos_q + shift], [pos_k, pos_k + shift]  # before, after
    _positions(qs + ks)
    rope_ = rope_scores(e_q, e_k, w_q, w_k, qs, ks, base=base, convention=convention)
    sin_ = sinusoidal_scores(e_q, e_k, w_q, w_k, qs, ks)
    return ShiftProof(
        pos_q=int(pos_q),
        pos_k=int(pos_k),
        shift=int(shift),
        rope_before=float(rope_[0]),
        rope_after=float(rope_[1]),
        rope_difference=float(rope_[1] - rope_[0]),
        sinusoidal_before=float(sin_[0]),
        sinusoidal_after=float(sin_[1]),
        sinusoidal_difference=float(sin_[1] - sin_[0]),
    )


@dataclass(frozen=True)
class DistanceScores:
    """The score against the distance between the tokens, one curve per starting place."""

    distances: np.ndarray  # [m]  the query's position minus the key's
    starts: np.ndarray  # [s]  the key's position on each curve
    rope: np.ndarray  # [s, m]  every row the same: RoPE sees only the distance
    sinusoidal: np.ndarray  # [s, m]  rows differ: the sinusoid sees where the tokens are

    @property
    def rope_spread(self) -> float:
        """The largest gap between two curves at one distance, RoPE (rounding alone)."""
        return float(np.max(np.ptp(self.rope, axis=0))) if self.starts.size > 1 else 0.0

    @property
    def sinusoidal_spread(self) -> float:
        """The same for the sinusoidal scheme: how much the starting place matters."""
        return float(np.max(np.ptp(self.sinusoidal, axis=0))) if self.starts.size > 1 else 0.0


def score_by_distance(
    e_q: np.ndarray,  # [d_model]
    e_k: np.ndarray,  # [d_model]
    w_q: np.ndarray,  # [d_model, d_k]
    w_k: np.ndarray,  # [d_model, d_k]
    distances,  # [m]  whole; start + distance ≥ 0 for every start
    starts=(0,),  # [s]  whole, ≥ 0: where the key stands on each curve
    *,
    base: float = DEFAULT_BASE,
    convention: str = DEFAULT_CONVENTION,
) -> DistanceScores:
    """Key at each start, query at start + distance: the two schemes' scores as curves."""
    distances = np.asarray(distances, dtype=np.int64)  # [m]
    starts = _positions(np.atleast_1d(starts))  # [s]
    pos_k = np.broadcast_to(starts[:, None], (starts.size, distances.size))  # [s, m]
    pos_q = starts[:, None] + distances[None, :]  # [s, m]
    _positions(pos_q)
    return DistanceScores(
        distances=distances,
        starts=starts,
        rope=rope_scores(e_q, e_k, w_q, w_k, pos_q, pos_k, base=base, convention=convention),
        sinusoidal=sinusoidal_scores(e_q, e_k, w_q, w_k, pos_q, pos_k),
    )


DISTANCES = np.arange(64)  # query at or after the key, as a decoder sees it
STARTS = (0, 10, 40)  # where the key stands on each of the curves


@dataclass(frozen=True)
class RopeView:
    """Everything the RoPE page draws for one query token and one key token."""

    q: np.ndarray  # [d_k]  e_q·W_Q, before any rotation
    k: np.ndarray  # [d_k]  e_k·W_K
    pair: RopeScore  # both turned to their positions, pair by pair
    shift: ShiftProof  # both moved by the same shift, in both schemes
    curves: DistanceScores  # the score against the distance, in both schemes


def rope_view(
    e_q: np.ndarray,  # [d_model]  the followed token's embedding, no position in it
    e_k: np.ndarray,  # [d_model]  the key token's embedding
    w_q: np.ndarray,  # [d_model, d_k]  one head's W_Q
    w_k: np.ndarray,  # [d_model, d_k]
    pos_q: int,
    pos_k: int,
    *,
    shift: int = 5,
    distances=DISTANCES,  # [m]
    starts=STARTS,  # [s]
    base: float = DEFAULT_BASE,
    convention: str = DEFAULT_CONVENTION,
) -> RopeView:
    """A query and a key through RoPE: the pairs turned, the shift proof, the curves."""
    q = np.asarray(e_q, dtype=np.float64) @ w_q  # [d_k]
    k = np.asarray(e_k, dtype=np.float64) @ w_k  # [d_k]
    kw = {"base": base, "convention": convention}
    return RopeView(
        q=q,
        k=k,
        pair=rope_score(q, k, pos_q, pos_k, **kw),
        shift=shift_proof(e_q, e_k, w_q, w_k, pos_q, pos_k, shift, **kw),
        curves=score_by_distance(e_q, e_k, w_q, w_k, distances, starts, **kw),
    )
