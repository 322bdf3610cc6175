"""What a view sends: only what the student has asked to see.

A rerun costs the server about half a millisecond per element it sends, and a class of
thirty shares one server. So a page's first view holds what its story needs and no more:
a section the student may want (a worked sum, a table of numbers, a second figure) is a
folded heading until it is opened, and its content is made and sent only while it is
open; the same mechanism holds a question's answer back until the guess (ui.quiz).

The matrices a view shows are offered as CSV by one download at the foot of the page
(matrices_download), not by a button beside each.
"""

from __future__ import annotations

import io
import re
import threading
import zipfile
from collections.abc import Callable

import streamlit as st

from ui.i18n import t

_run = threading.local()  # each session's script runs in its own thread


def unfold(label: str, key: str, draw: Callable[..., object], *args, icon: str | None = None):
    """A folded section: ``draw(*args)`` runs, and its elements are sent, only while it is
    open (opening or closing it reruns the page, or only the fragment it is in)."""
    box = st.expander(label, key=key, on_change="rerun", icon=icon)
    if box.open:
        with box:
            draw(*args)
    return bool(box.open)


WHOLE_PAGE = "_whole_page"  # session_state: a change the whole page must follow
OFFERED = "_matrices_offered"  # session_state: each matrix's CSV as its last run made it


def begin_view() -> None:
    """The frame's first step of a whole run: no matrices offered yet, and every change
    marked by mark_whole_page followed (this run is the whole page)."""
    _run.matrices = {}
    st.session_state.setdefault(OFFERED, {}).clear()
    st.session_state.pop(WHOLE_PAGE, None)


def mark_whole_page() -> None:
    """From a widget's callback: its change concerns more than its own fragment (the
    followed token, the score in the sidebar)."""
    st.session_state[WHOLE_PAGE] = True


def follow_whole_page() -> None:
    """After such a widget, in a fragment (which reruns alone): rerun the whole page."""
    if st.session_state.pop(WHOLE_PAGE, False):
        st.rerun()


def offer_csv(key: str, name: str, csv: Callable[[], str]) -> None:
    """Offer a matrix shown in this view as CSV (``csv`` runs only when downloaded).

    A fragment's run (which the download at the foot of the page does not follow) offers
    its matrices anew: the download takes each matrix as its last run made it."""
    matrices = getattr(_run, "matrices", None)
    if matrices is None:
        matrices = _run.matrices = {}
    matrices[key] = (name, csv)
    st.session_state.setdefault(OFFERED, {})[key] = (name, csv)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower() or "matrix"


def _zip(matrices: dict[str, tuple[str, Callable[[], str]]]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for key, (_, csv) in matrices.items():
            archive.writestr(f"{_slug(key)}.csv", csv())
    return out.getvalue()


def matrices_download(page: str) -> None:
    """One download at the foot of the page: every matrix the view showed, a CSV each."""
    matrices = dict(getattr(_run, "matrices", None) or {})
    if not matrices:
        return
    names = t("common.list_sep").join(name for name, _ in matrices.values())
    latest = st.session_state.setdefault(OFFERED, {})  # filled again by fragments' runs
    st.download_button(
        t("common.csv_all", n=len(matrices)),
        data=lambda: _zip({key: latest.get(key, made) for key, made in matrices.items()}),
        file_name=f"attention-lab-{page}.zip",
        mime="application/zip",
        key="csv_all",
        icon=":material/download:",
        help=t("common.csv_all_help", names=names),
        on_click="ignore",
    )
