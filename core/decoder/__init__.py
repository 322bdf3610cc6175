"""A small character-level decoder trained by realmodel.train_decoder (attention only).

vocab: characters to ids; model: weights and the forward pass; backward: loss and
gradients; data and train: the training mix and one Adam step; measures: previous-token
and induction scores, the copies' losses, the first token's share; reading: one text of a
student's, with what an induction head should read in it; generate: writing text with a KV
cache in every layer, checked against the uncached pass.
"""

from core.decoder.backward import loss_and_grads, token_losses
from core.decoder.generate import CachedStep, Generation, generate
from core.decoder.measures import (
    FirstShare,
    HeadScores,
    copy_losses,
    first_shares,
    first_token_share,
    head_scores,
    induction_score,
    phase_change,
    previous_token_score,
    probe_alphabet,
    probe_texts,
    repeated_random,
    sharpening_step,
    uniform_first_share,
)
from core.decoder.model import (
    DecoderConfig,
    DecoderForward,
    DecoderWeights,
    check_ids,
    forward,
    init_weights,
)
from core.decoder.reading import (
    MIN_COPY,
    NO_TARGET,
    Copies,
    Reading,
    induction_targets,
    longest_matches,
    read_text,
    repeated_stretch,
    target_share,
)
from core.decoder.vocab import UNKNOWN, Encoded, Vocabulary, build_vocabulary

__all__ = [
    "MIN_COPY",
    "NO_TARGET",
    "UNKNOWN",
    "CachedStep",
    "Copies",
    "DecoderConfig",
    "DecoderForward",
    "DecoderWeights",
    "Encoded",
    "FirstShare",
    "Generation",
    "HeadScores",
    "Reading",
    "Vocabulary",
    "build_vocabulary",
    "check_ids",
    "copy_losses",
    "first_shares",
    "first_token_share",
    "forward",
    "generate",
    "head_scores",
    "induction_score",
    "induction_targets",
    "init_weights",
    "longest_matches",
    "loss_and_grads",
    "phase_change",
    "previous_token_score",
    "probe_alphabet",
    "probe_texts",
    "read_text",
    "repeated_random",
    "repeated_stretch",
    "sharpening_step",
    "target_share",
    "token_losses",
    "uniform_first_share",
]
