"""Which keys a query may see: no mask, causal, a sliding window, sinks with a window.

Each mask is [n, n] bool, True where query i may attend to key j, for
:func:`core.attention.scaled_dot_product_attention`. The window and the sinks restrict the
decoder's causal mask further, so they are built on :func:`core.attention.causal_mask`:

- none (an encoder, BERT): every query sees every key;
- causal (a decoder): keys 0 … i;
- a sliding window of w (Longformer, Mistral): keys i − w + 1 … i, the last w tokens;
- sinks and a window (StreamingLLM, Xiao et al. 2023): the window, and the first s tokens
  always, since trained models pour much of their attention into the first tokens and
  break down when those are dropped from a cache.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import AttentionTrace, causal_mask, scaled_dot_product_attention

MASK_KINDS = ("none", "causal", "window", "sinks")


def _count(name: str, value, least: int) -> int:
    if isinstance(value, bool) or not (isinstance(value, (int, np.integer)) and value >= least):
        raise ValueError(f"{name} must be an integer of at least {least}, got {value!r}")
    return int(value)


def _offsets(n: int) -> np.ndarray:  # -> [n, n] int
    """i − j for query i and key j: how far back key j lies."""
    i = np.arange(n)
    return i[:, None] - i[None, :]


def no_mask(n: int) -> np.ndarray:  # -> [n, n] bool
    """Every query sees every key: an encoder's attention."""
    return np.ones((_count("n", n, 1), n), dtype=bool)


def window_mask(n: int, window: int) -> np.ndarray:  # -> [n, n] bool
    """Query i sees keys i − w + 1 … i: itself and the w − 1 tokens before it."""
    window = _count("window", window, 1)
    return causal_mask(_count("n", n, 1)) & (_offsets(n) < window)


def sink_mask(n: int, window: int, sinks: int) -> np.ndarray:  # -> [n, n] bool
    """The sliding window, and the first s tokens always (those before the query)."""
    sinks = _count("sinks", sinks, 0)
    return window_mask(n, window) | (causal_mask(n) & (np.arange(n) < sinks)[None, :])


def build_mask(kind: str, n: int, *, window: int = 1, sinks: int = 0) -> np.ndarray:  # [n, n]
    """One of MASK_KINDS at n tokens."""
    if kind == "none":
        return no_mask(n)
    if kind == "causal":
        return causal_mask(_count("n", n, 1))
    if kind == "window":
        return window_mask(n, window)
    if kind == "sinks":
        return sink_mask(n, window, sinks)
    raise ValueError(f"unknown mask {kind!r}; one of {MASK_KINDS}")


@dataclass(frozen=True)
class MaskPattern:
    """One mask on one head's q, k, v, and the weights it leaves."""

    kind: str  # one of MASK_KINDS
    mask: np.ndarray  # [n, n] bool, True = may attend
    trace: AttentionTrace  # the one attention function's result under this mask

    @property
    def visible(self) -> np.ndarray:  # [n] int
        """How many keys each query may see."""
        return self.mask.sum(axis=-1)

    @property
    def masked_weight(self) -> float:
        """The largest weight on a masked cell: exactly 0.0."""
        return float(np.max(self.trace.weights[~self.mask], initial=0.0))

    @property
    def row_sums(self) -> np.ndarray:  # [n]
        return self.trace.weights.sum(axis=-1)

    @property
    def sum_error(self) -> float:
        """The largest |row sum − 1| over the rows that see at least one key."""
        sees = self.visible > 0
        return float(np.max(np.abs(self.row_sums[sees] - 1.0), initial=0.0))


def mask_patterns(
    trace: AttentionTrace,  # one head: q [n, d_k], k [n, d_k], v [n, d_v]
    *,
    window: int,
    sinks: int,
) -> list[MaskPattern]:  # one per MASK_KINDS, in that order
    """Every mask side by side on the same head, with its factor and temperature kept."""
    n = trace.q.shape[-2]
    if trace.q.ndim != 2 or trace.k.shape[-2] != n:
        raise ValueError("one head of self-attention: q and k must both be [n, d_k]")
    patterns = []
    for kind in MASK_KINDS:
        mask = build_mask(kind, n, window=window, sinks=sinks)
        masked = scaled_dot_product_attention(
            trace.q,
            trace.k,
            trace.v,
            mask=mask,
            scale=trace.factor,
            temperature=trace.temperature,
        )
        patterns.append(MaskPattern(kind, mask, masked))
    return patterns
