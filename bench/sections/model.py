"""model: the pretrained model's forward pass (core.bert) for 16 and 64 word pieces.

Needs ``realmodel.load_model`` and ``core.bert.bert_forward``, and the model's files
(found as realmodel finds them, without downloading). When any of these is missing the
section says so and is skipped. No budget: the numbers are for reference.
"""

from __future__ import annotations

import time
import timeit

import numpy as np

from bench.sections.common import Column, Row, Section, log

SIZES = (16, 64)
TEXT = (
    "The animal did not cross the street because it was too tired, and the cake that I "
    "ate yesterday was delicious, so the teacher asked every student which word the "
    "pronoun refers to and why the attention of one head follows it while another head "
    "looks at the next word, the previous word, or the separator at the very end. "
) * 2

COLUMNS = [
    Column("median", "median ms"),
    Column("min", "min ms"),
    Column("loops", "loops", "{:d}"),
]


def _load():
    """(model, forward function) or raise ImportError/RuntimeError with the reason."""
    from core.bert import bert_forward
    from realmodel import load_model

    try:
        from realmodel import locate_model

        files = locate_model(download=False)
    except ImportError:
        files = None
    return (load_model(files) if files is not None else load_model()), bert_forward


def run(options) -> Section:
    section = Section("model", COLUMNS)
    start = time.perf_counter()
    try:
        model, bert_forward = _load()
    except ImportError as exc:
        section.skipped = f"not available ({exc})"
        return section
    except Exception as exc:  # ModelUnavailable and whatever a half-written loader raises
        section.skipped = f"not available ({type(exc).__name__}: {str(exc).splitlines()[0]})"
        return section
    load_s = time.perf_counter() - start
    try:
        ids = np.asarray(model.encode(TEXT).ids, dtype=np.int64)
    except Exception as exc:  # the model's interface is still moving
        section.skipped = f"not available (encode failed: {type(exc).__name__}: {exc})"
        return section
    repeats = options.reps or (5 if options.quick else 15)
    log(f"model: loaded in {load_s:.1f} s; forward at {SIZES} tokens")
    for n in SIZES:
        if len(ids) < n:
            section.rows.append(Row("bert_forward", f"n={n}", note="the text is too short"))
            continue
        piece = np.concatenate([ids[: n - 1], ids[-1:]])  # [CLS] … [SEP], n pieces

        def forward(piece=piece):
            return bert_forward(model.weights, piece, config=model.config)

        timer = timeit.Timer(forward)
        number, _ = timer.autorange()
        times = sorted(t / number for t in timer.repeat(repeat=repeats, number=number))
        values = {"median": 1000 * times[len(times) // 2], "min": 1000 * times[0], "loops": number}
        section.rows.append(Row("bert_forward", f"n={n}", values))
        log(f"  n={n}: {values['median']:.1f} ms")
    layers, heads = model.config.n_layers, model.config.n_heads
    section.notes.append(
        f"{type(model).__name__} from {getattr(model, 'source', '?')}: {layers} layers, "
        f"{heads} heads, d_model {model.config.d_model}; loading took {load_s:.2f} s."
    )
    return section
