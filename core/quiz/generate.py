"""Predict, then reveal, on generating text: the KV cache, shared key/value heads, memory.

Questions in the form of ``core.quiz.question.Question`` (texts with the page's, under
"generate.quiz.<rest>.ask" and ".why"), each made from the very result its figure draws,
so its answer is right for the current settings. They test the claims below, in the page's order.
"""

from __future__ import annotations

from fractions import Fraction

from core.generate.inference_cost import (
    DecodeWork,
    MemoryEstimate,
    bytes_per_number,
    in_units,
    memory_estimate,
)
from core.quiz.question import Question, round_tolerance

CLAIMS = (
    "cache",  # a cache makes each token's key and value once; without it, step t remakes t
    "share",  # h query heads share g key/value heads, h/g to each: a cache h/g times smaller
    "memory",  # the cache, 2·L·g·d_head·tokens·bytes, grows with the context to rival the weights
)
# A size read in GB (10⁹ bytes) where GiB (2³⁰) was asked is 7 % off: both count as right.
SIZE_TOLERANCE = 0.1


def decode_questions(work: DecodeWork) -> list[Question]:
    """How many key rows a head makes for the whole sentence without a cache (n ≥ 2)."""
    n = int(work.t[-1])
    if n < 2:
        return []
    rows = int(work.kv_rows_without_total[-1])
    share = Fraction(n, rows)  # what a cache leaves: 9 of 45 is 1/5
    return [
        Question(
            "generate.rows",
            "cache",
            "number",
            rows,
            values={"n": n},
            reveal={
                "n": n,
                "without": rows,
                "with": n,
                "times": rows / n,
                "fraction": f"{share.numerator}/{share.denominator}",
            },
        )
    ]


def sharing_questions(n_heads: int, n_kv_heads: int) -> list[Question]:
    """How many query heads read each key/value head, h / g (none when nothing is shared:
    one head, or g = h, where "4 query heads share 4" asks a question with no sharing in it)."""
    if n_heads < 2 or n_kv_heads == n_heads:
        return []
    group = n_heads // n_kv_heads
    return [
        Question(
            "generate.group",
            "share",
            "number",
            group,
            values={"h": n_heads, "g": n_kv_heads},
            reveal={"h": n_heads, "g": n_kv_heads, "group": group},
        )
    ]


def memory_questions(estimate: MemoryEstimate) -> list[Question]:
    """How large the cache is (in the unit that suits it) for the estimate's tokens and batch
    of sequences, and how much one key/value head changes it: g times smaller with one, or
    h/g times larger with one per query head."""
    c = estimate.config
    size, unit = in_units(estimate.cache_bytes)
    weights, weights_unit = in_units(estimate.weights_bytes)
    shape = {"L": c.n_layers, "g": estimate.n_kv_heads, "d": c.d_head}
    questions = [
        Question(
            "generate.cache_size",
            "memory",
            "number",
            size,
            tolerance=round_tolerance(SIZE_TOLERANCE * size),
            values={
                **shape,
                "type": estimate.number_type,
                "n": estimate.n_tokens,
                "batch": estimate.batch,
                "unit": unit,
            },
            reveal={
                **shape,
                "n": estimate.n_tokens,
                "batch": estimate.batch,
                "bytes_per_number": bytes_per_number(estimate.number_type),
                "bytes": estimate.cache_bytes,
                "size": size,
                "unit": unit,
                "weights": weights,
                "weights_unit": weights_unit,
                "match": estimate.tokens_to_match,  # tokens of context whose cache is the weights'
            },
        )
    ]
    if estimate.n_tokens < 1 or c.n_heads == 1:
        return questions
    other = 1 if estimate.n_kv_heads > 1 else c.n_heads  # to MQA, or from MQA to MHA
    compared = memory_estimate(
        c,
        n_tokens=estimate.n_tokens,
        number_type=estimate.number_type,
        batch=estimate.batch,
        n_kv_heads=other,
    )
    fewer = other < estimate.n_kv_heads
    ratio = (
        estimate.cache_bytes / compared.cache_bytes
        if fewer
        else compared.cache_bytes / estimate.cache_bytes
    )
    other_size, other_unit = in_units(compared.cache_bytes)
    whole = float(ratio).is_integer()  # always, as the cache is proportional to g: "8", not "8.00"
    questions.append(
        Question(
            "generate.fewer_kv_heads" if fewer else "generate.more_kv_heads",
            "share",
            "number",
            ratio,
            decimals=0 if whole else 2,  # "8", exact: no places to state
            values={"g": estimate.n_kv_heads, "h": c.n_heads, "other": other},
            reveal={
                "g": estimate.n_kv_heads,
                "other": other,
                "ratio": int(ratio) if whole else ratio,
                "size": other_size,
                "unit": other_unit,
            },
        )
    )
    return questions
