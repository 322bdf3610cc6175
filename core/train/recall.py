"""Associative recall: a task that a model can only solve by attending to one earlier token.

A sequence holds ``n_pairs`` tokens that each carry a key and its value ("k3 = v7"), all
keys different, then ``n_queries`` query tokens that each carry one of those keys and a
blank value ("k3 = ?"). The answer at a query is the value stored with its key. Nothing
in the query token itself says what that value is; it sits at one earlier position, which
attention has to find by matching keys. No two queries of a sequence ask for the same key.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class RecallBatch:
    """A batch of sequences; position n_pairs + j is query j."""

    keys: np.ndarray  # [B, n] int in [0, n_keys)
    values: np.ndarray  # [B, n] int in [0, n_values]; n_values is the blank of a query
    targets: np.ndarray  # [B, n_q] int, the value each query asks for
    sources: np.ndarray  # [B, n_q] int, the position that holds it

    @property
    def n_queries(self) -> int:
        return self.targets.shape[1]

    def __getitem__(self, name: str) -> np.ndarray:
        return getattr(self, name)


def _distinct(rng: np.random.Generator, batch: int, pool: int, count: int) -> np.ndarray:
    """[batch, count] int: per row, count different numbers from range(pool), in random order."""
    return np.argsort(rng.random((batch, pool)), axis=1)[:, :count]


def recall_batch(
    rng: np.random.Generator,
    batch: int,
    *,
    n_pairs: int,
    n_queries: int,
    n_keys: int,
    n_values: int,
) -> RecallBatch:
    """Draw `batch` sequences of n_pairs key-value tokens followed by n_queries queries."""
    if not 1 <= n_queries <= n_pairs <= n_keys or n_values < 1:
        raise ValueError("need 1 <= n_queries <= n_pairs <= n_keys and n_values >= 1")
    pair_keys = _distinct(rng, batch, n_keys, n_pairs)  # [B, n_pairs]
    pair_values = rng.integers(0, n_values, size=(batch, n_pairs))  # [B, n_pairs]
    sources = _distinct(rng, batch, n_pairs, n_queries)  # [B, n_q]
    query_keys = np.take_along_axis(pair_keys, sources, axis=1)  # [B, n_q]
    targets = np.take_along_axis(pair_values, sources, axis=1)  # [B, n_q]
    blank = np.full((batch, n_queries), n_values)
    return RecallBatch(
        keys=np.concatenate([pair_keys, query_keys], axis=1),  # [B, n]
        values=np.concatenate([pair_values, blank], axis=1),  # [B, n]
        targets=targets,
        sources=sources,
    )
