"""The long-context pages' own controls: what they offer and where they start.

Apart from their results (ui.long_context), so that the link's registry (ui.page_params)
can name their defaults without importing the caches.
"""

from __future__ import annotations

TILE_DEFAULT = 2  # at the article's 9 tokens: 5 tiles, the last one short
WINDOW_DEFAULT = 3
SINKS_DEFAULT = 1
LAYERS_OPTIONS = tuple(range(1, 13))  # up to BERT-base's and GPT-2's 12 layers
LAYERS_DEFAULT = 4
REACH_MASKS = ("window", "sinks")  # what every layer uses in the receptive field


def tile_options(n: int) -> list[int]:
    """Tile sizes to offer: powers of two up to the first that holds all n keys (one tile)."""
    options = [1]
    while options[-1] < n:
        options.append(2 * options[-1])
    return options


def window_options(n: int) -> list[int]:
    """A window of 1 (each token alone) to n (a causal mask)."""
    return list(range(1, n + 1))


def sinks_options(n: int) -> list[int]:
    """No sink to every token a sink."""
    return list(range(0, n + 1))
