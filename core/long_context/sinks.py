"""Attention sinks in a trained model: how much attention goes to [CLS] and to [SEP].

Trained transformers pour a large share of their attention into a few tokens that carry
little meaning: the first token of a decoder (Xiao et al., 2023, "Efficient Streaming
Language Models with Attention Sinks"), [CLS] and [SEP] in BERT (Clark et al., 2019, "What
Does BERT Look At?"). A head with nothing useful to read can park its weight there, since
every row of softmax must sum to 1.

The shares are averaged over the word pieces' rows only, not over the rows of [CLS] and
[SEP] themselves: what those two give to each other or to themselves says nothing about
where the sentence's words send their attention, and at n = 11 their two rows would be
a fifth of the average. When a text has no word piece at all ([CLS] [SEP] alone), every
row is averaged, so there is always something to show.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SPECIAL = ("[CLS]", "[SEP]")


@dataclass(frozen=True)
class HeadShare:
    """One head's share of attention to a sink token."""

    layer: int  # 0-based
    head: int  # 0-based
    share: float


@dataclass(frozen=True)
class SinkShares:
    """Each layer's and head's share of the words' attention on the first token and on [SEP]."""

    tokens: list[str]  # n
    rows: np.ndarray  # [r] int, the query rows averaged: the word pieces'
    sep_keys: np.ndarray  # [s] int, where [SEP] stands (none, one or two)
    first: np.ndarray  # [L, h]  mean over rows of the weight on position 0 ([CLS] in BERT)
    sep: np.ndarray  # [L, h]  mean over rows of the weight on the [SEP] keys together
    first_top: np.ndarray  # [L]  share of the rows (all heads) whose largest weight is on 0

    @property
    def uniform(self) -> float:
        """What one key would get if every row spread its attention evenly: 1/n."""
        return 1.0 / len(self.tokens)

    @property
    def first_by_layer(self) -> np.ndarray:  # [L]
        """The first token's share, averaged over the layer's heads."""
        return self.first.mean(axis=1)

    @property
    def sep_by_layer(self) -> np.ndarray:  # [L]
        return self.sep.mean(axis=1)

    @property
    def rest(self) -> np.ndarray:  # [L, h]
        """What is left for every other token (the words, and the averaged rows' own)."""
        return 1.0 - self.first - self.sep

    @property
    def first_top_overall(self) -> float:
        """The share of every layer's rows (all heads) whose largest weight is on position 0."""
        return float(self.first_top.mean())  # every layer has as many heads and rows

    def shares(self, which: str = "first") -> np.ndarray:  # [L, h]
        """Every head's share on "first" or on "sep"."""
        return {"first": self.first, "sep": self.sep}[which]

    def mean(self, which: str = "first") -> float:
        """The share over every layer and head."""
        return float(self.shares(which).mean())

    def above(self, which: str = "first", share: float = 0.5) -> int:
        """How many heads give "first" or "sep" more than ``share`` of the words' attention."""
        return int(np.sum(self.shares(which) > share))

    def strongest(self, which: str = "first", top: int | None = 5) -> list[HeadShare]:
        """The heads giving the largest share to "first" or "sep", strongest first."""
        shares = self.shares(which)  # [L, h]
        order = np.argsort(-shares, axis=None, kind="stable")[:top]
        layers, heads = np.unravel_index(order, shares.shape)
        return [
            HeadShare(int(layer), int(head), float(shares[layer, head]))
            for layer, head in zip(layers, heads, strict=True)
        ]


def sink_shares(
    attentions: np.ndarray,  # [L, h, n, n]  softmax weights, as BertOutput holds them
    tokens: list[str],  # n, e.g. "[CLS]", "i", …, "[SEP]"
) -> SinkShares:  # -> first, sep [L, h]
    """The share of attention on the first token and on [SEP], per layer and head."""
    attentions = np.asarray(attentions, dtype=np.float64)  # the model's float32, summed in 64
    n = len(tokens)
    if attentions.ndim != 4 or attentions.shape[-2:] != (n, n):
        raise ValueError(f"attentions must be [L, h, {n}, {n}] for {n} tokens")
    special = np.isin(np.asarray(tokens, dtype=object), SPECIAL)
    rows = np.flatnonzero(~special) if not special.all() else np.arange(n)
    sep_keys = np.flatnonzero(np.asarray(tokens, dtype=object) == "[SEP]")
    words = attentions[:, :, rows, :]  # [L, h, r, n]
    return SinkShares(
        tokens=list(tokens),
        rows=rows,
        sep_keys=sep_keys,
        first=words[..., 0].mean(axis=-1),
        sep=words[..., sep_keys].sum(axis=-1).mean(axis=-1),
        # a tie goes to the earliest key, as argmax has it; the model's float weights hardly tie
        first_top=(words.argmax(axis=-1) == 0).mean(axis=(1, 2)),
    )
