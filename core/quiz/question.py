"""A prediction a page asks for before it shows what answers it (predict, then reveal).

In a module of its own, so that the modules of each page's questions (core.quiz.lesson,
core.quiz.generate, …) can make them; and how a student's typed guess is read.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field

import numpy as np


def printed(value, decimals: int = 2) -> str:
    """A value as a page prints it: a number that is not whole with ``decimals`` places (one
    that rounds to zero is "0.00", never "-0.00"), anything else as its text."""
    if isinstance(value, (float, np.floating)):
        v = float(value)
        return f"{0.0 if abs(v) < 0.5 * 10.0**-decimals else v:.{decimals}f}"
    return str(value)


@dataclass(frozen=True)
class Question:
    """One prediction to make before the page shows it."""

    id: str  # "<page>.<rest>": its texts are "<page>.quiz.<rest>.ask" and ".why"
    claim: str  # one of CLAIMS: the article's (core.quiz) or its page's module's
    kind: str  # "choice" (one of choices) or "number" (within tolerance)
    answer: str | float
    choices: tuple[str, ...] = ()  # for "choice": tokens, or text keys ("quiz.choice.up")
    tolerance: float = 0.0  # for "number": |guess − answer| ≤ tolerance
    values: dict = field(default_factory=dict)  # placeholders of the question's text
    reveal: dict = field(default_factory=dict)  # placeholders of the explanation
    try_this: dict = field(default_factory=dict)  # settings that show it: field -> value
    why: str = ""  # the explanation's text key when not the question's own ".why"
    decimals: int = 2  # places of a number as the page prints it (the answer, its tolerance)
    theory: str = ""  # for a measured number: what theory says it is ("d_k = 64")
    about: tuple[str, ...] = ()  # what it asks about that its text does not name: the tokens

    @property
    def signature(self) -> str:
        """Two questions are the same when a student reads the same: the same question about
        the same input (its text's values, its choices, ``about``), whose answer and reasons
        print the same. An answer given to one counts for the other, and only then.

        Numbers count as the page prints them (values and reasons to 2 places, the answer to
        ``decimals``), never to their last bit: a row of weights sums to 1.0 on one machine
        and to 0.9999999999999999 on another, and both are the "1.00" a student reads.
        """
        parts = (
            self.about,
            self.choices,
            sorted((name, printed(v)) for name, v in self.values.items()),
            sorted((name, printed(v)) for name, v in self.reveal.items()),
            printed(self.answer, self.decimals),
        )
        return f"{self.id}|" + "|".join(map(str, parts))

    def is_right(self, guess: str | float) -> bool:
        if self.kind == "number":
            return abs(float(guess) - float(self.answer)) <= self.tolerance + 1e-12
        return guess == self.answer


NUMBER_LIMIT = 1e6  # a guess this large is no answer to any question here


def parse_number(text: str) -> float:
    """A typed number: "0.5", "0,5", "１２", " 64 " -> float; ValueError with a reason key."""
    clean = unicodedata.normalize("NFKC", str(text)).strip().replace(" ", "")
    if not clean:
        raise ValueError("empty")
    if "," in clean and "." not in clean:
        clean = clean.replace(",", ".")
    try:
        value = float(clean)
    except ValueError:
        raise ValueError("not_a_number") from None
    if not math.isfinite(value) or abs(value) > NUMBER_LIMIT:
        raise ValueError("too_large")
    return value
