"""Two sentences for cross-attention: the decoder's asks, the encoder's answers.

The article's pair is its English sentence (the encoder's) and the same sentence in
Chinese (the decoder's), with hand-made 4-d vectors and weights, made, not trained, so
that each Chinese token attends most to its English counterpart and every score can be
worked out by hand:

    我 → I   吃 → ate   了 → ate   蛋, 糕 → cake   ， → and   它 → it
    很 → was   好 → delicious   吃 → delicious   。 → .

了 marks the eating as done, the "-ed" of "ate". The comma joins the two clauses where
English says "and". 很 ("very") stands where English puts "was", and 好吃 together is
"delicious", so the second 吃 goes with "delicious" while the first goes with "ate".
"the" has no counterpart: Chinese has no articles, and "the" is only the runner-up of
蛋 and 糕.

The four features are [who, verb, food, joint], and each has two English words at its
two ends: who (I +1, it −1: the one acting, the thing pointed back at), verb (ate +1,
was −1: an action, a state), food (cake +1, delicious −1: the food, its taste), joint
(and +1, . −1: joining, ending). "the" sits half-way to "cake". W_K and W_V are the
identity, so a key and a value are the English token as it is.

The Chinese vectors keep the same features in their own order, [food, joint, who, verb],
as two separately learned embeddings would. W_Q is the dictionary: it puts each Chinese
feature where the English keys keep it, four times as loud, so that a match scores 4
(2 after ÷√4) against 0 for an unrelated word and −4 for the opposite end. Each row of
the Chinese vectors stands for a token in its place, position included (as the worked
example's X does), which is how the two 吃 differ.

The decoder's own self-attention has weights of its own (W_K = W_V = W_O = I): food
looks for food, punctuation for punctuation, a verb for its doer and for verbs, and the
"it" end of "who" looks for food, so that 它 looks back at 糕 under the causal mask,
as "it" finds "cake" in the worked example.

With random weights (init_params) the same vectors find no such alignment: W_Q and W_K
have to be learned for the two languages to meet.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.article import ARTICLE_SENTENCE, ARTICLE_TOKENS
from core.cross_attention import DecoderAttention, decoder_attention
from core.multihead import MHAParams, draw_weights
from core.tokens import positional_encoding, token_embedding, unique_labels

PAIR_SENTENCE = "我吃了蛋糕，它很好吃。"  # the decoder's: the article's sentence in Chinese
PAIR_TOKENS = ["我", "吃", "了", "蛋", "糕", "，", "它", "很", "好", "吃", "。"]
PAIR_D_MODEL = 4
# For each Chinese token, the index of its English counterpart in ARTICLE_TOKENS.
COUNTERPARTS = (0, 1, 1, 3, 3, 4, 5, 6, 7, 7, 8)
# What the four numbers of the hand-made vectors stand for, in each language's own order.
ENC_FEATURES = ("who", "verb", "food", "joint")
DEC_FEATURES = ("food", "joint", "who", "verb")

# [n_enc=9, 4], columns [who, verb, food, joint]
_X_ENC = [
    [1.0, 0.0, 0.0, 0.0],  # I
    [0.0, 1.0, 0.0, 0.0],  # ate
    [0.0, 0.0, 0.5, 0.0],  # the
    [0.0, 0.0, 1.0, 0.0],  # cake
    [0.0, 0.0, 0.0, 1.0],  # and
    [-1.0, 0.0, 0.0, 0.0],  # it
    [0.0, -1.0, 0.0, 0.0],  # was
    [0.0, 0.0, -1.0, 0.0],  # delicious
    [0.0, 0.0, 0.0, -1.0],  # .
]
# [n_dec=11, 4], columns [food, joint, who, verb]
_X_DEC = [
    [0.0, 0.0, 1.0, 0.0],  # 我 I
    [0.2, 0.0, 0.0, 1.0],  # 吃 eat (done to food)
    [0.0, 0.0, 0.0, 0.8],  # 了 (the eating is done)
    [0.8, 0.0, 0.0, 0.0],  # 蛋 egg, the first half of 蛋糕 "cake"
    [1.0, 0.0, 0.0, 0.0],  # 糕 cake
    [0.0, 1.0, 0.0, 0.0],  # ， joins the clauses
    [0.2, 0.0, -1.0, 0.0],  # 它 it (the cake)
    [0.0, 0.0, 0.0, -0.8],  # 很 very, in the place of "was"
    [-0.8, 0.0, 0.0, 0.0],  # 好 good
    [-1.0, 0.0, 0.0, 0.2],  # 吃 the second half of 好吃 "delicious"
    [0.0, -1.0, 0.0, 0.0],  # 。 ends the sentence
]
# [4, 4]: Chinese feature (row) -> English feature (column), four times as loud.
_W_Q_CROSS = [
    [0.0, 0.0, 4.0, 0.0],  # food -> food
    [0.0, 0.0, 0.0, 4.0],  # joint -> joint
    [4.0, 0.0, 0.0, 0.0],  # who -> who
    [0.0, 4.0, 0.0, 0.0],  # verb -> verb
]
# [4, 4]: what each Chinese feature looks for among the Chinese tokens before it.
_W_Q_SELF = [
    [2.0, 0.0, 0.0, 0.0],  # food: more food
    [0.0, 2.0, 0.0, 0.0],  # joint: punctuation
    [-3.0, 0.0, 1.0, 0.0],  # who: a doer; its "it" end looks for food
    [0.0, 0.0, 0.5, 1.0],  # verb: its doer, and verbs
]


def _identity_params(w_q) -> MHAParams:
    eye = np.eye(PAIR_D_MODEL)
    return MHAParams(w_q=np.array(w_q, dtype=np.float64), w_k=eye, w_v=eye, w_o=eye)


def article_pair() -> dict[str, object]:
    """The article's pair: tokens, x_dec [11, 4], x_enc [9, 4], the self and cross weights."""
    return {
        "dec_sentence": PAIR_SENTENCE,
        "enc_sentence": ARTICLE_SENTENCE,
        "dec_tokens": list(PAIR_TOKENS),
        "enc_tokens": list(ARTICLE_TOKENS),
        "x_dec": np.array(_X_DEC, dtype=np.float64),
        "x_enc": np.array(_X_ENC, dtype=np.float64),
        "self_params": _identity_params(_W_Q_SELF),
        "cross_params": _identity_params(_W_Q_CROSS),
        "counterparts": COUNTERPARTS,
    }


def is_article_pair(dec_tokens: list[str], enc_tokens: list[str]) -> bool:
    return list(dec_tokens) == PAIR_TOKENS and list(enc_tokens) == ARTICLE_TOKENS


def random_params(d_model: int, n_heads: int, seed: int) -> tuple[MHAParams, MHAParams]:
    """Random self- and cross-attention weights, N(0, 1/d_model).

    The self-attention's are init_params(d_model, n_heads, seed), the ones every other page
    uses for that seed; the cross-attention's are the next four matrices of the same draw.
    """
    if n_heads < 1 or d_model % n_heads:
        raise ValueError(f"d_model={d_model} is not divisible by n_heads={n_heads}")
    weights = draw_weights(d_model, seed, 8)  # one draw: at d_model 1024 a matrix takes ~30 ms
    return MHAParams(*weights[:4]), MHAParams(*weights[4:])


def top_keys(
    weights: np.ndarray,  # [..., n_dec, n_enc]  cross-attention weights (heads are averaged)
) -> np.ndarray:  # -> [n_dec] int
    """The encoder token each decoder token gives the largest weight, over all heads."""
    w = np.asarray(weights)
    w = w.reshape(-1, *w.shape[-2:]).mean(axis=0)  # [n_dec, n_enc]
    return np.argmax(w, axis=-1)


def counterpart_hits(
    weights: np.ndarray,  # [..., n_dec, n_enc]  cross-attention weights (heads are averaged)
    counterparts,  # [n_dec]  each decoder token's counterpart among the encoder's
) -> np.ndarray:  # -> [n_dec] bool
    """Which decoder tokens give their counterpart the largest weight."""
    return top_keys(weights) == np.asarray(counterparts)


@dataclass(frozen=True)
class SentencePair:
    """Both sentences, their vectors, both weight sets, and the decoder's two attentions."""

    dec_tokens: list[str]  # [n_dec]
    enc_tokens: list[str]  # [n_enc]
    x_dec: np.ndarray  # [n_dec, d_model]
    x_enc: np.ndarray  # [n_enc, d_model]
    self_params: MHAParams
    cross_params: MHAParams
    attention: DecoderAttention  # self weights [h, n_dec, n_dec], cross [h, n_dec, n_enc]
    hand_made_vectors: bool  # the article pair's vectors are in use (else random + positions)
    hand_made_weights: bool  # and its weights (else random)
    top: np.ndarray  # [n_dec] int: top_keys of the cross weights
    counterparts: tuple[int, ...] | None  # [n_dec] for the article pair's tokens, else None
    hits: np.ndarray | None  # [n_dec] bool: counterpart_hits of the cross weights

    @property
    def dec_labels(self) -> list[str]:  # [n_dec]
        return unique_labels(self.dec_tokens)

    @property
    def enc_labels(self) -> list[str]:  # [n_enc]
        return unique_labels(self.enc_tokens)


def build_sentence_pair(
    dec_tokens: list[str],  # [n_dec]
    enc_tokens: list[str],  # [n_enc]
    *,
    d_model: int,
    n_heads: int,
    seed: int,
    hand_made: bool = True,
    scale: bool | float = True,
    temperature: float = 1.0,
    weights: tuple[MHAParams, MHAParams] | None = None,
) -> SentencePair:
    """Two sentences -> the decoder's self- and cross-attention, hand-made where they apply.

    The article's pair at 4 dimensions and one head uses the hand-made vectors, and the
    hand-made weights unless ``hand_made`` is False (then random_params). Any other
    setting: random toy embeddings plus each sentence's own sinusoidal positions.
    ``weights`` lets a caller pass random_params(d_model, n_heads, seed) it already made
    instead of drawing them again.
    """
    pair = is_article_pair(dec_tokens, enc_tokens)
    toy_vectors = pair and d_model == PAIR_D_MODEL and n_heads == 1
    toy_weights = toy_vectors and hand_made
    if toy_vectors:
        ex = article_pair()
        x_dec, x_enc = ex["x_dec"], ex["x_enc"]
    else:
        x_dec = token_embedding(dec_tokens, d_model, seed) + positional_encoding(
            len(dec_tokens), d_model
        )
        x_enc = token_embedding(enc_tokens, d_model, seed) + positional_encoding(
            len(enc_tokens), d_model
        )
    if toy_weights:
        own, cross = ex["self_params"], ex["cross_params"]
    else:
        own, cross = weights if weights is not None else random_params(d_model, n_heads, seed)
    attention = decoder_attention(
        x_dec, x_enc, own, cross, n_heads=n_heads, scale=scale, temperature=temperature
    )
    return SentencePair(
        dec_tokens=list(dec_tokens),
        enc_tokens=list(enc_tokens),
        x_dec=x_dec,
        x_enc=x_enc,
        self_params=own,
        cross_params=cross,
        attention=attention,
        hand_made_vectors=toy_vectors,
        hand_made_weights=toy_weights,
        top=top_keys(attention.cross.weights),
        counterparts=COUNTERPARTS if pair else None,
        hits=counterpart_hits(attention.cross.weights, COUNTERPARTS) if pair else None,
    )
