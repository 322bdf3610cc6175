"""Generating text with the decoder's KV caches (core.decoder.generate): every step equal to
the uncached pass, the same characters chosen, and requests that cannot fit refused."""

import numpy as np
import pytest
from decoder_util import TINY, tiny_weights

from core.decoder.generate import generate
from core.decoder.model import DecoderConfig


@pytest.mark.parametrize("temperature", [0.0, 1.0])
def test_generation_with_the_cache_equals_the_uncached_pass(temperature):
    config = DecoderConfig(n_vocab=7, n_ctx=12, d_model=8, n_heads=2, n_layers=2)
    w = tiny_weights(10, config)
    gen = generate(w, np.array([1, 2, 3]), 8, config, temperature=temperature, seed=4)
    assert gen.ids.shape == (11,) and gen.new_ids.shape == (8,)
    np.testing.assert_array_equal(gen.ids[:3], [1, 2, 3])
    assert len(gen.steps) == 10 and gen.full.logits.shape == (10, 7)
    assert gen.max_diff < 1e-12
    assert gen.same_choices
    # written out again: each character the uncached pass's choice, from its own rows
    if temperature == 0:
        np.testing.assert_array_equal(gen.new_ids, gen.full.logits[2:].argmax(axis=-1))
    for step in gen.steps:
        assert [s.weights.shape for s in step.layers] == [(2, step.t + 1)] * 2


def test_generation_that_would_not_fit_the_context_is_refused():
    w = tiny_weights(11)
    with pytest.raises(ValueError, match="6 positions"):
        generate(w, np.array([1, 2, 3]), 4, TINY)
    with pytest.raises(ValueError, match="at least 1"):
        generate(w, np.array([1]), 0, TINY)
    with pytest.raises(ValueError, match="empty"):
        generate(w, np.array([], dtype=int), 2, TINY)
    with pytest.raises(ValueError, match="temperature"):
        generate(w, np.array([1]), 2, TINY, temperature=-1)
