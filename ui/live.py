"""A page's part that the sidebar's temperature changes, rerun alone when it moves.

A rerun of the whole app makes the browser redraw every element of it, changed or not: the
sidebar's controls (its sliders measure the page's layout each time they are redrawn), the
frame's bars and the page's heading and introduction. On a phone that is much of the time a
move takes (``python -m bench --only phone``). So a page may draw what the temperature
changes as one part, ``follows_temperature``: the sidebar leaves the temperature's place empty
(ui.sidebar.controls), the part draws the slider there first, and moving it reruns the part
alone (a fragment; Streamlit lets one write into a sidebar container made outside it). A page
that has no such part, or does not reach it (a question not yet answered), gets the slider
from the frame after it has run (``temperature_left``). In a class every move reruns the whole
app, so that the class's bars follow it.
"""

from __future__ import annotations

import dataclasses
import functools
import threading
from collections.abc import Callable

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui import settings as cfg
from ui.classroom import session
from ui.frame import fragment
from ui.i18n import t

_run = threading.local()  # each session's script runs in its own thread


def temperature_slot() -> None:
    """The sidebar's step: the temperature's place, left for the page to fill."""
    _run.slot = st.container()


def temperature() -> None:
    """The softmax temperature, the slider students move most."""
    st.slider(
        t("common.sb.temperature"),
        min_value=cfg.TEMPERATURE_MIN,
        max_value=cfg.TEMPERATURE_MAX,
        step=cfg.TEMPERATURE_STEP,
        key="temperature",
        help=t("common.sb.temperature_help"),
    )


def _take() -> DeltaGenerator | None:
    slot, _run.slot = getattr(_run, "slot", None), None
    return slot


def temperature_left() -> None:
    """The frame's step after the page: the temperature in its place if the page left it."""
    if (slot := _take()) is not None:
        with slot:
            temperature()


def _drawn_from() -> tuple:
    """What the rest of the page was drawn from: every shared setting but the temperature,
    the pages' own controls, and whether this session is in a class."""
    rest = dataclasses.replace(cfg.current(), temperature=cfg.DEFAULTS.temperature)
    return rest, cfg.page_params(), session.member() is None


def follows_temperature(draw: Callable[..., None]) -> Callable[..., None]:
    """A page's part that the temperature changes: the slider first (into its sidebar
    place), then ``draw(settings, *args)``, rerun alone when the slider moves (outside a
    class). ``settings`` are this run's (ui.settings.current()); the other arguments are
    those of the page's last whole run, which a move of the temperature does not change.

    Anything else a control in the part moves (the followed token, the article's heads, a
    class opened from a question, the page's own controls) reruns the whole page: the part
    finds that the rest of the page was drawn from other settings.
    """

    def part(slot: DeltaGenerator | None, drawn: dict, *args, **kwargs) -> None:
        if drawn and drawn["from"] != _drawn_from():  # a rerun of the part alone, too little
            st.rerun()
        if slot is not None:
            with slot:
                temperature()
        draw(cfg.current(), *args, **kwargs)
        drawn["from"] = _drawn_from()

    live = fragment(functools.wraps(draw)(part))

    @functools.wraps(draw)
    def call(*args, **kwargs) -> None:  # a whole run of the page: the part's runs start anew
        (part if session.member() is not None else live)(_take(), {}, *args, **kwargs)

    return call
