"""The pretrained all-MiniLM-L6-v2: finding its files, reading them, tokenizing (no Streamlit)."""

from realmodel.loader import (
    FIX_COMMAND,
    MAX_TOKENS,
    Encoded,
    ModelFiles,
    ModelUnavailable,
    RealModel,
    load_model,
    locate_model,
)

__all__ = [
    "FIX_COMMAND",
    "MAX_TOKENS",
    "Encoded",
    "ModelFiles",
    "ModelUnavailable",
    "RealModel",
    "load_model",
    "locate_model",
]
