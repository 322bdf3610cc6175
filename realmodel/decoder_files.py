"""The decoder trained by realmodel.train_decoder: its shipped files, read into core's types.

Everything lives in ``realmodel/decoder/``:

- ``texts/``: the English and Chinese texts it was trained on, with SOURCES.md;
- ``vocab.json``: its characters, an id each;
- ``model.safetensors``: the final weights, float32;
- ``checkpoints/step-NNNNN.safetensors``: the weights at a dozen earlier steps of training;
- ``resume.safetensors``: the state a few steps before the end, Adam's moments included,
  from which the tests repeat the last steps;
- ``training.json``: the recipe, the loss at every step, and every head's scores measured
  during training.

Nothing here trains: the app reads these files and never trains this model at run time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from safetensors import safe_open
from safetensors.numpy import save_file

from core.decoder.measures import phase_change, sharpening_step
from core.decoder.model import DecoderConfig, DecoderWeights
from core.decoder.vocab import Vocabulary

FOLDER = Path(__file__).with_name("decoder")
TEXTS = {"en": "texts/hamlet.txt", "zh": "texts/lunyu.txt"}
VOCAB, LOG, FINAL, RESUME = "vocab.json", "training.json", "model.safetensors", "resume.safetensors"
CHECKPOINTS = "checkpoints"


class DecoderUnavailable(RuntimeError):
    """A shipped file of the decoder is missing or unreadable (a broken checkout)."""


def checkpoint_name(step: int, final_step: int) -> str:
    """The file of a checkpoint: model.safetensors for the final step."""
    return FINAL if step == final_step else f"{CHECKPOINTS}/step-{step:05d}.safetensors"


def read_texts(folder: Path = FOLDER) -> dict[str, str]:
    """The training texts by language ("en", "zh"), as bundled."""
    try:
        return {lang: (folder / name).read_text(encoding="utf-8") for lang, name in TEXTS.items()}
    except OSError as exc:
        raise DecoderUnavailable(f"the decoder's training texts are missing: {exc}") from exc


def write_vocabulary(vocab: Vocabulary, path: Path, **how) -> None:
    path.write_text(
        json.dumps({"chars": "".join(vocab.chars), **how}, ensure_ascii=False, indent=1) + "\n",
        encoding="utf-8",
    )


def read_vocabulary(folder: Path = FOLDER) -> Vocabulary:
    try:
        return Vocabulary(tuple(json.loads((folder / VOCAB).read_text(encoding="utf-8"))["chars"]))
    except (OSError, ValueError, KeyError) as exc:
        raise DecoderUnavailable(f"the decoder's vocabulary cannot be read: {exc}") from exc


def write_weights(
    path: Path, w: DecoderWeights, config: DecoderConfig, step: int, **extra: np.ndarray
) -> None:
    """The weights as float32 safetensors, the config and step in its metadata."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tensors = {n: np.ascontiguousarray(w[n], dtype=np.float32) for n in w.names()}
    tensors |= {n: np.ascontiguousarray(a, dtype=np.float32) for n, a in extra.items()}
    meta = {"config": json.dumps(config.__dict__), "step": str(step)}
    save_file(tensors, str(path), metadata=meta)


@dataclass(frozen=True)
class WeightsFile:
    """One safetensors file of the decoder."""

    config: DecoderConfig
    step: int
    weights: DecoderWeights  # float32
    extra: dict[str, np.ndarray]  # e.g. Adam's moments in resume.safetensors


def read_weights(path: Path) -> WeightsFile:
    try:
        with safe_open(str(path), framework="numpy") as f:
            meta = f.metadata()
            arrays = {name: f.get_tensor(name) for name in f.keys()}  # noqa: SIM118
        config = DecoderConfig(**json.loads(meta["config"]))
        weights = DecoderWeights(**{n: arrays.pop(n) for n in DecoderWeights.names()})
        return WeightsFile(config, int(meta["step"]), weights, arrays)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise DecoderUnavailable(f"{path.name} cannot be read: {exc}") from exc


@dataclass(frozen=True)
class Checkpoint:
    """The weights at one step of training and what was measured on them."""

    step: int
    weights: DecoderWeights  # float32
    previous: np.ndarray  # [L, h]  previous-token score of each head
    induction: np.ndarray  # [L, h]  induction score of each head
    first_copy_loss: float  # nats, on the same random strings typed twice
    second_copy_loss: float
    first_share: np.ndarray  # [L, h]  attention on the first character, same texts


@dataclass(frozen=True)
class ShippedDecoder:
    """The trained decoder: its sizes, characters, checkpoints and training log."""

    config: DecoderConfig
    vocab: Vocabulary
    checkpoints: tuple[Checkpoint, ...]  # in order of step; the last is the final model
    log: dict  # training.json: the recipe, "loss" at every step, "evals" every few steps

    @property
    def final(self) -> Checkpoint:
        return self.checkpoints[-1]

    @property
    def steps(self) -> list[int]:
        return [c.step for c in self.checkpoints]

    def at(self, step: int) -> Checkpoint:
        """The checkpoint of a step (ValueError naming the steps there are)."""
        for c in self.checkpoints:
            if c.step == step:
                return c
        raise ValueError(f"there is no checkpoint at step {step}; there are {self.steps}")

    @property
    def phase_change_step(self) -> int:
        """Where the second copy's loss falls fastest below the first's: induction heads
        appearing."""
        evals = self.log["evals"]
        gain = np.array(evals["second_copy_loss"]) - np.array(evals["first_copy_loss"])
        return phase_change(np.array(evals["step"]), gain)

    @property
    def sharpening_step(self) -> int:
        """Where the best previous-token head's score rises fastest: the previous-token heads
        sharpening, a second phase change."""
        evals = self.log["evals"]
        return sharpening_step(np.array(evals["step"]), np.array(evals["previous"]))

    @property
    def nbytes(self) -> int:
        """The checkpoints' weights in memory."""
        return sum(c.weights.nbytes for c in self.checkpoints)


def read_log(folder: Path = FOLDER) -> dict:
    try:
        return json.loads((folder / LOG).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DecoderUnavailable(f"the decoder's training log cannot be read: {exc}") from exc


def load_decoder(folder: Path = FOLDER) -> ShippedDecoder:
    """Every shipped checkpoint with its scores (about 6 MB of float32 weights)."""
    log, vocab = read_log(folder), read_vocabulary(folder)
    evals = log["evals"]
    row = {step: i for i, step in enumerate(evals["step"])}
    checkpoints = []
    for step in log["checkpoints"]:
        f, i = read_weights(folder / checkpoint_name(step, log["steps"])), row[step]
        checkpoints.append(
            Checkpoint(
                step=step,
                weights=f.weights,
                previous=np.array(evals["previous"][i]),
                induction=np.array(evals["induction"][i]),
                first_copy_loss=evals["first_copy_loss"][i],
                second_copy_loss=evals["second_copy_loss"][i],
                first_share=np.array(evals["first_share"][i]),
            )
        )
    config = f.config
    if config.n_vocab != vocab.size:
        raise DecoderUnavailable(f"the weights have {config.n_vocab} rows, not {vocab.size}")
    return ShippedDecoder(config=config, vocab=vocab, checkpoints=tuple(checkpoints), log=log)
