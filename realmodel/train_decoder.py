"""Train the decoder of core.decoder from a fixed seed and write its files (realmodel/decoder/).

    python -m realmodel.train_decoder            # retrain, overwriting the shipped files
    python -m realmodel.train_decoder --out DIR  # retrain into DIR, then compare with them

The forward and backward passes are the project's own (core.decoder, gradients checked
against PyTorch autograd in tests/test_core_decoder.py); the optimizer is core.train.adam's. The
arithmetic is float64, on one BLAS thread (threads spinning on a shared two-core machine
made a step up to 80 times slower); checkpoints are float32 and the run goes on from the
rounded state, so a shipped checkpoint is exactly what the run continued from.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import sys
import time
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_limits

from core.decoder.backward import token_losses
from core.decoder.data import DataMix, batch_at, held_out_split
from core.decoder.measures import LETTERS, PROBE_PERIOD, head_scores, probe_texts
from core.decoder.model import DecoderConfig, DecoderWeights, forward, init_weights
from core.decoder.train import TrainState, rounded, start, train_step, unpack
from core.decoder.vocab import Vocabulary, build_vocabulary
from realmodel.decoder_files import CHECKPOINTS as CHECKPOINTS_DIR
from realmodel.decoder_files import (
    FOLDER,
    LOG,
    RESUME,
    VOCAB,
    checkpoint_name,
    read_texts,
    read_weights,
    write_vocabulary,
    write_weights,
)

SEED = 0
MIN_CJK_COUNT = 4  # Chinese characters seen fewer times in the Analects are read as unknown
HELD_OUT = 0.1  # the last tenth of each text is never trained on
LR = 5e-3
STEPS = 1500
# All the repeated strings are of lowercase letters. With half or three quarters of them
# drawn from the whole vocabulary instead, induction heads formed that copy Chinese too,
# but each previous-token head stayed split with a second one (best score 0.54 after 1,500
# steps at half, 0.55 after 900 at three quarters); letters only made one of them sharp
# (0.98) in a second phase change near step 1,100, and its induction heads then copy
# letters well and Chinese random strings not at all (score 0.05).
BATCH, NATURAL, LETTERS_SHARE = 32, 8, 1.0
EVAL_EVERY = 25
# Denser around the two phase changes of this recipe (steps 350-550 and 1,000-1,150).
CHECKPOINTS = (0, 100, 200, 300, 400, 500, 600, 800, 1000, 1100, 1200, 1300, 1500)
RESUME_AT = STEPS - 4  # the tests repeat the last steps from the state shipped here


def vocabulary(texts: dict[str, str]) -> Vocabulary:
    return build_vocabulary(list(texts.values()), min_cjk_count=MIN_CJK_COUNT)


def data_mix(texts: dict[str, str], vocab: Vocabulary) -> DataMix:
    """The training windows: the texts' training parts and the random strings' alphabets."""
    train = [vocab.encode(held_out_split(texts[lang], HELD_OUT)[0]).ids for lang in ("en", "zh")]
    characters = [i for i, c in enumerate(vocab.chars) if i != vocab.unknown_id and c != "\n"]
    return DataMix(
        texts=tuple(train),
        letters=vocab.encode(LETTERS).ids,
        characters=np.array(characters),
        batch=BATCH,
        natural=NATURAL,
        letters_share=LETTERS_SHARE,
    )


def held_out_windows(texts: dict[str, str], vocab: Vocabulary, n_ctx: int) -> dict[str, np.ndarray]:
    """8 evenly spaced windows of n_ctx + 1 characters from each text's held-out end."""
    out = {}
    for lang, text in texts.items():
        ids = vocab.encode(held_out_split(text, HELD_OUT)[1]).ids
        starts = np.linspace(0, len(ids) - n_ctx - 1, 8).astype(int)
        out[lang] = np.stack([ids[s : s + n_ctx + 1] for s in starts])
    return out


def initial_weights(config: DecoderConfig) -> DecoderWeights:
    return init_weights(config, np.random.default_rng(np.random.SeedSequence(SEED, spawn_key=(0,))))


def evaluate(w, config, probe, held_out) -> dict:
    scores = head_scores(w, probe, PROBE_PERIOD, config)
    row = {
        "previous": scores.previous.tolist(),
        "induction": scores.induction.tolist(),
        "first_copy_loss": scores.first_copy_loss,
        "second_copy_loss": scores.second_copy_loss,
        "first_share": scores.first_share.tolist(),
    }
    for lang, ids in held_out.items():
        fwd = forward(w, ids[:, :-1], config)
        row[f"held_out_loss_{lang}"] = float(token_losses(fwd.log_probs(), ids[:, 1:]).mean())
    return row


def train(out: Path) -> dict:
    """The whole run: writes every file into ``out`` and returns the log."""
    texts = read_texts()
    vocab = vocabulary(texts)
    config = DecoderConfig(n_vocab=vocab.size)
    mix = data_mix(texts, vocab)
    probe, held_out = probe_texts(mix.letters), held_out_windows(texts, vocab, config.n_ctx)
    out.mkdir(parents=True, exist_ok=True)
    for old in (out / CHECKPOINTS_DIR).glob("*.safetensors"):  # a run with other steps
        old.unlink()
    write_vocabulary(vocab, out / VOCAB, min_cjk_count=MIN_CJK_COUNT, unknown="\ufffd")
    if out.resolve() != FOLDER.resolve():
        shutil.copytree(FOLDER / "texts", out / "texts", dirs_exist_ok=True)
    losses = {"step": [], "loss": [], "natural": [], "repeated": []}
    evals: dict[str, list] = {"step": []}
    wall, cpu = time.perf_counter(), time.process_time()
    state = rounded(start(initial_weights(config)))
    while True:
        w = state.weights(config)
        if state.step in CHECKPOINTS:
            write_weights(out / checkpoint_name(state.step, STEPS), w, config, state.step)
        if state.step == RESUME_AT:
            write_resume(out / RESUME, state, config)
        if state.step % EVAL_EVERY == 0 or state.step in CHECKPOINTS:
            for key, value in {"step": state.step, **evaluate(w, config, probe, held_out)}.items():
                evals.setdefault(key, []).append(value)
            print(f"step {state.step}: " + progress(evals, losses), flush=True)
        if state.step == STEPS:
            break
        batch = batch_at(mix, SEED, state.step + 1, config.n_ctx)
        state, loss = train_step(state, batch, config, LR)
        for key in losses:
            losses[key].append(getattr(loss, key))
        if state.step in CHECKPOINTS or state.step == RESUME_AT:
            state = rounded(state)
    log = {
        "seed": SEED,
        "steps": STEPS,
        "lr": LR,
        "optimizer": "Adam (core.train.adam), betas 0.9/0.999, eps 1e-8, no weight decay",
        "data": {
            "batch": BATCH,
            "natural_windows": NATURAL,
            "repeated_windows": BATCH - NATURAL,
            "letters_share": LETTERS_SHARE,
            "periods": [mix.min_period, mix.max_period],
            "held_out_share": HELD_OUT,
            "min_cjk_count": MIN_CJK_COUNT,
        },
        "probe": {"seed": 2022, "count": len(probe), "period": PROBE_PERIOD, "alphabet": LETTERS},
        "config": config.__dict__,
        "checkpoints": list(CHECKPOINTS),
        "resume_step": RESUME_AT,
        "loss": losses,
        "evals": evals,
        "seconds": {"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu},
        "versions": {"python": platform.python_version(), "numpy": np.__version__},
    }
    (out / LOG).write_text(json.dumps(log, indent=1) + "\n", encoding="utf-8")
    return log


def write_resume(path: Path, state: TrainState, config: DecoderConfig) -> None:
    """The state at RESUME_AT with Adam's moments, shaped like the weights."""
    m, v = unpack(state.adam.m, config), unpack(state.adam.v, config)
    extra = {f"adam_m.{n}": m[n] for n in m.names()} | {f"adam_v.{n}": v[n] for n in v.names()}
    write_weights(path, state.weights(config), config, state.step, **extra)


def progress(evals: dict, losses: dict) -> str:
    recent = np.mean(losses["loss"][-EVAL_EVERY:]) if losses["loss"] else float("nan")
    return (
        f"loss {recent:.3f}, best previous-token {np.max(evals['previous'][-1]):.2f}, "
        f"best induction {np.max(evals['induction'][-1]):.2f}, copies "
        f"{evals['first_copy_loss'][-1]:.2f} / {evals['second_copy_loss'][-1]:.2f}"
    )


def compare(out: Path) -> float:
    """The largest relative difference between the checkpoints in ``out`` and the shipped ones."""
    worst = 0.0
    for step in CHECKPOINTS:
        name = checkpoint_name(step, STEPS)
        a, b = read_weights(out / name).weights, read_weights(FOLDER / name).weights
        for n in a.names():
            scale = max(float(np.abs(b[n]).max()), 1e-12)
            worst = max(worst, float(np.abs(a[n] - b[n]).max()) / scale)
        print(f"{name}: largest difference so far {worst:.2e} of the largest weight")
    return worst


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=FOLDER, help="where to write the files")
    args = parser.parse_args(argv)
    with threadpool_limits(1):
        log = train(args.out)
    seconds = log["seconds"]
    print(f"trained {STEPS} steps in {seconds['wall']:.0f} s ({seconds['cpu']:.0f} s CPU)")
    if args.out.resolve() != FOLDER.resolve():
        compare(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
