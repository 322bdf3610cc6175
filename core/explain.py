"""Any cell explained: the sums behind one score, one weight row and one output value.

Each function takes a step's trace (or its rows) and returns the terms a student adds up
by hand, with their total, so a page only prints them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import AttentionTrace

# Past this size of the largest z, e^z is too large or too small to read (e^10 ≈ 22026),
# so the worked softmax subtracts the row's maximum first, as the code itself does.
SHIFT_BEYOND = 10.0


@dataclass(frozen=True)
class Terms:
    """a · b term by term: the two factors of every term, the products and their sum."""

    a: np.ndarray  # [m]
    b: np.ndarray  # [m]
    products: np.ndarray  # [m]  a * b
    total: float  # Σ a * b

    def rounded_sum(self, decimals: int) -> float:
        """Σ a·b with both factors first rounded to ``decimals`` places: what a student who
        multiplies and adds the printed factors gets."""
        return float(np.sum(np.round(self.a, decimals) * np.round(self.b, decimals)))

    @property
    def b_range(self) -> tuple[float, float]:
        """The smallest and largest b: a mix with weights a ≥ 0 summing to 1 lies between."""
        return float(self.b.min()), float(self.b.max())


def _terms(a: np.ndarray, b: np.ndarray) -> Terms:
    products = a * b
    return Terms(a=a, b=b, products=products, total=float(np.sum(products)))


def score_terms(trace: AttentionTrace, i: int, j: int) -> Terms:  # one head's trace
    """S_ij = q_i · k_j: query i's and key j's components (a = q_i, b = k_j) [d_k]."""
    return _terms(trace.q[i], trace.k[j])


def output_terms(trace: AttentionTrace, i: int, c: int) -> Terms:  # one head's trace
    """O_ic = Σ_j A_ij V_jc over every key j (a = row i of A, b = column c of V) [n_k]."""
    return _terms(trace.weights[i], trace.v[:, c])


@dataclass(frozen=True)
class SoftmaxTerms:
    """Softmax of one row by hand, over the keys the mask allows."""

    keys: np.ndarray  # [m]  indices of the allowed keys
    z: np.ndarray  # [m]  their scaled scores
    shift: float  # m subtracted before exponentiating (0 unless the scores are large)
    exp: np.ndarray  # [m]  e^(z − shift)
    total: float  # Σ e^(z − shift)
    weights: np.ndarray  # [m]  exp / total
    best: int  # position in keys of the largest weight

    @property
    def weight_sum(self) -> float:
        return float(np.sum(self.weights))

    @property
    def shifted(self) -> np.ndarray:  # [m]  the exponents written out: z − shift
        return self.z - self.shift


def softmax_terms(trace: AttentionTrace, i: int) -> SoftmaxTerms:  # one head's trace
    """Row i of the weights worked out as e^(z_j − m) / Σ_l e^(z_l − m)."""
    keys = np.flatnonzero(trace.allowed[i])  # the masked keys drop out: e^(−∞) = 0
    z = trace.scaled[i, keys]
    top = float(z.max())
    shift = top if abs(top) > SHIFT_BEYOND else 0.0
    e = np.exp(z - shift)
    w = trace.weights[i, keys]
    total = float(e.sum())
    return SoftmaxTerms(keys, z, shift, e, total, w, int(np.argmax(w)))


@dataclass(frozen=True)
class MaskShift:
    """Where the weight of one query's blocked keys goes once the mask is on."""

    allowed: np.ndarray  # [n_k] bool
    blocked: float  # the weight the blocked keys had without the mask
    kept: float  # the weight the allowed keys had: 1 − blocked
    example: int  # the allowed key with the largest weight under the mask
    before: float  # its weight without the mask
    after: float  # its weight with the mask: before / kept

    @property
    def n_allowed(self) -> int:
        return int(self.allowed.sum())


def mask_shift(unmasked: np.ndarray, masked: np.ndarray, allowed: np.ndarray) -> MaskShift:
    # [n_k] weights without and with the mask, [n_k] bool -> the renormalisation
    """The mask renormalises the allowed weights: each is divided by what they held together."""
    kept = float(unmasked[allowed].sum())
    example = int(np.argmax(masked))
    return MaskShift(
        allowed=allowed,
        blocked=1.0 - kept,
        kept=kept,
        example=example,
        before=float(unmasked[example]),
        after=float(masked[example]),
    )


def most_negative(m: np.ndarray) -> tuple[int, int, float] | None:  # [r, c]
    """The row, column and value of the smallest entry, when it is below 0; else None."""
    i, c = np.unravel_index(int(np.argmin(m)), m.shape)
    return (int(i), int(c), float(m[i, c])) if m[i, c] < 0 else None
