"""model: the pretrained model's forward pass (core.bert) beside transformers + torch.

At 16 and 64 word pieces, with 1 and with 2 threads. Each thread count runs in a worker
process of its own, started with OPENBLAS_NUM_THREADS, OMP_NUM_THREADS and
MKL_NUM_THREADS set, because OpenBLAS reads them once, when numpy loads it; torch is
also told with ``torch.set_num_threads``. In the worker, numpy's forward pass and
transformers' ``BertModel`` (the same model files, float32 on the CPU, eager attention,
asked for every layer's attentions and hidden states, as the numpy pass returns them)
take turns: rounds of a few calls each, so that load on the machine hits both alike.
The figures are the medians over the rounds of the time per call. The worker also
reports how far apart the two results are (largest absolute difference of the attention
weights and of the hidden states).

Needs the model's files (found as realmodel finds them, without downloading). The
comparison needs torch and transformers in the benchmark's environment, which the app
never installs; without them the numpy pass is timed alone and the section says so.

Budget: the numpy forward pass takes at most 1.0× the time of transformers + torch.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from bench.sections.common import ROOT, Column, Row, Section, log, ratio_check

SIZES = (16, 64)
THREADS = (1, 2)
BUDGET_RATIO = 1.0
CALLS = 5  # per round and implementation
# Between turns: OpenBLAS's and OpenMP's idle threads spin for a while before they sleep,
# and with 2 threads they would otherwise eat the core that the other library's turn needs.
PAUSE_S = 0.25
TEXT = (
    "The animal did not cross the street because it was too tired, and the cake that I "
    "ate yesterday was delicious, so the teacher asked every student which word the "
    "pronoun refers to and why the attention of one head follows it while another head "
    "looks at the next word, the previous word, or the separator at the very end. "
) * 2
THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")

COLUMNS = [
    Column("numpy", "numpy ms", "{:.2f}"),
    Column("torch", "torch ms", "{:.2f}"),
    Column("ratio", "× torch", "{:.2f}×"),
    Column("numpy_min", "numpy min", "{:.2f}"),
    Column("torch_min", "torch min", "{:.2f}"),
    Column("attention_diff", "Δ attention", "{:.1e}"),
    Column("hidden_diff", "Δ hidden", "{:.1e}"),
]


# ---------------------------------------------------------------------------- worker


def _torch_model(files, threads: int):
    """(torch, BertModel) on the same files, or (None, reason) when they cannot be had."""
    try:
        import torch
        from transformers import BertModel
    except ImportError as exc:
        return None, f"{exc.name or exc} is not installed"
    torch.set_num_threads(threads)
    try:
        model = BertModel.from_pretrained(
            str(files.weights.parent), attn_implementation="eager", dtype=torch.float32
        )
    except Exception as exc:  # a folder without config.json, an older transformers, …
        return None, f"transformers could not load the model ({type(exc).__name__}: {exc})"
    return (torch, model.eval()), ""


def _medians(samples: list[float]) -> dict[str, float]:
    return {"median": 1000 * statistics.median(samples), "min": 1000 * min(samples)}


def worker(threads: int, rounds: int) -> dict:
    """Time both implementations in this process; everything the parent needs, as JSON."""
    import numpy as np

    from core.bert import bert_forward
    from realmodel import load_model, locate_model

    load_before = os.getloadavg()[0]
    files = locate_model(download=False)
    model = load_model(files)
    reference, why_not = _torch_model(files, threads)
    torch, bert = reference or (None, None)
    ids = model.encode(TEXT).ids
    results = []
    for n in SIZES:
        piece = np.concatenate([ids[: n - 1], ids[-1:]])  # [CLS] … [SEP], n pieces
        batch = torch.tensor(piece[None]) if torch else None  # [1, n]

        def numpy_forward(piece=piece):
            return bert_forward(model.weights, piece, config=model.config)

        def torch_forward(batch=batch):
            with torch.inference_mode():
                return bert(input_ids=batch, output_attentions=True, output_hidden_states=True)

        turns = {"numpy": numpy_forward, **({"torch": torch_forward} if torch else {})}
        for forward in turns.values():  # warm up: first calls allocate and page memory in
            for _ in range(3):
                forward()
        samples = {name: [] for name in turns}
        for _ in range(rounds):
            for name, forward in turns.items():
                time.sleep(PAUSE_S)
                start = time.perf_counter()
                for _ in range(CALLS):
                    forward()
                samples[name].append((time.perf_counter() - start) / CALLS)
        row = {"n": n, **{name: _medians(s) for name, s in samples.items()}}
        if torch:
            ours, theirs = numpy_forward(), torch_forward()
            attentions = torch.stack(theirs.attentions)[:, 0].numpy()  # [L, h, n, n]
            hidden = torch.stack(theirs.hidden_states)[:, 0].numpy()  # [L+1, n, d_model]
            row["attention_diff"] = float(np.max(np.abs(ours.attentions - attentions)))
            row["hidden_diff"] = float(np.max(np.abs(ours.hidden_states - hidden)))
        results.append(row)
    versions = {}
    if torch:
        import transformers

        versions = {"torch": torch.__version__, "transformers": transformers.__version__}
    return {
        "threads": threads,
        "rows": results,
        "source": model.source,
        "skipped_torch": why_not,
        "versions": versions,
        "load": [load_before, os.getloadavg()[0]],
    }


# ---------------------------------------------------------------------------- parent


def _run_worker(threads: int, rounds: int) -> dict:
    env = {**os.environ, **dict.fromkeys(THREAD_VARIABLES, str(threads))}
    command = [sys.executable, "-m", "bench.sections.model", "--worker"]
    command += ["--threads", str(threads), "--rounds", str(rounds)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines() or ["no output"]
        raise RuntimeError(lines[-1])
    return json.loads(done.stdout.strip().splitlines()[-1])


def run(options) -> Section:
    section = Section("model", COLUMNS)
    try:
        from realmodel import load_model, locate_model  # noqa: F401  (only: is it there?)

        locate_model(download=False)
    except Exception as exc:  # ImportError, ModelUnavailable
        section.skipped = f"not available ({type(exc).__name__}: {str(exc).splitlines()[0]})"
        return section
    rounds = options.reps or (3 if options.quick else 7)
    log(f"model: forward at {SIZES} tokens, {THREADS} threads, {rounds} rounds × {CALLS} calls")
    skipped_torch, versions, loads = "", {}, []
    for threads in THREADS:
        try:
            report = _run_worker(threads, rounds)
        except Exception as exc:  # one failed worker must not lose the other's figures
            section.rows.append(Row("bert_forward", f"{threads} thread(s)", note=str(exc)))
            continue
        skipped_torch = skipped_torch or report["skipped_torch"]
        versions = versions or report["versions"]
        loads.append(f"{report['load'][0]:.1f} → {report['load'][1]:.1f}")
        for entry in report["rows"]:
            numpy_ms, torch_ms = entry["numpy"], entry.get("torch", {})
            values = {
                "numpy": numpy_ms["median"],
                "numpy_min": numpy_ms["min"],
                "torch": torch_ms.get("median"),
                "torch_min": torch_ms.get("min"),
                "ratio": numpy_ms["median"] / torch_ms["median"] if torch_ms else None,
                "attention_diff": entry.get("attention_diff"),
                "hidden_diff": entry.get("hidden_diff"),
            }
            check = ratio_check(values["numpy"], values["torch"], BUDGET_RATIO, "torch")
            setting = f"n={entry['n']}, {threads} thread{'s' if threads > 1 else ''}"
            section.rows.append(Row("bert_forward", setting, values, [check]))
            log(f"  {setting}: numpy {values['numpy']:.2f} ms, torch {values['torch'] or 0:.2f} ms")
    if skipped_torch:
        section.notes.append(
            f"transformers + torch: skipped, {skipped_torch}. To compare, install transformers"
            " and a CPU build of torch in the benchmark's environment."
        )
    else:
        section.notes.append(
            f"Beside transformers {versions.get('transformers')} + torch {versions.get('torch')}"
            " (BertModel, eager attention, float32, CPU, in the same process)."
        )
    section.notes.append(
        f"Medians of {rounds} rounds × {CALLS} calls; one worker process per thread count "
        f"(load average at its start → end: {', '.join(loads) or 'n/a'})."
    )
    return section


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="one worker of the model section")
    parser.add_argument("--worker", action="store_true", required=True)
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--rounds", type=int, required=True)
    args = parser.parse_args(argv)
    print(json.dumps(worker(args.threads, args.rounds)))


if __name__ == "__main__":
    main()
