"""Attention Lab's engine: pure numpy, no Streamlit, no I/O."""

from core.article import ARTICLE_SENTENCE, ARTICLE_TOKENS, article_example
from core.article_heads import ARTICLE_HEADS, HEAD_ROLES, DesignedHead, article_heads_example
from core.attention import (
    AttentionTrace,
    attention_weights,
    causal_mask,
    scale_factor,
    scaled_dot_product_attention,
    softmax,
)
from core.footnote4 import Footnote4, footnote4_experiment
from core.multihead import (
    HeadDivergence,
    HeadParams,
    MHAParams,
    MHAResult,
    head_divergence,
    init_params,
    merge_heads,
    multi_head_attention,
    split_heads,
)
from core.pipeline import Pipeline, article_preset, build_pipeline, head_scores, uses_article
from core.sharpness import (
    Sharpness,
    Sweep,
    max_entropy,
    row_entropy,
    sharpness,
    sharpness_sweep,
    softmax_jacobian_norm,
)
from core.tokens import (
    MAX_TOKENS,
    Swap,
    pe_wavelength,
    positional_encoding,
    swap_positions,
    token_embedding,
    tokenize,
)

__all__ = [
    "ARTICLE_HEADS",
    "ARTICLE_SENTENCE",
    "ARTICLE_TOKENS",
    "HEAD_ROLES",
    "MAX_TOKENS",
    "AttentionTrace",
    "DesignedHead",
    "Footnote4",
    "HeadDivergence",
    "HeadParams",
    "MHAParams",
    "MHAResult",
    "Pipeline",
    "Sharpness",
    "Swap",
    "Sweep",
    "article_example",
    "article_heads_example",
    "article_preset",
    "attention_weights",
    "build_pipeline",
    "causal_mask",
    "footnote4_experiment",
    "head_divergence",
    "head_scores",
    "init_params",
    "max_entropy",
    "merge_heads",
    "multi_head_attention",
    "pe_wavelength",
    "positional_encoding",
    "row_entropy",
    "scale_factor",
    "scaled_dot_product_attention",
    "sharpness",
    "sharpness_sweep",
    "softmax",
    "softmax_jacobian_norm",
    "split_heads",
    "swap_positions",
    "token_embedding",
    "tokenize",
    "uses_article",
]
