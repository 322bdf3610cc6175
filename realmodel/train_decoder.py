"""Train the decoder of core.decoder from a fixed seed and write its files (realmodel/decoder/).

    python -m realmodel.train_decoder            # retrain, overwriting the shipped files
    python -m realmodel.train_decoder --out DIR  # retrain into DIR, then compare with them

The forward and backward passes are the project's own (core.decoder, gradients checked
against PyTorch autograd in tests/test_core_decoder.py); the optimizer is core.train.adam's. The
arithmetic is float32 (the type the checkpoints are shipped in, so a shipped checkpoint is
exactly what the run continued from), on one BLAS thread (threads spinning on a shared
two-core machine made a step up to 80 times slower). The measurements are float64, as the
pages compute.
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
from core.decoder.measures import (
    ALPHABETS,
    PROBE_COUNT,
    PROBE_PERIOD,
    PROBE_SEED,
    head_scores,
    phase_change,
    probe_alphabet,
    probe_set,
)
from core.decoder.model import DecoderConfig, DecoderWeights, forward, init_weights
from core.decoder.train import TrainState, start, train_step, unpack
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
# Printable ASCII, kept whatever the texts hold: Hamlet has no 0, 3 … 9, X, Z, brackets or
# quotes, which students type; the random strings teach the model to copy them.
ALSO = "".join(chr(c) for c in range(0x20, 0x7F))
HELD_OUT = 0.1  # the last tenth of each text is never trained on
LR = 5e-3
STEPS = 4000
BATCH, NATURAL = 32, 8
# Each repeated string is drawn from one alphabet (core.decoder.measures.ALPHABETS), with
# these shares from the step given on: lowercase letters alone first, then every alphabet.
# Mixed from the start (trials of 1,500 to 2,500 steps, shares a-z / a-z and space / Latin /
# Chinese / any of 20/20/20/20/20, 35/25/20/10/10 and 45/20/15/10/10 %), induction heads
# formed for every alphabet (Chinese and any character 0.81-0.86) but stayed at 0.42-0.45
# on lowercase letters: in 40 random letters each letter comes back, so "the character after
# the earlier x" is ambiguous, and only a layer-1 head that also reads two characters back
# resolves it; that head formed only when letters alone were copied first (as in the first
# version of this model, trained on letters only, which copied nothing else). Letters alone
# for 1,200 steps, then every alphabet: the letters' circuit (0.88 at step 1,200) becomes one
# that copies all five (0.82-0.88 by step 1,800).
SCHEDULE = (
    (0, {"letters": 1.0}),
    (1200, {"letters": 0.3, "letters_space": 0.2, "latin": 0.2, "chinese": 0.15, "any": 0.15}),
)
EVAL_EVERY = 50
RESUME_BEFORE = 4  # the tests repeat the last steps from the state shipped this many before


def vocabulary(texts: dict[str, str]) -> Vocabulary:
    return build_vocabulary(list(texts.values()), min_cjk_count=MIN_CJK_COUNT, also=ALSO)


def data_mix(texts: dict[str, str], vocab: Vocabulary, step: int) -> DataMix:
    """The training windows of a step: the texts' training parts, and the random strings'
    alphabets with the shares SCHEDULE gives that step."""
    train = [vocab.encode(held_out_split(texts[lang], HELD_OUT)[0]).ids for lang in ("en", "zh")]
    shares = [s for start, s in SCHEDULE if start <= step][-1]
    return DataMix(
        texts=tuple(train),
        alphabets=tuple(probe_alphabet(vocab, name) for name in shares),
        shares=tuple(shares.values()),
        batch=BATCH,
        natural=NATURAL,
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


def evaluate(w, config, probe: dict[str, np.ndarray], held_out) -> dict:
    """Every head's scores on all the probe's strings together, the copies' losses and best
    scores of each alphabet, and the loss on held-out text."""
    each = {name: head_scores(w, ids, PROBE_PERIOD, config) for name, ids in probe.items()}
    scores = head_scores(w, np.concatenate(list(probe.values())), PROBE_PERIOD, config)
    row = {
        "previous": scores.previous.tolist(),
        "induction": scores.induction.tolist(),
        "first_copy_loss": scores.first_copy_loss,
        "second_copy_loss": scores.second_copy_loss,
        "first_share": scores.first_share.tolist(),
        "alphabets": {
            name: {
                "induction": s.best("induction")[2],
                "previous": s.best("previous")[2],
                "first_copy_loss": s.first_copy_loss,
                "second_copy_loss": s.second_copy_loss,
            }
            for name, s in each.items()
        },
    }
    for lang, ids in held_out.items():
        fwd = forward(w, ids[:, :-1], config)
        row[f"held_out_loss_{lang}"] = float(token_losses(fwd.log_probs(), ids[:, 1:]).mean())
    return row


def choose_checkpoints(evals: dict, steps: int) -> list[int]:
    """The checkpoints shipped, from the steps measured: every 500 steps, and every 50 from
    150 steps before the phase change (the in-context gain falling fastest) to 250 after,
    so that the slider shows the copying heads forming."""
    measured = np.array(evals["step"])
    gain = np.array(evals["second_copy_loss"]) - np.array(evals["first_copy_loss"])
    change = phase_change(measured, gain)
    chosen = {0, steps, *range(500, steps, 500)}
    chosen |= {s for s in measured.tolist() if change - 150 <= s <= change + 250}
    return sorted(chosen)


def train(out: Path) -> dict:
    """The whole run: writes every file into ``out`` and returns the log."""
    texts = read_texts()
    vocab = vocabulary(texts)
    config = DecoderConfig(n_vocab=vocab.size)
    mixes = {start: data_mix(texts, vocab, start) for start, _ in SCHEDULE}
    probe, held_out = probe_set(vocab), held_out_windows(texts, vocab, config.n_ctx)
    out.mkdir(parents=True, exist_ok=True)
    for old in (out / CHECKPOINTS_DIR).glob("*.safetensors"):  # a run with other steps
        old.unlink()
    write_vocabulary(vocab, out / VOCAB, min_cjk_count=MIN_CJK_COUNT, also=ALSO, unknown="\ufffd")
    if out.resolve() != FOLDER.resolve():
        shutil.copytree(FOLDER / "texts", out / "texts", dirs_exist_ok=True)
    losses = {"step": [], "loss": [], "natural": [], "repeated": []}
    evals: dict[str, list] = {"step": []}
    kept: dict[int, DecoderWeights] = {}  # the weights at every step measured, float32
    wall, cpu = time.perf_counter(), time.process_time()
    state = start(initial_weights(config))
    while True:
        w = state.weights(config)
        if state.step == STEPS - RESUME_BEFORE:
            write_resume(out / RESUME, state, config)
        if state.step % EVAL_EVERY == 0 or state.step == STEPS:
            kept[state.step] = DecoderWeights(**{n: w[n].copy() for n in w.names()})
            for key, value in {"step": state.step, **evaluate(w, config, probe, held_out)}.items():
                evals.setdefault(key, []).append(value)
            print(f"step {state.step}: " + progress(evals, losses), flush=True)
        if state.step == STEPS:
            break
        mix = mixes[max(start for start in mixes if start <= state.step + 1)]
        batch = batch_at(mix, SEED, state.step + 1, config.n_ctx)
        state, loss = train_step(state, batch, config, LR)
        for key in losses:
            losses[key].append(getattr(loss, key))
    checkpoints = choose_checkpoints(evals, STEPS)
    for step in checkpoints:
        write_weights(out / checkpoint_name(step, STEPS), kept[step], config, step)
    log = {
        "seed": SEED,
        "steps": STEPS,
        "lr": LR,
        "optimizer": "Adam (core.train.adam), betas 0.9/0.999, eps 1e-8, no weight decay",
        "arithmetic": "float32 (measurements float64)",
        "data": {
            "batch": BATCH,
            "natural_windows": NATURAL,
            "repeated_windows": BATCH - NATURAL,
            "alphabet_shares": [{"from_step": start, **s} for start, s in SCHEDULE],
            "periods": [mix.min_period, mix.max_period],
            "held_out_share": HELD_OUT,
            "min_cjk_count": MIN_CJK_COUNT,
        },
        "probe": {
            "seed": PROBE_SEED,
            "count": PROBE_COUNT,
            "period": PROBE_PERIOD,
            "alphabets": list(ALPHABETS),
        },
        "config": config.__dict__,
        "checkpoints": checkpoints,
        "resume_step": STEPS - RESUME_BEFORE,
        "loss": losses,
        "evals": evals,
        "seconds": {"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu},
        "versions": {"python": platform.python_version(), "numpy": np.__version__},
    }
    (out / LOG).write_text(json.dumps(log, indent=1) + "\n", encoding="utf-8")
    return log


def write_resume(path: Path, state: TrainState, config: DecoderConfig) -> None:
    """The state RESUME_BEFORE steps before the end, with Adam's moments, shaped as weights."""
    m, v = unpack(state.adam.m, config), unpack(state.adam.v, config)
    extra = {f"adam_m.{n}": m[n] for n in m.names()} | {f"adam_v.{n}": v[n] for n in v.names()}
    write_weights(path, state.weights(config), config, state.step, **extra)


def progress(evals: dict, losses: dict) -> str:
    recent = np.mean(losses["loss"][-EVAL_EVERY:]) if losses["loss"] else float("nan")
    each = evals["alphabets"][-1]
    scores = ", ".join(
        f"{name} {a['induction']:.2f} ({a['first_copy_loss']:.1f} / {a['second_copy_loss']:.1f})"
        for name, a in each.items()
    )
    return f"loss {recent:.3f}, best previous-token {np.max(evals['previous'][-1]):.2f}; {scores}"


def compare(out: Path, steps: list[int]) -> float:
    """The largest relative difference between the checkpoints in ``out`` and the shipped ones."""
    worst = 0.0
    for step in steps:
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
    if args.out.resolve() != FOLDER.resolve() and (FOLDER / LOG).exists():
        shipped = json.loads((FOLDER / LOG).read_text(encoding="utf-8"))["checkpoints"]
        if shipped == log["checkpoints"]:
            compare(args.out, shipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
