"""What the decoder does with one text of a student's: its attention, how surprised it is by
each next character, and what an induction head should read there.

The standard measures (core.decoder.measures) use random strings typed twice, whose second
copy starts exactly ``period`` characters after the first. A student types anything: a
name said twice with a comma between, a line typed again after a line break, a phrase that
comes back in a passage. So here the text itself says where it repeats, as an induction
head finds it: at each position, the longest stretch ending there that occurred before
(``longest_matches``); the copies compared are the longest stretch typed twice without
overlapping (``repeated_stretch``), and an induction head at a character of the second copy
should read the character after the same spot in the first copy. Elsewhere each
character's target is the one after the earlier occurrence of the longest stretch ending
there, if any.

Characters the model does not know are all read as one character (UNKNOWN): they match
nothing here, since two of them are not known to be the same.

Shapes: n characters, L layers, h heads.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.decoder.backward import token_losses
from core.decoder.measures import previous_token_score
from core.decoder.model import DecoderConfig, DecoderWeights, forward

NO_TARGET = -1  # a character that has not occurred before: nothing to copy
MIN_COPY = 3  # characters: a shorter stretch typed again is too common to call a copy


def longest_matches(ids: np.ndarray, unknown: int | None = None) -> np.ndarray:  # [n] -> [n, n]
    """match[i, j] for j < i: how many characters end alike at i and at j (0 elsewhere);
    ``unknown`` (an id) matches nothing."""
    ids = np.asarray(ids).reshape(-1)
    n = len(ids)
    same = ids[:, None] == ids[None, :]  # [n, n]
    if unknown is not None:
        same &= (ids != unknown)[:, None]
    match = np.zeros((n, n), dtype=np.int64)
    for i in range(1, n):
        match[i, 0] = same[i, 0]
        match[i, 1:i] = (match[i - 1, : i - 1] + 1) * same[i, 1:i]
    return match


@dataclass(frozen=True)
class Copies:
    """A stretch of ``length`` characters at ``first`` typed again at ``second``."""

    first: int  # 0-based start of the first copy
    second: int  # and of the second, at or after the first's end
    length: int

    def losses(self, losses: np.ndarray) -> tuple[float, float]:  # [..., n − 1]
        """Mean loss (nats) predicting each copy's characters 2 … length (losses[k] predicts
        character k + 1). Neither copy's first character is counted: nothing before it says
        what comes."""
        a, b, m = self.first, self.second, self.length
        return float(losses[..., a : a + m - 1].mean()), float(losses[..., b : b + m - 1].mean())


def repeated_stretch(match: np.ndarray, min_length: int = MIN_COPY) -> Copies | None:
    """The longest stretch typed twice without overlapping (the earliest of equal ones), of
    at least ``min_length`` characters; None when there is none."""
    n = match.shape[0]
    i, j = np.tril_indices(n, k=-1)
    length = np.minimum(match[i, j], i - j)  # a copy may not run into the other
    if not len(length) or length.max() < min_length:
        return None
    m = int(length.max())
    best = np.flatnonzero(length == m)
    k = best[np.lexsort((i[best], j[best]))[0]]  # the earliest first copy, then second
    return Copies(first=int(j[k]) - m + 1, second=int(i[k]) - m + 1, length=m)


def induction_targets(match: np.ndarray, copies: Copies | None = None) -> np.ndarray:
    """[n, n] -> [n]: for each position i, the key an induction head should read: in the
    second copy, the character after the same spot in the first; elsewhere the character
    after the earlier occurrence of the longest stretch ending at i (the latest of equal
    ones); NO_TARGET where even the character itself is new."""
    n = match.shape[0]
    latest_best = n - 1 - np.argmax(match[:, ::-1], axis=1)  # [n]
    found = match[np.arange(n), latest_best] > 0
    targets = np.where(found, latest_best + 1, NO_TARGET)
    if copies is not None:
        k = np.arange(copies.length)
        targets[copies.second + k] = copies.first + k + 1
    return targets


def target_share(attention: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """[..., n, n], [n] -> [...]: the mean weight each row with a target puts on it (the
    induction score, for any text). ValueError when no row has a target."""
    rows = np.flatnonzero(np.asarray(targets) != NO_TARGET)
    if not len(rows):
        raise ValueError("no character of the text occurred before: nothing to copy")
    return attention[..., rows, np.asarray(targets)[rows]].mean(axis=-1)


@dataclass(frozen=True)
class Reading:
    """The decoder on one text: everything the page draws of it."""

    ids: np.ndarray  # [n]
    attention: np.ndarray  # [L, h, n, n]  every head's weights, rows summing to 1
    losses: np.ndarray  # [n − 1]  nats: losses[i] predicts character i + 1 from 0 … i
    copies: Copies | None  # the longest stretch typed twice, or None
    targets: np.ndarray  # [n]  the key an induction head should read from each position
    target_share: np.ndarray | None  # [L, h]  each head's mean weight on the targets
    previous: np.ndarray  # [L, h]  each head's previous-token score on this text
    copy_losses: tuple[float, float] | None  # mean loss on the first copy and on the second
    off: np.ndarray | None = None  # [L, h] bool: the heads switched off, if any

    @property
    def n(self) -> int:
        return len(self.ids)

    @property
    def with_target(self) -> np.ndarray:  # [m]
        """The positions that have a target."""
        return np.flatnonzero(self.targets != NO_TARGET)

    def best(self, which: str) -> tuple[int, int, float]:
        """(layer, head, score) of the head with the largest "target" share or
        "previous" score on this text (ValueError for "target" when nothing has one)."""
        scores = {"target": self.target_share, "previous": self.previous}[which]
        if scores is None:
            raise ValueError("no character of the text occurred before: nothing to copy")
        layer, head = np.unravel_index(int(np.argmax(scores)), scores.shape)
        return int(layer), int(head), float(scores[layer, head])


def read_text(
    w: DecoderWeights,
    ids: np.ndarray,
    config: DecoderConfig,
    *,
    unknown: int | None = None,  # the id of UNKNOWN, which matches nothing
    off: np.ndarray | None = None,  # [L, h] bool: heads switched off
) -> Reading:
    """One forward pass over a text of at least 2 characters, and its measures (-> [L, h])."""
    ids = np.asarray(ids).reshape(-1)
    if len(ids) < 2:
        raise ValueError("a text to read needs at least two characters: one to predict")
    fwd = forward(w, ids, config, off=off)
    attention = fwd.attention  # [L, h, n, n]
    losses = token_losses(fwd.log_probs()[:-1], ids[1:])  # [n − 1]
    match = longest_matches(ids, unknown)
    copies = repeated_stretch(match)
    targets = induction_targets(match, copies)
    has_target = bool(np.any(targets != NO_TARGET))
    return Reading(
        ids=ids,
        attention=attention,
        losses=losses,
        copies=copies,
        targets=targets,
        target_share=target_share(attention, targets) if has_target else None,
        previous=previous_token_score(attention),
        copy_losses=copies.losses(losses) if copies is not None else None,
        off=None if off is None or not np.any(off) else np.asarray(off, dtype=bool),
    )
