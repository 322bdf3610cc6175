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


# Decimal numbers are not exact in binary: 1.01 − 1.00 is 0.010000000000000009. A guess on
# the stated edge counts; this slack (relative to the answer) is far below any printed place.
RIGHT_EPS = 1e-9


def within(guess: float, target: float, tolerance: float) -> bool:
    """Whether a guess is within the tolerance of the answer as printed, edge included."""
    return abs(guess - target) <= tolerance + RIGHT_EPS * max(1.0, abs(target))


def printable(tolerance: float, decimals: int) -> bool:
    """Whether a tolerance prints exactly with ``decimals`` places (0.01 with 2; not 0.005)."""
    return tolerance >= 0 and abs(round(tolerance, decimals) - tolerance) <= 1e-12 * max(
        1.0, tolerance
    )


def round_tolerance(tolerance: float, decimals: int = 2) -> float:
    """A tolerance made to print exactly with ``decimals`` places: rounded up, so that what a
    student is told counts never counts less than meant (0.9675 -> 0.97)."""
    scale = 10**decimals
    return math.ceil(round(tolerance * scale, 6)) / scale


@dataclass(frozen=True)
class Question:
    """One prediction to make before the page shows it."""

    id: str  # "<page>.<rest>": its texts are "<page>.quiz.<rest>.ask" and ".why"
    claim: str  # one of CLAIMS: the article's (core.quiz) or its page's module's
    kind: str  # "choice" (one of choices) or "number" (within tolerance)
    answer: str | float
    choices: tuple[str, ...] = ()  # for "choice": tokens, or text keys ("quiz.choice.up")
    tolerance: float = 0.0  # for "number": |guess − answer as printed| ≤ tolerance
    values: dict = field(default_factory=dict)  # placeholders of the question's text
    reveal: dict = field(default_factory=dict)  # placeholders of the explanation
    try_this: dict = field(default_factory=dict)  # settings that show it: field -> value
    why: str = ""  # the explanation's text key when not the question's own ".why"
    decimals: int = 2  # places of a number as the page prints it (the answer, its tolerance)
    theory: str = ""  # for a measured number: what theory says it is ("d_k = 64")
    about: tuple[str, ...] = ()  # what it asks about that its text does not name: the tokens

    def __post_init__(self):
        # The sentence a student reads, "3.57 (anything within 0.07 counts)", is the rule the
        # guess is checked by: a tolerance that would print rounded is no tolerance to state.
        tolerance = self.tolerance
        valid = isinstance(tolerance, (int, float)) and math.isfinite(tolerance) and tolerance >= 0
        if self.kind == "number" and valid and not printable(tolerance, self.decimals):
            raise ValueError(
                f"{self.id}: tolerance {self.tolerance!r} does not print exactly with "
                f"{self.decimals} places"
            )

    @property
    def target(self) -> float:
        """A number question's answer as the student reads it (``decimals`` places): what a
        guess is checked against, so that "1.00 (anything within 0.01 counts)" means 0.99
        and 1.01 count, whatever the unrounded answer's last digits."""
        return float(printed(float(self.answer), self.decimals))

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
            return within(float(guess), self.target, self.tolerance)
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
