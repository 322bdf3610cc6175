"""What each head does, measured the standard way: on random characters typed twice.

A text of ``period`` random characters followed by the same characters again has nothing
to learn from but itself. In its second copy the next character can be read off the first
copy: find where the current character stood before and copy what came after it. That is
what an induction head does (Olsson et al., 2022), with the help of a previous-token head
in an earlier layer. The measures (the ones Olsson et al. and TransformerLens use):

- previous-token score of a head: its mean attention from position i to i − 1;
- induction score: its mean attention from a character of the second copy (position i ≥
  period) to the one after that character's earlier occurrence (i − period + 1);
- the loss on the first copy against the second: in-context learning in one number.

Shapes: S texts, n = 2·period characters, L layers, h heads.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.decoder.backward import token_losses
from core.decoder.model import DecoderConfig, DecoderWeights, forward
from core.decoder.vocab import UNKNOWN, Vocabulary, is_cjk


def repeated_random(
    rng: np.random.Generator, alphabet: np.ndarray, count: int, period: int, repeats: int = 2
) -> np.ndarray:  # [a] ids -> [count, repeats·period]
    """``count`` texts, each of ``period`` characters drawn from the alphabet, typed
    ``repeats`` times."""
    if period < 2 or repeats < 2 or count < 1:
        raise ValueError("need period >= 2, repeats >= 2 and count >= 1")
    once = rng.choice(np.asarray(alphabet), size=(count, period))  # [count, period]
    return np.tile(once, (1, repeats))


def previous_token_score(attention: np.ndarray) -> np.ndarray:  # [..., n, n] -> [...]
    """Mean attention from each position i ≥ 1 to position i − 1."""
    return np.diagonal(attention, offset=-1, axis1=-2, axis2=-1).mean(axis=-1)


def induction_score(attention: np.ndarray, period: int) -> np.ndarray:  # [..., n, n] -> [...]
    """Mean attention from each position i ≥ period to i − period + 1: from a character of the
    second copy to the character after its earlier occurrence."""
    n = attention.shape[-1]
    if not 2 <= period < n:
        raise ValueError(f"the period must be in 2 … {n - 1}")
    return np.diagonal(attention, offset=1 - period, axis1=-2, axis2=-1)[..., 1:].mean(axis=-1)


def copy_losses(losses: np.ndarray, period: int) -> tuple[float, float]:  # [..., n − 1]
    """Mean loss (nats) predicting the first copy's characters 2 … period, and the second's.

    losses[..., i] is the loss of predicting character i + 1. Neither copy's first character
    is counted: the first has no context at all, and nothing in the first copy says that it
    will start again.
    """
    first = losses[..., : period - 1]  # predicting characters 1 … period − 1
    second = losses[..., period : 2 * period - 1]  # predicting characters period + 1 … 2·period − 1
    return float(first.mean()), float(second.mean())


def first_token_share(attention: np.ndarray) -> np.ndarray:  # [..., n, n] -> [...]
    """Mean weight on the first position, over rows 1 … n − 1 (row 0 can attend nowhere else).

    Where a head parks attention it has no use for: a large share on the first token is an
    attention sink (Xiao et al., 2023). Compare with ``uniform_first_share``.
    """
    if attention.shape[-1] < 2:
        raise ValueError("a share of the first token needs at least two positions")
    return attention[..., 1:, 0].mean(axis=-1)


def uniform_first_share(n: int) -> float:
    """What the first position would get if every row 1 … n − 1 spread its weight evenly."""
    return float(np.mean(1.0 / np.arange(2, n + 1)))


@dataclass(frozen=True)
class HeadScores:
    """Every head's two scores and the two copies' losses, on the same repeated texts."""

    previous: np.ndarray  # [L, h]
    induction: np.ndarray  # [L, h]
    first_copy_loss: float  # nats
    second_copy_loss: float
    first_share: np.ndarray  # [L, h]  the first token's share, on the same texts
    period: int
    count: int

    def best(self, which: str) -> tuple[int, int, float]:
        """(layer, head, score) of the head with the largest "previous" or "induction" score."""
        scores = {"previous": self.previous, "induction": self.induction}[which]
        layer, head = np.unravel_index(int(np.argmax(scores)), scores.shape)
        return int(layer), int(head), float(scores[layer, head])


LETTERS = "abcdefghijklmnopqrstuvwxyz"
# Upper and lower case, digits and ASCII punctuation: what a student types besides letters.
LATIN = LETTERS + LETTERS.upper() + "0123456789" + "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
PROBE_SEED, PROBE_COUNT, PROBE_PERIOD = 2022, 8, 40  # the protocol of the sizing trial
# The alphabets random strings are drawn from, to train copying and to measure it.
ALPHABETS = ("letters", "letters_space", "latin", "chinese", "any")


def probe_alphabet(vocab: Vocabulary, which: str) -> np.ndarray:  # -> [a] ids
    """The ids of one alphabet of ``ALPHABETS``: the 26 lowercase "letters", the same with a
    space ("letters_space"), "latin" (both cases, digits, punctuation), every "chinese"
    character the model knows, or "any" character it knows (all but the line break and
    UNKNOWN, which stands for every character it does not know)."""
    if which == "letters":
        return vocab.encode(LETTERS).ids
    if which == "letters_space":
        return vocab.encode(LETTERS + " ").ids
    if which == "latin":
        return np.array([vocab.id(c) for c in LATIN if c in vocab])
    if which == "chinese":
        return np.array([i for i, c in enumerate(vocab.chars) if is_cjk(c)])
    if which == "any":
        return np.array([i for i, c in enumerate(vocab.chars) if c not in ("\n", UNKNOWN)])
    raise ValueError(f"no alphabet {which!r}: one of {ALPHABETS}")


def probe_texts(alphabet: np.ndarray) -> np.ndarray:  # [a] -> [8, 80]
    """The fixed texts every checkpoint is measured on: 8 strings of 40 random characters of
    the alphabet, each typed twice (a seed of its own: none of them is in the training
    data's stream)."""
    rng = np.random.default_rng(PROBE_SEED)
    return repeated_random(rng, alphabet, PROBE_COUNT, PROBE_PERIOD)


def probe_set(vocab: Vocabulary) -> dict[str, np.ndarray]:  # -> {alphabet: [8, 80]}
    """The strings every measurement of the decoder reads: ``probe_texts`` of each alphabet."""
    return {name: probe_texts(probe_alphabet(vocab, name)) for name in ALPHABETS}


def head_scores(
    w: DecoderWeights,
    texts: np.ndarray,
    period: int,
    config: DecoderConfig,
    off: np.ndarray | None = None,  # [L, h] bool: heads switched off
    dtype=np.float64,
) -> HeadScores:  # [S, 2·period] -> scores [L, h]
    """Every head's previous-token and induction scores and the copies' losses on ``texts``
    (with the heads of ``off`` switched off: their output never reaches a later layer)."""
    fwd = forward(w, texts, config, off=off, dtype=dtype)
    attention = fwd.attention  # [L, h, S, n, n]
    losses = token_losses(fwd.log_probs()[..., :-1, :], texts[..., 1:])  # [S, n − 1]
    first, second = copy_losses(losses, period)
    return HeadScores(
        previous=previous_token_score(attention).mean(axis=-1),
        induction=induction_score(attention, period).mean(axis=-1),
        first_copy_loss=first,
        second_copy_loss=second,
        first_share=first_token_share(attention).mean(axis=-1),
        period=period,
        count=texts.shape[0],
    )


PREVIOUS_HEAD = 0.3  # a previous-token score from which a head counts as a previous-token head


def feeding_heads(previous: np.ndarray, induction: np.ndarray) -> np.ndarray:  # -> [L, h] bool
    """The previous-token heads that can feed the best induction head: those of the layers
    below it whose previous-token score is at least PREVIOUS_HEAD (the best of them if none
    is); none when the best induction head is in the first layer. The induction head's key
    must carry the character before it, which only a head of an earlier layer can write
    into the residual stream (K-composition: Elhage et al., 2021)."""
    layer = int(np.unravel_index(int(np.argmax(induction)), induction.shape)[0])
    below = np.zeros(previous.shape, dtype=bool)
    below[:layer] = True
    heads = below & (previous >= PREVIOUS_HEAD)
    if layer and not heads.any():
        heads.flat[int(np.argmax(np.where(below, previous, -np.inf)))] = True
    return heads


@dataclass(frozen=True)
class Knockout:
    """The same strings read with every head, and with some heads switched off."""

    off: np.ndarray  # [L, h] bool
    on_scores: HeadScores
    off_scores: HeadScores

    @property
    def kept(self) -> float:
        """The best induction score with the heads off, as a share of the one with all on."""
        return self.off_scores.best("induction")[2] / self.on_scores.best("induction")[2]


def knockout(
    w: DecoderWeights,
    texts: np.ndarray,
    period: int,
    config: DecoderConfig,
    off: np.ndarray,
    dtype=np.float64,
) -> Knockout:  # [S, 2·period], [L, h] -> scores with and without
    """Every head's scores and the copies' losses with all heads, then with ``off`` off (in
    float32 if asked: twice as fast, as a page moving between checkpoints needs)."""
    on = head_scores(w, texts, period, config, dtype=dtype)
    cut = head_scores(w, texts, period, config, off, dtype=dtype)
    return Knockout(np.asarray(off, dtype=bool), on, cut)


def phase_change(steps: np.ndarray, values: np.ndarray) -> int:  # [m], [m] -> a step
    """The step ending the steepest fall of ``values`` per step.

    Of the second copy's loss minus the first's (the in-context gain, Olsson et al.'s
    "in-context learning score"): where the induction heads appear. Not of the second
    copy's loss alone, which falls fastest in the first steps, as every loss does, while
    the model learns which characters are frequent.
    """
    steps, values = np.asarray(steps), np.asarray(values, dtype=float)
    if len(steps) < 2:
        raise ValueError("a phase change needs at least two measurements")
    slope = np.diff(values) / np.diff(steps)
    return int(steps[1 + int(np.argmin(slope))])


def sharpening_step(steps: np.ndarray, previous: np.ndarray) -> int:  # [m], [m, L, h] -> a step
    """The step ending the steepest rise of the best previous-token score: where the
    previous-token heads sharpen (a second phase change, after the one of ``phase_change``)."""
    best = np.asarray(previous, dtype=float).reshape(len(steps), -1).max(axis=-1)  # [m]
    return phase_change(steps, -best)


@dataclass(frozen=True)
class FirstShare:
    """How much attention each head puts on the first position, against an even share."""

    share: np.ndarray  # [L, h]  mean weight on position 0, over rows 1 … n − 1 (and texts)
    even: float  # what position 0 would get if every row spread its weight evenly
    n: int  # positions per text
    texts: int  # texts averaged over

    @property
    def ratio(self) -> np.ndarray:  # [L, h]
        """Each head's share in even shares: above 1 it favours the first position."""
        return self.share / self.even

    def largest(self) -> tuple[int, int, float]:
        """(layer, head, share) of the head that gives the first position the most."""
        layer, head = np.unravel_index(int(np.argmax(self.share)), self.share.shape)
        return int(layer), int(head), float(self.share[layer, head])

    def above(self, share: float) -> int:
        """How many heads give the first position more than ``share``."""
        return int(np.sum(self.share > share))


def first_shares(attention: np.ndarray) -> FirstShare:  # [L, h, ..., n, n] -> [L, h]
    """Each head's share of attention on the first position (an attention sink, if much
    more than even: Xiao et al., 2023), averaged over any texts between heads and rows."""
    n = attention.shape[-1]
    share = first_token_share(attention)  # [L, h, ...]
    share = share.reshape(*share.shape[:2], -1)  # [L, h, texts]
    return FirstShare(share=share.mean(axis=-1), even=uniform_first_share(n), n=n,
                      texts=share.shape[-1])  # fmt: skip
