"""From text to input vectors: tokens, toy embeddings, sinusoidal positions."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass

import numpy as np

from core.article import ARTICLE_SENTENCE

MAX_TOKENS = 64  # the app's cap on sentence length; callers trim and say so
MAX_SENTENCE_CHARS = 2000  # longer text is cut before tokenizing (the token cap is lower still)

# Scripts written without spaces between words: one token per character.
_CJK = (
    "\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\U00020000-\U0003134f"
)
# Combining marks and the Brahmic/Thai blocks, whose vowel signs are not "word" characters.
_MARKS = "\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0900-\u0eff"
_LETTER = rf"(?:(?![{_CJK}])[^\W_])"
_WORD = rf"{_LETTER}(?:{_LETTER}|[{_MARKS}])*"
_TOKEN = re.compile(
    r"\d+(?:[.,]\d+)*"  # a number, decimals and thousands included: 3.14, 1,000
    rf"|[{_CJK}]"  # one CJK character
    rf"|{_WORD}(?:['’]{_WORD})*"  # a word, with its apostrophes
    r"|\S"  # any other visible character: punctuation, symbol, emoji
)
_ZWJ = "\u200d"


def _joins_previous(ch: str) -> bool:
    """Characters that belong to the character before them (marks, modifiers, selectors)."""
    cp = ord(ch)
    return (
        unicodedata.category(ch) in ("Mn", "Mc", "Me")
        or ch == _ZWJ
        or 0xFE00 <= cp <= 0xFE0F  # variation selectors
        or 0x1F3FB <= cp <= 0x1F3FF  # skin-tone modifiers
        or 0xE0020 <= cp <= 0xE007F  # tag characters (flag sequences)
    )


def tokenize(text: str) -> list[str]:
    """Words and punctuation; one token per CJK character; emoji and symbols kept whole."""
    text = unicodedata.normalize("NFC", str(text))
    tokens: list[str] = []
    for match in _TOKEN.finditer(text):
        tok = match.group()
        glue = tokens and (
            all(_joins_previous(c) for c in tok)  # a lone mark or modifier
            or tokens[-1].endswith(_ZWJ)  # the next part of a ZWJ emoji sequence
            or (_is_regional(tok) and len(tokens[-1]) == 1 and _is_regional(tokens[-1]))
        )
        if glue and match.start() > 0 and not text[match.start() - 1].isspace():
            tokens[-1] += tok
        else:
            tokens.append(tok)
    return tokens


def _is_regional(tok: str) -> bool:
    return len(tok) == 1 and 0x1F1E6 <= ord(tok) <= 0x1F1FF  # flag letters pair up


def unique_labels(labels) -> list[str]:
    """Labels that tell repeated tokens apart: "the", "the (2)", … (for axes and pickers)."""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        label = str(label)
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return out


def token_seed(token: str, seed: int) -> int:
    """A 64-bit seed from the token's text and the seed: the same on every machine and run."""
    digest = hashlib.blake2b(f"{seed}\x00{token}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def token_embedding(tokens: list[str], d_model: int, seed: int) -> np.ndarray:
    """[n] tokens -> [n, d_model] toy embeddings, N(0, 1) components, one vector per token text."""
    out = np.empty((len(tokens), d_model))
    cache: dict[str, np.ndarray] = {}
    for i, tok in enumerate(tokens):
        if tok not in cache:
            cache[tok] = np.random.default_rng(token_seed(tok, seed)).standard_normal(d_model)
        out[i] = cache[tok]
    return out


def positional_encoding(n: int, d_model: int) -> np.ndarray:
    """[n, d_model]: PE(pos, 2i) = sin(pos/10000^(2i/d_model)), PE(pos, 2i+1) = cos(same)."""
    pos = np.arange(n, dtype=np.float64)[:, None]  # [n, 1]
    two_i = np.arange(0, d_model, 2, dtype=np.float64)  # [ceil(d_model/2)]
    angle = pos / np.power(10000.0, two_i / d_model)  # [n, ceil(d_model/2)]
    pe = np.empty((n, d_model))
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle[:, : d_model // 2])
    return pe


def pe_columns_to_show(d_model: int) -> list[int]:
    """0-based PE columns worth plotting first: the fastest sin/cos pair and a few slower
    sines, at an eighth, a quarter and half of the width (all of them for d_model ≤ 4)."""
    if d_model <= 4:
        return list(range(d_model))
    slower = {2 * int(f * d_model / 2) for f in (1 / 8, 1 / 4, 1 / 2)}
    return sorted({0, 1} | slower)


def pe_wavelength(columns, d_model: int) -> np.ndarray:  # [m] column indices -> [m]
    """Positions per full turn of each PE column: 2π·10000^(2i/d_model) for columns 2i, 2i+1."""
    columns = np.asarray(columns, dtype=np.int64)
    return 2 * np.pi * np.power(10000.0, (columns - columns % 2) / d_model)


@dataclass(frozen=True)
class Swap:
    """Two words trade places: their embeddings move with them, the positions stay."""

    order: np.ndarray  # [n]  the token now at position k was first at order[k]
    embeddings: np.ndarray  # [n, d_model]  E of the swapped sentence
    x: np.ndarray  # [n, d_model]  X = E + PE of the swapped sentence
    delta: np.ndarray  # [n, d_model]  per word (row k = the word first at k): its new X − old X


def swap_positions(embeddings: np.ndarray, positions: np.ndarray, a: int, b: int) -> Swap:
    # [n, d_model], [n, d_model] -> the sentence with tokens a and b exchanged
    """What X becomes when tokens a and b swap: only the two position terms change."""
    order = np.arange(embeddings.shape[0])
    order[[a, b]] = order[[b, a]]  # its own inverse
    e_new = embeddings[order]  # [n, d_model]
    x_new = e_new + positions  # [n, d_model]
    # X is rebuilt as E + PE on both sides (the article's X agrees to the last digit) so
    # that unmoved words give exactly 0, not a rounding -0.00.
    delta = x_new[order] - (embeddings + positions)  # [n, d_model]
    return Swap(order=order, embeddings=e_new, x=x_new, delta=delta)


# Marks that sit against the word before them, and those that open onto the word after.
_CLOSES = set(".,!?;:%)]}»”’…，。！？；：、）】」』》〉")
_OPENS = set("([{«“‘（【「『《〈")
_NO_SPACE = re.compile(rf"[{_CJK}\u3000-\u303f\uff00-\uffef]")


def join_tokens(tokens: list[str], like: list[str] | None = None) -> str:
    """The tokens read back as text: "delicious." not "delicious .", "我吃了" not "我 吃 了".

    ``like``: the plain tokens that decide the spacing when ``tokens`` carry markup.
    """
    like = tokens if like is None else like
    out = ""
    for k, (tok, plain) in enumerate(zip(tokens, like, strict=True)):
        before = like[k - 1] if k else ""
        tight = (
            not k
            or plain[0] in _CLOSES
            or before[-1] in _OPENS
            or bool(_NO_SPACE.match(plain[0]) and _NO_SPACE.match(before[-1]))
        )
        out += tok if tight else " " + tok
    return out


PRONOUNS = ("it", "它")  # the article's question is what "it" refers to


def focus_default(tokens: list[str]) -> int:
    """The token to follow first: the article's pronoun when the sentence has it, else its
    last word (punctuation passed over), else its last token."""
    lowered = [tok.lower() for tok in tokens]
    for word in PRONOUNS:
        if word in lowered:
            return lowered.index(word)
    words = [i for i, tok in enumerate(tokens) if any(ch.isalnum() for ch in tok)]
    return words[-1] if words else len(tokens) - 1


@dataclass(frozen=True)
class Tokens:
    """The sentence as tokens, and what had to be done to it."""

    tokens: tuple[str, ...]
    trimmed_from: int  # the token count before trimming to MAX_TOKENS (0 when not trimmed)
    empty: bool  # True when the sentence had no tokens and the article's is used instead

    @property
    def labels(self) -> list[str]:
        return unique_labels(self.tokens)

    @property
    def default_focus(self) -> str:
        """The label of the token followed first: "it" when there is one (see focus_default)."""
        return self.labels[focus_default(list(self.tokens))]


def sentence_tokens(sentence: str) -> Tokens:
    """A student's sentence as the pages' tokens: cut to MAX_SENTENCE_CHARS, tokenized,
    trimmed to MAX_TOKENS, and the article's sentence in place of one without tokens."""
    tokens = tokenize(sentence[:MAX_SENTENCE_CHARS])
    if not tokens:
        return Tokens(tuple(tokenize(ARTICLE_SENTENCE)), 0, True)
    if len(tokens) > MAX_TOKENS:
        return Tokens(tuple(tokens[:MAX_TOKENS]), len(tokens), False)
    return Tokens(tuple(tokens), 0, False)


def plain_label(token: str) -> str:
    """A token as text that needs no emoji font: flags as "flag FR", skin tones and joined
    emoji as their parts. Chart labels use it; pages and tables show the token itself."""
    letters = [ch for ch in token if 0x1F1E6 <= ord(ch) <= 0x1F1FF]
    if letters and len(letters) == len(token):
        return "flag " + "".join(chr(ord(ch) - 0x1F1E6 + ord("A")) for ch in letters)
    if any(0xE0020 <= ord(ch) <= 0xE007F for ch in token):  # a flag of tag characters
        return "flag " + "".join(
            chr(ord(ch) - 0xE0000).upper() for ch in token if 0xE0061 <= ord(ch) <= 0xE007A
        )
    kept = [
        ch for ch in token if not (0x1F3FB <= ord(ch) <= 0x1F3FF or 0xFE00 <= ord(ch) <= 0xFE0F)
    ]
    parts = "".join(kept).split(_ZWJ)
    return "+".join(part for part in parts if part) or token


SPECIAL_TOKENS = ("[CLS]", "[SEP]", "[UNK]", "[PAD]", "[MASK]")  # a BERT model's own marks


_HAS_CJK = re.compile(f"[{_CJK}]")


def is_cjk(text: str) -> bool:
    """Whether the text holds a character of a script written without spaces (Chinese, …)."""
    return bool(_HAS_CJK.search(text))


def is_word(token: str) -> bool:
    """A token that stands for text: not punctuation, not one of a model's special marks."""
    return token not in SPECIAL_TOKENS and any(ch.isalnum() for ch in token)


def find_word(tokens: list[str], word: str) -> int | None:
    """The first token spelled ``word`` (any case; a word piece's "##" ignored) that is a word."""
    wanted = word.strip().lower()
    for i, token in enumerate(tokens):
        if is_word(token) and token.lower().removeprefix("##") == wanted:
            return i
    return None


def word_pair(tokens: list[str], query: str, key: str) -> tuple[int, int]:
    """A query and a key to show first: the words asked for where the tokens have them, else
    the last word and the first other word, never a special mark or punctuation (nor, for the
    query, the end of a word split into pieces, "##s")."""
    words = [i for i, tok in enumerate(tokens) if is_word(tok)] or list(range(len(tokens)))
    starts = [i for i in words if not tokens[i].startswith("##")] or words
    qi = find_word(tokens, query)
    qi = starts[-1] if qi is None else qi
    ki = find_word(tokens, key)
    if ki is None or ki == qi:
        ki = next((i for i in words if i != qi), qi)
    return qi, ki
