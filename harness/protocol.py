"""A client of the real Streamlit server at the protocol level: what a browser tab sends.

A ``ProtocolSession`` opens the server's websocket (``/_stcore/stream``) and speaks
Streamlit's own messages, built from the ``streamlit.proto`` classes that Streamlit ships:
a ``BackMsg`` with ``rerun_script`` (a ``ClientState``: the page by name on the first
run and by its script hash after, the query string, the widget states, the hashes of the
messages it has cached, the browser's context), and the ``ForwardMsg`` replies read until
the run's ``script_finished``. It keeps what a browser keeps: the URL's query string
(``page_info_changed``), the pages (``navigation``), the widgets of the last run, and the
cacheable messages (a later run may send only a reference to one).

What the browser sends and the session does too, read from Streamlit's frontend: on a
rerun the current page's script hash and the URL's query string; on the first run of a
tab the page's URL path as ``page_name``; the state of every widget on screen (its value
as the server last gave it, or as the session has set it since); on a page change the new
page's hash, the same query string, and only the states of the frame's widgets (those
outside the page).

Replies are read by harness.replies (errors, markers, widgets, elements drawn), widget
values go to and fro as harness.wire says; ``press(key)`` presses a button (or a form's).
A fragment that reruns by itself (``st.fragment(run_every=…)``) is announced by an
``auto_rerun`` message: the session keeps its id and interval (``fragments``), and
``fragment(id)`` asks for that run as the browser's timer does.

When the connection drops while ``auto_reconnect`` is on, the session reconnects the way
Streamlit's frontend does: the health endpoint until it answers (harness.http), then the
websocket (behind a load balancer, to whichever server the balancer picks). Like the frontend, it
asks for a run only if one was under way when the connection dropped; an idle tab just
reconnects, expecting its session to be still there (if the server is another one, the
session is new, and its first run is the student's next interaction). It records how
long that took. Everything goes over asyncio (``websockets``, installed with Streamlit).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlsplit

from harness.http import cookie_header, healthy, keep_cookie
from harness.replies import Drawn, Reply, read_delta, read_navigation, scan_markers
from harness.wire import TRIGGER, from_element, to_wire, widget_state

STREAM_PATH = "/_stcore/stream"
RUN_TIMEOUT_S = 60.0
RECONNECT_TIMEOUT_S = 60.0


@dataclass
class Reconnect:
    lost: float  # time.monotonic() when the connection dropped
    connected: float | None = None  # seconds until connected again
    seconds: float | None = None  # until connected again and, if a run was cut, it ran again
    rerun: bool = False  # a run was under way when the connection dropped, so it ran again
    page_before: str = ""
    query_before: str = ""
    page_after: str = ""
    query_after: str = ""
    shown_query: str | None = None  # what the page's own share link said afterwards
    cookies_before: dict[str, str] = field(default_factory=dict)
    cookies_after: dict[str, str] = field(default_factory=dict)
    error: str = ""


class Disconnected(Exception):
    """The websocket closed while a run was awaited."""


class ProtocolSession:
    """One browser tab's worth of Streamlit protocol over one websocket."""

    def __init__(
        self,
        base_url: str,
        *,
        own_marker: str | None = None,
        default_page: str = "",
        auto_reconnect: bool = False,
        locale: str = "en-US",
        browser_url: str | None = None,
    ) -> None:
        """``browser_url``: the address the page reports as the browser's own (the app's
        root; the page's path is added), where it is not ``base_url``: a browser behind a
        proxy, which shows the proxy's public address."""
        self.base_url = base_url.rstrip("/")
        self.browser_url = (browser_url or base_url).rstrip("/")
        # Called with every message from the server, as received (raw protocol bytes).
        self.listeners: list[Callable[[bytes], None]] = []
        self.own_marker = own_marker.encode() if own_marker else None
        self.default_page = default_page  # what to call the page served at "/"
        self.auto_reconnect = auto_reconnect
        self.locale = locale
        self.cookies: dict[str, str] = {}
        self.query_string = ""
        self.page = ""  # the current page's url path (default_page for "/")
        self.page_hashes: dict[str, str] = {}  # url path -> page script hash
        self.links: list[str] = []  # the navigation's links, as URL paths ("/" the default)
        self.drawn = Drawn()  # what the last finished run drew
        self.replies: list[Reply] = []
        self.reconnects: list[Reconnect] = []
        self.session_ids: list[str] = []
        self._states: dict[str, tuple[str, object]] = {}  # key -> (field, value) held
        self._presses: dict[str, object] = {}  # buttons pressed for the next run: id -> wire
        self._cache: dict[str, bytes] = {}  # hash -> cacheable ForwardMsg
        self._ws = None
        self._reader: asyncio.Task | None = None
        self._reply: Reply | None = None
        self._done: asyncio.Future | None = None
        self._connected = asyncio.Event()
        self._reconnecting: asyncio.Task | None = None
        self._closing = False
        self._drawing = Drawn()  # what the run under way has drawn so far
        self.fragments: dict[str, float] = {}  # fragments that rerun by themselves: id -> s
        self._fragment_run = False  # the run under way is a fragment's (the page stays drawn)
        self.stray: list[str] = []  # errors and markers that came outside any request

    # ------------------------------------------------------------------ connection

    async def connect(self, timeout: float = RECONNECT_TIMEOUT_S) -> None:
        """As a browser does: the health endpoint (until it answers), then the websocket."""
        from websockets.asyncio.client import connect

        deadline = time.monotonic() + timeout
        delay = 0.1
        while True:
            if await healthy(self.base_url, self.cookies):
                try:
                    url = "ws" + self.base_url.removeprefix("http") + STREAM_PATH
                    self._ws = await connect(
                        url,
                        subprotocols=["streamlit"],
                        additional_headers=cookie_header(self.cookies),
                        max_size=None,
                        ping_interval=None,
                        open_timeout=10,
                    )
                    break
                except Exception as exc:  # refused, a 502 from a proxy, a timeout, …
                    if time.monotonic() > deadline:
                        raise ConnectionError(f"no websocket at {self.base_url}: {exc}") from exc
            elif time.monotonic() > deadline:
                raise ConnectionError(f"{self.base_url} did not answer its health check")
            await asyncio.sleep(delay)
            delay = min(delay * 2, 1.0)
        if self._ws.response is not None:
            for value in self._ws.response.headers.get_all("Set-Cookie") or []:
                keep_cookie(self.cookies, value)
        self._connected.set()
        self._reader = asyncio.create_task(self._read(self._ws))

    async def close(self) -> None:
        self._closing = True
        if self._reconnecting is not None:
            self._reconnecting.cancel()
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    @property
    def reconnecting(self) -> bool:
        return self._reconnecting is not None

    async def wait_reconnected(self, timeout: float = RECONNECT_TIMEOUT_S) -> None:
        """Until a reconnection under way (if any) has succeeded or failed."""
        task = self._reconnecting
        if task is not None:
            await asyncio.wait_for(asyncio.shield(task), timeout)

    # ------------------------------------------------------------------ requests

    def _back_msg(
        self,
        *,
        page_name: str = "",
        page_hash: str = "",
        frame_only: bool = False,
        fragment_id: str = "",
    ):
        from streamlit.proto.BackMsg_pb2 import BackMsg

        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = self.query_string
        state.page_name = page_name
        state.page_script_hash = page_hash
        if fragment_id:
            state.fragment_id = fragment_id
            state.is_auto_rerun = True
        for key, (_, element) in self.widgets.items():
            if key in self._states and (not frame_only or key in self.drawn.frame_keys):
                state.widget_states.widgets.append(widget_state(element.id, self._states[key]))
        for widget_id, wire in self._presses.items():  # a press goes with one run only
            state.widget_states.widgets.append(widget_state(widget_id, wire))
        self._presses = {}
        state.cached_message_hashes.extend(self._cache)
        info = state.context_info
        info.timezone = "UTC"
        info.timezone_offset = 0
        info.locale = self.locale
        info.is_embedded = False
        info.color_scheme = "light"
        path = "" if self.page == self.default_page else self.page
        info.url = f"{self.browser_url}/{path}"  # the browser's URL without its query
        return msg

    async def _request(self, what: str, msg, timeout: float) -> Reply:
        if not self.connected:
            raise Disconnected(what)
        loop = asyncio.get_running_loop()
        reply = Reply(what, time.monotonic())
        self._reply, self._done = reply, loop.create_future()
        start = time.perf_counter()
        try:
            await self._ws.send(msg.SerializeToString())
            reply.status = await asyncio.wait_for(self._done, timeout)
            reply.seconds = time.perf_counter() - start
        except TimeoutError:
            reply.status = "timeout"
            reply.errors.append(f"{what}: the run did not finish within {timeout:.0f} s")
        except Disconnected:
            reply.status = "disconnected"
        except Exception as exc:  # the send itself failed: the socket is gone
            reply.status = "disconnected"
            reply.errors.append(f"{what}: {type(exc).__name__}: {exc}")
        finally:
            self._reply, self._done = None, None
        reply.page = self.page
        self.replies.append(reply)
        return reply

    async def open(self, page: str, query: str = "", timeout: float = RUN_TIMEOUT_S) -> Reply:
        """The first run of a tab opened at /PAGE?QUERY."""
        self.query_string = query
        self.page = page
        path = "" if page == self.default_page else page
        return await self._request(f"open /{page}", self._back_msg(page_name=path), timeout)

    async def rerun(self, what: str = "rerun", timeout: float = RUN_TIMEOUT_S) -> Reply:
        """Run the current page again with the widget states set so far."""
        msg = self._back_msg(page_hash=self.page_hashes.get(self.page, ""))
        return await self._request(what, msg, timeout)

    async def goto(self, page: str, timeout: float = RUN_TIMEOUT_S) -> Reply:
        """Click the navigation link of a page."""
        page_hash = self.page_hashes.get(page)
        if page_hash is None:
            raise KeyError(f"no page {page!r} in the navigation: {sorted(self.page_hashes)}")
        msg = self._back_msg(page_hash=page_hash, frame_only=True)
        return await self._request(f"page {page}", msg, timeout)

    async def fragment(self, fragment_id: str, timeout: float = RUN_TIMEOUT_S) -> Reply:
        """The run of a fragment that reruns by itself, as the browser's timer asks for it."""
        msg = self._back_msg(page_hash=self.page_hashes.get(self.page, ""), fragment_id=fragment_id)
        self._fragment_run = True
        try:
            return await self._request("fragment", msg, timeout)
        finally:
            self._fragment_run = False

    @property
    def widgets(self) -> dict[str, tuple[str, object]]:
        """The keyed widgets of the last run: key -> (kind of element, its proto)."""
        return self.drawn.widgets

    def set_widget(self, key: str, value) -> None:
        """Give the widget with this key a value, as its user would (sent with the next run;
        values as harness.wire says)."""
        if key not in self.widgets:
            raise KeyError(f"no widget with key {key!r} in the last run: {sorted(self.widgets)}")
        kind, element = self.widgets[key]
        if kind == "button":
            raise TypeError(f"{key!r} is a button: press() it")
        self._states[key] = to_wire(kind, element, value)

    def press(self, key: str) -> None:
        """Press the button with this key, or the submit button of the form with this key
        (with the next run, as a click sends it)."""
        kind, element = self.widgets.get(key, ("", None))
        if kind != "button":
            element = self.drawn.forms.get(key)
        if element is None:
            found = [k for k, (kind, _) in self.widgets.items() if kind == "button"]
            found += list(self.drawn.forms)
            raise KeyError(f"no button or form {key!r} in the last run: {sorted(found)}")
        self._presses[element.id] = TRIGGER

    def query(self) -> dict[str, str]:
        """The URL's query string, as a dictionary."""
        return dict(parse_qsl(self.query_string, keep_blank_values=True))

    # ------------------------------------------------------------------ replies

    async def _read(self, ws) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in ws:
                try:
                    self._handle(raw)
                except Exception as exc:  # a reply this client cannot read: an error
                    self._error(self._reply, f"unreadable reply: {type(exc).__name__}: {exc}")
        except ConnectionClosed:
            pass
        self._lost()

    def _lost(self) -> None:
        self._connected.clear()
        running = self._done is not None and not self._done.done()
        if running:
            self._done.set_exception(Disconnected())
        if self.auto_reconnect and not self._closing and self._reconnecting is None:
            self._reconnecting = asyncio.create_task(self._reconnect(running))

    async def _reconnect(self, running: bool) -> None:
        record = Reconnect(time.monotonic(), page_before=self.page, query_before=self.query_string)
        record.cookies_before = dict(self.cookies)
        self.reconnects.append(record)
        try:
            await self.connect()
            record.connected = time.monotonic() - record.lost
            record.cookies_after = dict(self.cookies)
            record.rerun = running
            if running:  # as the frontend does when its run was cut short
                reply = await self.rerun("reconnect")
                if reply.status != "finished":
                    record.error = f"the page did not run again ({reply.status}: {reply.errors})"
                    return
                record.page_after, record.query_after = self.page, self.query_string
                record.shown_query = self.shown_query()
            record.seconds = time.monotonic() - record.lost
        except Exception as exc:
            record.error = f"{type(exc).__name__}: {exc}"
        finally:
            self._reconnecting = None

    def shown_query(self) -> str | None:
        """The query string of the link the page shows (an st.code holding "?..."), if any."""
        for text in self.drawn.codes:
            if "?" in text:
                return urlsplit(text.strip()).query
        return None

    def _handle(self, raw: bytes) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        reply = self._reply
        msg = ForwardMsg.FromString(raw)
        if msg.WhichOneof("type") == "ref_hash":
            cached = self._cache.get(msg.ref_hash)
            if cached is None:
                self._error(reply, f"reference to a message never received: {msg.ref_hash}")
                return
            raw, msg = cached, ForwardMsg.FromString(cached)
        elif msg.metadata.cacheable and msg.hash:
            self._cache[msg.hash] = raw
        for listener in self.listeners:
            listener(raw)
        own, leaks = scan_markers(raw, self.own_marker)
        if reply is not None:
            reply.messages += 1
            reply.bytes += len(raw)
            reply.own_marker += own
        for leak in leaks:
            (reply.leaks if reply is not None else self.stray).append(leak)
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            self._drawing = Drawn()
            if msg.new_session.initialize.session_id:
                sid = msg.new_session.initialize.session_id
                if not self.session_ids or self.session_ids[-1] != sid:
                    self.session_ids.append(sid)
        elif kind == "delta":
            drawn = read_delta(msg, self._drawing, reply, lambda text: self._error(reply, text))
            if drawn is not None:
                key, kind, proto = drawn
                fresh = key not in self._states or getattr(proto, "set_value", False)
                if fresh and (wire := from_element(kind, proto)) is not None:
                    self._states[key] = wire
        elif kind == "navigation":
            self.links, hashes, current = read_navigation(msg.navigation, self.default_page)
            self.page_hashes.update(hashes)
            self.page = current or self.page
        elif kind == "page_info_changed":
            self.query_string = msg.page_info_changed.query_string
        elif kind == "auto_rerun":
            self.fragments[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
        elif kind == "stop_auto_rerun":
            for fragment_id in msg.stop_auto_rerun.fragment_ids:
                self.fragments.pop(fragment_id, None)
        elif kind == "page_not_found":
            self._error(reply, f"page not found: {msg.page_not_found.page_name!r}")
        elif kind == "session_event":
            event = msg.session_event
            if event.WhichOneof("type") == "script_compilation_exception":
                exc = event.script_compilation_exception
                self._error(reply, f"compilation error: {exc.type}: {exc.message}")
        elif kind == "script_finished":
            status = msg.script_finished
            if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                return  # another run follows (st.rerun)
            if not self._fragment_run:  # a fragment's run draws only its own part
                self.drawn = self._drawing
            result = "compile error" if status == ForwardMsg.FINISHED_WITH_COMPILE_ERROR else ""
            if self._done is not None and not self._done.done():
                self._done.set_result(result or "finished")

    def _error(self, reply: Reply | None, text: str) -> None:
        if reply is not None:
            reply.errors.append(text)
        else:
            self.stray.append(text)
