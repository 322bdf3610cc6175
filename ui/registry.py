"""The app's pages, in the navigation's order: one line each.

A page declares itself beside its views (``PAGE`` in ui/views/<name>.py, a ui.page.Page);
this order is the navigation's, and the lesson's stops are the pages that say which part of
the tour they are in, in the same order, so the two cannot drift apart. The declarations
are read when first asked for, not when this module is imported: the views import the
settings and the questions, which read the pages' own links from here.
"""

from __future__ import annotations

import functools
import importlib

from ui.page import PARTS, Page, Param, Questions

ORDER = (
    "overview",
    "tokens",
    "qkv",
    "similarity",
    "scaling",
    "softmax",
    "weighted_sum",
    "masking",
    "multihead",
    "train",
    "real_model",
    "generate",
    "tiles",
    "windows",
    "rope",
    "cross_attention",
    "copying",
)
DEFAULT_PAGE = ORDER[0]


@functools.cache
def pages() -> dict[str, Page]:
    """Every page's declaration, by name, in ORDER."""
    found = {}
    for name in ORDER:
        page = importlib.import_module(f"ui.views.{name}").PAGE
        if page.name != name:
            raise ValueError(f"ui/views/{name}.py declares the page {page.name}")
        found[name] = page
    return found


@functools.cache
def part(name: str) -> tuple[str, ...]:
    """The stops of one part of the lesson ("lesson" or "further"), in order."""
    if name not in PARTS:
        raise ValueError(f"the tour has no part {name}")
    return tuple(page.name for page in pages().values() if page.tour == name)


def tour() -> tuple[str, ...]:
    """Every stop of the lesson: its part "lesson", then "further"."""
    return part("lesson") + part("further")


def where(stop: int) -> tuple[str, int, int]:
    """Which part of the tour a stop (1 …) is in, its place there and that part's length:
    ("lesson", k, n) or ("further", k, n)."""
    lesson = len(part("lesson"))
    if stop <= lesson:
        return "lesson", stop, lesson
    return "further", stop - lesson, len(part("further"))


@functools.cache
def params() -> dict[str, Param]:
    """Every page's own link parameters, by their widget's key."""
    found: dict[str, Param] = {}
    for page in pages().values():
        for param in page.params:
            if param.key in found or param.name in {p.name for p in found.values()}:
                raise ValueError(f"two pages' controls share {param.key} or {param.name}")
            found[param.key] = param
    return found


@functools.cache
def page_asking(name: str) -> str:
    """The page that asks the questions named ``name`` ("generate_share": generate)."""
    return next(page.name for page in pages().values() if name in page.questions)


@functools.cache
def questions() -> Questions:
    """Every page's questions, by the name the page asks them under."""
    found = {}
    for page in pages().values():
        found |= page.questions
    return found
