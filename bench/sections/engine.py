"""core: the numpy attention functions beside the bare matrix products they are made of.

``core.scaled_dot_product_attention`` on q, k, v of shape [h, n, d_k] (all heads at
once, as multi-head attention calls it), and ``core.multi_head_attention`` on x of
shape [n, d_model], with d_model = 512 and h = 8, random float64 inputs. The floor of
the first is q·kᵀ and weights·v alone (no scaling, mask or softmax); of the second,
the three projections x·W_Q, x·W_K, x·W_V, the same two products per head on the
split projections, and concat·W_O. Timed with timeit: the median of many repeats.

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
    Column("loops", "loops", "{:d}"),
]


def _time_pair(func, floor, repeats: int) -> dict[str, float]:
    """Seconds per call of func and of its floor, timed in turns (so load hits both alike).

    Each is an auto-ranged loop (enough calls for 0.2 s, which also warms up), repeated
    `repeats` times; the median and the min of the repeats are returned.
    """
    timers = [timeit.Timer(func), timeit.Timer(floor)]
    numbers = [t.autorange()[0] for t in timers]
    samples: list[list[float]] = [[], []]
    for _ in range(repeats):
        for i, (timer, number) in enumerate(zip(timers, numbers, strict=True)):
            samples[i].append(timer.timeit(number) / number)
    (f, g) = (sorted(x) for x in samples)
    return {
        "median": f[len(f) // 2],
        "min": f[0],
        "floor": g[len(g) // 2],
        "floor_min": g[0],
        "loops": numbers[0],
    }


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
            t = _time_pair(func, floor_func, repeats)
            values = {
                "median": 1000 * t["median"],
                "floor": 1000 * t["floor"],
                "ratio": t["median"] / t["floor"],
                "min": 1000 * t["min"],
                "floor_min": 1000 * t["floor_min"],
                "ratio_min": t["min"] / t["floor_min"],
                "loops": t["loops"],
            }
            checks = (
                [ratio_check(t["median"], t["floor"], BUDGET_RATIO, "matrix products")]
                if n == BUDGET_N
                else []
            )
            section.rows.append(Row(name, f"n={n}", values, checks))
            log(f"  {name} n={n}: {values['median']:.2f} ms, floor {values['floor']:.2f} ms")
    section.notes.append(
        f"{repeats} repeats of an auto-ranged loop (≥ 0.2 s each), the function and its floor "
        "in turns; per call. The budget uses the medians; the mins show the cost without "
        "interference from other work on the machine."
    )
    return section
