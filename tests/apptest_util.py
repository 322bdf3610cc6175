"""Shared helpers for AppTest: open a page inside the frame, read its charts and texts."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
from streamlit.testing.v1 import AppTest

from ui.texts import CATALOG

ROOT = Path(__file__).resolve().parent.parent
ENTRY = str(ROOT / "dashboard.py")


def open_page(
    page: str | None = None, timeout: float = 60, sections: tuple[str, ...] = (), **params
) -> AppTest:
    """Open app_pages/<page>.py (the default page if None) with URL parameters, inside the
    frame: one run, as a link to that page opened in a new tab (every page's URL path is
    its file's name, so the page is known before the frame has registered it).

    With questions first off (``ask=0``) unless a test asks for them: a page's tests look
    at all it draws; tests of the questions themselves pass ``ask="1"``. ``sections``: the
    keys of folded sections (ui.view.unfold) to open from the start.
    """
    at = AppTest.from_file(ENTRY, default_timeout=timeout)
    for key in sections:
        at.session_state[key] = True
    params.setdefault("ask", "0")
    for name, value in params.items():
        at.query_params[name] = str(value)
    if page:
        at.switch_page(f"app_pages/{page}.py")
    at.run()
    settled(at)  # a folded section opened at once may wait for a worker's result
    if page and not at.exception:  # on that page, not sent to the default one
        titles = set(CATALOG[f"{page}.title"].values())
        shown = [h.value for h in at.header]
        assert titles & set(shown), f"opened {page!r} but the page shows {shown}"
    return at


def settled(at: AppTest, timeout: float = 120) -> AppTest:
    """Rerun the page until no training is pending (in a browser, the page's own fragment
    looks every second and reruns the page when the training ends)."""
    deadline = time.monotonic() + timeout
    while at.get("progress") and not at.exception:
        assert time.monotonic() < deadline, "the training did not end"
        time.sleep(0.1)
        at.run()
    assert not at.exception, at.exception
    return at


def folded(at: AppTest) -> list[str]:
    """The keys of the folded sections (ui.view.unfold) that are closed now."""
    found = []
    for expander in at.expander:
        widget_id = expander.proto.id  # "$$ID-<hash>-<key>" for a keyed, stateful expander
        key = widget_id.split("-", 2)[-1] if widget_id.startswith("$$ID-") else ""
        if key and key != "None" and not expander.proto.expanded:
            found.append(key)
    return found


def unfold_all(at: AppTest, prefix: str = "") -> AppTest:
    """Open every folded section whose key starts with ``prefix``, and those inside them."""
    for _ in range(5):
        closed = [key for key in folded(at) if key.startswith(prefix)]
        if not closed:
            break
        for key in closed:
            at.session_state[key] = True
        at.run()
    return at


def chart_specs(at: AppTest) -> list[dict]:
    """Every Vega-Lite chart on the page, as parsed JSON specs."""
    return [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]


def chart_data(at: AppTest, index: int) -> pd.DataFrame:
    """The data of one chart as Streamlit sends it (its first dataset), as a DataFrame."""
    proto = at.get("vega_lite_chart")[index].proto
    frames = [pa.ipc.open_stream(d.data.data).read_pandas() for d in proto.datasets]
    if not frames and proto.data.data:
        frames = [pa.ipc.open_stream(proto.data.data).read_pandas()]
    return frames[0]


def chart_keys(at: AppTest) -> list[str | None]:
    """The key every chart carries in its spec (ui.widgets.show_chart), in page order."""
    return [spec.get("usermeta", {}).get("key") for spec in chart_specs(at)]


def chart_index(at: AppTest, key: str) -> int:
    keys = chart_keys(at)
    assert keys.count(key) == 1, f"expected one chart {key!r} on the page, found {keys}"
    return keys.index(key)


def chart(at: AppTest, key: str) -> pd.DataFrame:
    """The data of the chart named ``key``."""
    return chart_data(at, chart_index(at, key))


def spec(at: AppTest, key: str) -> dict:
    """The Vega-Lite spec of the chart named ``key``."""
    return chart_specs(at)[chart_index(at, key)]


def charts(at: AppTest, prefix: str) -> list[pd.DataFrame]:
    """The data of every chart whose key starts with ``prefix``, in page order."""
    return [
        chart_data(at, i) for i, key in enumerate(chart_keys(at)) if key and key.startswith(prefix)
    ]


def matrix(at: AppTest, key: str) -> np.ndarray:
    """The values of the heatmap named ``key`` as a matrix (masked cells are NaN)."""
    return chart(at, key).pivot(index="i", columns="j", values="value").to_numpy()


def table(at: AppTest, *columns: str) -> pd.DataFrame:
    """The one table on the page that has all these columns (its headers, as shown)."""
    found = [df.value for df in at.dataframe if set(columns) <= set(df.value.columns)]
    assert len(found) == 1, f"expected one table with {columns}, found {len(found)}"
    return found[0]


def all_text(at: AppTest) -> str:
    """The page's visible prose: headers, markdown, captions, alerts, joined."""
    parts = []
    for kind in (
        "title",
        "header",
        "subheader",
        "markdown",
        "caption",
        "info",
        "warning",
        "error",
        "success",
    ):
        parts += [str(el.value) for el in getattr(at, kind)]
    return "\n".join(parts)
