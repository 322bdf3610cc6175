"""Predict, then reveal: every page's questions, made from the results the page draws.

``question`` is the form of one (and how a typed guess is read); ``lesson`` makes the
questions of the article's pages and lists the article's claims; ``generate``,
``long_context``, ``rope_cross`` and ``copying`` those of the pages that go further.
"""

from core.quiz.copying import copy_questions
from core.quiz.generate import decode_questions, memory_questions, sharing_questions
from core.quiz.lesson import (
    CLAIMS,
    masking_questions,
    multihead_questions,
    overview_questions,
    qkv_questions,
    real_model_questions,
    scaling_questions,
    similarity_questions,
    softmax_questions,
    tokens_questions,
    train_questions,
    weighted_sum_questions,
)
from core.quiz.long_context import tiles_questions, window_questions
from core.quiz.question import NUMBER_LIMIT, Question, parse_number, printed
from core.quiz.rope_cross import cross_attention_questions, cross_questions, rope_questions

__all__ = [
    "CLAIMS",
    "NUMBER_LIMIT",
    "Question",
    "copy_questions",
    "cross_attention_questions",
    "cross_questions",
    "decode_questions",
    "masking_questions",
    "memory_questions",
    "multihead_questions",
    "overview_questions",
    "parse_number",
    "printed",
    "qkv_questions",
    "real_model_questions",
    "rope_questions",
    "scaling_questions",
    "sharing_questions",
    "similarity_questions",
    "softmax_questions",
    "tiles_questions",
    "tokens_questions",
    "train_questions",
    "weighted_sum_questions",
    "window_questions",
]
