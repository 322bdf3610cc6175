"""The class's anonymous tallies, for the teacher to download before ending it.

One row per question, settings, round and choice: how many voted it, and whether it counts
as right. Nothing personal: no student id, no time, no order of votes. A choice question
lists every choice (0 included); a number question every value given, as stored
(canonical, so "0,5" and "0.50" are one). Each row also carries its question's share right
in round 1 and in round 2 and the shift between them (round 2 − round 1), Peer
Instruction's before and after: blank where a round had no vote.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass

from classroom.poll import is_right
from classroom.views import Snapshot

COLUMNS = (
    "question",
    "settings",
    "round",
    "choice",
    "count",
    "right",
    "share_right_round_1",
    "share_right_round_2",
    "shift",
)
SHARE_PLACES = 3  # a share right as a fraction of the round's voters: 0.417
# A spreadsheet reads a cell starting with one of these as a formula (CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Tally:
    question: str  # its id, "softmax.sum"
    settings: str  # its page and the teacher's settings: "softmax?d=64&heads=4"
    round: int
    choice: str
    count: int
    right: bool = False  # the choice, or the value, counts as right


def tallies(s: Snapshot) -> list[Tally]:
    """Every question that got a vote, in the order the teacher asked them."""
    rows = []
    for key, (q, round_open, _) in s.questions.items():
        votes = s.votes.get(key, {})
        if not any(votes.values()):
            continue
        settings = f"{q.page}?{q.link}" if q.link else q.page
        for r in range(1, round_open + 1):
            counts = Counter(votes.get(r, {}).values())
            values = list(q.choices) if q.kind == "choice" else sorted(counts, key=float)
            rows += [Tally(q.id, settings, r, v, counts.get(v, 0), is_right(q, v)) for v in values]
    return rows


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_START):
        try:
            float(value)
        except ValueError:
            return "'" + value
    return value


def shares(rows: list[Tally]) -> dict[tuple[str, str], dict[int, float]]:
    """Each question's (question, settings) share right in each round that had a vote."""
    right: Counter = Counter()
    voters: Counter = Counter()
    for t in rows:
        voters[t.question, t.settings, t.round] += t.count
        right[t.question, t.settings, t.round] += t.count if t.right else 0
    found: dict[tuple[str, str], dict[int, float]] = {}
    for (question, settings, r), n in voters.items():
        if n:
            found.setdefault((question, settings), {})[r] = right[question, settings, r] / n
    return found


def _share(value: float | None) -> str:
    return "" if value is None else f"{round(value, SHARE_PLACES) + 0.0:.{SHARE_PLACES}f}"


def tallies_csv(rows: list[Tally]) -> str:
    """The tallies as CSV text (RFC 4180, a UTF-8 byte-order mark first so that a
    spreadsheet reads Chinese tokens right)."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    found = shares(rows)
    for t in rows:
        by_round = found.get((t.question, t.settings), {})
        first, second = by_round.get(1), by_round.get(2)
        shift = None if first is None or second is None else second - first
        cells = [_cell(t.question), _cell(t.settings), t.round, _cell(t.choice), t.count]
        writer.writerow([*cells, int(t.right), _share(first), _share(second), _share(shift)])
    return out.getvalue()
