"""What the server sends back for one run, read as a browser tab would read it.

``read_navigation`` reads the pages a navigation message offers. A run's ``ForwardMsg``
deltas draw the page: ``read_delta`` keeps the widgets it drew (by
key; those on the sidebar apart, delta path [1, …]), the submit button of each form (by
the form's key), and the texts of the sidebar's ``st.code`` (the share link); it counts
the elements and blocks drawn, and reports errors: an exception element or an error
alert (a compilation error and "page not found" come as messages of their own).

Every message is also scanned, as raw bytes, for student markers (``marker(i)``: a word
that no text of the app contains), so that a session can say whether it ever received
another student's sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from harness.wire import key_of

MARKER = re.compile(rb"qz[a-z]{4}qz")  # see marker()
SIDEBAR = 1  # the first index of a delta path on the sidebar


def marker(i: int) -> str:
    """Student i's marker: qz + four letters + qz, a word no text of the app contains."""
    letters = ""
    for _ in range(4):
        i, digit = divmod(i, 26)
        letters = chr(ord("a") + digit) + letters
    return f"qz{letters}qz"


@dataclass
class Reply:
    """One request to run the script, and what came back until the run finished."""

    what: str
    started: float  # time.monotonic()
    seconds: float | None = None  # request -> script_finished; None when it never finished
    status: str = ""  # finished, compile error, timeout, disconnected
    page: str = ""
    errors: list[str] = field(default_factory=list)
    messages: int = 0
    bytes: int = 0
    elements: int = 0  # new elements the run drew (a widget, a chart, a text, …)
    blocks: int = 0  # new blocks it drew (a column, an expander, a form, the sidebar, …)
    own_marker: int = 0  # messages that carried this session's marker
    leaks: list[str] = field(default_factory=list)  # other students' markers received
    texts: list[str] = field(default_factory=list)  # the markdown texts it drew
    alerts: list[str] = field(default_factory=list)  # its alerts' texts (success, error, …)
    codes: list[str] = field(default_factory=list)  # its st.code texts (the sidebar's too)

    @property
    def ok(self) -> bool:
        return self.status == "finished" and not self.errors and not self.leaks

    @property
    def drawn(self) -> int:
        """Everything the run drew: its elements and its blocks."""
        return self.elements + self.blocks


@dataclass
class Drawn:
    """What one run has drawn so far, of what a student can act on."""

    widgets: dict[str, tuple[str, object]] = field(default_factory=dict)  # key -> (kind, proto)
    frame_keys: set[str] = field(default_factory=set)  # the widgets on the sidebar
    forms: dict[str, object] = field(default_factory=dict)  # a form's key -> its submit button
    codes: list[str] = field(default_factory=list)  # the sidebar's st.code texts


def scan_markers(raw: bytes, own: bytes | None) -> tuple[int, list[str]]:
    """(1 if the message carries the session's own marker else 0, other markers found)."""
    found = set(MARKER.findall(raw))
    leaks = [f"received another student's marker {m.decode()}" for m in found - {own}]
    return int(own in found), leaks


def read_navigation(nav, default_page: str) -> tuple[list[str], dict[str, str], str]:
    """A navigation message: the links it shows (URL paths, "/" the default page), every
    page's script hash by its url path (the default page under `default_page`), and the
    page it is on ("" if none)."""
    links = [
        "/" if p.is_default else f"/{p.url_pathname}"
        for p in nav.app_pages
        if not p.is_hidden and not p.external_url
    ]
    hashes, current = {}, ""
    for app_page in nav.app_pages:
        name = app_page.url_pathname or default_page
        hashes[name] = app_page.page_script_hash
        if app_page.page_script_hash == nav.page_script_hash:
            current = name
    return links, hashes, current


def read_delta(msg, drawn: Drawn, reply: Reply | None, error: Callable[[str], None]):
    """Read one delta into `drawn` (and the counts of `reply`); returns (key, kind, proto)
    of a keyed widget it drew, else None."""
    from streamlit.proto.Alert_pb2 import Alert

    delta = msg.delta
    kind = delta.WhichOneof("type")
    if reply is not None and kind in ("new_element", "add_block"):
        if kind == "new_element":
            reply.elements += 1
        else:
            reply.blocks += 1
    if kind == "add_block":  # a folded section a student opens (st.expander with a key)
        block = delta.add_block
        if block.WhichOneof("type") == "expandable" and (key := key_of(block.expandable.id)):
            drawn.widgets[key] = ("expander", block.expandable)
            return key, "expander", block.expandable
        return None
    if kind != "new_element":
        return None
    element = delta.new_element
    kind = element.WhichOneof("type")
    on_sidebar = bool(msg.metadata.delta_path) and msg.metadata.delta_path[0] == SIDEBAR
    if kind == "exception":
        exc = element.exception
        error(f"exception: {exc.type}: {exc.message[:300]}")
        return None
    if kind == "alert" and reply is not None:
        reply.alerts.append(element.alert.body)
    if kind == "alert" and element.alert.format == Alert.ERROR:
        error(f"error shown: {element.alert.body[:300]}")
        return None
    if kind == "markdown" and reply is not None:
        reply.texts.append(element.markdown.body)
    if kind == "code":
        if reply is not None:
            reply.codes.append(element.code.code_text)
        if on_sidebar:
            drawn.codes.append(element.code.code_text)
        return None
    proto = getattr(element, kind, None)
    if kind == "button" and proto.is_form_submitter:
        drawn.forms[proto.form_id] = proto
    key = key_of(getattr(proto, "id", "") if proto is not None else "")
    if key is None:
        return None
    drawn.widgets[key] = (kind, proto)
    if on_sidebar:
        drawn.frame_keys.add(key)
    return key, kind, proto
