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
    from core.decoder import FirstShare, Generation, Reading
    from core.decoder.measures import Knockout
    from realmodel.decoder_files import ShippedDecoder

MAX_CHARS = 128  # the model's positions: it reads no more
LINK_CHARS = 400  # the link keeps this much of a text (the page says so when it is longer)
DEFAULT_PERIOD = 24  # the default text: 24 random letters typed twice
CHINESE_PERIOD = 16
# The passages where a name comes back: in the held-out tenth of each text, never trained on.
PASSAGES = {"en": "Hamlet", "zh": "伯夷、叔齐"}
PASSAGE_MIN = 40  # characters: enough of the passage around the name to read it
# Probe strings of each alphabet read again with heads off when a checkpoint is shown: two
# float64 passes over all 40 took 150 ms of a server's CPU (a checkpoint moved may take
# 60 ms in all); two float32 passes over 1 of each alphabet, 5 strings, take about 13 ms.
KNOCKOUT_STRINGS = 1
NEW_CHARS = 50  # characters written after the prompt, at first
PROMPT_AGAIN = 4  # the default prompt: the first copy, then this many characters again
TEMPERATURES = (0.0, 0.5, 0.8, 1.0, 1.5)
SEED_MAX = 9999
SHOWN = {" ": "␣", "\n": "↵", "\t": "⇥", "\r": "␍"}  # characters a label would not show

CHECKPOINT = Param("copy_step", "ckpt")  # the checkpoint shown; absent until moved
TEXT = Param("copy_text", "text", chars=LINK_CHARS)  # the student's text; absent until typed
QUERY = Param("copy_at", "at")  # the position whose lines are drawn; absent until moved
OFF = Param("copy_off", "off", "")  # heads switched off, as "1.2,2.1" (layer.head)
PROMPT = Param("copy_prompt", "prompt", chars=LINK_CHARS)  # absent until typed
NEW = Param("copy_new", "new", NEW_CHARS)
TEMPERATURE = Param("copy_temp", "wtemp", 0.0)
SEED = Param("copy_seed", "wseed", 0)
PARAMS = (CHECKPOINT, TEXT, QUERY, OFF, PROMPT, NEW, TEMPERATURE, SEED)
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


# 32: a class's texts at a few checkpoints, some with heads off; at most 128 characters,
# 1 MB of attention each.
@st.cache_resource(max_entries=32, show_spinner=False)
def reading(step: int, text: str, off: str = "") -> Reading:
    """The decoder at one checkpoint on a text of 2 … MAX_CHARS characters, with the heads
    of ``off`` ("1.2,2.1") switched off (cached)."""
    from core.decoder import read_text

    d = decoder()
    ids = d.vocab.encode(text).ids
    mask = off_mask(off, d.config.n_layers, d.config.n_heads)
    return read_text(d.at(step).weights, ids, d.config, unknown=d.vocab.unknown_id, off=mask)


# 24: one per checkpoint (17); 5 strings of 80 characters read twice.
@st.cache_resource(max_entries=24, show_spinner=False)
def probe_knockout(step: int) -> Knockout:
    """The checkpoint on the first KNOCKOUT_STRINGS probe strings of each alphabet, with every
    head and with the previous-token heads that feed its best induction head switched off."""
    from core.decoder.measures import PROBE_PERIOD, feeding_heads, knockout, probe_set

    d = decoder()
    c = d.at(step)
    texts = np.concatenate([t[:KNOCKOUT_STRINGS] for t in probe_set(d.vocab).values()])
    off = feeding_heads(c.previous, c.induction)
    return knockout(c.weights, texts, PROBE_PERIOD, d.config, off, dtype=np.float32)


# 2: one passage per text, found once.
@st.cache_resource(show_spinner=False)
def passage(lang: str) -> str:
    """The passage of the held-out part of a text ("en", "zh") in which its name of
    PASSAGES comes back (core.decoder.passages)."""
    from core.decoder.data import held_out_split
    from core.decoder.passages import passage as find
    from realmodel.decoder_files import read_texts
    from realmodel.train_decoder import HELD_OUT

    held_out = held_out_split(read_texts()[lang], HELD_OUT)[1]
    found = find(held_out, PASSAGES[lang], MAX_CHARS, PASSAGE_MIN, decoder().vocab)
    if found is None:  # the bundled texts have one: a broken checkout
        raise ValueError(f"no passage of {lang} with {PASSAGES[lang]!r} twice")
    return found


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


def off_mask(off: str, n_layers: int, n_heads: int) -> np.ndarray:  # -> [L, h] bool
    """The heads switched off, from their link form "1.2,2.1" (layer.head, from 1); what
    names no head is left out."""
    mask = np.zeros((n_layers, n_heads), dtype=bool)
    for part in str(off).split(","):
        layer, _, head = part.strip().partition(".")
        if layer.isdecimal() and head.isdecimal():
            i, j = int(layer) - 1, int(head) - 1
            if 0 <= i < n_layers and 0 <= j < n_heads:
                mask[i, j] = True
    return mask


def off_text(mask: np.ndarray) -> str:
    """The link form of heads switched off: "1.2,2.1", or "" for none."""
    return ",".join(f"{i + 1}.{j + 1}" for i, j in zip(*np.nonzero(mask), strict=True))


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
