"""What generating costs: the multiply-adds with and without a KV cache, and the cache's memory.

Both are counted, never measured, so they hold for any length: the toy model's sentence,
1 000 tokens, or a real model's whole context.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.generate.model_configs import ModelConfig

# Bytes per number of the types models are stored and run in.
NUMBER_TYPES: dict[str, int] = {"fp32": 4, "fp16": 2, "bf16": 2, "fp8": 1, "int8": 1}
_INT64_MAX = np.iinfo(np.int64).max
_UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB")


def bytes_per_number(number_type: str) -> int:
    """The size of one number of the type: fp32 4, fp16 and bf16 2, fp8 and int8 1."""
    try:
        return NUMBER_TYPES[number_type]
    except KeyError:
        raise ValueError(f"unknown number type {number_type!r}") from None


def kv_cache_numbers(
    *, n_layers: int, n_kv_heads: int, d_head: int, n_tokens, batch: int = 1
):  # n_tokens: int or [m] -> the same shape
    """How many numbers the cache holds: 2 (K and V) · L · g · d_head · tokens · batch."""
    numbers = 2 * n_layers * n_kv_heads * d_head * np.asarray(n_tokens, dtype=np.int64) * batch
    return int(numbers) if numbers.ndim == 0 else numbers


def kv_cache_bytes(
    *, n_layers: int, n_kv_heads: int, d_head: int, n_tokens, number_type: str, batch: int = 1
):  # n_tokens: int or [m] -> the same shape
    """The cache's size: 2 (K and V) · L · g · d_head · tokens · bytes per number · batch."""
    numbers = kv_cache_numbers(
        n_layers=n_layers, n_kv_heads=n_kv_heads, d_head=d_head, n_tokens=n_tokens, batch=batch
    )
    return numbers * bytes_per_number(number_type)


def in_units(n_bytes: float) -> tuple[float, str]:
    """A size in the largest binary unit that keeps it at 1 or more: (1.0, "GiB") for 2³⁰."""
    value, unit = float(n_bytes), 0
    while abs(value) >= 1024 and unit < len(_UNITS) - 1:
        value, unit = value / 1024, unit + 1
    return value, _UNITS[unit]


@dataclass(frozen=True)
class MemoryEstimate:
    """A model's KV cache beside its weights, both in one number type."""

    config: ModelConfig
    n_kv_heads: int  # g counted: the model's own, or another divisor of h to compare
    n_tokens: int
    number_type: str
    batch: int
    cache_bytes: int  # 2 · L · g · d_head · tokens · bytes · batch
    token_bytes: int  # what one more token adds to the cache (all layers, the whole batch)
    weights_bytes: int  # parameters · bytes per number
    tokens_to_match: int  # the fewest tokens whose cache is at least the weights' size

    @property
    def cache_to_weights(self) -> float:
        return self.cache_bytes / self.weights_bytes


def memory_estimate(
    config: ModelConfig,
    *,
    n_tokens: int,
    number_type: str,
    batch: int = 1,
    n_kv_heads: int | None = None,
) -> MemoryEstimate:
    """The cache for ``n_tokens`` tokens of context (each of ``batch`` sequences) and the
    weights, in the same number type; ``n_kv_heads`` asks "what if it had g of them?"."""
    g = config.n_kv_heads if n_kv_heads is None else n_kv_heads
    if g < 1 or config.n_heads % g:
        raise ValueError(f"{g} key/value heads cannot serve {config.n_heads} query heads")
    if n_tokens < 0 or batch < 1:
        raise ValueError("tokens must be 0 or more and the batch at least 1")
    shape = {"n_layers": config.n_layers, "n_kv_heads": g, "d_head": config.d_head}
    token_bytes = int(kv_cache_bytes(**shape, n_tokens=1, number_type=number_type, batch=batch))
    weights = config.n_params * bytes_per_number(number_type)
    return MemoryEstimate(
        config=config,
        n_kv_heads=g,
        n_tokens=n_tokens,
        number_type=number_type,
        batch=batch,
        cache_bytes=token_bytes * n_tokens,
        token_bytes=token_bytes,
        weights_bytes=weights,
        tokens_to_match=-(-weights // token_bytes),
    )


@dataclass(frozen=True)
class StepCost:
    """The three parts of one decoding step's multiply-adds, per layer (see decode_work)."""

    query_out: int  # A = d_model·h·d_k + h·d_v·d_model: the new query, and W_O
    kv: int  # KV = d_model·g·(d_k + d_v): one token's keys and values
    attend: int  # S = h·(d_k + d_v): one cached token's score and its share of weights·V

    @property
    def saving_limit(self) -> float:
        """What the cache's saving tends to as n grows: (KV + S) / S."""
        return (self.kv + self.attend) / self.attend


def step_cost(
    *, d_model: int, n_heads: int, n_kv_heads: int, d_k: int, d_v: int | None = None
) -> StepCost:
    """The multiply-adds of one step of one attention layer, in its three parts."""
    d_v = d_k if d_v is None else d_v
    h, g = n_heads, n_kv_heads
    return StepCost(
        query_out=d_model * h * d_k + h * d_v * d_model,
        kv=d_model * g * (d_k + d_v),
        attend=h * (d_k + d_v),
    )


@dataclass(frozen=True)
class DecodeWork:
    """Multiply-adds of generating tokens 1 … n, step by step, with and without a cache."""

    cost: StepCost  # the parts of a step's count, per layer
    n_layers: int  # L: every count is L times a layer's
    t: np.ndarray  # [m] int  the steps counted (1 … n, or a thinned choice of them)
    with_cache: np.ndarray  # [m] int  multiply-adds of step t with a cache
    without_cache: np.ndarray  # [m] int  … and without one
    with_cache_total: np.ndarray  # [m] int  steps 1 … t together, with a cache
    without_cache_total: np.ndarray  # [m] int  … and without one
    # Key (and value) rows each key/value head makes: with a cache 1 a step, t in all.
    kv_rows_without: np.ndarray  # [m] int  at step t without a cache: t
    kv_rows_without_total: np.ndarray  # [m] int  over steps 1 … t: t·(t+1)/2

    @property
    def saving(self) -> float:
        """How many times fewer multiply-adds the cache needs for the whole of the n tokens."""
        return float(self.without_cache_total[-1] / self.with_cache_total[-1])

    def thinned(self, points: int) -> DecodeWork:
        """At most ``points`` steps, evenly spread, the first and last kept: for a chart."""
        n = len(self.t)
        if n <= points:
            return self
        keep = np.unique(np.linspace(0, n - 1, max(points, 2)).round().astype(int))
        return DecodeWork(
            **{
                name: value[keep] if isinstance(value, np.ndarray) else value
                for name, value in vars(self).items()
            }
        )


def decode_work(
    n: int,
    *,
    d_model: int,
    n_heads: int,
    n_kv_heads: int,
    d_k: int,
    d_v: int | None = None,
    n_layers: int = 1,
) -> DecodeWork:
    """Multiply-adds of the attention layers in generating n tokens, with and without a cache.

    Counted per layer, per step t (an [a, b]·[b, c] product is a·b·c multiply-adds):

    - the new token's query, and W_O on its heads' outputs:  A = d_model·h·d_k + h·d_v·d_model
    - the keys and values of one token:  KV = d_model·g·(d_k + d_v)
    - the query against t cached keys, the weights times t values:  S·t, S = h·(d_k + d_v)

    with a cache, step t costs A + KV + S·t; without one it recomputes the keys and
    values of all t tokens: A + KV·t + S·t. Over steps 1 … t: (A + KV)·t + S·t(t+1)/2
    against A·t + (KV + S)·t(t+1)/2. All times L layers. The softmax's exponentials and
    divisions, the feed-forward layers and the norms are not counted. A deeper model
    without a cache would also redo every earlier token's query, attention and
    feed-forward layer (later layers' keys need them), so the saving counted here is the
    least a cache saves.
    """
    d_v = d_k if d_v is None else d_v
    L = n_layers
    if n < 1 or min(d_model, n_heads, n_kv_heads, d_k, d_v, L) < 1:
        raise ValueError("every count and size must be at least 1")
    cost = step_cost(d_model=d_model, n_heads=n_heads, n_kv_heads=n_kv_heads, d_k=d_k, d_v=d_v)
    a, kv, s = cost.query_out, cost.kv, cost.attend
    if L * (a * n + (kv + s) * n * (n + 1) // 2) > _INT64_MAX:
        raise OverflowError(f"{n} tokens: the counts do not fit in 64-bit integers")
    t = np.arange(1, n + 1, dtype=np.int64)  # [n]
    triangle = t * (t + 1) // 2  # [n]  1 + 2 + … + t
    return DecodeWork(
        cost=cost,
        n_layers=L,
        t=t,
        with_cache=L * (a + kv + s * t),
        without_cache=L * (a + (kv + s) * t),
        with_cache_total=L * ((a + kv) * t + s * triangle),
        without_cache_total=L * (a * t + (kv + s) * triangle),
        kv_rows_without=t.copy(),
        kv_rows_without_total=triangle,
    )
