"""The decoder's characters: one id per character, and one shared id for every other one.

The model reads text one character (Unicode code point) at a time. Its vocabulary is every
character of the English text and the Chinese characters frequent enough in the Chinese
text to be learned (``build_vocabulary``); any other character is read as ``UNKNOWN``.
A page shows which characters of a student's text were read that way (``Encoded.unknown``).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass

import numpy as np

UNKNOWN = "\ufffd"  # U+FFFD REPLACEMENT CHARACTER, Unicode's own sign for "not representable"


@dataclass(frozen=True)
class Encoded:
    """A text as the model reads it."""

    text: str
    ids: np.ndarray  # [n] int
    unknown: tuple[int, ...]  # positions read as UNKNOWN: characters the model does not know

    @property
    def n(self) -> int:
        return len(self.ids)


@dataclass(frozen=True)
class Vocabulary:
    """The characters the model knows; a character's id is its index in ``chars``."""

    chars: tuple[str, ...]  # [V]  each one character long, all different, UNKNOWN among them

    def __post_init__(self):
        if len(set(self.chars)) != len(self.chars) or any(len(c) != 1 for c in self.chars):
            raise ValueError("a vocabulary is a list of different single characters")
        if UNKNOWN not in self.chars:
            raise ValueError("a vocabulary must hold the unknown character U+FFFD")
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(self.chars)})

    @property
    def size(self) -> int:
        return len(self.chars)

    @property
    def unknown_id(self) -> int:
        return self._index[UNKNOWN]

    def __contains__(self, char: str) -> bool:
        return char in self._index

    def id(self, char: str) -> int:
        """The id of one character (UNKNOWN's for a character the model does not know)."""
        return self._index.get(char, self.unknown_id)

    def encode(self, text: str) -> Encoded:  # -> ids [n]
        """Every character's id; unknown characters are read as UNKNOWN and listed."""
        ids = np.fromiter((self.id(c) for c in text), dtype=np.int64, count=len(text))
        unknown = tuple(np.flatnonzero(ids == self.unknown_id).tolist())
        return Encoded(text=text, ids=ids, unknown=unknown)

    def decode(self, ids) -> str:  # [n] int -> n characters
        """The characters of the ids; an id outside the vocabulary raises ValueError."""
        ids = np.asarray(ids).reshape(-1)
        if ids.size and (ids.min() < 0 or ids.max() >= self.size):
            raise ValueError(f"ids must be in 0 … {self.size - 1}")
        return "".join(self.chars[i] for i in ids.tolist())


ZWJ = "\u200d"  # ZERO WIDTH JOINER: joins two emoji into one (👩‍💻)


def _extends(char: str) -> bool:
    """A code point that belongs to the character before it: a combining mark (é as e + ´),
    a variation selector (❤️), an emoji skin-tone modifier (👍🏽), an emoji tag (🏴 flags of
    regions), or the joiner itself."""
    c = ord(char)
    return (
        unicodedata.category(char) in ("Mn", "Me", "Mc")
        or 0xFE00 <= c <= 0xFE0F
        or 0xE0100 <= c <= 0xE01EF
        or 0x1F3FB <= c <= 0x1F3FF
        or 0xE0020 <= c <= 0xE007F
        or char == ZWJ
    )


def _regional(char: str) -> bool:
    """A regional indicator letter: two of them make a flag (🇨🇳)."""
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def graphemes(text: str) -> list[str]:
    """The text cut into what a reader sees as one character each (a small part of Unicode's
    grapheme cluster rules, UAX #29: marks, variation selectors, skin tones, tags, emoji
    joined by ZWJ, flags as pairs of regional indicators, CR LF); their concatenation is
    the text."""
    out: list[str] = []
    for char in text:
        if out and (
            _extends(char)
            or out[-1].endswith(ZWJ)
            or (out[-1] == "\r" and char == "\n")
            or (_regional(char) and len(out[-1]) == 1 and _regional(out[-1]))
        ):
            out[-1] += char
        else:
            out.append(char)
    return out


def unknown_graphemes(text: str, vocab: Vocabulary) -> dict[str, int]:
    """Each grapheme of the text that holds a character the model does not know (or UNKNOWN
    itself), with how often it occurs, in order of first occurrence: 👍🏽 is one unknown,
    though the model reads two code points, each as UNKNOWN."""
    found = Counter(g for g in graphemes(text) if any(c not in vocab or c == UNKNOWN for c in g))
    return dict(found)


def is_cjk(char: str) -> bool:
    """A CJK unified ideograph (the basic block and extension A): a Chinese character."""
    return "\u4e00" <= char <= "\u9fff" or "\u3400" <= char <= "\u4dbf"


def build_vocabulary(texts: list[str], *, min_cjk_count: int, also: str = "") -> Vocabulary:
    """Every character of the texts, except Chinese characters seen fewer than
    ``min_cjk_count`` times, and every character of ``also``, plus UNKNOWN; ordered by code
    point, so the same texts always give the same ids.

    A character seen a handful of times in the texts gets too few gradient steps to learn
    anything from them, and each one costs two rows of weights (embedding and read-out) in
    every checkpoint. ``also``: characters a student types that the texts lack (digits,
    brackets), which the model can still learn to copy from random strings.
    """
    counts = Counter("".join(texts))
    kept = {c for c, k in counts.items() if not is_cjk(c) or k >= min_cjk_count}
    return Vocabulary(tuple(sorted(kept | set(also) | {UNKNOWN})))
