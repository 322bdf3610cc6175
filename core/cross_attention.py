"""Cross-attention (Vaswani et al., 2017, §3.2.3): one sentence asks, another answers.

In the encoder–decoder, each decoder layer attends twice. First to its own tokens,
under the causal mask: while a translation is written, a word may not look at the words
after it, which do not exist yet. Then to the encoder's tokens ("encoder–decoder
attention"): the queries come from the decoder, the keys and values from the encoder,
each through its own W_Q, W_K, W_V. That second attention has no mask, because the
source sentence is read whole before the translation starts; and its weights are
n_dec × n_enc, not square.

Both are core.multihead.multi_head_attention, the second with the encoder's tokens as its
``memory``, and both return an MHAResult so a page draws them with the same figures.
Here the two sit side by side on the same decoder input x_dec; in the full decoder the
cross-attention's queries come from the self-attention sublayer's output (after its
residual connection and layer norm).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import causal_mask
from core.multihead import MHAParams, MHAResult, multi_head_attention


def _check_tokens(n_dec: int, n_enc: int) -> None:
    if n_dec < 1 or n_enc < 1:
        raise ValueError(
            f"cross-attention needs a token on each side: n_dec={n_dec}, n_enc={n_enc}"
        )


@dataclass(frozen=True)
class DecoderAttention:
    """The decoder's two attentions side by side: over its own tokens, and over the encoder's."""

    self_attention: MHAResult  # weights [h, n_dec, n_dec], causal
    cross: MHAResult  # weights [h, n_dec, n_enc], unmasked
    mask: np.ndarray  # [n_dec, n_dec] bool, the self-attention's causal mask

    @property
    def n_dec(self) -> int:
        return self.cross.weights.shape[1]

    @property
    def n_enc(self) -> int:
        return self.cross.weights.shape[2]


def decoder_attention(
    x_dec: np.ndarray,  # [n_dec, d_model]
    x_enc: np.ndarray,  # [n_enc, d_model]
    self_params: MHAParams,  # the decoder's self-attention weights
    cross_params: MHAParams,  # the cross-attention's own weights
    *,
    n_heads: int,
    scale: bool | float = True,
    temperature: float = 1.0,
) -> DecoderAttention:
    """The decoder's causal self-attention and its cross-attention to the encoder, both traced."""
    x_dec = np.asarray(x_dec, dtype=np.float64)
    _check_tokens(x_dec.shape[0], np.shape(x_enc)[0])
    mask = causal_mask(x_dec.shape[0])  # [n_dec, n_dec]
    own = multi_head_attention(
        x_dec, self_params, n_heads=n_heads, mask=mask, scale=scale, temperature=temperature
    )
    # the cross-attention: queries from the decoder, keys and values from the encoder, and
    # no mask, since the whole source sentence is known
    cross = multi_head_attention(
        x_dec, cross_params, n_heads=n_heads, memory=x_enc, scale=scale, temperature=temperature
    )
    return DecoderAttention(self_attention=own, cross=cross, mask=mask)
