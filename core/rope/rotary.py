"""Rotary position embedding (RoPE; Su et al., 2021, "RoFormer"): turn q and k by position.

Instead of adding a position vector to the embeddings, RoPE rotates each query and key
after W_Q and W_K: the d_k dimensions are taken two at a time, and pair i is turned by
the angle position · θ_i, with θ_i = base^(−2i/d_k). Rotating q by m·θ_i and k by n·θ_i
leaves their dot product depending on (m − n)·θ_i alone, so the score sees how far apart
two tokens are, not where they are.

Two conventions are in use; they differ only in which dimensions make a pair:

- "interleaved": dimensions 2i and 2i+1, as the RoFormer paper writes it (eq. 34);
- "halves": dimension i with i + d_k/2, as GPT-NeoX and Llama's ``rotate_half`` do.

The app uses "interleaved" (DEFAULT_CONVENTION). A pair is then two neighbouring numbers
of the vector, which a student reads off a 4-d q as [x₀, x₁ | x₂, x₃]; and pair i turns
at the frequency of the Tokens page's sinusoid columns 2i and 2i+1 (sin and cos side by
side there too). "halves" is the same rotation with the dimensions permuted: a model
trained one way computes the same scores the other way once its W_Q and W_K columns are
reordered, so nothing about the scores depends on the choice.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

CONVENTIONS = ("interleaved", "halves")
DEFAULT_CONVENTION = "interleaved"
DEFAULT_BASE = 10_000.0


def _check_d_k(d_k: int) -> None:
    if d_k < 2 or d_k % 2:
        raise ValueError(f"RoPE turns dimensions in pairs: d_k={d_k} must be even and ≥ 2")


def _check_convention(convention: str) -> None:
    if convention not in CONVENTIONS:
        raise ValueError(f"convention must be one of {CONVENTIONS}, not {convention!r}")


def rope_theta(d_k: int, base: float = DEFAULT_BASE) -> np.ndarray:  # -> [d_k/2]
    """Each pair's angle per position step (radians): θ_i = base^(−2i/d_k), i = 0 … d_k/2 − 1."""
    _check_d_k(d_k)
    if not (np.isfinite(base) and base > 1):
        raise ValueError(f"the base must be a finite number above 1, not {base}")
    return np.power(float(base), -np.arange(0, d_k, 2, dtype=np.float64) / d_k)


def rope_wavelength(d_k: int, base: float = DEFAULT_BASE) -> np.ndarray:  # -> [d_k/2]
    """Positions per full turn of each pair, 2π/θ_i: 2π for pair 0, up to ~2π·base for the last."""
    return 2 * np.pi / rope_theta(d_k, base)


def pair_dims(d_k: int, convention: str = DEFAULT_CONVENTION) -> np.ndarray:  # -> [d_k/2, 2]
    """The two dimensions pair i turns: (2i, 2i+1) interleaved, (i, i + d_k/2) in halves."""
    _check_d_k(d_k)
    _check_convention(convention)
    i = np.arange(d_k // 2)
    if convention == "interleaved":
        return np.stack([2 * i, 2 * i + 1], axis=1)
    return np.stack([i, i + d_k // 2], axis=1)


def rope(
    x: np.ndarray,  # [..., n, d_k]  queries or keys, after W_Q or W_K
    positions,  # [n] (or broadcastable to [..., n]): each row's position, any real number
    *,
    base: float = DEFAULT_BASE,
    convention: str = DEFAULT_CONVENTION,
) -> np.ndarray:  # -> [..., n, d_k]
    """Rotate every pair of x's dimensions by position·θ_i: RoPE applied to q or k."""
    x = np.asarray(x, dtype=np.float64)
    d_k = x.shape[-1]
    dims = pair_dims(d_k, convention)  # [d_k/2, 2]
    angle = np.asarray(positions, dtype=np.float64)[..., None] * rope_theta(d_k, base)
    cos, sin = np.cos(angle), np.sin(angle)  # [..., n, d_k/2]
    a, b = x[..., dims[:, 0]], x[..., dims[:, 1]]  # [..., n, d_k/2] each
    out = np.empty(np.broadcast_shapes(x.shape, (*cos.shape[:-1], d_k)))
    out[..., dims[:, 0]] = a * cos - b * sin
    out[..., dims[:, 1]] = a * sin + b * cos
    return out


@dataclass(frozen=True)
class RopePairs:
    """One vector at one position, pair by pair: what the page draws as turning 2-d arrows."""

    position: float
    dims: np.ndarray  # [d_k/2, 2]  the two dimensions of each pair
    theta: np.ndarray  # [d_k/2]  radians per position step
    wavelength: np.ndarray  # [d_k/2]  positions per full turn, 2π/θ_i
    angle: np.ndarray  # [d_k/2]  position·θ_i, radians (not wrapped)
    before: np.ndarray  # [d_k/2, 2]  each pair's two components before the rotation
    after: np.ndarray  # [d_k/2, 2]  and after it
    rotated: np.ndarray  # [d_k]  the whole rotated vector

    @property
    def n_pairs(self) -> int:
        return self.theta.shape[0]


def rope_pairs(
    x: np.ndarray,  # [d_k]  one query or key
    position: float,
    *,
    base: float = DEFAULT_BASE,
    convention: str = DEFAULT_CONVENTION,
) -> RopePairs:
    """One vector rotated to its position, with each pair's angle and its 2-d before and after."""
    x = np.asarray(x, dtype=np.float64)
    d_k = x.shape[-1]
    rotated = rope(x[None], [position], base=base, convention=convention)[0]  # [d_k]
    dims = pair_dims(d_k, convention)
    theta = rope_theta(d_k, base)
    return RopePairs(
        position=float(position),
        dims=dims,
        theta=theta,
        wavelength=2 * np.pi / theta,
        angle=float(position) * theta,
        before=x[dims],  # [d_k/2, 2]
        after=rotated[dims],
        rotated=rotated,
    )


@dataclass(frozen=True)
class RopeScore:
    """A query and a key rotated to their positions, and the score between them."""

    q: RopePairs  # the query at its position
    k: RopePairs  # the key at its position
    distance: float  # the query's position minus the key's
    relative_angle: np.ndarray  # [d_k/2]  distance·θ_i: all the score sees of the positions
    pair_scores: np.ndarray  # [d_k/2]  each pair's share of the score; they sum to it
    score: float  # rotated q · rotated k
    unrotated: float  # q · k before any rotation (both at position 0)


def rope_score(
    q: np.ndarray,  # [d_k]
    k: np.ndarray,  # [d_k]
    pos_q: float,
    pos_k: float,
    *,
    base: float = DEFAULT_BASE,
    convention: str = DEFAULT_CONVENTION,
) -> RopeScore:
    """The score q·k once q is turned to pos_q and k to pos_k, pair by pair."""
    q_pairs = rope_pairs(q, pos_q, base=base, convention=convention)
    k_pairs = rope_pairs(k, pos_k, base=base, convention=convention)
    pair_scores = np.sum(q_pairs.after * k_pairs.after, axis=1)  # [d_k/2]
    return RopeScore(
        q=q_pairs,
        k=k_pairs,
        distance=float(pos_q) - float(pos_k),
        relative_angle=(float(pos_q) - float(pos_k)) * q_pairs.theta,
        pair_scores=pair_scores,
        score=float(q_pairs.rotated @ k_pairs.rotated),
        unrotated=float(np.asarray(q, dtype=np.float64) @ np.asarray(k, dtype=np.float64)),
    )
