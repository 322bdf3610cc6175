"""Timers around Streamlit's script runs, for the instrumented server and the bench's AppTest.

Streamlit has no public hook around a script run. Its runner executes the whole script
through ``script_runner.exec_func_with_error_handling``, in the script's own thread, and
a page of ``st.navigation`` through ``StreamlitPage.run`` inside it; these are the
narrowest seams Streamlit 1.67 has. ``timed_runs`` wraps both while it is entered and
puts the originals back when it is left; nothing in the app or the tests depends on them.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

# (wall seconds, CPU seconds of the script's thread)
Done = Callable[[float, float], None]
# (the page's url path, wall seconds, CPU seconds of the script's thread)
PageDone = Callable[[str, float, float], None]


def _page_name(page) -> str:
    # The default page's url_path is "": its own name is kept in _url_path.
    return getattr(page, "_url_path", "") or page.url_path


@contextlib.contextmanager
def timed_runs(
    *,
    script_start: Callable[[], None] | None = None,
    script_done: Done | None = None,
    page_done: PageDone | None = None,
) -> Iterator[None]:
    """While inside: ``script_start()`` before each script run and ``script_done(wall, cpu)``
    after it, in the script's thread; ``page_done(name, wall, cpu)`` after each page."""
    from streamlit.navigation import page as page_module
    from streamlit.runtime.scriptrunner import script_runner

    original_exec = script_runner.exec_func_with_error_handling
    original_page_run = page_module.StreamlitPage.run

    def exec_timed(func, ctx):
        if script_start is not None:
            script_start()
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return original_exec(func, ctx)
        finally:
            if script_done is not None:
                script_done(time.perf_counter() - wall, time.thread_time() - cpu)

    def page_run(self_page):
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return original_page_run(self_page)
        finally:
            if page_done is not None:
                wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
                page_done(_page_name(self_page), wall, cpu)

    script_runner.exec_func_with_error_handling = exec_timed
    page_module.StreamlitPage.run = page_run
    try:
        yield
    finally:
        script_runner.exec_func_with_error_handling = original_exec
        page_module.StreamlitPage.run = original_page_run
