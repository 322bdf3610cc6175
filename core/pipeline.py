"""The whole forward pass the pages draw, from tokens to the W_O projection, in one call."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.article import ARTICLE_D_MODEL, ARTICLE_TOKENS, article_example
from core.article_heads import (
    ARTICLE_HEADS,
    HEADS_D_MODEL,
    HEADS_H,
    DesignedHead,
    article_heads_example,
)
from core.attention import AttentionTrace, causal_mask
from core.multihead import (
    HeadParams,
    MHAParams,
    MHAResult,
    draw_weights,
    init_params,
    multi_head_attention,
)
from core.tokens import positional_encoding, token_embedding, unique_labels


@dataclass(frozen=True)
class Pipeline:
    """Inputs, parameters and every intermediate for one setting of the controls."""

    tokens: list[str]  # [n]
    embeddings: np.ndarray  # [n, d_model]
    positions: np.ndarray  # [n, d_model]
    x: np.ndarray  # [n, d_model]  embeddings + positions
    params: MHAParams
    mha: MHAResult
    mask: np.ndarray | None  # [n, n] bool, or None without the causal mask
    preset: str | None  # "article", "article_heads" (hand-made numbers), or None (random)

    def head(self, i: int) -> tuple[AttentionTrace, HeadParams]:
        """Head i's own trace, and its own slices of W_Q, W_K and W_V."""
        return self.mha.head(i), self.params.head(i, self.n_heads)

    @property
    def is_article(self) -> bool:
        """The worked example is on: the article's 4-d, one-head numbers."""
        return self.preset == "article"

    @property
    def hand_made(self) -> bool:
        """The numbers are designed, not random: the worked example or the eight heads."""
        return self.preset is not None

    @property
    def designed_heads(self) -> list[tuple[DesignedHead, float]]:  # [h]
        """Each of the eight heads' designed pair with its weight at these settings (the
        query's weight on the key: "head 1: it → cake, 0.33"); empty for other presets."""
        if self.preset != "article_heads":
            return []
        cells = [(self.tokens.index(h.query), self.tokens.index(h.key)) for h in ARTICLE_HEADS]
        weights = self.mha.weights  # [h, n, n]
        return [(h, float(weights[i, *cells[i]])) for i, h in enumerate(ARTICLE_HEADS)]

    @property
    def labels(self) -> list[str]:  # [n]
        """One label per token, repeated tokens told apart: "the", "the (2)"."""
        return unique_labels(self.tokens)

    @property
    def n(self) -> int:
        return len(self.tokens)

    @property
    def d_model(self) -> int:
        return self.x.shape[1]

    @property
    def n_heads(self) -> int:
        return self.mha.n_heads

    @property
    def d_k(self) -> int:
        return self.d_model // self.n_heads


def article_preset(tokens: list[str], d_model: int, n_heads: int) -> str | None:
    """Which hand-made numbers apply: the article's sentence at 4 dimensions and one head
    ("article"), or at 32 dimensions and eight heads ("article_heads"); else None."""
    if list(tokens) != ARTICLE_TOKENS:
        return None
    return {(ARTICLE_D_MODEL, 1): "article", (HEADS_D_MODEL, HEADS_H): "article_heads"}.get(
        (d_model, n_heads)
    )


def uses_article(tokens: list[str], d_model: int, n_heads: int) -> bool:
    """Hand-made numbers apply (either preset), so no random weights are needed."""
    return article_preset(tokens, d_model, n_heads) is not None


def build_pipeline(
    tokens: list[str],
    *,
    d_model: int,
    n_heads: int,
    seed: int,
    causal: bool = False,
    scale: bool | float = True,
    temperature: float = 1.0,
    params: MHAParams | None = None,
) -> Pipeline:
    """Tokens -> X -> multi-head attention, with the article's numbers where they apply.

    ``params`` lets a caller pass weights it already made (the same as
    ``init_params(d_model, n_heads, seed)``) instead of drawing them again; where a
    preset applies its hand-made weights are used instead.
    """
    n = len(tokens)
    positions = positional_encoding(n, d_model)  # [n, d_model]
    preset = article_preset(tokens, d_model, n_heads)
    if preset is not None:
        ex = article_example() if preset == "article" else article_heads_example()
        x = ex["x"]
        embeddings = x - positions  # the article gives X with position already added
        params = MHAParams(w_q=ex["w_q"], w_k=ex["w_k"], w_v=ex["w_v"], w_o=ex["w_o"])
    else:
        embeddings = token_embedding(tokens, d_model, seed)  # [n, d_model]
        x = embeddings + positions
        params = params if params is not None else init_params(d_model, n_heads, seed)
    mask = causal_mask(n) if causal else None
    mha = multi_head_attention(
        x, params, n_heads=n_heads, mask=mask, scale=scale, temperature=temperature
    )
    return Pipeline(
        tokens=list(tokens),
        embeddings=embeddings,
        positions=positions,
        x=x,
        params=params,
        mha=mha,
        mask=mask,
        preset=preset,
    )


def sweep_scores(
    tokens: list[str], dims: tuple[int, ...], seeds: range, progress=None
) -> np.ndarray:  # -> [S, m, n, n]
    """q·kᵀ of a one-head model at every d_model of ``dims`` (m of them), for each seed (S),
    each as head_scores() makes it. ``progress``: told the fraction done as it goes.

    Drawing the weights is the whole cost (a d_model² matrix of normals twice per model:
    about 0.4 s of CPU up to 1024), which is why a server runs it in a worker process.
    """
    out = np.empty((len(seeds), len(dims), len(tokens), len(tokens)))
    for i, seed in enumerate(seeds):
        for j, d in enumerate(dims):
            out[i, j] = head_scores(tokens, d, seed)
        if progress is not None:
            progress((i + 1) / len(seeds))
    return out


def head_scores(tokens: list[str], d_model: int, seed: int) -> np.ndarray:  # -> [n, n]
    """q·kᵀ of a one-head model with random weights: build_pipeline's scores, drawing only
    W_Q and W_K (the sweep over sizes needs nothing else)."""
    x = token_embedding(tokens, d_model, seed) + positional_encoding(len(tokens), d_model)
    w_q, w_k = draw_weights(d_model, seed, 2)
    return (x @ w_q) @ (x @ w_k).T
