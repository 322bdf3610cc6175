"""A tiny decoder for the tests of core.decoder."""

import numpy as np

from core.decoder.model import DecoderConfig, DecoderWeights, init_weights

TINY = DecoderConfig(n_vocab=7, n_ctx=6, d_model=8, n_heads=2, n_layers=2)


def tiny_weights(seed: int = 0, config: DecoderConfig = TINY) -> DecoderWeights:
    """Random weights, larger than the initial ones, so attention is far from uniform."""
    rng = np.random.default_rng(seed)
    w = init_weights(config, rng)
    return DecoderWeights(**{n: w[n] + 0.3 * rng.standard_normal(w[n].shape) for n in w.names()})
