"""Passages of the bundled texts in which a name comes back: copying in real text.

Random strings typed twice are the standard measure; a student also wants to see the heads
at work on a play or a classic. In "Laertes … Laertes" the second occurrence can be read
off the first as a random string's second copy can: an induction head at the second "L"
looks for the character after the earlier one. ``passage`` finds the first stretch of a
text, cut between sentences, short enough for the model, in which a phrase comes twice
and nothing longer is typed twice, so that the page's copies are the phrase's two
occurrences.
"""

from __future__ import annotations

import numpy as np

from core.decoder.reading import longest_matches, repeated_stretch
from core.decoder.vocab import Vocabulary

ENDS = frozenset("\n.!?。！？”")  # a passage starts after one of these and ends with one


def boundaries(text: str) -> list[int]:
    """Where a passage may start or end: the text's ends and every position after ENDS."""
    return sorted({0, len(text), *(i + 1 for i, c in enumerate(text) if c in ENDS)})


def passage(
    text: str, phrase: str, max_chars: int, min_chars: int = 40, vocab: Vocabulary | None = None
) -> str | None:
    """The shortest passage (the first of equal ones) of ``min_chars`` … ``max_chars``
    characters, cut between sentences, in which ``phrase`` comes at least twice and is, with
    at most a character on each side, the longest stretch typed twice, as the model reads it
    (with ``vocab``: a character it does not know matches nothing); None if there is none."""
    if not phrase:
        raise ValueError("a passage needs a phrase to look for")

    def ids(piece: str) -> tuple[np.ndarray, int | None]:
        if vocab is None:
            return np.array([ord(c) for c in piece]), None
        return vocab.encode(piece).ids, vocab.unknown_id

    cuts, best = boundaries(text), None
    for k, start in enumerate(cuts):
        while start < len(text) and text[start] in " \n":
            start += 1
        for end in cuts[k + 1 :]:
            if end - start > max_chars:
                break
            piece = text[start:end].rstrip()
            if len(piece) < min_chars or piece.count(phrase) < 2:
                continue
            copies = repeated_stretch(longest_matches(*ids(piece)))
            if copies is None or copies.length > len(phrase) + 2:
                continue
            found = piece[copies.first : copies.first + copies.length]
            if phrase in found and (best is None or len(piece) < len(best)):
                best = piece
    return best
