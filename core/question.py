"""A prediction a page asks for before it shows the answer (made by core/quiz.py and the
other question modules, drawn by ui/quiz.py).

A module of its own so that every page's question builders can use it and core/quiz.py can
still hold them all in its registry (QUESTIONS) without a circular import.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Question:
    """One prediction to make before the page shows it."""

    id: str  # its texts: "quiz.<id>.ask", "quiz.<id>.why"
    claim: str  # one of its module's CLAIMS (core.quiz, core.long_quiz, …)
    kind: str  # "choice" (one of choices) or "number" (within tolerance)
    answer: str | float
    choices: tuple[str, ...] = ()  # for "choice": tokens, or text keys ("quiz.choice.up")
    tolerance: float = 0.0  # for "number": |guess − answer| ≤ tolerance
    values: dict = field(default_factory=dict)  # placeholders of the question's text
    reveal: dict = field(default_factory=dict)  # placeholders of the explanation
    try_this: dict = field(default_factory=dict)  # settings that show it: field -> value
    why: str = ""  # the explanation's text key when not "quiz.<id>.why"
    decimals: int = 2  # places of a number as the page prints it (the answer, its tolerance)
    theory: str = ""  # for a measured number: what theory says it is ("d_k = 64")

    @property
    def signature(self) -> str:
        """Changes when the question, its answer or its reasons do (new settings, a new
        sentence): an answer given to one of them does not count for another."""
        parts = (sorted(self.values.items()), sorted(self.reveal.items()), self.answer)
        return f"{self.id}|" + "|".join(map(str, parts))

    def is_right(self, guess: str | float) -> bool:
        if self.kind == "number":
            return abs(float(guess) - float(self.answer)) <= self.tolerance + 1e-12
        return guess == self.answer
