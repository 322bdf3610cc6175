"""Attention Lab's engine: pure numpy, no Streamlit, no I/O."""

from core.article import ARTICLE_SENTENCE, ARTICLE_TOKENS, article_example
from core.attention import (
    AttentionTrace,
    causal_mask,
    scale_factor,
    scaled_dot_product_attention,
    softmax,
)
from core.footnote4 import Footnote4, footnote4_experiment
from core.multihead import (
    MHAParams,
    MHAResult,
    init_params,
    merge_heads,
    multi_head_attention,
    split_heads,
)
from core.pipeline import Pipeline, build_pipeline, uses_article
from core.sharpness import Sharpness, row_entropy, sharpness, softmax_jacobian_norm
from core.tokens import MAX_TOKENS, positional_encoding, token_embedding, tokenize

__all__ = [
    "ARTICLE_SENTENCE",
    "ARTICLE_TOKENS",
    "MAX_TOKENS",
    "AttentionTrace",
    "Footnote4",
    "MHAParams",
    "MHAResult",
    "Pipeline",
    "Sharpness",
    "article_example",
    "build_pipeline",
    "causal_mask",
    "footnote4_experiment",
    "init_params",
    "merge_heads",
    "multi_head_attention",
    "positional_encoding",
    "row_entropy",
    "scale_factor",
    "scaled_dot_product_attention",
    "sharpness",
    "softmax",
    "softmax_jacobian_norm",
    "split_heads",
    "token_embedding",
    "tokenize",
    "uses_article",
]
