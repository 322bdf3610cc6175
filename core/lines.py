"""Where one query's attention goes, head by head: the links a line view draws (one line
from the query to each key, weighted by attention) and the strongest of them as text."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

THRESHOLD = 0.02  # weights below this draw no line: at most 1 / 0.02 = 50 lines per head


@dataclass(frozen=True)
class QueryLinks:
    """One query's links in the chosen heads, weakest first (so the strongest lie on top)."""

    head: np.ndarray  # [m] int, the head's index
    key: np.ndarray  # [m] int, the key token's index
    weight: np.ndarray  # [m] float, weights[head, query, key]
    omitted: int  # links of these heads under the threshold, not in the arrays


def query_links(
    weights: np.ndarray,  # [h, n, n]  one row per query
    query: int,
    heads: list[int],  # the heads to draw, in the order given
    threshold: float = THRESHOLD,
) -> QueryLinks:
    """The query's links of weight at least ``threshold`` in ``heads``."""
    heads = np.asarray(heads, dtype=int).reshape(-1)
    rows = np.asarray(weights)[heads, query, :]  # [g, n]
    kept = rows >= threshold  # [g, n]
    g, k = np.nonzero(kept)
    weight = rows[g, k].astype(np.float64)
    order = np.argsort(weight, kind="stable")
    return QueryLinks(heads[g][order], k[order], weight[order], int(kept.size - kept.sum()))


def top_keys(
    weights: np.ndarray,  # [h, n, n]
    query: int,
    heads: list[int],
    top: int = 3,
) -> list[list[tuple[int, float]]]:  # per head: (key index, weight), strongest first
    """The ``top`` keys the query attends to most in each of ``heads``."""
    rows = np.asarray(weights)[np.asarray(heads, dtype=int).reshape(-1), query, :]  # [g, n]
    order = np.argsort(-rows, axis=-1, kind="stable")[:, :top]
    return [[(int(j), float(row[j])) for j in keys] for row, keys in zip(rows, order, strict=True)]


def strongest_heads(
    weights: np.ndarray,  # [h, n, n]
    query: int,
    key: int,
    top: int = 3,
) -> list[int]:
    """The ``top`` heads giving most of the query's attention to ``key``, strongest first."""
    link = np.asarray(weights)[:, query, key]  # [h]
    return [int(i) for i in np.argsort(-link, kind="stable")[:top]]
