"""What generating costs: the KV cache's bytes for real models, their parameter counts, and
the multiply-adds of decoding with and without the cache, all against hand counts."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.generate.inference_cost import (
    NUMBER_TYPES,
    bytes_per_number,
    decode_work,
    in_units,
    kv_cache_bytes,
    kv_cache_numbers,
    memory_estimate,
    step_cost,
)
from core.generate.model_configs import PRESETS

FAST = settings(max_examples=60, deadline=None)
GIB, MIB = 2**30, 2**20

# ------------------------------------------------------------------------------ the presets


def test_the_presets_cover_mha_gqa_mqa_and_a_small_model():
    kinds = {c.attention for c in PRESETS.values()}
    assert kinds == {"MHA", "GQA", "MQA"}
    assert PRESETS["llama2_7b"].attention == "MHA"
    assert PRESETS["llama3_8b"].attention == "GQA" and PRESETS["llama3_8b"].n_kv_heads == 8
    assert PRESETS["falcon_7b"].attention == "MQA"
    assert min(c.n_params for c in PRESETS.values()) < 10**9


@pytest.mark.parametrize("key", PRESETS)
def test_each_preset_is_consistent_and_names_its_source(key):
    c = PRESETS[key]
    assert c.d_head * c.n_heads == c.d_model  # d_head = d_model / h in all five
    assert c.n_heads % c.n_kv_heads == 0
    assert c.group == c.n_heads // c.n_kv_heads
    assert c.source.startswith("https://huggingface.co/") and c.source.endswith("config.json")


# Parameter counts worked out from each config.json's tensor shapes (vocabulary,
# feed-forward width and biases included), independently of the presets' own numbers.
PARAMS_BY_HAND = {
    # Llama 2 7B: embedding and output 32000 × 4096 (not shared); per layer W_Q, W_K, W_V,
    # W_O 4096 × 4096, gate/up/down 4096 × 11008, two RMSNorms; a final RMSNorm.
    "llama2_7b": 2 * 32000 * 4096 + 32 * (4 * 4096 * 4096 + 3 * 4096 * 11008 + 2 * 4096) + 4096,
    # Llama 3 8B: 128256 × 4096 twice; W_Q and W_O 4096 × 4096, W_K and W_V 4096 × 1024
    # (8 heads × 128), gate/up/down 4096 × 14336, two RMSNorms; a final RMSNorm.
    "llama3_8b": 2 * 128256 * 4096
    + 32 * (2 * 4096 * 4096 + 2 * 4096 * 1024 + 3 * 4096 * 14336 + 2 * 4096)
    + 4096,
    # Falcon 7B: 65024 × 4544 shared with the output; fused Q,K,V 4544 × (71 + 2) · 64,
    # dense 4544 × 4544, MLP 4544 × 18176 and back, one LayerNorm (weight and bias); ln_f.
    "falcon_7b": 65024 * 4544
    + 32 * (4544 * 73 * 64 + 4544 * 4544 + 2 * 4544 * 18176 + 2 * 4544)
    + 2 * 4544,
    # Qwen2.5 0.5B: 151936 × 896 shared; W_Q 896 × 896 and W_K, W_V 896 × 128 with biases,
    # W_O without, gate/up/down 896 × 4864, two RMSNorms; a final RMSNorm.
    "qwen2_5_0_5b": 151936 * 896
    + 24 * ((896 * 896 + 896) + 2 * (896 * 128 + 128) + 896 * 896 + 3 * 896 * 4864 + 2 * 896)
    + 896,
    # GPT-2 small: 50257 × 768 tokens (shared) and 1024 × 768 positions; per layer two
    # LayerNorms, c_attn 768 × 2304, c_proj 768 × 768, c_fc 768 × 3072, c_proj 3072 × 768,
    # all with biases; ln_f.
    "gpt2": 50257 * 768
    + 1024 * 768
    + 12
    * (
        2 * 2 * 768
        + (768 * 2304 + 2304)
        + (768 * 768 + 768)
        + (768 * 3072 + 3072)
        + (3072 * 768 + 768)
    )
    + 2 * 768,
}


@pytest.mark.parametrize("key", PRESETS)
def test_parameter_counts_are_what_the_configs_shapes_make(key):
    assert PRESETS[key].n_params == PARAMS_BY_HAND[key]


def test_parameter_counts_match_the_published_figures():
    # The counts published for these checkpoints (their files and model pages).
    assert PARAMS_BY_HAND["llama2_7b"] == 6_738_415_616
    assert PARAMS_BY_HAND["llama3_8b"] == 8_030_261_248
    assert PARAMS_BY_HAND["qwen2_5_0_5b"] == 494_032_768
    assert PARAMS_BY_HAND["gpt2"] == 124_439_808
    # Falcon's shared matrix counted twice is the 7 217 189 760 some listings give.
    assert PARAMS_BY_HAND["falcon_7b"] + 65024 * 4544 == 7_217_189_760


# ------------------------------------------------------------------------------ the memory


def test_number_types_and_their_sizes():
    assert NUMBER_TYPES == {"fp32": 4, "fp16": 2, "bf16": 2, "fp8": 1, "int8": 1}
    assert bytes_per_number("bf16") == 2
    with pytest.raises(ValueError, match="number type"):
        bytes_per_number("fp64")


@pytest.mark.parametrize(
    ("key", "tokens", "number_type", "batch", "by_hand"),
    [
        # 2 (K and V) × layers × KV heads × d_head × tokens × bytes × batch
        ("llama3_8b", 8192, "fp16", 1, 2 * 32 * 8 * 128 * 8192 * 2),  # 1 GiB exactly
        ("llama2_7b", 4096, "fp16", 1, 2 * 32 * 32 * 128 * 4096 * 2),  # 2 GiB
        ("llama2_7b", 4096, "int8", 8, 2 * 32 * 32 * 128 * 4096 * 1 * 8),
        ("falcon_7b", 2048, "bf16", 1, 2 * 32 * 1 * 64 * 2048 * 2),  # 16 MiB
        ("qwen2_5_0_5b", 32768, "bf16", 1, 2 * 24 * 2 * 64 * 32768 * 2),  # 384 MiB
        ("gpt2", 1024, "fp32", 1, 2 * 12 * 12 * 64 * 1024 * 4),  # 72 MiB
        ("llama3_8b", 128_000, "fp8", 4, 2 * 32 * 8 * 128 * 128_000 * 1 * 4),
    ],
)
def test_the_cache_formula_gives_the_hand_computed_bytes(key, tokens, number_type, batch, by_hand):
    c = PRESETS[key]
    got = kv_cache_bytes(
        n_layers=c.n_layers,
        n_kv_heads=c.n_kv_heads,
        d_head=c.d_head,
        n_tokens=tokens,
        number_type=number_type,
        batch=batch,
    )
    assert got == by_hand and isinstance(got, int)
    estimate = memory_estimate(c, n_tokens=tokens, number_type=number_type, batch=batch)
    assert estimate.cache_bytes == by_hand
    assert estimate.weights_bytes == c.n_params * NUMBER_TYPES[number_type]


def test_the_examples_in_round_numbers():
    llama3 = memory_estimate(PRESETS["llama3_8b"], n_tokens=8192, number_type="fp16")
    assert llama3.cache_bytes == GIB
    assert llama3.token_bytes == 2 * 32 * 8 * 128 * 2 == 128 * 1024  # 128 KiB a token
    mha = memory_estimate(PRESETS["llama2_7b"], n_tokens=4096, number_type="fp16")
    assert mha.cache_bytes == 2 * GIB
    assert memory_estimate(PRESETS["falcon_7b"], n_tokens=2048, number_type="bf16").cache_bytes == (
        16 * MIB
    )


def test_one_key_value_head_instead_of_8_is_8_times_smaller():
    c = PRESETS["llama3_8b"]
    own = memory_estimate(c, n_tokens=8192, number_type="fp16")
    mqa = memory_estimate(c, n_tokens=8192, number_type="fp16", n_kv_heads=1)
    mha = memory_estimate(c, n_tokens=8192, number_type="fp16", n_kv_heads=32)
    assert own.cache_bytes == 8 * mqa.cache_bytes == mha.cache_bytes // 4
    assert mqa.cache_bytes == 2 * 32 * 1 * 128 * 8192 * 2
    with pytest.raises(ValueError):
        memory_estimate(c, n_tokens=8192, number_type="fp16", n_kv_heads=3)


def test_the_context_at_which_the_cache_outgrows_the_weights():
    # Llama 2 7B in fp16: 2·32·32·128·2 = 524 288 bytes a token; weights 2 bytes each.
    e = memory_estimate(PRESETS["llama2_7b"], n_tokens=0, number_type="fp16")
    assert e.token_bytes == 524_288
    by_hand = -(-(6_738_415_616 * 2) // 524_288)  # ceil
    assert e.tokens_to_match == by_hand == 25_706  # 524 288 × 25 705 is 8 192 short
    at = memory_estimate(PRESETS["llama2_7b"], n_tokens=by_hand, number_type="fp16")
    before = memory_estimate(PRESETS["llama2_7b"], n_tokens=by_hand - 1, number_type="fp16")
    assert at.cache_bytes >= at.weights_bytes > before.cache_bytes
    assert at.cache_to_weights >= 1 > before.cache_to_weights


def test_the_formula_takes_an_array_of_lengths_for_a_chart():
    tokens = np.array([0, 1, 1000, 10_000])
    numbers = kv_cache_numbers(n_layers=2, n_kv_heads=3, d_head=4, n_tokens=tokens)
    np.testing.assert_array_equal(numbers, [0, 48, 48_000, 480_000])  # 2·2·3·4 = 48 a token
    got = kv_cache_bytes(n_layers=2, n_kv_heads=3, d_head=4, n_tokens=tokens, number_type="fp32")
    np.testing.assert_array_equal(got, [0, 192, 192_000, 1_920_000])


@pytest.mark.parametrize(
    ("n_bytes", "expected"),
    [
        (0, (0.0, "B")),
        (1023, (1023.0, "B")),
        (1024, (1.0, "KiB")),
        (GIB, (1.0, "GiB")),
        (384 * MIB, (384.0, "MiB")),
        (3 * 2**40, (3.0, "TiB")),
    ],
)
def test_sizes_in_binary_units(n_bytes, expected):
    assert in_units(n_bytes) == expected


# ---------------------------------------------------------------------- the multiply-adds


def test_multiply_adds_of_three_steps_counted_by_hand():
    # d_model = 4, h = 2 query heads, g = 1 key/value head, d_k = d_v = 2, one layer.
    # Step t, with a cache:
    #   query [1,4]·[4,4] = 16; key [1,4]·[4,2] = 8; value 8;
    #   scores 2 heads × [1,2]·[2,t] = 4t; weights·V 2 × [1,t]·[t,2] = 4t; W_O [1,4]·[4,4] = 16
    #   -> 48 + 8t: 56, 64, 72
    # without: keys and values of all t tokens, [t,4]·[4,2] each = 8t + 8t
    #   -> 16 + 16t + 8t + 16 = 32 + 24t: 56, 80, 104
    w = decode_work(3, d_model=4, n_heads=2, n_kv_heads=1, d_k=2)
    assert w.t.tolist() == [1, 2, 3]
    assert w.with_cache.tolist() == [56, 64, 72]
    assert w.without_cache.tolist() == [56, 80, 104]
    assert w.with_cache_total.tolist() == [56, 120, 192]
    assert w.without_cache_total.tolist() == [56, 136, 240]
    assert w.kv_rows_without.tolist() == [1, 2, 3]
    assert w.kv_rows_without_total.tolist() == [1, 3, 6]
    assert w.saving == 240 / 192


def test_a_step_s_three_parts_counted_by_hand():
    # The example above: A = query 16 + W_O 16, KV = key 8 + value 8, S = scores 4 + mix 4.
    w = decode_work(3, d_model=4, n_heads=2, n_kv_heads=1, d_k=2)
    assert (w.cost.query_out, w.cost.kv, w.cost.attend) == (32, 16, 8)
    assert w.cost.saving_limit == (16 + 8) / 8
    assert w.thinned(2).cost == w.cost and w.thinned(2).n_layers == 1
    # The article's model: d_model 4, one head of 4: A = 16 + 16, KV = 4·8, S = 8, so the
    # saving tends to (32 + 8) / 8 = 5 = d_model·g/h + 1.
    article = step_cost(d_model=4, n_heads=1, n_kv_heads=1, d_k=4)
    assert (article.query_out, article.kv, article.attend) == (32, 32, 8)
    assert article.saving_limit == 5
    assert step_cost(d_model=64, n_heads=8, n_kv_heads=2, d_k=8).saving_limit == 17


def test_multiply_adds_with_layers_and_a_value_width_of_its_own():
    # d_model = 6, h = g = 3, d_k = 2, d_v = 1, L = 2, step 2:
    #   with: query 6·6 = 36; key 6·6 = 36; value 6·3 = 18; scores 3·2·2 = 12;
    #         weights·V 3·2·1 = 6; W_O [1,3]·[3,6] = 18 -> 126 a layer, 252 for two
    #   without: + the second token's key and value, 36 + 18 -> 180 a layer, 360
    w = decode_work(2, d_model=6, n_heads=3, n_kv_heads=3, d_k=2, d_v=1, n_layers=2)
    assert w.with_cache[1] == 252
    assert w.without_cache[1] == 360
    assert w.with_cache[0] == w.without_cache[0]  # step 1 has nothing to recompute


def matmul_count(d_model, h, g, d_k, d_v, t, cached):
    """Multiply-adds of step t as a list of products [a, b]·[b, c], summed a·b·c."""
    new = 1 if cached else t  # tokens whose keys and values are made at this step
    products = [
        (1, d_model, h * d_k),  # the new query
        (new, d_model, g * d_k),  # keys
        (new, d_model, g * d_v),  # values
        *[(1, d_k, t)] * h,  # each head's scores
        *[(1, t, d_v)] * h,  # each head's weights·V
        (1, h * d_v, d_model),  # W_O
    ]
    return sum(a * b * c for a, b, c in products)


@FAST
@given(
    st.integers(1, 40),
    st.sampled_from([(1, 1), (4, 1), (4, 2), (4, 4), (8, 2), (16, 16)]),
    st.integers(1, 8),
    st.integers(1, 8),
    st.integers(1, 64),
    st.integers(1, 3),
)
def test_multiply_adds_equal_the_products_each_step_makes(n, hg, d_k, d_v, d_model, layers):
    h, g = hg
    w = decode_work(n, d_model=d_model, n_heads=h, n_kv_heads=g, d_k=d_k, d_v=d_v, n_layers=layers)
    for t in range(1, n + 1):
        assert w.with_cache[t - 1] == layers * matmul_count(d_model, h, g, d_k, d_v, t, True)
        assert w.without_cache[t - 1] == layers * matmul_count(d_model, h, g, d_k, d_v, t, False)
    np.testing.assert_array_equal(w.with_cache_total, np.cumsum(w.with_cache))
    np.testing.assert_array_equal(w.without_cache_total, np.cumsum(w.without_cache))
    assert np.all(w.with_cache <= w.without_cache)


def test_long_contexts_and_a_thinned_curve():
    w = decode_work(10_000, d_model=4096, n_heads=32, n_kv_heads=8, d_k=128, n_layers=32)
    assert len(w.t) == 10_000
    # the last step without a cache remakes 10 000 tokens' keys and values in 32 layers
    assert w.without_cache[-1] - w.with_cache[-1] == 32 * 9_999 * 4096 * 8 * 256
    thin = w.thinned(200)
    assert len(thin.t) <= 200 and thin.t[0] == 1 and thin.t[-1] == 10_000
    i = np.searchsorted(w.t, thin.t)
    np.testing.assert_array_equal(thin.without_cache_total, w.without_cache_total[i])
    assert decode_work(5, d_model=4, n_heads=1, n_kv_heads=1, d_k=4).thinned(200).t.tolist() == [
        1,
        2,
        3,
        4,
        5,
    ]


def test_counts_too_large_for_64_bits_and_bad_sizes_are_refused():
    with pytest.raises(OverflowError):
        decode_work(10**7, d_model=8192, n_heads=64, n_kv_heads=64, d_k=128, n_layers=80)
    with pytest.raises(ValueError):
        decode_work(0, d_model=4, n_heads=1, n_kv_heads=1, d_k=4)
