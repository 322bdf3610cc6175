"""What a page says about itself, once, beside its views: ``PAGE = Page(...)``.

Each page of the app declares itself in its view module, ui/views/<name>.py: its icon, its
group in the navigation, its place in the lesson, the shared controls it uses, its own
controls that live in the link, its questions and the chart layouts to make before the
first student asks. ui.registry lists the pages in order, one line each; everything that
lists pages (the navigation, the lesson, the link, the warm-up, the questions, the tests
that walk every page) reads these declarations, so a new page is its own files and that
one line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import streamlit as st

from ui.i18n import t

# The shared settings of the toy model, as the sidebar shows them (session_state keys).
MODEL_CONTROLS = (
    "sentence",
    "focus",
    "d_model",
    "n_heads",
    "scale",
    "causal",
    "temperature",
    "seed",
)
SECTIONS = ("start", "steps", "more", "further")  # the navigation's groups, in its order
PARTS = ("lesson", "further")  # the parts of the tour: the article's story, then beyond it
MAX_PAGE_PARAM_CHARS = 40  # a link's text for a page's control, until its page reads it


def uses(*unused: str) -> tuple[str, ...]:
    """The model's shared settings but these (which change nothing on the page)."""
    return tuple(name for name in MODEL_CONTROLS if name not in unused)


def _number(raw: object) -> float | None:
    try:
        value = float(raw)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def keep_whole(key: str, options: Sequence[int], default: int) -> int:
    """A control's whole number, from its widget or a link's text: the option nearest to what
    was given (``default`` for text that is no number), put back."""
    value = _number(st.session_state.get(key, default))
    chosen = default if value is None else min(options, key=lambda o: (abs(o - value), o))
    st.session_state[key] = chosen
    return chosen


@dataclass(frozen=True)
class Param:
    """One of a page's own controls that lives in the link beside the shared settings.

    A link's text is kept as given (cut to ``chars``) until the page reads it; the page
    makes it a value its control offers (``whole``, ``choice``, ``count`` or a check of its
    own) and puts that back, so the control and the link say what is shown. A value equal
    to ``default`` stays out of the link; a default of None follows other settings (the
    followed token, the heads), so the link names it only once a student has moved it.
    """

    key: str  # the widget's session_state key
    name: str  # its name in the link
    default: object = None
    chars: int = MAX_PAGE_PARAM_CHARS  # more for a text of the student's own (a sentence)

    def whole(self, options: Sequence[int], default: int | None = None) -> int:
        """A whole number from the widget or the link: the option nearest to what was given
        (the default for text that is no number), put back."""
        return keep_whole(self.key, options, self.default if default is None else default)

    def choice(self, options: Sequence[str], default: str | None = None) -> str:
        """A choice among texts from the widget or the link: the default for anything it
        does not offer, put back."""
        fallback = self.default if default is None else default
        value = st.session_state.get(self.key, fallback)
        chosen = value if value in options else fallback
        st.session_state[self.key] = chosen
        return chosen

    def count(self, low: int, high: int, default: int | None = None) -> int:
        """A whole number in low … high from the widget or the link: the nearest one to what
        was given (the default for text that is no number), put back."""
        fallback = self.default if default is None else default
        value = _number(st.session_state.get(self.key, fallback))
        chosen = fallback if value is None else int(min(max(round(value), low), high))
        st.session_state[self.key] = chosen
        return chosen


# A page's questions: the name ui.quiz.ask is called with -> the function (core.quiz) that
# makes them from the results the page draws.
Questions = Mapping[str, Callable[..., list]]
# Draws the page's own figures on placeholder data: the article's labels, at each d_model.
Warm = Callable[[list[str], Sequence[int]], None]


@dataclass(frozen=True)
class Page:
    """One page of the app, as it declares itself."""

    name: str  # the file app_pages/<name>.py, its URL path and its texts (ui/texts/<name>.py)
    icon: str
    section: str  # its group in the navigation: one of SECTIONS
    tour: str | None = None  # its part of the lesson (one of PARTS), or None: not a stop
    controls: tuple[str, ...] = MODEL_CONTROLS  # the shared settings the page uses
    params: tuple[Param, ...] = ()
    questions: Questions = field(default_factory=dict)
    warm: Warm | None = None
    # The shared settings its stop of the lesson opens on, where they are not the article's
    # example (Multi-head: the article's eight heads); undoable, and undone at the next stop.
    opens_on: Mapping[str, object] = field(default_factory=dict)
    # What the stop's notice calls them (a text key), where listing them would answer the
    # page's question under it (Multi-head's "d_model = 32": how wide the 8 heads of 4 are).
    opens_on_name: str = ""

    def __post_init__(self):
        if self.section not in SECTIONS or self.tour not in (*PARTS, None):
            raise ValueError(f"page {self.name}: section {self.section}, tour {self.tour}")
        if unknown := set(self.controls) - set(MODEL_CONTROLS):
            raise ValueError(f"page {self.name}: no shared controls {sorted(unknown)}")

    @property
    def path(self) -> str:
        return f"app_pages/{self.name}.py"

    @property
    def title(self) -> str:
        return t(f"{self.name}.title")
