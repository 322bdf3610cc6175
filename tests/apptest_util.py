"""Shared helpers for AppTest: open a page inside the frame, read its charts and texts."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pyarrow as pa
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
ENTRY = str(ROOT / "dashboard.py")


def open_page(page: str | None = None, timeout: float = 60, **params) -> AppTest:
    """Run the frame (with URL parameters), then switch to app_pages/<page>.py if given."""
    at = AppTest.from_file(ENTRY, default_timeout=timeout)
    for name, value in params.items():
        at.query_params[name] = str(value)
    at.run()
    if page:
        at.switch_page(f"app_pages/{page}.py").run()
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
