"""What a server process does once, however many students and runs: set up numpy, make the
common chart layouts, and settle its heap. Plain functions run once (not Streamlit caches,
whose lookup every run would cost more than the flag)."""

from __future__ import annotations

import functools
import gc
import threading
from pathlib import Path

from threadpoolctl import threadpool_limits

_lock = threading.Lock()
_done: set[str] = set()


def _once(name: str, step) -> None:
    if name in _done:
        return
    with _lock:
        if name not in _done:
            step()
            _done.add(name)


def one_blas_thread() -> None:
    """Before any matrix product: numpy's BLAS works in one thread.

    The app's matrices are tiny (at most 64 × 1024); a second BLAS thread saves nothing on
    them, and it spins on a core for a while after every product, waiting for more work:
    a fifth of the server's CPU under a class of thirty. Set here, not in the environment,
    because a hosted server (Streamlit Community Cloud) gives no place to set it before
    numpy is loaded.
    """
    _once("blas", lambda: threadpool_limits(1, user_api="blas"))


def warm_charts() -> None:
    """After the first page has been drawn: the chart layouts most runs need, so that the
    first students' runs only fill them in (ui.figures.warm)."""
    from ui.figures.warm import warm_layouts

    _once("charts", warm_layouts)


def settle_the_heap() -> None:
    """After the first run: freeze what is alive then (the imports and the first results),
    so that the collector's full passes walk only what was made since. What exists by then
    stays alive anyway."""

    def settle() -> None:
        gc.collect()
        gc.freeze()

    _once("heap", settle)


@functools.cache
def styles(name: str) -> str:
    """A style sheet of ui/ (app.css, present.css) as st.html takes it, read once. Only
    style tags: Streamlit sends it to the page's head, drawing no element."""
    return f"<style>{(Path(__file__).parent / name).read_text(encoding='utf-8')}</style>"
