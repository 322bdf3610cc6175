"""Cross-attention: queries from the decoder, keys and values from the encoder, equal to
PyTorch's MultiheadAttention on recorded cases; the decoder's own attention is causal."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from core.cross_attention import decoder_attention
from core.multihead import MHAParams, init_params, multi_head_attention

REFERENCE = json.loads(
    (Path(__file__).parent / "fixtures" / "cross_attention_reference.json").read_text(
        encoding="utf-8"
    )
)


def torch_params(case: dict) -> MHAParams:
    """torch computes x·Wᵀ, with W_Q, W_K, W_V stacked in in_proj_weight."""
    d = case["d_model"]
    w_in = np.array(case["in_proj_weight"])  # [3·d, d]
    return MHAParams(
        w_q=w_in[:d].T,
        w_k=w_in[d : 2 * d].T,
        w_v=w_in[2 * d :].T,
        w_o=np.array(case["out_proj_weight"]).T,
    )


CROSS = [c for c in REFERENCE["cases"] if c["kind"] == "cross"]
CAUSAL = [c for c in REFERENCE["cases"] if c["kind"] == "causal_self"]


def case_id(case: dict) -> str:
    return f"h{case['heads']}-{len(case['x_dec'])}x{len(case['x_enc'])}"


@pytest.mark.parametrize("case", CROSS, ids=case_id)
def test_equals_torch_multihead_attention(case):
    result = multi_head_attention(
        np.array(case["x_dec"]),
        torch_params(case),
        n_heads=case["heads"],
        memory=np.array(case["x_enc"]),
    )
    n_dec, n_enc = len(case["x_dec"]), len(case["x_enc"])
    assert result.weights.shape == (case["heads"], n_dec, n_enc)
    np.testing.assert_allclose(result.weights, case["weights"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(result.output, case["output"], rtol=0, atol=1e-12)


@pytest.mark.parametrize("case", CAUSAL, ids=case_id)
def test_decoder_self_attention_equals_torch_with_its_causal_mask(case):
    x = np.array(case["x_dec"])
    other = init_params(case["d_model"], case["heads"], seed=1)
    both = decoder_attention(x, x[:2], torch_params(case), other, n_heads=case["heads"])
    np.testing.assert_allclose(both.self_attention.weights, case["weights"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(both.self_attention.output, case["output"], rtol=0, atol=1e-12)


def test_trace_shapes_and_no_mask():
    rng = np.random.default_rng(0)
    x_dec, x_enc = rng.standard_normal((6, 8)), rng.standard_normal((9, 8))
    params = init_params(8, 2, seed=3)
    r = multi_head_attention(x_dec, params, n_heads=2, memory=x_enc)
    assert r.q.shape == (6, 8) and r.k.shape == (9, 8) and r.v.shape == (9, 8)
    assert r.weights.shape == (2, 6, 9)
    assert r.head_outputs.shape == (2, 6, 4)
    assert r.concat.shape == (6, 8) and r.output.shape == (6, 8)
    np.testing.assert_allclose(r.weights.sum(axis=-1), 1.0, atol=1e-12)
    assert np.all(r.weights > 0)  # every decoder token may look at every encoder token
    assert r.trace.allowed.all()
    np.testing.assert_allclose(r.q, x_dec @ params.w_q, atol=0)
    np.testing.assert_allclose(r.k, x_enc @ params.w_k, atol=0)
    np.testing.assert_allclose(r.head(1).weights, r.weights[1], atol=0)


def test_decoder_attention_side_by_side():
    rng = np.random.default_rng(1)
    x_dec, x_enc = rng.standard_normal((5, 4)), rng.standard_normal((3, 4))
    own, cross = init_params(4, 1, seed=0), init_params(4, 1, seed=1)
    both = decoder_attention(x_dec, x_enc, own, cross, n_heads=1)
    assert (both.n_dec, both.n_enc) == (5, 3)
    np.testing.assert_array_equal(both.mask, np.tril(np.ones((5, 5), dtype=bool)))
    above = np.triu(np.ones((5, 5), dtype=bool), 1)
    assert np.all(both.self_attention.weights[0][above] == 0.0)  # no look at a later word
    assert np.all(both.self_attention.weights[0][~above] > 0.0)
    alone = multi_head_attention(x_dec, cross, n_heads=1, memory=x_enc)
    np.testing.assert_array_equal(both.cross.weights, alone.weights)
    np.testing.assert_array_equal(both.cross.output, alone.output)


@pytest.mark.parametrize(("n_dec", "n_enc"), [(0, 3), (3, 0), (0, 0)])
def test_an_empty_side_is_refused(n_dec, n_enc):
    params = init_params(4, 1, seed=0)
    with pytest.raises(ValueError, match="a token on each side"):
        decoder_attention(np.zeros((n_dec, 4)), np.zeros((n_enc, 4)), params, params, n_heads=1)


def test_one_token_each_side():
    params = init_params(4, 2, seed=0)
    r = multi_head_attention(np.ones((1, 4)), params, n_heads=2, memory=np.ones((1, 4)))
    np.testing.assert_array_equal(r.weights, np.ones((2, 1, 1)))
    np.testing.assert_allclose(
        r.head_outputs[:, 0], [np.ones(4) @ params.head(i, 2).w_v for i in (0, 1)]
    )
