"""The decoder the app trained, for the pages that show it: read once per process, its results
cached per checkpoint and text, and the copying page's own controls that live in the link.

Nothing here is imported into the frame's first run but this module's names: the decoder's
modules (core.decoder, realmodel.decoder_files) are imported when a page first asks for the
model, so the other pages never pay for them.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np
import streamlit as st

from ui.page import Param

if TYPE_CHECKING:
    from core.decoder import FirstShare, Generation, HeadScores, Reading
    from realmodel.decoder_files import ShippedDecoder

MAX_CHARS = 128  # the model's positions: it reads no more
LINK_CHARS = 400  # a text in a link, before the page says how much of it the model reads
DEFAULT_PERIOD = 24  # the default text: 24 random letters typed twice
CHINESE_PERIOD = 16
NEW_CHARS = 50  # characters written after the prompt, at first
PROMPT_AGAIN = 4  # the default prompt: the first copy, then this many characters again
TEMPERATURES = (0.0, 0.5, 0.8, 1.0, 1.5)
SEED_MAX = 9999
SHOWN = {" ": "␣", "\n": "↵", "\t": "⇥", "\r": "␍"}  # characters a label would not show

CHECKPOINT = Param("copy_step", "ckpt")  # the checkpoint shown; absent until moved
TEXT = Param("copy_text", "text", chars=LINK_CHARS)  # the student's text; absent until typed
QUERY = Param("copy_at", "at")  # the position whose lines are drawn; absent until moved
PROMPT = Param("copy_prompt", "prompt", chars=LINK_CHARS)  # absent until typed
NEW = Param("copy_new", "new", NEW_CHARS)
TEMPERATURE = Param("copy_temp", "wtemp", 0.0)
SEED = Param("copy_seed", "wseed", 0)
PARAMS = (CHECKPOINT, TEXT, QUERY, PROMPT, NEW, TEMPERATURE, SEED)
DRAWS = "copy_draws"  # session_state: how many random strings the student has asked for


# ---------------------------------------------------------------------------- the model


# One model per server process: 6.2 MB of float32 weights (13 checkpoints), for everyone.
@st.cache_resource(show_spinner=False)
def decoder() -> ShippedDecoder | str:
    """The shipped decoder, read once per process; the reason as text when it cannot be read
    (a broken checkout), so that a page says so rather than failing."""
    from realmodel.decoder_files import DecoderUnavailable, load_decoder

    try:
        return load_decoder()
    except DecoderUnavailable as exc:
        return str(exc)


# 24: a class's texts at a few checkpoints; at most 128 characters, 1 MB of attention each.
@st.cache_resource(max_entries=24, show_spinner=False)
def reading(step: int, text: str) -> Reading:
    """The decoder at one checkpoint on a text of 2 … MAX_CHARS characters (cached)."""
    from core.decoder import read_text

    d = decoder()
    return read_text(d.at(step).weights, d.vocab.encode(text).ids, d.config)


# 8: a generation keeps every step's logits and the uncached pass, up to 3 MB at 128
# characters; a class asks for the same default prompt, a few own ones at a time.
@st.cache_resource(max_entries=8, show_spinner=False)
def writing(step: int, prompt: str, n_new: int, temperature: float, seed: int) -> Generation:
    """What the decoder at this checkpoint writes after the prompt, with its KV caches, beside
    the uncached pass (cached)."""
    from core.decoder import generate

    d = decoder()
    ids = d.vocab.encode(prompt).ids
    return generate(d.at(step).weights, ids, n_new, d.config, temperature=temperature, seed=seed)


# 1: the same for everyone; eight forward passes of 80 characters, once.
@st.cache_resource(show_spinner=False)
def chinese_scores() -> HeadScores:
    """The final model's scores on the probe's protocol with Chinese characters instead of
    letters: 8 random strings of 40 characters, each typed twice."""
    from core.decoder import head_scores, probe_alphabet, probe_texts
    from core.decoder.measures import PROBE_PERIOD

    d = decoder()
    texts = probe_texts(probe_alphabet(d.vocab, "chinese"))
    return head_scores(d.final.weights, texts, PROBE_PERIOD, d.config)


# 1: 16 windows of 128 characters of text never trained on, once.
@st.cache_resource(show_spinner=False)
def held_out_shares() -> FirstShare:
    """Each head's share of attention on the first character, on the windows of held-out
    English and Chinese text the training log measures its held-out loss on."""
    from core.decoder import first_shares, forward
    from realmodel.decoder_files import read_texts
    from realmodel.train_decoder import held_out_windows

    d = decoder()
    windows = held_out_windows(read_texts(), d.vocab, d.config.n_ctx)
    texts = np.concatenate([ids[:, :-1] for ids in windows.values()])  # [16, 128]
    return first_shares(forward(d.final.weights, texts, d.config).attention)


# 16 sentences, each [2, 4] numbers.
@st.cache_resource(max_entries=16, show_spinner=False)
def sentence_shares(text: str) -> FirstShare:
    """Each head's share of attention on the first character of a text (≥ 2 characters)."""
    from core.decoder import first_shares, forward

    d = decoder()
    return first_shares(forward(d.final.weights, d.vocab.encode(text).ids, d.config).attention)


# ---------------------------------------------------------------------------- texts


def random_string(seed: int, alphabet: str, period: int) -> str:
    """``period`` characters drawn from the alphabet, typed twice (core's probe strings)."""
    from core.decoder import repeated_random

    rng = np.random.default_rng(seed)
    return "".join(repeated_random(rng, np.array(list(alphabet)), 1, period)[0])


@functools.cache
def default_text() -> str:
    """The text the page opens on: DEFAULT_PERIOD random lowercase letters typed twice."""
    from core.decoder.measures import LETTERS

    return random_string(0, LETTERS, DEFAULT_PERIOD)


def default_prompt() -> str:
    """The prompt the page opens on: the default text's first copy and a few characters of
    the second, for the model to go on copying."""
    return default_text()[: DEFAULT_PERIOD + PROMPT_AGAIN]


def labels(text: str) -> list[str]:
    """Each character as a label shows it: a space as ␣, a line break as ↵."""
    return [SHOWN.get(c, c) for c in text]


def model_text(text: str) -> str:
    """What the model reads of a text: its first MAX_CHARS characters."""
    return text[:MAX_CHARS]


# ---------------------------------------------------------------------- the page's controls


def held(param: Param, default):
    """A control's value: the one moved to or linked, else ``default`` (so that the link
    names it only once a student has chosen one)."""
    return st.session_state.get(param.key, default)


def keep(key: str, widget_key: str) -> None:
    """A widget's callback: its value kept under ``key``, the name the link reads."""
    st.session_state[key] = st.session_state[widget_key]


def checkpoint_shown(steps: list[int], final: int) -> int:
    """The checkpoint shown: the one moved to or linked (the nearest there is), else the
    final model."""
    if CHECKPOINT.key not in st.session_state:
        return final
    return CHECKPOINT.whole(steps, final)


def query_shown(n: int, default: int) -> int:
    """The position whose attention is drawn (0 … n − 1): moved to or linked, else
    ``default``."""
    if QUERY.key not in st.session_state:
        return default
    return QUERY.whole(range(n), default)
