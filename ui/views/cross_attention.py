"""The Cross-attention page's results, its own controls and the sections it unfolds: the two
sentences (in the link), hand-made or random weights, one cached core result per setting."""

from __future__ import annotations

import functools

import streamlit as st

from core import quiz
from core.article import ARTICLE_SENTENCE
from core.multihead import MHAParams
from core.sentence_pair import (
    DEC_FEATURES,
    ENC_FEATURES,
    PAIR_SENTENCE,
    SentencePair,
    build_sentence_pair,
    random_params,
)
from core.tokens import MAX_SENTENCE_CHARS, MAX_TOKENS, Tokens
from ui import settings as cfg
from ui import state
from ui.i18n import t
from ui.page import Page, Param
from ui.settings import Settings
from ui.widgets import dim_labels, matrix_view, md_escape, numbers_table, weights_matrix_view

WEIGHTS = ("hand", "random")
# The page's own controls: the decoder's sentence and the encoder's (as long as the sidebar's
# sentence may be), the weights, and the decoder's token followed.
DEC = Param("cross_dec", "dec", PAIR_SENTENCE, chars=MAX_SENTENCE_CHARS)
ENC = Param("cross_enc", "enc", ARTICLE_SENTENCE, chars=MAX_SENTENCE_CHARS)
WEIGHTS_USED = Param("cross_weights", "weights", WEIGHTS[0])
FOCUS = Param("cross_focus", "cq", "它")
SENTENCES = (DEC, ENC)


def sentence(param: Param) -> Tokens:
    """A sentence of the page, from its input or a link (cut as the input would), tokenized as
    the sidebar's sentence is (core.tokens.sentence_tokens: ``empty`` says it had none)."""
    text = str(st.session_state.get(param.key, param.default))[:MAX_SENTENCE_CHARS]
    st.session_state[param.key] = text
    return cfg.sentence_tokens(text)


def hand_made() -> bool:
    """The weights control: made by hand (the default), or the seed's random ones."""
    return WEIGHTS_USED.choice(WEIGHTS) == WEIGHTS[0]


def article_pair() -> None:
    """Callback: the article's two sentences at 4 dimensions and one head, weights by hand."""
    for param in (*SENTENCES, WEIGHTS_USED):
        st.session_state[param.key] = param.default
    st.session_state.update(d_model=cfg.DEFAULTS.d_model, n_heads=cfg.DEFAULTS.n_heads)


# The random weights: self- and cross-attention, eight matrices of d_model² (64 MB at 1024).
# They do not depend on the head count (heads split the columns), so they are kept per
# d_model and seed: 8 small models, and the 2 most recent large ones apart. This page's
# caches are lru_caches: their keys (whole numbers, tuples of tokens, frozen settings) hash
# exactly by themselves, and a hit costs microseconds where st.cache_resource hashes the
# arguments' contents for about a millisecond.
@functools.lru_cache(maxsize=8)
def _weights_small(d_model: int, seed: int) -> tuple[MHAParams, MHAParams]:
    return random_params(d_model, 1, seed)


@functools.lru_cache(maxsize=2)
def _weights_large(d_model: int, seed: int) -> tuple[MHAParams, MHAParams]:
    return random_params(d_model, 1, seed)


def _weights(d_model: int, seed: int) -> tuple[MHAParams, MHAParams]:
    large = d_model >= state.LARGE_D_MODEL
    return (_weights_large if large else _weights_small)(d_model, seed)


def _build(dec: tuple[str, ...], enc: tuple[str, ...], s: Settings, hand: bool) -> SentencePair:
    return build_sentence_pair(
        list(dec),
        list(enc),
        d_model=s.d_model,
        n_heads=s.n_heads,
        seed=s.seed,
        hand_made=hand,
        scale=s.scale,
        temperature=s.temperature,
        weights=_weights(s.d_model, s.seed),
    )


# 64 small pairs (two sentences of up to 64 tokens, traces of [h, 64, 64]: under 1 MB each
# up to d_model 128) for a class's sentences; large ones keep the 4 most recent, since each
# holds its weights.
@functools.lru_cache(maxsize=64)
def _pair_small(dec: tuple[str, ...], enc: tuple[str, ...], s: Settings, hand: bool):
    return _build(dec, enc, s, hand)


@functools.lru_cache(maxsize=4)
def _pair_large(dec: tuple[str, ...], enc: tuple[str, ...], s: Settings, hand: bool):
    return _build(dec, enc, s, hand)


def pair(dec: Tokens, enc: Tokens, settings: Settings, hand: bool) -> SentencePair:
    """The decoder's self- and cross-attention for these two sentences (cached)."""
    # Neither the sidebar's sentence nor its mask plays a part here: not in the key.
    s = state.with_changes(
        state.model_settings(settings), sentence=cfg.DEFAULTS.sentence, causal=cfg.DEFAULTS.causal
    )
    build = _pair_large if s.d_model >= state.LARGE_D_MODEL else _pair_small
    return build(dec.tokens, enc.tokens, s, hand)


def sentences() -> list:
    """The two sentences, each with its tokens (or why there are none)."""
    found = []
    for param, column in zip(SENTENCES, st.columns(2), strict=True):
        info = sentence(param)
        side = param.name
        column.text_input(
            t(f"cross_attention.{side}_label"),
            key=param.key,
            max_chars=MAX_SENTENCE_CHARS,
            help=t("cross_attention.sentence_help", max=MAX_TOKENS),
        )
        if info.empty:
            column.warning(t(f"cross_attention.empty_{side}"), icon=":material/edit_off:")
        else:
            shown = " · ".join(f"“{md_escape(token)}”" for token in info.tokens)
            column.caption(t("cross_attention.tokens_line", n=len(info.tokens), tokens=shown))
        if info.trimmed_from:
            column.info(
                t("common.msg.trimmed", total=info.trimmed_from, max=MAX_TOKENS),
                icon=":material/content_cut:",
            )
        found.append(info)
    return found


def weights_control(pair, s: cfg.Settings) -> None:
    """Hand-made or random weights, where hand-made ones exist; else how to get them."""
    if not pair.hand_made_vectors:
        st.caption(t("cross_attention.not_article", seed=s.seed))
        st.button(
            t("cross_attention.article_pair"),
            on_click=article_pair,
            key="cross_article",
            icon=":material/restart_alt:",
        )
        return
    st.segmented_control(
        t("cross_attention.weights_label"),
        WEIGHTS,
        format_func=lambda w: t(f"cross_attention.weights_{w}", seed=s.seed),
        key=WEIGHTS_USED.key,
        required=True,
    )
    why = "hand_caption" if pair.hand_made_weights else "random_caption"
    st.caption(t(f"cross_attention.{why}"))


def _features(names: tuple[str, ...]) -> list[str]:
    return [t(f"cross_attention.feature_{f}") for f in names]


def english_dims(pair, n: int) -> list[str]:
    """The labels of n dimensions in the English vectors' space: their features where the
    weights are made by hand (W_K = W_V = W_O = I keep them), else 1 … n."""
    return _features(ENC_FEATURES) if pair.hand_made_weights else dim_labels(n)


def vectors(pair) -> None:
    """X_dec and X_enc: hand-made (with what their numbers stand for) or random + positions."""
    hand = pair.hand_made_vectors
    axes = {"row_title": t("common.token"), "col_title": t("common.dim")}
    for name, x, labels, features in (
        ("x_dec", pair.x_dec, pair.dec_labels, DEC_FEATURES),
        ("x_enc", pair.x_enc, pair.enc_labels, ENC_FEATURES),
    ):
        cols = _features(features) if hand else dim_labels(x.shape[1])
        matrix_view(t(f"cross_attention.{name}"), x, labels, cols, key=f"cross_{name}", **axes)
    st.caption(t("cross_attention.vectors_hand" if hand else "cross_attention.vectors_random"))


def matrices(pair) -> None:
    """Q from the decoder's tokens, K and V from the encoder's, and the four weight matrices
    (made by hand: labelled with the features they map from and to)."""
    mha, p = pair.attention.cross, pair.cross_params
    axes = {"row_title": t("common.token"), "col_title": t("common.dim")}
    hand = pair.hand_made_weights
    hd, d_enc = english_dims(pair, mha.q.shape[1]), english_dims(pair, p.w_q.shape[0])
    d_dec = _features(DEC_FEATURES) if hand else d_enc
    left, right = st.columns(2)
    with left:
        matrix_view("Q = X_dec·W_Q", mha.q, pair.dec_labels, hd, key="cross_q", **axes)
    with right:
        matrix_view("K = X_enc·W_K", mha.k, pair.enc_labels, hd, key="cross_k", **axes)
    matrix_view("V = X_enc·W_V", mha.v, pair.enc_labels, hd, key="cross_v", **axes)
    weights_matrix_view("W_Q", p.w_q, d_dec, hd, key="cross_w_q")
    weights_matrix_view("W_K", p.w_k, d_enc, hd, key="cross_w_k")
    weights_matrix_view("W_V", p.w_v, d_enc, hd, key="cross_w_v")
    weights_matrix_view("W_O", p.w_o, hd, d_enc, key="cross_w_o")
    if hand:
        st.caption(t("cross_attention.params_caption"))


def alignment(pair) -> None:
    """Each Chinese token, its English counterpart, and where its largest weight went."""
    names = [t(f"cross_attention.col_{c}") for c in ("token", "counterpart", "top", "hit")]
    enc = pair.enc_labels
    columns = (
        pair.dec_labels,
        [enc[j] for j in pair.counterparts],
        [enc[j] for j in pair.top],
        pair.hits,
    )
    numbers_table(
        dict(zip(names, columns, strict=True)),
        config={names[3]: st.column_config.CheckboxColumn()},
    )
    st.caption(t("cross_attention.alignment_caption"))


PAGE = Page(
    "cross_attention",
    icon=":material/translate:",
    section="further",
    tour="further",
    controls=("d_model", "n_heads", "scale", "temperature", "seed"),  # its own two sentences
    params=(DEC, ENC, WEIGHTS_USED, FOCUS),
    questions={"cross_attention": quiz.cross_attention_questions},
)
