"""What the decoder does with one text of a student's: its attention, how surprised it is by
each next character, and what an induction head should read there.

The standard measures (core.decoder.measures) use random strings typed twice, whose second
copy starts exactly ``period`` characters after the first. A student types anything, so
here the text itself says: if it is some characters typed again (``repeat_period``), an
induction head at position i of the second copy should read i − period + 1, the character
after the same spot in the first copy, and the two copies' losses compare as on the
probe. Otherwise each character's target is the one after its most recent earlier
occurrence, if it has one.

Shapes: n characters, L layers, h heads.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.decoder.backward import token_losses
from core.decoder.measures import copy_losses, previous_token_score
from core.decoder.model import DecoderConfig, DecoderWeights, forward

NO_TARGET = -1  # a character that has not occurred before: nothing to copy


def repeat_period(ids: np.ndarray) -> int | None:  # [n] -> p
    """The shortest p ≥ 2 with the text's first p characters typed again after them (the
    second copy at least as long as the first, a third one may follow); None when there is
    none."""
    ids = np.asarray(ids).reshape(-1)
    n = len(ids)
    for p in range(2, n // 2 + 1):
        if np.array_equal(ids[p:], ids[: n - p]):
            return p
    return None


def induction_targets(ids: np.ndarray, period: int | None = None) -> np.ndarray:  # [n] -> [n]
    """For each position i, the key an induction head should read: i − period + 1 in the
    second copy of a repeated text (i ≥ period), otherwise the key after the most recent
    earlier occurrence of the same character; NO_TARGET where there is none."""
    ids = np.asarray(ids).reshape(-1)
    n = len(ids)
    targets = np.full(n, NO_TARGET)
    if period is not None:
        targets[period:] = np.arange(1, n - period + 1)
        return targets
    last: dict[int, int] = {}
    for i, c in enumerate(ids.tolist()):
        if c in last:
            targets[i] = last[c] + 1
        last[c] = i
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
    period: int | None  # the text is its first ``period`` characters typed again, or None
    targets: np.ndarray  # [n]  the key an induction head should read from each position
    target_share: np.ndarray | None  # [L, h]  each head's mean weight on the targets
    previous: np.ndarray  # [L, h]  each head's previous-token score on this text
    copies: tuple[float, float] | None  # mean loss on the first copy and on the second

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


def read_text(w: DecoderWeights, ids: np.ndarray, config: DecoderConfig) -> Reading:
    """One forward pass over a text of at least 2 characters, and its measures (-> [L, h])."""
    ids = np.asarray(ids).reshape(-1)
    if len(ids) < 2:
        raise ValueError("a text to read needs at least two characters: one to predict")
    fwd = forward(w, ids, config)
    attention = fwd.attention  # [L, h, n, n]
    losses = token_losses(fwd.log_probs()[:-1], ids[1:])  # [n − 1]
    period = repeat_period(ids)
    targets = induction_targets(ids, period)
    has_target = bool(np.any(targets != NO_TARGET))
    return Reading(
        ids=ids,
        attention=attention,
        losses=losses,
        period=period,
        targets=targets,
        target_share=target_share(attention, targets) if has_target else None,
        previous=previous_token_score(attention),
        copies=copy_losses(losses, period) if period is not None else None,
    )
