"""How far back one token can reach through L layers of attention under a mask.

In one layer query i reads the keys its mask allows. In the next, each of those has
already read the keys *its* mask allows, so after L layers a token's state depends on
every position reachable in L steps along the mask: the L-th boolean power of the mask,
composed here one layer at a time. The residual connection carries each token's own state
forward too, so a token always reaches itself. With a sliding window of w each layer
reaches w − 1 further back: L·(w − 1) + 1 positions after L layers, "about L·w", until the
sentence runs out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class ReceptiveField:
    """Which input positions one token's state depends on after each layer."""

    query: int  # the token followed, 0-based
    reach: np.ndarray  # [L+1, n] bool: after l layers the query depends on position j; [0] itself

    @property
    def n_layers(self) -> int:
        return self.reach.shape[0] - 1

    @property
    def counts(self) -> np.ndarray:  # [L+1] int
        """How many positions the query reaches after each layer."""
        return self.reach.sum(axis=-1)

    @property
    def earliest(self) -> np.ndarray:  # [L+1] int
        """The first position reached after each layer."""
        return np.argmax(self.reach, axis=-1)

    def layers_to_reach(self, position: int) -> int | None:
        """The fewest layers after which the query depends on ``position``; None: not within L."""
        hits = np.flatnonzero(self.reach[:, position])
        return int(hits[0]) if hits.size else None


def receptive_field(
    mask: np.ndarray,  # [n, n] bool, True = query i may attend to key j
    n_layers: int,  # L
    query: int = -1,  # the token followed; -1 is the last
) -> ReceptiveField:  # -> reach [L+1, n]
    """Compose the mask layer by layer: the positions a token can reach after 0 … L layers."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    if mask.shape != (n, n) or n < 1:
        raise ValueError(f"the mask must be [n, n] with n ≥ 1, got {mask.shape}")
    if isinstance(n_layers, bool) or not (
        isinstance(n_layers, (int, np.integer)) and n_layers >= 0
    ):
        raise ValueError(f"n_layers must be an integer of at least 0, got {n_layers!r}")
    if not -n <= query < n:
        raise IndexError(f"query {query} is out of range for {n} tokens")
    step = (mask | np.eye(n, dtype=bool)).astype(np.int64)  # the residual keeps itself
    reach = np.zeros((n_layers + 1, n), dtype=bool)
    reach[0, query] = True
    for layer in range(1, n_layers + 1):
        reach[layer] = reach[layer - 1].astype(np.int64) @ step > 0
    return ReceptiveField(query=int(query) % n, reach=reach)


def window_span(window: int, n_layers: int) -> np.ndarray:  # -> [L+1] int
    """Positions a window of w reaches after 0 … L layers in a long enough text: l·(w − 1) + 1."""
    if window < 1 or n_layers < 0:
        raise ValueError("need a window of at least 1 and at least 0 layers")
    return np.arange(n_layers + 1, dtype=np.int64) * (window - 1) + 1


def layers_needed(distance: int, window: int) -> int | None:
    """Layers a window of w needs to carry a token ``distance`` places forward; None: never."""
    if distance < 0 or window < 1:
        raise ValueError("need a distance of at least 0 and a window of at least 1")
    if distance == 0:
        return 0
    return None if window == 1 else math.ceil(distance / (window - 1))
