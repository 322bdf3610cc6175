"""Running the app under Streamlit's AppTest, with timers (and a profiler) in the script thread.

AppTest runs every script run in a fresh thread. The script and the page inside it are
timed there by harness.seams while a measurement runs, so a rerun's time splits into
AppTest's part (outside the script), the frame's (the entry script around the page) and
the page's own.

AppTest also compiles the page's file again on every run (a real server compiles it
once and keeps the bytecode); that compile time is timed too and counted as AppTest's.
Usage statistics are off, as in the server the browser sections start.

Why private functions are wrapped: Streamlit has no public hook around a script run.
AppTest.run() returns only when the run is over, so timing it from outside (the "run"
figure) mixes AppTest's own bookkeeping with the script; ``st.context`` and the script's
own code cannot time what happens before the first line and after the last (the frame's
navigation, the delta queue). Beside harness.seams' two, ``ScriptCache.get_bytecode`` is
wrapped here; each is restored when the measurement ends.
"""

from __future__ import annotations

import contextlib
import cProfile
import logging
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from bench.sections.common import ENTRY, summary
from harness.seams import timed_runs


@dataclass
class RunTimes:
    run: list[float] = field(default_factory=list)  # at.run(), as the caller sees it
    script: list[float] = field(default_factory=list)  # the script, in its thread
    page: list[float] = field(default_factory=list)  # the page inside the frame
    compile: list[float] = field(default_factory=list)  # compiling the page (AppTest only)


class ScriptTimer:
    """Times the script and the page of each run; optionally profiles them."""

    def __init__(self) -> None:
        self.script = 0.0
        self.page = 0.0
        self.compile = 0.0
        self.in_script = False
        self.profiler: cProfile.Profile | None = None
        # Keep compiled scripts between runs, as a real server does (for profiling only:
        # the timings keep AppTest's compilation, and report it).
        self.keep_bytecode = False
        self._bytecode: dict[tuple[str, float], object] = {}

    @contextlib.contextmanager
    def installed(self) -> Iterator[ScriptTimer]:
        from streamlit import config
        from streamlit.runtime.scriptrunner.script_cache import ScriptCache

        original_bytecode = ScriptCache.get_bytecode
        original_stats = config.get_option("browser.gatherUsageStats")
        timer = self

        def script_start() -> None:
            timer.in_script = True
            if timer.profiler is not None:
                timer.profiler.enable()

        def script_done(wall: float, cpu: float) -> None:
            if timer.profiler is not None:
                timer.profiler.disable()
            timer.in_script = False
            timer.script += wall

        def page_done(name: str, wall: float, cpu: float) -> None:
            timer.page += wall

        def bytecode_timed(self_cache, script_path):
            start = time.perf_counter()
            try:
                if not timer.keep_bytecode:
                    return original_bytecode(self_cache, script_path)
                key = (script_path, os.path.getmtime(script_path))
                if key not in timer._bytecode:
                    timer._bytecode[key] = original_bytecode(self_cache, script_path)
                return timer._bytecode[key]
            finally:
                if timer.in_script:
                    timer.compile += time.perf_counter() - start

        ScriptCache.get_bytecode = bytecode_timed
        config.set_option("browser.gatherUsageStats", False)
        hooks = {"script_start": script_start, "script_done": script_done, "page_done": page_done}
        try:
            with timed_runs(**hooks):
                yield self
        finally:
            ScriptCache.get_bytecode = original_bytecode
            config.set_option("browser.gatherUsageStats", original_stats)

    def reset(self) -> None:
        self.script = 0.0
        self.page = 0.0
        self.compile = 0.0


@contextlib.contextmanager
def quiet_streamlit() -> Iterator[None]:
    """AppTest logs every page exception with its traceback; the table reports them instead."""
    import streamlit.runtime.scriptrunner.exec_code  # noqa: F401  (creates its logger)

    names = [n for n in logging.root.manager.loggerDict if n.split(".")[0] == "streamlit"]
    loggers = [logging.getLogger(n) for n in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def open_app(script, params: dict[str, str] | None = None, page: str | None = None, timeout=120):
    """An AppTest of a script, run once with these URL parameters, then switched to a page."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(script), default_timeout=timeout)
    for name, value in (params or {}).items():
        at.query_params[name] = value
    at.run()
    if page:
        at.switch_page(f"app_pages/{page}.py").run()
    return at


def open_page(page: str, params: dict[str, str] | None = None, timeout=120):
    return open_app(ENTRY, params, page, timeout)


def errors(at) -> str:
    """The page's exception messages, if it raised (empty when clean)."""
    return "; ".join(str(e.message).splitlines()[0][:120] for e in at.exception)


def alternate(
    at,
    timer: ScriptTimer,
    *,
    key: str = "temperature",
    values: tuple[float, float] = (1.05, 1.0),
    reps: int,
    warmup: int = 2,
) -> RunTimes:
    """Move a slider back and forth between two values; time each rerun after a warm-up."""
    times = RunTimes()
    for i in range(warmup + reps):
        at.slider(key=key).set_value(values[i % 2])
        timer.reset()
        start = time.perf_counter()
        at.run()
        elapsed = time.perf_counter() - start
        if i >= warmup:
            times.run.append(elapsed)
            times.script.append(timer.script)
            times.page.append(timer.page)
            times.compile.append(timer.compile)
    return times


def split(times: RunTimes) -> dict[str, float | None]:
    """Medians in seconds: the run, and its parts (AppTest's, the frame's, the page's own).

    AppTest's part is the run less the script in its thread, plus compiling the page again
    (which a real server does once); the page's part excludes that compilation. For a
    single-file app (no page) the frame is the whole script and the page is None.
    """
    per_run = list(zip(times.run, times.script, times.page, times.compile, strict=True))
    has_page = any(times.page)
    return {
        "run": summary(times.run)["median"],
        "p90": summary(times.run)["p90"],
        "apptest": summary([r - s + c for r, s, _, c in per_run])["median"],
        "frame": summary([s - p for _, s, p, _ in per_run])["median"],
        "page": summary([p - c for _, _, p, c in per_run])["median"] if has_page else None,
        "compile": summary(times.compile)["median"] if has_page else None,
        "n": len(times.run),
    }
