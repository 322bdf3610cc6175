"""A class's students: who each one is, what it plans to do, what it believes, what it saw.

Student i has its own sentence, holding its marker (``harness.replies.marker(i)``), its
own starting page and its own plan of interactions: temperature moves, the model
dimension and the head count, the scaling and mask toggles, the seed, page changes and
a language switch, with a think time before each. It keeps a model of its own settings,
and after every interaction checks that the page's link (the URL's query string) says
exactly those settings, the way ``ui.settings.to_params`` writes them.

Two kinds of student run the same plans: a protocol student (harness.protocol_student: a
websocket client speaking Streamlit's messages, no browser) and a browser student
(harness.browser_student: a page in a real Chromium). A plan may also answer the page's
questions (``Step("answer")``; a page may hold its answers back until then) or press a
button found by its key (``Step("press", key)``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode

from harness.replies import marker
from ui import registry

D_MODELS = (4, 8, 16, 32, 64, 128)  # what a student moves through in class (the app offers more)
THINK_S = (1.0, 3.0)
# A page's questions are one form keyed quiz_<page>, question i's guess the widget keyed
# <form>_<i>_guess, the form's buttons <form>_check and <form>_skip (ui.quiz).
QUESTION_FORM = re.compile(r"^quiz_[a-z_]+$")
GUESS = re.compile(r"^(?P<form>quiz_[a-z_]+)_\d+_guess$")
CHECK = "{form}_check"
SKIP = re.compile(r"(^|_)skip(_|$)")
# Link parameters a page moves itself (its own controls): the student's model leaves them be.
DEFAULT_PAGE = registry.DEFAULT_PAGE  # the page served at "/"
PAGE_OWNED = tuple(param.name for param in registry.params().values())
WRONG_KEY = "quiz.wrong"  # the verdict on a wrong guess, which a page shows as an error
STEP_KINDS = {  # kind -> weight in a plan
    "temperature": 8,
    "page": 4,
    "d_model": 2,
    "heads": 2,
    "scale": 2,
    "causal": 2,
    "seed": 1,
}


def sentence(i: int) -> str:
    """Student i's sentence: ten words, one of them its marker."""
    return f"the {marker(i)} student watches how every word attends to the rest"


def pages() -> list[str]:
    """The app's pages (ui.registry), sorted by name, the default one first."""
    return sorted(sorted(registry.ORDER), key=lambda n: n != DEFAULT_PAGE)


# A plan's kinds of step and the sidebar's widget each moves.
CONTROL_KEYS = {
    "temperature": "temperature",
    "scale": "scale",
    "causal": "causal",
    "d_model": "d_model",
    "heads": "n_heads",
    "seed": "seed",
    "lang": "lang",
}


@dataclass
class Step:
    kind: str  # temperature, d_model, heads, scale, causal, seed, page, lang, answer, press
    value: object = None  # for a protocol student (press: the key); a browser moves a notch


@dataclass
class Interaction:
    student: str
    what: str
    started: float  # time.monotonic()
    seconds: float | None = None  # request -> the run finished (browser: -> page settled)
    page: str = ""
    errors: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    interrupted: bool = False  # its server went away meanwhile (fail-over)

    @property
    def ok(self) -> bool:
        return self.seconds is not None and not self.errors and not self.leaks


@dataclass
class Failover:
    """One student whose server went away, and what it found on the server it reached."""

    student: str
    lost: float = 0.0  # time.monotonic() when its connection dropped (browser: when seen)
    reconnected: float | None = None  # time.monotonic() when connected again
    first_run: float | None = None  # when its first run on the new server had finished
    replica_before: str = ""
    replica_after: str = ""
    page_before: str = ""
    page_after: str = ""
    link_before: dict = field(default_factory=dict)  # the settings its link said
    link_after: dict = field(default_factory=dict)  # … after its first move there
    kept: bool | None = None  # the first move there was applied (False: the link undid it)
    errors: list[str] = field(default_factory=list)

    @property
    def same_view(self) -> bool:
        """The same page, and the settings before (or before plus the move just made)."""
        return self.page_after == self.page_before and self.kept is not None


def plan(index: int, n: int, page_list: list[str], start: str) -> list[Step]:
    """n interactions for student `index`: reproducible, with one language switch or two."""
    rng = random.Random(1000 + index)
    kinds = list(STEP_KINDS)
    weights = list(STEP_KINDS.values())
    steps: list[Step] = []
    here = start
    for _ in range(n):
        kind = rng.choices(kinds, weights)[0]
        if kind == "temperature":
            steps.append(Step(kind, round(rng.randint(5, 60) * 0.05, 2)))
        elif kind == "page":
            here = rng.choice([p for p in page_list if p != here])
            steps.append(Step(kind, here))
        elif kind == "d_model":
            steps.append(Step(kind, rng.choice(D_MODELS)))
        elif kind == "heads":
            steps.append(Step(kind, rng.choice((1, 2, 4, 8))))
        elif kind == "seed":
            steps.append(Step(kind, rng.randint(1, 99)))
        else:
            steps.append(Step(kind))
    if not steps:
        return steps
    # A language switch for everyone (half of them switch back later).
    steps[n // 2] = Step("lang")
    if index % 2 and n > 4:
        steps[n - 2] = Step("lang")
    if not any(s.kind == "page" for s in steps) and n > 2:
        steps[1] = Step("page", next(p for p in page_list if p != start))
    return steps


def start_page(index: int, page_list: list[str]) -> str:
    return page_list[index % len(page_list)]


class Model:
    """What a student believes its settings are, and the link that says them."""

    def __init__(self, index: int) -> None:
        from ui import settings as cfg

        self.cfg = cfg
        self.values = {k: getattr(cfg.DEFAULTS, k) for k in cfg.PARAMS}
        self.values["sentence"] = sentence(index)

    def heads_for(self, d_model: int, wanted: int) -> int:
        """What the app does with a head count that does not divide d_model."""
        options = self.cfg.head_options(d_model)
        return wanted if wanted in options else max(h for h in options if h <= wanted)

    def set(self, key: str, value) -> None:
        self.values[key] = value
        if key in ("d_model", "n_heads"):
            self.values["n_heads"] = self.heads_for(self.values["d_model"], self.values["n_heads"])

    def params(self) -> dict[str, str]:
        return self.cfg.to_params(self.cfg.Settings(**self.values))

    def resync(self, query: str) -> None:
        """Believe what the link says (after the app set the widgets from it)."""
        values, _ = self.cfg.parse_params(dict(parse_qsl(query, keep_blank_values=True)))
        self.values = {k: values.get(k, getattr(self.cfg.DEFAULTS, k)) for k in self.cfg.PARAMS}

    def nudge_temperature(self) -> float:
        """The temperature one notch along (a move to see whether the page still answers)."""
        t = self.values["temperature"]
        return round(t + self.cfg.TEMPERATURE_STEP if t < 1.0 else t - self.cfg.TEMPERATURE_STEP, 2)

    def query(self) -> str:
        return urlencode(self.params())

    def check(self, query: str) -> list[str]:
        """Errors when the link's query string does not say these settings (the parameters
        a page moves itself aside)."""
        shown = dict(parse_qsl(query, keep_blank_values=True))
        wanted = self.params()
        for name in PAGE_OWNED:
            shown.pop(name, None)
            wanted.pop(name, None)
        if shown == wanted:
            return []
        diff = {k: (shown.get(k), wanted.get(k)) for k in set(shown) | set(wanted)}
        diff = {k: v for k, v in diff.items() if v[0] != v[1]}
        return [f"the link says {diff} (link, expected)"]


def lang_name(code: str) -> str:
    from ui.i18n import LANG_NAMES

    return LANG_NAMES[code]


def app_errors(errors: list[str]) -> list[str]:
    """The errors of a reply less the verdicts on a student's wrong guesses (a page shows
    them as error alerts, in a class after the round's name; a student who answers at
    random gets some)."""
    from ui.texts import CATALOG

    verdicts = [text.split("{")[0] for text in CATALOG[WRONG_KEY].values()]
    shown = "error shown: "
    return [e for e in errors if not (e.startswith(shown) and any(v in e for v in verdicts))]
