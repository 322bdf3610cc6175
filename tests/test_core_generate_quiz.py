"""The generating page's questions: their answers against hand-computed values."""

import pytest

from core.generate.inference_cost import decode_work, memory_estimate
from core.generate.model_configs import PRESETS, ModelConfig
from core.quiz.generate import (
    CLAIMS,
    decode_questions,
    memory_questions,
    sharing_questions,
)


def test_a_model_with_32_layers_and_8_kv_heads_of_128_in_fp16_needs_1_gib_for_8192_tokens():
    e = memory_estimate(PRESETS["llama3_8b"], n_tokens=8192, number_type="fp16")
    size, fewer = memory_questions(e)
    assert size.id == "generate.cache_size" and size.kind == "number"
    assert size.values == {
        "L": 32,
        "g": 8,
        "d": 128,
        "type": "fp16",
        "n": 8192,
        "batch": 1,
        "unit": "GiB",
    }
    assert size.answer == 1.0  # 2·32·8·128·8192·2 = 2³⁰ bytes
    assert size.reveal["bytes"] == 2 * 32 * 8 * 128 * 8192 * 2
    assert size.reveal["bytes_per_number"] == 2
    assert size.is_right(1.0) and size.is_right(1.07)  # read as 1.07 GB: counted right too
    assert not size.is_right(2.0) and not size.is_right(0.5)
    # "with one KV head instead of 8, how many times smaller?"
    assert fewer.id == "generate.fewer_kv_heads"
    assert fewer.answer == 8
    assert fewer.values == {"g": 8, "h": 32, "other": 1}
    assert (fewer.reveal["size"], fewer.reveal["unit"]) == (128.0, "MiB")  # 1 GiB / 8
    assert fewer.is_right(8) and not fewer.is_right(4)


def test_an_mqa_model_is_asked_how_much_larger_one_kv_head_per_query_head_would_be():
    e = memory_estimate(PRESETS["falcon_7b"], n_tokens=2048, number_type="bf16")
    size, more = memory_questions(e)
    assert (size.answer, size.values["unit"]) == (16.0, "MiB")  # 2·32·1·64·2048·2 bytes
    assert more.id == "generate.more_kv_heads"
    assert more.answer == 71  # 71 query heads, each with its own key/value head
    assert (more.reveal["size"], more.reveal["unit"]) == (16.0 * 71 / 1024, "GiB")


def test_the_size_is_asked_in_the_unit_that_suits_it():
    e = memory_estimate(PRESETS["gpt2"], n_tokens=1024, number_type="fp32")
    size, fewer = memory_questions(e)
    assert (size.answer, size.values["unit"]) == (72.0, "MiB")  # 2·12·12·64·1024·4 bytes
    assert size.tolerance == pytest.approx(7.2)
    assert fewer.answer == 12


def test_a_what_if_count_of_kv_heads_is_asked_about_as_given():
    e = memory_estimate(PRESETS["llama2_7b"], n_tokens=4096, number_type="fp16", n_kv_heads=4)
    size, fewer = memory_questions(e)
    assert size.values["g"] == 4
    assert size.answer == 256.0 and size.values["unit"] == "MiB"  # 2·32·4·128·4096·2
    assert fewer.answer == 4


def test_one_head_and_no_tokens_ask_the_size_alone():
    one_head = ModelConfig("toy", 1, 1, 1, 4, 4, 100, 64, "none")
    assert [
        q.id for q in memory_questions(memory_estimate(one_head, n_tokens=64, number_type="fp32"))
    ] == ["generate.cache_size"]
    e = memory_estimate(PRESETS["llama3_8b"], n_tokens=0, number_type="fp16")
    assert [q.id for q in memory_questions(e)] == ["generate.cache_size"]


@pytest.mark.parametrize(("n", "rows"), [(2, 3), (9, 45), (64, 2080)])
def test_without_a_cache_a_head_makes_n_n_plus_1_over_2_key_rows(n, rows):
    (q,) = decode_questions(decode_work(n, d_model=8, n_heads=2, n_kv_heads=1, d_k=4))
    assert q.id == "generate.rows" and q.answer == rows  # 1 + 2 + … + n
    assert q.reveal["with"] == n and q.reveal["times"] == rows / n == (n + 1) / 2


def test_a_one_token_sentence_asks_nothing_about_rows():
    assert decode_questions(decode_work(1, d_model=4, n_heads=1, n_kv_heads=1, d_k=4)) == []


@pytest.mark.parametrize(("h", "g", "group"), [(8, 2, 4), (8, 4, 2), (16, 1, 16), (2, 1, 2)])
def test_how_many_query_heads_read_each_kv_head(h, g, group):
    (q,) = sharing_questions(h, g)
    assert q.answer == group and q.values == {"h": h, "g": g}


def test_one_head_shares_nothing_and_is_asked_nothing():
    assert sharing_questions(1, 1) == []


def test_a_key_value_head_per_query_head_shares_nothing_and_is_asked_nothing():
    assert sharing_questions(4, 4) == [] and sharing_questions(8, 8) == []


def test_a_batch_of_sequences_is_asked_about_with_its_size():
    # 32 sequences of 8 192 tokens in Llama 3 8B: 32 × 1 GiB; the batch is in the question.
    e = memory_estimate(PRESETS["llama3_8b"], n_tokens=8192, number_type="fp16", batch=32)
    size, fewer = memory_questions(e)
    assert size.values["batch"] == 32 and size.reveal["batch"] == 32
    assert (size.answer, size.values["unit"]) == (32.0, "GiB")
    assert size.reveal["bytes"] == 32 * 2**30
    assert fewer.answer == 8  # the ratio does not depend on the batch


def test_every_question_names_one_of_the_pages_claims():
    qs = (
        memory_questions(memory_estimate(PRESETS["llama3_8b"], n_tokens=8192, number_type="fp16"))
        + decode_questions(decode_work(9, d_model=8, n_heads=2, n_kv_heads=1, d_k=4))
        + sharing_questions(8, 2)
    )
    assert {q.claim for q in qs} == set(CLAIMS)
    assert len({q.id for q in qs}) == len(qs)
