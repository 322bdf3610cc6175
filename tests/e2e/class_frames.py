"""The class's loop over the real server, as protocol students (harness.protocol), with
every message the server sends each student scanned, as raw bytes, for what would give
the class's question away: a verdict, an explanation, the answer's numbers or a figure
held back with them (tests/e2e/test_e2e_classroom.py runs it on each store).

What is looked for comes from core (the page's questions at its default settings) and the
text catalogue, in both languages; a student outside the class, on the same page, must
get all of it at once (so the scan can find what it looks for), and a fresh page before
any guess none of it (so it finds nothing by chance).
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

from core import quiz
from harness.plans import DEFAULT_PAGE
from harness.protocol import ProtocolSession
from ui import state
from ui.settings import DEFAULTS, sentence_tokens
from ui.texts import CATALOG

PAGE = "weighted_sum"  # a choice (yes / no) and a number
CHOICE, NUMBER, CHECK = f"quiz_{PAGE}_1_guess", f"quiz_{PAGE}_2_guess", f"quiz_{PAGE}_check"
LANGS = ("en", "zh")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def questions() -> list[quiz.Question]:
    """The page's questions at the default settings, from core (as the page asks them)."""
    p = state.pipeline(DEFAULTS)
    focus = list(p.labels).index(sentence_tokens(DEFAULTS.sentence).default_focus)
    return quiz.weighted_sum_questions(p, focus, 0)


def _literal_parts(text: str, shortest: int = 8) -> list[str]:
    return [part.strip() for part in PLACEHOLDER.split(text) if len(part.strip()) >= shortest]


def giveaways(qs: list[quiz.Question]) -> dict[str, set[bytes]]:
    """What gives the questions away, by kind: the verdicts' words, the explanations' own
    words, and the answers' numbers as a table's or a chart's data carries them (float64,
    or its text in full; printed to two places they could be any number on the page)."""
    verdicts = {
        CATALOG[k][lang].split("{")[0] for k in ("quiz.right", "quiz.wrong", "quiz.skipped")
        for lang in LANGS
    }  # fmt: skip
    why = {CATALOG["quiz.claim"][lang].split("{")[0] for lang in LANGS}
    numbers: set[bytes] = set()
    for q in qs:
        page, _, rest = q.id.partition(".")
        key = q.why or f"{page}.quiz.{rest}.why"
        why |= {part for lang in LANGS for part in _literal_parts(CATALOG[key][lang])}
        values = [q.answer] if q.kind == "number" else []
        for v in [*values, *q.reveal.values()]:  # printed short, they would be any number's
            if isinstance(v, float) and not v.is_integer():
                numbers.add(struct.pack("<d", v))
                if len(repr(v)) >= 8:  # "0.08" stands anywhere; "0.0803817" does not
                    numbers.add(repr(v).encode())
    return {
        "verdict": {v.encode() for v in verdicts},
        "explanation": {w.encode() for w in why},
        "answer": numbers,
    }


@dataclass
class Scan:
    """Every message a session receives, scanned: what was found, by phase."""

    wanted: dict[str, set[bytes]]
    phase: str = "before"
    frames: dict[str, int] = field(default_factory=dict)  # phase -> messages scanned
    found: dict[str, list[str]] = field(default_factory=dict)  # phase -> "who: kind"

    def watch(self, session: ProtocolSession, who: str) -> None:
        session.listeners.append(lambda raw: self._scan(raw, who))

    def _scan(self, raw: bytes, who: str) -> None:
        self.frames[self.phase] = self.frames.get(self.phase, 0) + 1
        for kind, needles in self.wanted.items():
            hit = next((n for n in needles if n in raw), None)
            if hit is not None:
                self.found.setdefault(self.phase, []).append(f"{who}: {kind} {hit[:40]!r}")


def session(url: str, **kwargs) -> ProtocolSession:
    return ProtocolSession(url, default_page=DEFAULT_PAGE, **kwargs)


async def vote(s: ProtocolSession, choice: str, number: str) -> list[str]:
    """Answer both questions and press Check (in class: "Vote"); the alerts shown."""
    s.set_widget(CHOICE, choice)
    s.set_widget(NUMBER, number)
    s.press(CHECK)
    reply = await s.rerun("vote")
    assert reply.status == "finished", reply.errors
    return reply.alerts


def verdict_start(right: bool | None, lang: str, round_: int | None = None) -> str:
    """How a verdict reads at its start (after the round's name, when there are two)."""
    key = "quiz.skipped" if right is None else "quiz.right" if right else "quiz.wrong"
    start = CATALOG[key][lang].split("{")[0]
    if round_ is None:
        return start
    return f"**{CATALOG['classroom.board.round'][lang].format(round=round_)}** · {start}"
