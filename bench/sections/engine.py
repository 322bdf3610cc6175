"""core: the numpy attention functions beside the bare matrix products they are made of.

``core.scaled_dot_product_attention`` on q, k, v of shape [h, n, d_k] (all heads at
once, as multi-head attention calls it), and ``core.multi_head_attention`` on x of
shape [n, d_model], with d_model = 512 and h = 8, random float64 inputs. The floor of
the first is q·kᵀ and weights·v alone (no scaling, mask or softmax); of the second,
the three projections x·W_Q, x·W_K, x·W_V, the same two products per head on the
split projections, and concat·W_O. Timed with timeit: the median of many repeats.

Beside them, what softmax cannot avoid on the same h·n² scaled scores: ``exp``, np.exp
alone, in place; ``softmax``, a bare softmax into a buffer reused between calls (row max,
subtract, exp, row sum, divide: no trace, no mask). An attention that did nothing but its
products and that stable softmax would cost ``least`` × its floor; where ``least`` is
above 1.5×, the budget is out of reach for float64 numpy on this machine (numpy's float64
exp is a scalar loop on CPUs without AVX-512).

Budget: at n = 512 each function takes at most 1.5× its floor.
"""

from __future__ import annotations

import timeit

import numpy as np

from bench.sections.common import Column, Row, Section, log, ratio_check

D_MODEL, HEADS = 512, 8
SIZES = (64, 256, 512)
BUDGET_N, BUDGET_RATIO = 512, 1.5

COLUMNS = [
    Column("median", "median ms", "{:.2f}"),
    Column("floor", "floor ms", "{:.2f}"),
    Column("ratio", "× floor", "{:.2f}×"),
    Column("min", "min ms", "{:.2f}"),
    Column("floor_min", "floor min", "{:.2f}"),
    Column("ratio_min", "min × floor", "{:.2f}×"),
    Column("exp", "exp ms", "{:.2f}"),
    Column("softmax", "softmax ms", "{:.2f}"),
    Column("least", "least × floor", "{:.2f}×"),
    Column("loops", "loops", "{:d}"),
]


def _time_turns(funcs, repeats: int) -> list[dict[str, float]]:
    """Seconds per call of each function, timed in turns (so load hits them alike).

    Each is an auto-ranged loop (enough calls for 0.2 s, which also warms up), repeated
    `repeats` times; the median and the min of the repeats are returned, with the loop size.
    """
    timers = [timeit.Timer(f) for f in funcs]
    numbers = [t.autorange()[0] for t in timers]
    samples: list[list[float]] = [[] for _ in funcs]
    for _ in range(repeats):
        for timer, number, out in zip(timers, numbers, samples, strict=True):
            out.append(timer.timeit(number) / number)
    return [
        {"median": float(np.median(x)), "min": min(x), "loops": number}
        for x, number in zip(samples, numbers, strict=True)
    ]


def run(options) -> Section:
    from core import init_params, multi_head_attention, scaled_dot_product_attention
    from core.multihead import merge_heads, split_heads

    repeats = options.reps or (5 if options.quick else 25)
    section = Section("core", COLUMNS)
    d_k = D_MODEL // HEADS
    params = init_params(D_MODEL, HEADS, seed=0)
    log(f"core: d_model {D_MODEL}, {HEADS} heads, n = {', '.join(map(str, SIZES))}")
    for n in SIZES:
        rng = np.random.default_rng(n)
        q, k, v = (rng.standard_normal((HEADS, n, d_k)) for _ in range(3))
        w = rng.random((HEADS, n, n))
        w /= w.sum(axis=-1, keepdims=True)
        x = rng.standard_normal((n, D_MODEL))
        z = q @ np.swapaxes(k, -1, -2) / np.sqrt(d_k)  # [h, n, n]  the scaled scores
        z -= z.max(axis=-1, keepdims=True)  # what softmax exponentiates
        buffer = np.empty_like(z)

        def exp_alone(z=z, buffer=buffer):
            return np.exp(z, out=buffer)

        def bare_softmax(z=z, buffer=buffer):
            np.subtract(z, z.max(axis=-1, keepdims=True), out=buffer)
            np.exp(buffer, out=buffer)
            buffer /= buffer.sum(axis=-1, keepdims=True)
            return buffer

        def sdpa(q=q, k=k, v=v):
            return scaled_dot_product_attention(q, k, v)

        def sdpa_floor(q=q, k=k, v=v, w=w):
            return q @ np.swapaxes(k, -1, -2), w @ v

        def mha(x=x):
            return multi_head_attention(x, params, n_heads=HEADS)

        def mha_floor(x=x, w=w):
            qp, kp, vp = x @ params.w_q, x @ params.w_k, x @ params.w_v
            qh, kh, vh = (split_heads(a, HEADS) for a in (qp, kp, vp))
            _scores = qh @ np.swapaxes(kh, -1, -2)
            out = w @ vh
            return merge_heads(out) @ params.w_o

        for name, func, floor_func in (
            ("scaled_dot_product_attention", sdpa, sdpa_floor),
            ("multi_head_attention", mha, mha_floor),
        ):
            # The softmax pieces are timed again beside each function, in its own turns: timed
            # once for both, the allocator's state after MHA slowed SDPA at n = 64 from 0.6 ms
            # to 1.1 ms (its floor unchanged).
            t, floor, exp, bare = _time_turns((func, floor_func, exp_alone, bare_softmax), repeats)
            values = {
                "median": 1000 * t["median"],
                "floor": 1000 * floor["median"],
                "ratio": t["median"] / floor["median"],
                "min": 1000 * t["min"],
                "floor_min": 1000 * floor["min"],
                "ratio_min": t["min"] / floor["min"],
                "exp": 1000 * exp["median"],
                "softmax": 1000 * bare["median"],
                "least": (floor["median"] + bare["median"]) / floor["median"],
                "loops": t["loops"],
            }
            checks = (
                [ratio_check(t["median"], floor["median"], BUDGET_RATIO, "matrix products")]
                if n == BUDGET_N
                else []
            )
            note = ""
            if checks and not checks[0].ok and values["least"] > BUDGET_RATIO:
                note = (
                    f"out of reach here: the floor plus a bare softmax is {values['least']:.2f}× "
                    f"the floor (the exponentials alone {exp['median'] / floor['median']:.2f}×)"
                )
            section.rows.append(Row(name, f"n={n}", values, checks, note))
            log(f"  {name} n={n}: {values['median']:.2f} ms, floor {values['floor']:.2f} ms")
    section.notes.append(
        f"{repeats} repeats of an auto-ranged loop (≥ 0.2 s each), the function and its floor "
        "in turns; per call. The budget uses the medians; the mins show the cost without "
        "interference from other work on the machine."
    )
    section.notes.append(
        "exp: np.exp over the h·n² scaled scores, in place; softmax: max, subtract, exp, sum "
        "and divide on them into a reused buffer (both timed in the same turns). least = (floor "
        "+ softmax) / floor: an attention that does nothing but its products and a stable "
        f"softmax. Where it is above {BUDGET_RATIO:g}×, no float64 numpy attention meets the "
        "budget on this machine."
    )
    return section
