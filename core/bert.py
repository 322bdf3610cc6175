"""The forward pass of a pretrained BERT encoder in numpy (Devlin et al., 2019).

Built for all-MiniLM-L6-v2 (6 layers, 12 heads, d_model 384, d_ff 1536), whose weights
use the Hugging Face BERT names (``encoder.layer.{i}.attention.self.query.weight``, …).
Every attention step goes through :func:`core.attention.scaled_dot_product_attention`,
the same function the toy pages use, so the real model and the lesson share one
definition of attention.

Shapes: ``n`` tokens, ``d_model`` hidden width, ``h`` heads, ``d_k = d_model / h``,
``d_ff`` feed-forward width, ``L`` layers. Linear weights keep the stored layout
``[d_out, d_in]``. Everything computes in the weights' dtype, attention included:
float32 as stored, which is what the reference run computes in too, or float64.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import scaled_dot_product_attention
from core.erf import normal_cdf
from core.multihead import merge_heads, split_heads


@dataclass(frozen=True)
class BertConfig:
    """The sizes that the weights alone do not tell (h) and the LayerNorm epsilon."""

    n_layers: int = 6
    n_heads: int = 12
    d_model: int = 384
    d_ff: int = 1536
    max_positions: int = 512
    layer_norm_eps: float = 1e-12


MINILM_L6 = BertConfig()


@dataclass(frozen=True)
class BertOutput:
    """What one forward pass shows: every layer's hidden states and attention maps."""

    hidden_states: np.ndarray  # [L+1, n, d_model]  [0] = embeddings, [i] = after layer i
    attentions: np.ndarray  # [L, h, n, n]  softmax weights, rows sum to 1

    @property
    def last_hidden_state(self) -> np.ndarray:  # [n, d_model]
        return self.hidden_states[-1]

    @property
    def n_layers(self) -> int:
        return self.attentions.shape[0]

    @property
    def n_heads(self) -> int:
        return self.attentions.shape[1]


def gelu(x: np.ndarray) -> np.ndarray:  # [...] -> [...] float32 for float32, else float64
    """The exact GELU, x·Φ(x) = x·(1 + erf(x/√2))/2, as BERT uses it (not the tanh form)."""
    phi = normal_cdf(x)
    phi *= x
    return phi


def layer_norm(
    x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float
) -> np.ndarray:  # [n, d], [d], [d] -> [n, d]
    """Normalize each token's vector to mean 0, variance 1, then scale and shift."""
    mean = x.mean(axis=-1, keepdims=True)
    var = np.square(x - mean).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gamma + beta


def linear(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    # [n, d_in], [d_out, d_in], [d_out] -> [n, d_out], in w's dtype
    """x·Wᵀ + b with the stored [d_out, d_in] weight layout."""
    return x.astype(w.dtype, copy=False) @ w.T + b


def embeddings(
    weights: dict[str, np.ndarray],
    input_ids: np.ndarray,  # [n] int
    token_type_ids: np.ndarray,  # [n] int
    eps: float,
) -> np.ndarray:  # -> [n, d_model]
    """Token meaning + learned position + segment, then LayerNorm (BERT §3, Figure 2)."""
    n = input_ids.shape[0]
    x = (
        weights["embeddings.word_embeddings.weight"][input_ids]
        + weights["embeddings.position_embeddings.weight"][:n]
        + weights["embeddings.token_type_embeddings.weight"][token_type_ids]
    )  # [n, d_model]
    p = "embeddings.LayerNorm."
    return layer_norm(x, weights[p + "weight"], weights[p + "bias"], eps)


def self_attention(
    weights: dict[str, np.ndarray], i: int, x: np.ndarray, n_heads: int
) -> tuple[np.ndarray, np.ndarray]:  # [n, d_model] -> [n, d_model], [h, n, n]
    """Multi-head self-attention of layer i: returns the heads' concat and their weights."""
    p = f"encoder.layer.{i}.attention.self."
    # 1) linear projections, all heads at once
    q, k, v = (
        linear(x, weights[p + name + ".weight"], weights[p + name + ".bias"])
        for name in ("query", "key", "value")
    )  # [n, d_model] each
    # 2) attention in every head, softmax(q·kᵀ/√d_k)·v
    trace = scaled_dot_product_attention(
        split_heads(q, n_heads), split_heads(k, n_heads), split_heads(v, n_heads)
    )  # weights [h, n, n], output [h, n, d_k]
    # 3) concatenate the heads
    return merge_heads(trace.output), trace.weights  # [n, d_model], [h, n, n]


def encoder_layer(
    weights: dict[str, np.ndarray], i: int, x: np.ndarray, config: BertConfig
) -> tuple[np.ndarray, np.ndarray]:  # [n, d_model] -> [n, d_model], [h, n, n]
    """One Transformer encoder block, post-LayerNorm as in BERT."""
    p = f"encoder.layer.{i}."
    eps = config.layer_norm_eps
    concat, attn = self_attention(weights, i, x, config.n_heads)
    out = linear(
        concat,
        weights[p + "attention.output.dense.weight"],
        weights[p + "attention.output.dense.bias"],
    )  # [n, d_model]
    x = layer_norm(
        x + out,
        weights[p + "attention.output.LayerNorm.weight"],
        weights[p + "attention.output.LayerNorm.bias"],
        eps,
    )  # [n, d_model]
    ff = linear(x, weights[p + "intermediate.dense.weight"], weights[p + "intermediate.dense.bias"])
    ff = gelu(ff)  # [n, d_ff]
    ff = linear(ff, weights[p + "output.dense.weight"], weights[p + "output.dense.bias"])
    x = layer_norm(
        x + ff, weights[p + "output.LayerNorm.weight"], weights[p + "output.LayerNorm.bias"], eps
    )  # [n, d_model]
    return x, attn


def count_layers(weights: dict[str, np.ndarray]) -> int:
    """How many encoder layers the weights hold."""
    n_layers = 0
    while f"encoder.layer.{n_layers}.attention.self.query.weight" in weights:
        n_layers += 1
    return n_layers


def bert_forward(
    weights: dict[str, np.ndarray],
    input_ids,  # [n] int, from the model's own tokenizer, [CLS] … [SEP]
    token_type_ids=None,  # [n] int in {0, 1}; all 0 (one sentence) when None
    *,
    config: BertConfig = MINILM_L6,
) -> BertOutput:  # -> hidden_states [L+1, n, d_model], attentions [L, h, n, n]
    """Run the encoder on one unpadded sequence and keep every layer's states and maps."""
    input_ids = np.asarray(input_ids, dtype=np.int64).reshape(-1)
    n = input_ids.shape[0]
    if not 1 <= n <= config.max_positions:
        raise ValueError(f"need 1 to {config.max_positions} tokens, got {n}")
    if token_type_ids is None:
        token_type_ids = np.zeros(n, dtype=np.int64)
    token_type_ids = np.asarray(token_type_ids, dtype=np.int64).reshape(-1)
    if token_type_ids.shape != (n,):
        raise ValueError("token_type_ids must have one entry per token")

    x = embeddings(weights, input_ids, token_type_ids, config.layer_norm_eps)  # [n, d_model]
    hidden, attentions = [x], []
    for i in range(count_layers(weights)):
        x, attn = encoder_layer(weights, i, x, config)
        hidden.append(x)
        attentions.append(attn)
    return BertOutput(hidden_states=np.stack(hidden), attentions=np.stack(attentions))


@dataclass(frozen=True)
class HeadMatch:
    """How much one head makes the query token look at the key token."""

    layer: int  # 0-based
    head: int  # 0-based
    weight: float  # attentions[layer, head, query, key]
    is_top: bool  # the key is this query's most-attended token in that head


def token_index(tokens: list[str], word: str | int) -> int:
    """Position of the first token spelled ``word`` (case-insensitive, '##' ignored)."""
    if isinstance(word, (int, np.integer)):
        if not -len(tokens) <= word < len(tokens):
            raise IndexError(f"token {word} is out of range for {len(tokens)} tokens")
        return int(word) % len(tokens)
    wanted = word.strip().lower()
    for i, token in enumerate(tokens):
        if token.lower().removeprefix("##") == wanted:
            return i
    raise ValueError(f"{word!r} is not one of the tokens")


def heads_linking(
    attentions: np.ndarray,  # [L, h, n, n]
    tokens: list[str],  # n
    query: str | int,
    key: str | int,
    *,
    top: int | None = None,
) -> list[HeadMatch]:  # the (layer, head) pairs, strongest first
    """Rank every (layer, head) by how much ``query`` attends to ``key`` (e.g. "it" → "cake")."""
    if attentions.shape[-1] != len(tokens):
        raise ValueError("attentions and tokens disagree on the number of tokens")
    qi, ki = token_index(tokens, query), token_index(tokens, key)
    rows = attentions[:, :, qi, :]  # [L, h, n]
    link = rows[:, :, ki]  # [L, h]
    is_top = rows.argmax(axis=-1) == ki  # [L, h]
    order = np.argsort(-link, axis=None, kind="stable")[:top]
    layers, heads = np.unravel_index(order, link.shape)
    return [
        HeadMatch(int(layer), int(head), float(link[layer, head]), bool(is_top[layer, head]))
        for layer, head in zip(layers, heads, strict=True)
    ]
