"""The training data: windows of the two texts, and random strings repeated to fill a window.

At this size natural text alone does not form induction heads in minutes (the sizing trial:
none after 5,000 steps, with or without stretches of the text repeated later), while a
mix in which most windows are a random string typed over and over forms them in a few
hundred steps. So part of each batch is natural text (half English, half Chinese, a
window at a random place), the rest repeated random strings, each drawn from one of a few
alphabets (lowercase letters, letters and space, Latin with case, digits and punctuation,
Chinese, any character), so that it learns to copy whatever a student types. A page must
say so: this model learned to copy because it was shown copying.

Step t's batch depends on the seed and t alone (its own generator), not on the steps
before it: a run resumed at a checkpoint sees the same data as the run that made it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class DataMix:
    """Where the windows come from and in which proportions."""

    texts: tuple[np.ndarray, ...]  # each [m] ids: the texts' training parts (English, Chinese)
    alphabets: tuple[np.ndarray, ...]  # each [a] ids: the characters one string is drawn from
    shares: tuple[float, ...]  # how often each alphabet is drawn (summing to 1)
    batch: int = 32  # B windows a step
    natural: int = 8  # of which natural text; the rest repeated random strings
    min_period: int = 8
    max_period: int = 64

    def __post_init__(self):
        if len(self.alphabets) != len(self.shares) or not np.isclose(sum(self.shares), 1):
            raise ValueError("one share per alphabet, summing to 1")


NATURAL, REPEATED = 0, 1


@dataclass(frozen=True)
class Batch:
    """One step's windows of n + 1 characters: the model reads the first n and predicts the next."""

    ids: np.ndarray  # [B, n + 1]
    kind: np.ndarray  # [B]  NATURAL or REPEATED

    @property
    def inputs(self) -> np.ndarray:  # [B, n]
        return self.ids[:, :-1]

    @property
    def targets(self) -> np.ndarray:  # [B, n]
        return self.ids[:, 1:]


def step_rng(seed: int, step: int) -> np.random.Generator:
    """The data generator of step ``step`` of the run with this seed (its own stream)."""
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(1, step)))


def batch_at(mix: DataMix, seed: int, step: int, n_ctx: int) -> Batch:  # -> ids [B, n_ctx + 1]
    """Step ``step``'s batch: ``mix.natural`` windows of text, then the repeated strings."""
    rng, width = step_rng(seed, step), n_ctx + 1
    rows = []
    for _ in range(mix.natural):
        text = mix.texts[int(rng.integers(len(mix.texts)))]
        start = int(rng.integers(len(text) - width + 1))
        rows.append(text[start : start + width])
    for _ in range(mix.batch - mix.natural):
        alphabet = mix.alphabets[int(rng.choice(len(mix.alphabets), p=mix.shares))]
        period = int(rng.integers(mix.min_period, mix.max_period + 1))
        rows.append(np.resize(rng.choice(alphabet, period), width))  # typed over and over
    kind = np.repeat([NATURAL, REPEATED], [mix.natural, mix.batch - mix.natural])
    return Batch(ids=np.stack(rows), kind=kind)


def held_out_split(text: str, share: float) -> tuple[str, str]:
    """The text cut at the line break nearest to the last ``share`` of it: (training, held out).

    The held-out end is never trained on, so losses on it and the PyTorch comparison's texts
    taken from it measure the model on text it has not seen.
    """
    if not 0 < share < 1:
        raise ValueError("the held-out share must be between 0 and 1")
    cut = text.rfind("\n", 0, round(len(text) * (1 - share))) + 1
    return text[:cut], text[cut:]
