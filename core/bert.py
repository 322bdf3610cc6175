"""The forward pass of a pretrained BERT encoder in numpy (Devlin et al., 2019).

Built for all-MiniLM-L6-v2 (6 layers, 12 heads, d_model 384, d_ff 1536), whose weights
use the Hugging Face BERT names (``encoder.layer.{i}.attention.self.query.weight``, …);
:func:`pack_weights` lays them out for the forward pass once, when the model is loaded.
Every attention step goes through :func:`core.attention.scaled_dot_product_attention`,
the same function the toy pages use, so the real model and the lesson share one
definition of attention.

Shapes: ``n`` tokens, ``d_model`` hidden width, ``h`` heads, ``d_k = d_model / h``,
``d_ff`` feed-forward width, ``L`` layers. Everything computes in the weights' dtype:
float32 as stored, which is what the reference implementation computes in too (and
stays within 1e-5 of it); float64 weights give a float64 pass.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import scaled_dot_product_attention
from core.erf import normal_cdf
from core.multihead import merge_heads, split_heads
from core.tokens import find_word, is_word


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


# ---------------------------------------------------------------------------- weights


@dataclass(frozen=True)
class Linear:
    """x·W + b, with W stored [d_in, d_out]."""

    w: np.ndarray  # [d_in, d_out], C-contiguous
    b: np.ndarray  # [d_out]


@dataclass(frozen=True)
class LayerNorm:
    gamma: np.ndarray  # [d_model]
    beta: np.ndarray  # [d_model]


@dataclass(frozen=True)
class EncoderLayer:
    """One encoder block's weights (BERT §3, the Transformer's encoder layer)."""

    qkv: Linear  # [d_model, 3·d_model]: W_Q, W_K, W_V side by side, all heads
    attention_out: Linear  # [d_model, d_model]: W_O
    attention_norm: LayerNorm
    ff_in: Linear  # [d_model, d_ff]
    ff_out: Linear  # [d_ff, d_model]
    ff_norm: LayerNorm


@dataclass(frozen=True)
class BertWeights:
    """The whole encoder's weights, laid out for :func:`bert_forward`."""

    word_embeddings: np.ndarray  # [vocab, d_model]
    position_embeddings: np.ndarray  # [max_positions, d_model]
    token_type_embeddings: np.ndarray  # [2, d_model]
    embedding_norm: LayerNorm
    layers: tuple[EncoderLayer, ...]  # L

    @property
    def dtype(self) -> np.dtype:
        return self.word_embeddings.dtype


def count_layers(weights: dict[str, np.ndarray]) -> int:
    """How many encoder layers the weights hold."""
    n_layers = 0
    while f"encoder.layer.{n_layers}.attention.self.query.weight" in weights:
        n_layers += 1
    return n_layers


def pack_weights(weights: dict[str, np.ndarray]) -> BertWeights:
    """The Hugging Face tensors, rearranged once for a fast forward pass.

    Hugging Face stores a linear layer's weight as [d_out, d_in]; here it becomes a
    contiguous [d_in, d_out], since OpenBLAS computes x·W up to 15 % faster at these sizes
    than x·Wᵀ on the stored layout, and the query, key and value weights become one
    [d_model, 3·d_model] matrix: one product instead of three (5 % faster again).
    """

    def linear(*names: str) -> Linear:
        w = np.concatenate([weights[name + ".weight"] for name in names])  # [d_out, d_in]
        b = np.concatenate([weights[name + ".bias"] for name in names])  # [d_out]
        return Linear(np.ascontiguousarray(w.T), b)

    def norm(name: str) -> LayerNorm:
        return LayerNorm(weights[name + ".weight"], weights[name + ".bias"])

    layers = []
    for i in range(count_layers(weights)):
        p = f"encoder.layer.{i}."
        layers.append(
            EncoderLayer(
                qkv=linear(*(p + "attention.self." + name for name in ("query", "key", "value"))),
                attention_out=linear(p + "attention.output.dense"),
                attention_norm=norm(p + "attention.output.LayerNorm"),
                ff_in=linear(p + "intermediate.dense"),
                ff_out=linear(p + "output.dense"),
                ff_norm=norm(p + "output.LayerNorm"),
            )
        )
    return BertWeights(
        word_embeddings=weights["embeddings.word_embeddings.weight"],
        position_embeddings=weights["embeddings.position_embeddings.weight"],
        token_type_embeddings=weights["embeddings.token_type_embeddings.weight"],
        embedding_norm=norm("embeddings.LayerNorm"),
        layers=tuple(layers),
    )


# ---------------------------------------------------------------------------- the steps


def gelu(x: np.ndarray) -> np.ndarray:  # [...] -> [...] float32 for float32, else float64
    """The exact GELU, x·Φ(x) = x·(1 + erf(x/√2))/2, as BERT uses it (not the tanh form)."""
    phi = normal_cdf(x)
    phi *= x
    return phi


def layer_norm(
    x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float, out: np.ndarray | None = None
) -> np.ndarray:  # [..., d], [d], [d] -> [..., d]
    """Normalize each token's vector to mean 0, variance 1, then scale and shift."""
    d = x.shape[-1]
    centred = np.subtract(x, np.add.reduce(x, axis=-1, keepdims=True) / d, out=out)
    std = np.add.reduce(np.square(centred), axis=-1, keepdims=True)
    std /= d
    std += eps
    np.sqrt(std, out=std)
    centred /= std
    centred *= gamma
    centred += beta
    return centred


def linear(x: np.ndarray, layer: Linear) -> np.ndarray:  # [n, d_in] -> [n, d_out]
    """x·W + b."""
    y = x @ layer.w
    y += layer.b
    return y


def embeddings(
    weights: BertWeights,
    input_ids: np.ndarray,  # [n] int
    token_type_ids: np.ndarray,  # [n] int
    eps: float,
    out: np.ndarray | None = None,  # [n, d_model]
) -> np.ndarray:  # -> [n, d_model]
    """Token meaning + learned position + segment, then LayerNorm (BERT §3, Figure 2)."""
    n = input_ids.shape[0]
    x = weights.word_embeddings[input_ids]  # [n, d_model], a new array
    x += weights.position_embeddings[:n]
    x += weights.token_type_embeddings[token_type_ids]
    norm = weights.embedding_norm
    return layer_norm(x, norm.gamma, norm.beta, eps, out=out)


def self_attention(
    layer: EncoderLayer, x: np.ndarray, n_heads: int
) -> tuple[np.ndarray, np.ndarray]:  # [n, d_model] -> [n, d_model], [h, n, n]
    """Multi-head self-attention: returns the heads' concat and their weights."""
    d_model = x.shape[1]
    # 1) linear projections, all heads and q, k, v at once
    qkv = linear(x, layer.qkv)  # [n, 3·d_model]
    q, k, v = (
        split_heads(qkv[:, i * d_model : (i + 1) * d_model], n_heads) for i in range(3)
    )  # [h, n, d_k] each, views of qkv
    # 2) attention in every head, softmax(q·kᵀ/√d_k)·v
    trace = scaled_dot_product_attention(q, k, v)  # weights [h, n, n], output [h, n, d_k]
    # 3) concatenate the heads
    return merge_heads(trace.output), trace.weights  # [n, d_model], [h, n, n]


def encoder_layer(
    layer: EncoderLayer,
    x: np.ndarray,  # [n, d_model]
    config: BertConfig,
    out: np.ndarray | None = None,  # [n, d_model]
) -> tuple[np.ndarray, np.ndarray]:  # -> [n, d_model], [h, n, n]
    """One Transformer encoder block, post-LayerNorm as in BERT."""
    eps = config.layer_norm_eps
    concat, attn = self_attention(layer, x, config.n_heads)
    y = linear(concat, layer.attention_out)  # [n, d_model]
    y += x
    norm = layer.attention_norm
    x = layer_norm(y, norm.gamma, norm.beta, eps, out=y)  # [n, d_model]
    ff = gelu(linear(x, layer.ff_in))  # [n, d_ff]
    y = linear(ff, layer.ff_out)  # [n, d_model]
    y += x
    norm = layer.ff_norm
    return layer_norm(y, norm.gamma, norm.beta, eps, out=out), attn  # [n, d_model]


def bert_forward(
    weights: BertWeights,
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

    n_layers, d_model = len(weights.layers), weights.word_embeddings.shape[1]
    # Each layer writes its states straight into this array, so none is copied at the end.
    hidden = np.empty((n_layers + 1, n, d_model), dtype=weights.dtype)  # [L+1, n, d_model]
    embeddings(weights, input_ids, token_type_ids, config.layer_norm_eps, out=hidden[0])
    attentions = []
    for i, layer in enumerate(weights.layers):
        _, attn = encoder_layer(layer, hidden[i], config, out=hidden[i + 1])
        attentions.append(attn)
    return BertOutput(hidden_states=hidden, attentions=np.stack(attentions))


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


@dataclass(frozen=True)
class KeyChoice:
    """The key shown first for one query, and why that one."""

    index: int
    reason: str  # "asked": the word asked for; "most": the word the query attends to most
    mean_weight: float  # the query's weight on it, averaged over every layer and head


def first_key(
    attentions: np.ndarray,  # [L, h, n, n]
    tokens: list[str],  # n
    qi: int,
    asked: str | None = None,
) -> KeyChoice:
    """The key to show first for query qi: the word ``asked`` for when the text has it (the
    article's "cake"), else the word qi attends to most, averaged over every layer and head.

    Words only: never [CLS], [SEP], [UNK] or punctuation (they take much attention in every
    sentence and say nothing about it), nor qi itself unless the text has no other word.
    """
    mean = attentions[:, :, qi, :].mean(axis=(0, 1))  # [n]
    words = [j for j, tok in enumerate(tokens) if is_word(tok) and j != qi]
    found = find_word(tokens, asked) if asked else None
    if found is not None and found != qi:
        return KeyChoice(found, "asked", float(mean[found]))
    pool = words or [qi]
    best = max(pool, key=lambda j: (mean[j], -j))
    return KeyChoice(best, "most", float(mean[best]))
