"""What a full softmax holds against what the tiles hold, as n grows to 128 k.

Counted is what the softmax itself makes, for one head of one sequence: q, k and v are
inputs both ways, and the output [n, d_v] is written both ways. A full softmax makes the
n × n score matrix (one query's row: n scores). Tiles make, per query, one tile of B
scores and keep m, l and the running output row between tiles (B + 2 + d_v numbers); for
every query together, each query's m, l and output row, plus the one tile being worked on.
The running output is counted, since it must be kept between tiles; the full softmax's
output is not, since it is written once at the end. The GPU's memory levels (registers,
on-chip SRAM, HBM) are not modelled: these are counts of numbers alive at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

LONGEST = 131_072  # 128 k tokens: the chart's right edge
CHART_N = 2 ** np.arange(0, 18)  # [18]  1, 2, 4, … 131 072


@dataclass(frozen=True)
class TileMemory:
    """Numbers held by a full softmax and by the tiles, at each length n."""

    n: np.ndarray  # [N] int, sequence lengths
    tile: int  # B
    d_v: int
    bytes_per_number: int  # 4 for float32, 2 for float16
    full_row: np.ndarray  # [N]  one query's row of scores: n
    tiled_row: np.ndarray  # [N]  one query in tiles: B + 2 + d_v, the same at every n
    full: np.ndarray  # [N]  the n × n score matrix: n²
    tiled: np.ndarray  # [N]  every query's m, l and output row, and one tile: n·(d_v + 2) + B

    @property
    def full_bytes(self) -> np.ndarray:  # [N]
        return self.full * self.bytes_per_number

    @property
    def tiled_bytes(self) -> np.ndarray:  # [N]
        return self.tiled * self.bytes_per_number

    @property
    def full_row_bytes(self) -> np.ndarray:  # [N]
        return self.full_row * self.bytes_per_number

    @property
    def tiled_row_bytes(self) -> np.ndarray:  # [N]
        return self.tiled_row * self.bytes_per_number

    @property
    def ratio(self) -> np.ndarray:  # [N]
        """How many times more the full softmax holds (below 1: the tiles hold more)."""
        return self.full / self.tiled

    @property
    def row_crossover(self) -> int:
        """The shortest n at which one query's full row holds more than its tiles."""
        return self.tile + 2 + self.d_v + 1

    @property
    def crossover(self) -> int:
        """The shortest n at which the n × n matrix holds more than all the tiles' state."""
        a, b = self.d_v + 2, self.tile
        n = (a + math.isqrt(a * a + 4 * b)) // 2  # near the root of n² − a·n − b = 0
        while n * n <= a * n + b:
            n += 1
        return max(n, 1)


def tile_memory(
    n,  # int or [N] ints: sequence lengths
    *,
    tile: int,  # B
    d_v: int,
    bytes_per_number: int = 4,
) -> TileMemory:  # -> arrays [N]
    """The numbers each way at the lengths n (one head, one sequence)."""
    n = np.atleast_1d(np.asarray(n, dtype=np.int64))
    if np.any(n < 1):
        raise ValueError("every length must be at least 1")
    for name, value in (("tile", tile), ("d_v", d_v), ("bytes_per_number", bytes_per_number)):
        if isinstance(value, bool) or not (isinstance(value, (int, np.integer)) and value >= 1):
            raise ValueError(f"{name} must be a positive integer, got {value!r}")
    # int64 is exact here: (128 k)² ≈ 1.7·10¹⁰, far below 2⁶³
    return TileMemory(
        n=n,
        tile=int(tile),
        d_v=int(d_v),
        bytes_per_number=int(bytes_per_number),
        full_row=n.copy(),
        tiled_row=np.full_like(n, tile + 2 + d_v),
        full=n * n,
        tiled=n * (d_v + 2) + tile,
    )
