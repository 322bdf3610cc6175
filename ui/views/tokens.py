"""Tokens & position: embeddings, the sinusoidal positional encoding, X = E + PE."""

from collections.abc import Sequence

from core import positional_encoding, quiz
from ui.figures.tokens import pe_curves
from ui.i18n import t
from ui.page import Page, uses


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    for d in d_models:
        pe_curves(positional_encoding(len(labels), d), list(range(min(d, 6))), t)


PAGE = Page(
    "tokens",
    icon=":material/text_fields:",
    section="start",
    tour="lesson",
    controls=uses("n_heads", "scale", "causal", "temperature"),
    questions={"tokens": quiz.tokens_questions},
    warm=warm,
)
