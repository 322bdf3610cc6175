"""The class's anonymous tallies, for the teacher to download before ending it.

One row per question, settings, round and choice: how many voted it. Nothing personal: no
student id, no time, no order of votes. A choice question lists every choice (0 included);
a number question every value given, as stored (canonical, so "0,5" and "0.50" are one).
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass

from classroom.views import Snapshot

COLUMNS = ("question", "settings", "round", "choice", "count")
# A spreadsheet reads a cell starting with one of these as a formula (CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Tally:
    question: str  # its id, "softmax.sum"
    settings: str  # its page and the teacher's settings: "softmax?d=64&heads=4"
    round: int
    choice: str
    count: int


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
            rows += [Tally(q.id, settings, r, v, counts.get(v, 0)) for v in values]
    return rows


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_START):
        try:
            float(value)
        except ValueError:
            return "'" + value
    return value


def tallies_csv(rows: list[Tally]) -> str:
    """The tallies as CSV text (RFC 4180, a UTF-8 byte-order mark first so that a
    spreadsheet reads Chinese tokens right)."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for t in rows:
        writer.writerow([_cell(t.question), _cell(t.settings), t.round, _cell(t.choice), t.count])
    return out.getvalue()
