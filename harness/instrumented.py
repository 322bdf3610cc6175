"""`python -m harness.instrumented run SCRIPT [flags]`: `streamlit run` with timers inside.

The real server, started as Streamlit's command line starts it, after a few functions of
its script runner are wrapped. For every script run it appends one JSON line to the file
named by $ATTENTION_LAB_RUNS:

- ``page``: the url path of the page that ran inside the frame (the default page's too;
  "" when none ran);
- ``wall``/``cpu``: the whole run in its script thread (``ScriptRunner._run_script``,
  which also holds Streamlit's own work before and after the script, and the garbage
  collection it forces after every run), wall-clock and the thread's CPU time;
- ``exec_cpu``: the script itself (``exec_func_with_error_handling``), ``page_cpu``: the
  page inside the frame, ``gc_cpu``: garbage collection in that thread;
- ``reruns``: script runs inside that one call (an ``st.rerun()`` starts another);
- running totals since the server started: ``process_cpu`` (every thread), ``loop_cpu``
  (the main thread, which runs the event loop: the websockets, the message queues),
  ``send_cpu``/``send_bytes``/``sent`` (serialising messages for the websockets, in the
  event loop's thread) and ``gc_all_cpu`` (garbage collection in any thread).

With $ATTENTION_LAB_GC_FREEZE=1, the objects that exist once the first run is over (the
imported modules: Streamlit, pandas, Altair and its schema, the app's) are moved out of
the garbage collector's sight (``gc.freeze()``), so that the full collection Streamlit
forces after every run no longer walks them: a measurement of what that would save.

With $ATTENTION_LAB_PROFILE_DIR set, every run is also profiled (cProfile, in its script
thread) and the profiles are kept per page in that folder as PAGE.prof (written after
each run, outside the timed part), leaving out each session's first two runs of a page
(its first view, and a rerun that may still find caches cold). Neither changes what the
app does.

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

PROFILE_SKIP = 2  # a session's first runs of a page that are not profiled
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


def install(records: Path | None, profile_dir: Path | None, freeze: bool = False) -> None:
    """Wrap the script runner, the page run and the websocket serialiser."""
    from streamlit.navigation import page as page_module
    from streamlit.runtime.scriptrunner import script_runner
    from streamlit.web.server.starlette import starlette_websocket

    global _out
    out = _out = records.open("a", buffering=1, encoding="utf-8") if records else None
    profiles: dict[str, object] = {}
    seen: dict[tuple[str, str], int] = {}  # (session, page) -> runs so far
    frozen = [not freeze]
    original_run = script_runner.ScriptRunner._run_script
    original_exec = script_runner.exec_func_with_error_handling
    original_page_run = page_module.StreamlitPage.run
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
        profiler = None
        if profile_dir is not None:
            import cProfile

            profiler = cProfile.Profile()
        wall, cpu = time.perf_counter(), time.thread_time()
        if profiler is not None:
            profiler.enable()
        try:
            return original_run(self, rerun_data)
        finally:
            if profiler is not None:
                profiler.disable()
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
            if not frozen[0]:
                frozen[0] = True
                gc.collect()
                gc.freeze()
            seen_key = (record["session"], _local.page)
            seen[seen_key] = seen.get(seen_key, 0) + 1
            if profiler is not None and seen[seen_key] > PROFILE_SKIP:
                name = _local.page or "frame"
                with _lock:
                    kept = profiles.get(name)
                    if kept is None:
                        import pstats

                        kept = profiles[name] = pstats.Stats(profiler)
                    else:
                        kept.add(profiler)
                    kept.dump_stats(str(profile_dir / f"{name}.prof"))

    def exec_timed(func, ctx):
        start = time.thread_time()
        _local.reruns = getattr(_local, "reruns", 0) + 1
        try:
            return original_exec(func, ctx)
        finally:
            _local.exec_cpu = getattr(_local, "exec_cpu", 0.0) + time.thread_time() - start

    def page_run(self_page):
        # The default page's url_path is "": its own name is kept in _url_path.
        _local.page = getattr(self_page, "_url_path", "") or self_page.url_path
        start = time.thread_time()
        try:
            return original_page_run(self_page)
        finally:
            _local.page_cpu = getattr(_local, "page_cpu", 0.0) + time.thread_time() - start

    def serialize(msg):
        start = time.thread_time()
        payload = original_serialize(msg)
        _totals["send_cpu"] += time.thread_time() - start
        _totals["send_bytes"] += len(payload)
        _totals["sent"] += 1
        return payload

    script_runner.ScriptRunner._run_script = run_script
    script_runner.exec_func_with_error_handling = exec_timed
    page_module.StreamlitPage.run = page_run
    starlette_websocket.serialize_forward_msg = serialize
    gc.callbacks.append(_gc_callback)
    signal.signal(signal.SIGUSR1, _release_memory)
    signal.signal(signal.SIGUSR2, _report_held)


def main() -> None:
    records = os.environ.get("ATTENTION_LAB_RUNS")
    profile_dir = os.environ.get("ATTENTION_LAB_PROFILE_DIR")
    if profile_dir:
        Path(profile_dir).mkdir(parents=True, exist_ok=True)
    install(
        Path(records) if records else None,
        Path(profile_dir) if profile_dir else None,
        freeze=os.environ.get("ATTENTION_LAB_GC_FREEZE") == "1",
    )
    from streamlit.web import cli

    sys.argv = ["streamlit", *sys.argv[1:]]
    sys.exit(cli.main())


if __name__ == "__main__":
    main()
