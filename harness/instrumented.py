"""`python -m harness.instrumented run SCRIPT [flags]`: `streamlit run` with timers inside.

The real server, started as Streamlit's command line starts it, after a few functions of
its script runner are wrapped (harness.seams, and the runner's ``_run_script``). For every
script run it appends one JSON line to the file named by $ATTENTION_LAB_RUNS:

- ``page``: the url path of the page that ran inside the frame (the default page's too;
  "" when none ran);
- ``wall``/``cpu``: the whole run in its script thread (``ScriptRunner._run_script``,
  which also holds Streamlit's own work before and after the script, and the garbage
  collection it forces after every run), wall-clock and the thread's CPU time;
- ``exec_cpu``: the script itself, ``page_cpu``: the page inside the frame, ``gc_cpu``:
  garbage collection in that thread;
- ``reruns``: script runs inside that one call (an ``st.rerun()`` starts another);
- running totals since the server started: ``process_cpu`` (every thread), ``loop_cpu``
  (the main thread, which runs the event loop: the websockets, the message queues),
  ``send_cpu``/``send_bytes``/``sent`` (serialising messages for the websockets, in the
  event loop's thread) and ``gc_all_cpu`` (garbage collection in any thread).

``read_runs`` and ``read_held`` read the file back.

SIGUSR2 makes the server write what it holds to the same file (``"event": "held"``: its
sessions, connected and kept for a reconnection, the entries of every st.cache_data and
st.cache_resource, and the objects the garbage collector tracks); SIGUSR1 does the same,
then collects its garbage and hands freed memory back to the system (``gc.collect()``,
then glibc's ``malloc_trim``), to tell memory still held from memory the allocator keeps.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

from harness.seams import timed_runs

_lock = threading.Lock()
_local = threading.local()
_totals = {"send_cpu": 0.0, "send_bytes": 0, "sent": 0, "gc_all_cpu": 0.0}


def _gc_callback(phase: str, info: dict) -> None:
    if phase == "start":
        _local.gc_start = time.thread_time()
        return
    start = getattr(_local, "gc_start", None)
    if start is None:
        return
    spent = time.thread_time() - start
    _local.gc_start = None
    _local.gc_cpu = getattr(_local, "gc_cpu", 0.0) + spent
    _totals["gc_all_cpu"] += spent


_out = None  # the records file, once install() has opened it


def _entries(cache) -> int | None:
    """How many values one st.cache_* function holds (None when it cannot be told)."""
    for holder in (cache, getattr(cache, "storage", None)):
        mem = getattr(holder, "_mem_cache", None)
        data = getattr(mem, "_data", None)
        if data is not None:
            return len(data)
    return None


def held() -> dict:
    """The sessions and cached values the server holds now (read without locks: a glance)."""
    out: dict = {"event": "held", "t": time.time(), "objects": len(gc.get_objects())}
    with contextlib.suppress(Exception):
        from streamlit.runtime import Runtime

        manager = Runtime.instance()._session_mgr
        out["sessions_connected"] = len(manager.list_active_sessions())
        out["sessions_kept"] = len(manager._session_storage._cache._data)
    caches: dict[str, int | None] = {}
    with contextlib.suppress(Exception):
        from streamlit.runtime.caching import cache_data_api, cache_resource_api

        for kind, registry in (
            ("data", cache_data_api._data_caches),
            ("resource", cache_resource_api._resource_caches),
        ):
            found = registry._function_caches
            groups = found.values() if kind == "resource" else [found]
            for group in groups:
                for cache in group.values():
                    name = getattr(cache, "display_name", None) or getattr(cache, "key", "?")
                    key = f"{kind}:{name}"
                    caches[key] = (caches.get(key) or 0) + (_entries(cache) or 0)
    out["caches"] = caches
    return out


def _report_held(signum, frame) -> None:
    if _out is not None:
        with _lock:
            _out.write(json.dumps(held()) + "\n")


def _release_memory(signum, frame) -> None:
    _report_held(signum, frame)
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def install(records: Path | None) -> None:
    """Wrap the script runner, the page run and the websocket serialiser, for good."""
    from streamlit.runtime.scriptrunner import script_runner
    from streamlit.web.server.starlette import starlette_websocket

    global _out
    out = _out = records.open("a", buffering=1, encoding="utf-8") if records else None
    original_run = script_runner.ScriptRunner._run_script
    original_serialize = starlette_websocket.serialize_forward_msg
    try:
        loop_clock = time.pthread_getcpuclockid(threading.main_thread().ident)
    except (AttributeError, OSError):
        loop_clock = None

    def run_script(self, rerun_data):
        _local.page = ""
        _local.exec_cpu = 0.0
        _local.page_cpu = 0.0
        _local.gc_cpu = 0.0
        _local.reruns = 0
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return original_run(self, rerun_data)
        finally:
            wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
            record = {
                "t": time.time(),
                "session": getattr(self, "_session_id", ""),
                "page": _local.page,
                "wall": wall,
                "cpu": cpu,
                "exec_cpu": _local.exec_cpu,
                "page_cpu": _local.page_cpu,
                "gc_cpu": _local.gc_cpu,
                "reruns": _local.reruns,
                "process_cpu": time.process_time(),
                "loop_cpu": time.clock_gettime(loop_clock) if loop_clock is not None else None,
                "threads": threading.active_count(),
                **_totals,
            }
            if out is not None:
                with _lock:
                    out.write(json.dumps(record) + "\n")

    def script_start() -> None:
        _local.reruns = getattr(_local, "reruns", 0) + 1

    def script_done(wall: float, cpu: float) -> None:
        _local.exec_cpu = getattr(_local, "exec_cpu", 0.0) + cpu

    def page_done(name: str, wall: float, cpu: float) -> None:
        _local.page = name
        _local.page_cpu = getattr(_local, "page_cpu", 0.0) + cpu

    def serialize(msg):
        start = time.thread_time()
        payload = original_serialize(msg)
        _totals["send_cpu"] += time.thread_time() - start
        _totals["send_bytes"] += len(payload)
        _totals["sent"] += 1
        return payload

    script_runner.ScriptRunner._run_script = run_script
    timed_runs(script_start=script_start, script_done=script_done, page_done=page_done).__enter__()
    starlette_websocket.serialize_forward_msg = serialize
    gc.callbacks.append(_gc_callback)
    signal.signal(signal.SIGUSR1, _release_memory)
    signal.signal(signal.SIGUSR2, _report_held)


def read_records(path: Path) -> list[dict]:
    """Every record the server has written to `path` so far (runs and "held" reports)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        with contextlib.suppress(ValueError):
            out.append(json.loads(line))
    return out


def read_runs(path: Path) -> list[dict]:
    """The records of script runs."""
    return [r for r in read_records(path) if "event" not in r]


def read_held(path: Path, after: float, timeout: float = 10.0) -> dict:
    """The first "held" report written after `after` (time.time()), waiting for it a while."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [r for r in read_records(path) if r.get("event") == "held" and r["t"] >= after]
        if found:
            return found[0]
        time.sleep(0.2)
    return {}


def main() -> None:
    records = os.environ.get("ATTENTION_LAB_RUNS")
    install(Path(records) if records else None)
    from streamlit.web import cli

    sys.argv = ["streamlit", *sys.argv[1:]]
    sys.exit(cli.main())


if __name__ == "__main__":
    main()
