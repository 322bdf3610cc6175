"""The poll's rules, pure: a question as the class holds it, a vote's check, and the spread.

A page's question (core.quiz.question.Question) is put to the class as a ``ClassQuestion``: its
page and link, what a vote is checked against (kind, choices, tolerance), and its answer,
which leaves the store only once the teacher reveals it. A vote is normalized to one
canonical string (a choice as the question has it; a number as ``repr(float)``, so "0,5",
" 0.50" and "０.５" are one vote), and nothing else can be stored.

The spread of a question's votes is drawn as bars: one per choice, or for a number a
histogram. Before the reveal its bins are round widths (1, 2 or 5 × 10ⁿ) on a grid through
0, made from the votes alone, so neither their edges nor their width can give the answer
away (a tolerance may be made from the answer: "within 25 % of it"). After the reveal the
bins are the width of the range counted right (2 × tolerance) and the middle one is
exactly that range. A question answered exactly (tolerance 0) gets a bar per value given.
"""

from __future__ import annotations

import hashlib
import json
import math
import statistics
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from classroom import bounds
from classroom.errors import BadRequest, InvalidVote
from core.quiz import parse_number
from core.quiz.question import Question, within

KINDS = ("choice", "number")
MAX_BINS = 24  # a number's histogram on a projector: beyond this, the far votes are pooled


@dataclass(frozen=True)
class ClassQuestion:
    """A page's question as the class holds it (immutable once published)."""

    key: str  # question_key(signature): the same question at the same settings
    page: str
    link: str  # the teacher's settings, as the query string of the page's link
    id: str  # "softmax.sum": its texts are "quiz.<id>.ask" / ".why"
    kind: str  # "choice" or "number"
    choices: tuple[str, ...]
    tolerance: float
    decimals: int
    answer: str | float


def question_key(signature: str) -> str:
    """A short fixed-size key for a question's signature (which can be long)."""
    if not isinstance(signature, str):
        raise BadRequest("bad_request")
    if len(signature) > bounds.MAX_SIGNATURE_CHARS:
        raise BadRequest("too_long")
    return hashlib.sha256(signature.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _text(value: object, limit: int) -> str:
    if not isinstance(value, str):
        raise BadRequest("bad_question")
    if len(value) > limit:
        raise BadRequest("too_long")
    return value


def class_question(page: str, link: str, q: Question) -> ClassQuestion:
    """A page's question, checked against the bounds, ready to publish."""
    if q.kind not in KINDS:
        raise BadRequest("bad_question")
    choices = tuple(_text(c, bounds.MAX_CHOICE_CHARS) for c in q.choices)
    if (q.kind == "choice" and not choices) or len(choices) > bounds.MAX_CHOICES:
        raise BadRequest("bad_question")
    if q.kind == "number":
        try:
            answer: str | float = q.target  # as the students read it, and checked by
            tolerance = float(q.tolerance)
        except (TypeError, ValueError):
            raise BadRequest("bad_question") from None
        if not (math.isfinite(answer) and math.isfinite(tolerance) and tolerance >= 0):
            raise BadRequest("bad_question")
    else:
        answer, tolerance = _text(q.answer, bounds.MAX_CHOICE_CHARS), 0.0
    return ClassQuestion(
        key=question_key(q.signature),
        page=_text(page, bounds.MAX_PAGE_CHARS),
        link=_text(link, bounds.MAX_LINK_CHARS),
        id=_text(q.id, bounds.MAX_ID_CHARS),
        kind=q.kind,
        choices=choices,
        tolerance=tolerance,
        decimals=int(q.decimals),
        answer=answer,
    )


def to_json(q: ClassQuestion) -> str:
    return json.dumps(
        [q.key, q.page, q.link, q.id, q.kind, q.choices, q.tolerance, q.decimals, q.answer],
        ensure_ascii=False,
        separators=(",", ":"),
    )


def from_json(text: str | bytes) -> ClassQuestion:
    key, page, link, qid, kind, choices, tolerance, decimals, answer = json.loads(text)
    return ClassQuestion(key, page, link, qid, kind, tuple(choices), tolerance, decimals, answer)


def canonical_vote(q: ClassQuestion, guess: object) -> str:
    """The vote a guess stands for, as stored; InvalidVote for anything that is not an
    answer to ``q`` (a choice it does not offer, text that is no number, a number beyond
    core.quiz.NUMBER_LIMIT, the wrong type)."""
    if isinstance(guess, bool) or not isinstance(guess, str | int | float):
        raise InvalidVote("not_a_choice" if q.kind == "choice" else "not_a_number")
    if isinstance(guess, str) and len(guess) > bounds.MAX_CHOICE_CHARS:
        raise InvalidVote("too_long")
    if q.kind == "choice":
        if not isinstance(guess, str) or guess not in q.choices:
            raise InvalidVote("not_a_choice")
        return guess
    if not isinstance(guess, str):  # a number sent as one: checked as its text would be
        try:
            guess = repr(float(guess))
        except OverflowError:
            raise InvalidVote("too_large") from None
    try:
        value = parse_number(guess)
    except ValueError as reason:
        raise InvalidVote(str(reason)) from None
    return repr(value + 0.0)  # -0.0 -> 0.0


def is_right(q: ClassQuestion, vote: str) -> bool:
    if q.kind == "number":
        return within(float(vote), float(q.answer), q.tolerance)
    return vote == q.answer


# --- the spread -------------------------------------------------------------------------


@dataclass(frozen=True)
class Bar:
    """One bar of a round's spread: a choice, or a range of numbers."""

    label: str  # the choice (a token or a text key), or the range as text: "0.50–0.60"
    count: int
    lo: float | None = None  # a number's range: lo ≤ v < hi (None: open at that end)
    hi: float | None = None
    right: bool | None = None  # after the reveal: the answer's bar; before: None


@dataclass(frozen=True)
class RoundTally:
    round: int  # 1, or 2 after "Discuss and vote again"
    voters: int
    bars: tuple[Bar, ...]
    right: int | None = None  # votes counted right, after the reveal

    @property
    def share_right(self) -> float | None:
        if self.right is None or not self.voters:
            return None
        return self.right / self.voters


@dataclass(frozen=True)
class Shift:
    """Peer Instruction's before and after: the share right in each round, and where the
    students who voted in both went."""

    before: float | None
    after: float | None
    stayed_right: int
    became_right: int
    became_wrong: int
    stayed_wrong: int


@dataclass(frozen=True)
class QuestionBoard:
    """A question of the class as someone may see it: tallies only where they may."""

    key: str
    page: str
    link: str
    id: str
    kind: str
    choices: tuple[str, ...]
    tolerance: float
    decimals: int
    round: int  # the round open now (or the last one, once revealed)
    revealed: bool
    answer: str | float | None  # None until revealed
    rounds: tuple[RoundTally, ...]  # empty where the votes may not be seen
    shift: Shift | None  # after a reveal with two rounds


def _places(decimals: int, width: float) -> int:
    """Decimal places that tell a bin's edges apart: ``decimals``, or more for narrow bins."""
    return max(decimals, -math.floor(math.log10(width)), 0)


def _nice(x: float) -> float:
    """The smallest 1, 2 or 5 × 10ⁿ at least x (x > 0)."""
    power = 10.0 ** math.floor(math.log10(x))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= x * (1 - 1e-9))


def _vote_width(values: list[float]) -> float:
    """A round bin width from the votes: half their median distance from the median (robust
    to a few wild guesses), or a tenth of the median's size when most votes agree."""
    middle = statistics.median_low(values)
    spread = statistics.median_low([abs(v - middle) for v in values]) / 2
    return _nice(spread or abs(middle) / 10 or 1.0)


def _window(slots: list[int], middle: int) -> tuple[int, int]:
    """At most MAX_BINS consecutive slots around ``middle`` (clamped to those used)."""
    if slots[-1] - slots[0] < MAX_BINS:
        return slots[0], slots[-1]
    start = min(max(middle - MAX_BINS // 2, slots[0]), slots[-1] - MAX_BINS + 1)
    return start, start + MAX_BINS - 1


class _Grid:
    """Bins of one width: slot k is the bin centred on centre + k·width."""

    def __init__(self, q: ClassQuestion, values: list[float], revealed: bool) -> None:
        self.answer, self.tolerance, self.revealed = float(q.answer), q.tolerance, revealed
        if revealed:  # the middle bin is exactly the range counted right
            self.width, self.centre = 2 * q.tolerance, self.answer
            self.places = _places(q.decimals, self.width)
        else:  # edges on the multiples of a round width from the votes: 60–65, 65–70
            self.width = _vote_width(values)
            self.centre, self.places = self.width / 2, _places(0, self.width)
        self.slots = sorted({self.slot(v) for v in values} | ({0} if revealed else set()))
        self.middle = 0 if revealed else self.slot(statistics.median_low(values))

    def slot(self, v: float) -> int:
        if self.revealed and within(v, self.answer, self.tolerance):
            return 0
        k = math.floor((v - self.centre) / self.width + 0.5)
        if self.revealed and k == 0:  # rounding put a vote just outside the range there
            return 1 if v > self.answer else -1
        return k

    def edge(self, k: float) -> float:
        return self.centre + k * self.width

    def bar(self, k: int) -> tuple:
        lo, hi = self.edge(k - 0.5), self.edge(k + 0.5)
        return f"{lo:.{self.places}f}–{hi:.{self.places}f}", lo, hi, self.revealed and k == 0

    def low(self, k: int) -> tuple:
        return f"< {self.edge(k - 0.5):.{self.places}f}", None, self.edge(k - 0.5), False

    def high(self, k: int) -> tuple:
        return f"≥ {self.edge(k + 0.5):.{self.places}f}", self.edge(k + 0.5), None, False


class _Exact:
    """A bar per value given (and the answer's, once revealed): slot k is the k-th value."""

    def __init__(self, q: ClassQuestion, values: list[float], revealed: bool) -> None:
        answer = float(q.answer)
        self.values = sorted(set(values) | ({answer} if revealed else set()))
        self.rank = {v: i for i, v in enumerate(self.values)}
        self.right = {self.rank[answer]} if revealed else set()
        self.slots = list(range(len(self.values)))
        self.middle = self.rank[answer if revealed else statistics.median_low(values)]

    def slot(self, v: float) -> int:
        return self.rank[v]

    @staticmethod
    def shown(v: float) -> str:
        return str(int(v)) if v == round(v) else repr(v)

    def bar(self, k: int) -> tuple:
        v = self.values[k]
        return self.shown(v), v, v, k in self.right

    def low(self, k: int) -> tuple:
        return f"< {self.shown(self.values[k])}", None, self.values[k], False

    def high(self, k: int) -> tuple:
        return f"> {self.shown(self.values[k])}", self.values[k], None, False


def _number_bars(q: ClassQuestion, values: list[float], revealed: bool):
    """The bars of a number question's votes, as (label, lo, hi, right), and a function
    giving a vote's bar: at most MAX_BINS slots around the middle vote (the answer, once
    revealed), the far votes pooled into an open bar at each end."""
    scale = _Grid(q, values, revealed) if q.tolerance > 0 else _Exact(q, values, revealed)
    first, last = _window(scale.slots, scale.middle)
    inside = [k for k in scale.slots if first <= k <= last]
    first, last = inside[0], inside[-1]
    pooled_low, pooled_high = scale.slots[0] < first, scale.slots[-1] > last
    bars = [scale.low(first)] if pooled_low else []
    bars += [scale.bar(k) for k in range(first, last + 1)]
    bars += [scale.high(last)] if pooled_high else []

    def position(v: float) -> int:
        k = scale.slot(v)
        if k < first:
            return 0
        if k > last:
            return len(bars) - 1
        return k - first + pooled_low

    return bars, position


def _tally(q: ClassQuestion, rounds: Mapping[int, Mapping[str, str]], revealed: bool):
    """One RoundTally per round, all on the same bars (so the rounds compare)."""
    out = []
    if q.kind == "choice":
        for r in sorted(rounds):
            counts = Counter(rounds[r].values())
            bars = tuple(
                Bar(c, counts.get(c, 0), right=(c == q.answer) if revealed else None)
                for c in q.choices
            )
            right = counts.get(q.answer, 0) if revealed else None
            out.append(RoundTally(r, len(rounds[r]), bars, right))
        return tuple(out)
    values = [float(v) for votes in rounds.values() for v in votes.values()]
    bins, position = _number_bars(q, values, revealed) if values else ([], None)
    for r in sorted(rounds):
        counts = Counter(position(float(v)) for v in rounds[r].values())
        bars = tuple(
            Bar(lbl, counts.get(i, 0), lo, hi, right if revealed else None)
            for i, (lbl, lo, hi, right) in enumerate(bins)
        )
        right = sum(is_right(q, v) for v in rounds[r].values()) if revealed else None
        out.append(RoundTally(r, len(rounds[r]), bars, right))
    return tuple(out)


def shift(q: ClassQuestion, first: Mapping[str, str], second: Mapping[str, str]) -> Shift:
    """Round 1 against round 2: shares right, and the moves of students who voted twice."""

    def share(votes: Mapping[str, str]) -> float | None:
        return sum(is_right(q, v) for v in votes.values()) / len(votes) if votes else None

    moves = Counter(
        (is_right(q, first[s]), is_right(q, second[s])) for s in first.keys() & second.keys()
    )
    return Shift(
        share(first),
        share(second),
        stayed_right=moves[True, True],
        became_right=moves[False, True],
        became_wrong=moves[True, False],
        stayed_wrong=moves[False, False],
    )


def question_board(
    q: ClassQuestion,
    round_open: int,
    revealed: bool,
    votes: Mapping[int, Mapping[str, str]] | None,
) -> QuestionBoard:
    """What may be seen of a question: ``votes`` (round -> student -> vote) None hides
    the votes (a student before the reveal); the answer shows only once revealed."""
    rounds: tuple[RoundTally, ...] = ()
    moved = None
    if votes is not None:
        every = {r: dict(votes.get(r, {})) for r in range(1, round_open + 1)}
        rounds = _tally(q, every, revealed)
        if revealed and round_open == 2:
            moved = shift(q, every[1], every[2])
    return QuestionBoard(
        key=q.key,
        page=q.page,
        link=q.link,
        id=q.id,
        kind=q.kind,
        choices=q.choices,
        tolerance=q.tolerance,
        decimals=q.decimals,
        round=round_open,
        revealed=revealed,
        answer=q.answer if revealed else None,
        rounds=rounds,
        shift=moved,
    )
