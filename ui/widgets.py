"""Small pieces every page uses: a matrix with its CSV, a token picker, numbers as text."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pyarrow as pa
import streamlit as st

from core import Pipeline
from core.article import ARTICLE_FIGURES, figure_cell
from core.tokens import focus_default, join_tokens
from ui.charts import (
    CONFIGS,
    NUMBERS_MAX_CELLS,
    PRESENT_CELL,
    Figure,
    fixed,
    heatmap,
    unique_labels,
)
from ui.i18n import t
from ui.room import CHART_LOADING, GAP, chart_room
from ui.view import follow_whole_page, mark_whole_page, offer_csv, unfold

MAX_SHOWN = 64  # rows and columns drawn of a matrix; its CSV has them all


def choose_head(n_heads: int, key: str) -> int:
    """A head picker when there is more than one head; returns the 0-based head index."""
    if n_heads == 1:
        return 0
    picked = st.select_slider(
        t("common.choose_head"), options=list(range(1, n_heads + 1)), value=1, key=key
    )
    return int(picked) - 1


def dim_labels(n: int, prefix: str = "") -> list[str]:
    """Column labels for vector dimensions: 1, 2, … (or with a prefix, e.g. "q1")."""
    return [f"{prefix}{i}" for i in range(1, n + 1)]


def matrix_csv(m: np.ndarray, rows, cols) -> str:
    """The matrix as CSV, labelled rows and columns, full precision, masked cells as -inf."""
    df = pd.DataFrame(
        np.asarray(m, dtype=np.float64), index=unique_labels(rows), columns=unique_labels(cols)
    )
    return df.to_csv(float_format="%.10g")


def figure_heading(name: str, shape: str, key: str, csv) -> None:
    """A figure's bold name and its shape; its data is offered as CSV by the page's one
    download (ui.view.matrices_download). ``csv`` returns the CSV text, only when asked."""
    st.markdown(f"**{name}** · {shape}")
    offer_csv(key, name, csv)


def matrix_view(
    name: str,
    m: np.ndarray,
    rows,
    cols,
    *,
    key: str,
    kind: str = "signed",
    caption: str | None = None,
    **chart_args,
) -> None:
    """A titled heatmap of a matrix, its shape, and a button to download it as CSV.

    Only the first MAX_SHOWN rows and columns are drawn (a student cannot read more, and
    a browser draws them slowly); the CSV always has all of them.
    """
    m = np.asarray(m)
    r, c = m.shape
    figure_heading(
        name, t("common.shape", shape=f"[{r} × {c}]"), key, lambda: matrix_csv(m, rows, cols)
    )
    chart_args.setdefault("value_title", t("common.value"))
    # Every axis says what it counts, in the page's language (a phone's reader has no hover).
    chart_args.setdefault("row_title", t("common.row"))
    chart_args.setdefault("col_title", t("common.column"))
    present = bool(st.session_state.get("present"))
    if present and r <= NUMBERS_MAX_CELLS and not chart_args.get("cell"):
        chart_args["cell"] = PRESENT_CELL
    shown = m[:MAX_SHOWN, :MAX_SHOWN]
    show_chart(
        heatmap(
            shown,
            list(rows)[:MAX_SHOWN],
            list(cols)[:MAX_SHOWN],
            kind=kind,
            present=present,
            **chart_args,
        ),
        key=key,
    )
    if r > MAX_SHOWN or c > MAX_SHOWN:
        st.caption(t("common.cut", rows=min(r, MAX_SHOWN), cols=min(c, MAX_SHOWN), r=r, c=c))
    if caption:
        st.caption(caption)


def weights_matrix_view(name: str, m: np.ndarray, rows, cols, *, key: str, **options) -> None:
    """A learned weight matrix [d_in, d_out] (W_Q, W_K, W_V, W_O): input dimensions down,
    output dimensions across, signed colours."""
    axes = {"row_title": t("common.dim_in"), "col_title": t("common.dim_out")}
    matrix_view(name, m, rows, cols, key=key, **(axes | options))


def vectors_view(name: str, m: np.ndarray, labels, dims, *, key: str, **options) -> None:
    """One vector per token [n, d]: tokens down, dimensions across, signed colours; the
    followed token's row outlined (focus=None for none)."""
    options = {
        "row_title": t("common.token"),
        "col_title": t("common.dim"),
        "focus": focus_index(labels),
        **options,
    }
    matrix_view(name, m, labels, dims, key=key, **options)


def scores_view(name: str, m: np.ndarray, labels, *, key: str, **options) -> None:
    """A query-by-key matrix [n_q, n_k] (scores, by default signed): queries down, keys
    across, the followed token's row outlined."""
    axes = {"row_title": t("common.query"), "col_title": t("common.key")}
    matrix_view(
        name, m, labels, labels, key=key, **(axes | {"focus": focus_index(labels)} | options)
    )


def weights_view(name: str, weights: np.ndarray, labels, *, key: str, **options) -> None:
    """An attention-weight matrix [n_q, n_k]: queries down, keys across, viridis on [0, 1]."""
    weights_scale = {"kind": "weights", "value_title": t("common.weight")}
    scores_view(name, weights, labels, key=key, **(weights_scale | options))


def show_chart(chart: Figure, key: str | None = None) -> None:
    """Draw a Figure (cached layout + this run's data) across the column, its room kept
    while the browser draws it.

    ``key`` names the chart in its spec (Vega-Lite's usermeta, which draws nothing), so a
    test finds a chart by what it is rather than by its place on the page.
    """
    # No deep copy of the cached layout: Streamlit copies the spec's top level before it
    # sets anything, and changes nothing below it.
    present = bool(st.session_state.get("present"))
    dark = st.context.theme.type == "dark"  # labels near-white there, near-black otherwise
    spec = {**chart.spec, "config": CONFIGS[present, dark]}
    spec["description"] = chart_description(chart.spec, chart.data.num_rows)
    if key:
        spec["usermeta"] = {"key": key}
    st.vega_lite_chart(chart.data, spec, width="stretch")
    room = chart_room(chart.spec, present)
    if room and room > CHART_LOADING + GAP:  # its room while the browser draws it (app.css)
        st.space(room - CHART_LOADING - GAP)


CHANNELS = ("y", "x", "color", "theta", "size", "row", "column", "facet")
# Vega draws a chart this large on a canvas, its marks without labels (Streamlit's rule).
READ_OUT_MAX = 2000


def _titles(spec, found: dict[str, str]) -> None:
    """The axis, legend and facet titles of a spec and its layers, by channel, the first of
    each (a colour's may sit in its condition)."""
    if isinstance(spec, list):
        for part in spec:
            _titles(part, found)
        return
    if not isinstance(spec, dict):
        return
    for channel in CHANNELS:
        encoding = spec.get("encoding", {}).get(channel, {})
        for place in (encoding, encoding.get("condition")):
            title = place.get("title") if isinstance(place, dict) else None
            if isinstance(title, str) and title.strip() and channel not in found:
                found[channel] = title
    for part in ("layer", "hconcat", "vconcat", "concat", "spec"):
        _titles(spec.get(part), found)


def chart_description(spec: dict, rows: int) -> str:
    """A chart's text alternative (its Vega-Lite description: the aria-label a screen reader
    reads for it, "Vega visualization" without one): what it shows, from its own titles, and
    how many values; its marks are read out one by one with their numbers, where Vega labels
    them."""
    title = spec.get("title")
    title = title.get("text") if isinstance(title, dict) else title
    found: dict[str, str] = {}
    _titles(spec, found)
    if {"x", "y", "color"} <= found.keys():  # a matrix: a value per row and column
        grid = {"value": found["color"], "row": found["y"], "column": found["x"]}
        shows = t("common.chart_grid", **grid)
    else:
        shows = t("common.list_sep").join(dict.fromkeys(found.values())) or t("common.chart_values")
    said = t("common.chart_alt", title=title or t("common.chart"), shows=shows, n=rows)
    if rows > READ_OUT_MAX:
        said += " " + t("common.chart_alt_many")
    return said


def show_charts(figures: list[Figure], key: str) -> None:
    """Several charts of one kind: two side by side where the screen is wide."""
    if len(figures) == 1:
        show_chart(figures[0], key=f"{key}_1")
        return
    # Row by row, so that on a phone (where columns stack) they keep their order.
    for start in range(0, len(figures), 2):
        for k, column in zip(range(start, len(figures)), st.columns(2), strict=False):
            with column:
                show_chart(figures[k], key=f"{key}_{k + 1}")


def heads_csv(weights: np.ndarray, labels: list[str]) -> str:  # [h, n, n]
    """All heads' weights as tidy CSV rows: head, query, key, weight."""
    n_heads, n, _ = weights.shape
    return pd.DataFrame(
        {
            "head": np.repeat(np.arange(1, n_heads + 1), n * n),
            "query": np.tile(np.repeat(labels, n), n_heads),
            "key": np.tile(labels, n_heads * n),
            "weight": weights.ravel(),
        }
    ).to_csv(index=False, float_format="%.10g")


def token_picker(label: str, labels: list[str], *, key: str, default: int, container=None) -> int:
    """A choice of one token, remembered by its label; returns its index.

    When the sentence changes and the remembered token is not in it, the choice starts
    again at ``default``, so the picker and the numbers below it always agree.
    """
    if st.session_state.get(key) not in labels:
        st.session_state[key] = labels[default]
    picked = (container or st).selectbox(label, labels, key=key, placeholder=t("common.pick"))
    return labels.index(picked)


def index_picker(label: str, labels: list[str], start: int, *, key: str, container=None) -> int:
    """A choice of one position by its label (when the same token may stand twice, or the
    choice must not follow the sentence's followed token); returns its index."""
    picked = (container or st).selectbox(
        label,
        list(range(len(labels))),
        index=start,
        format_func=labels.__getitem__,
        key=key,
        placeholder=t("common.pick"),
    )
    return int(picked)


def focus_index(labels: list[str]) -> int:
    """The followed token's index among these labels (the frame keeps it one of them)."""
    focus = st.session_state.get("focus")
    return labels.index(focus) if focus in labels else focus_default(labels)


def _follow(key: str) -> None:
    st.session_state["focus"] = st.session_state[key]
    mark_whole_page()


def focus_picker(label: str, labels: list[str], *, key: str, container=None) -> int:
    """A picker of the followed token: it shows the shared choice, and moving it moves the
    choice everywhere (the sidebar, the link, the outlined rows). Returns its index.

    In a fragment, which reruns alone, a move reruns the whole page: the followed token is
    outlined everywhere.
    """
    i = focus_index(labels)
    st.session_state[key] = labels[i]
    (container or st).selectbox(
        label, labels, key=key, on_change=_follow, args=(key,), placeholder=t("common.pick")
    )
    follow_whole_page()
    return i


def numbers_table(
    columns: dict[str, object], index=None, *, decimals: int = 4, config: dict | None = None
) -> None:
    """A table of named columns, each column of numbers printed to ``decimals`` places.

    ``index`` labels the rows (none when None), as a first column that stays in view when
    the table scrolls sideways (its title: the index's name, if it has one); ``config``
    overrides a column's format. Sent as an Arrow table: no DataFrame on the way.
    """
    data: dict[str, object] = {}
    pinned = {}
    if index is not None:
        title = getattr(index, "name", None) or " "
        data[title] = list(index)
        pinned[title] = st.column_config.Column(pinned=True)
    data |= {name: np.asarray(values) for name, values in columns.items()}
    number = st.column_config.NumberColumn(format=f"%.{decimals}f")
    numeric = [name for name in columns if np.asarray(columns[name]).dtype.kind in "fiu"]
    data_table(data, pinned | {name: number for name in numeric} | (config or {}))


def data_table(columns: dict[str, object], config: dict | None = None) -> None:
    """A table of named columns (st.dataframe, formatted by ``config``, its column_config).

    In the presenter view the same cells as text in an HTML table (st.table): the data grid
    draws on a canvas in 13–14 px type whatever the page's style, too small from the back of
    a room, where an HTML table takes the projector's type (ui/present.css). A progress
    column's bar and the sorting are left out there; the numbers are printed as formatted.
    """
    config = config or {}
    if not st.session_state.get("present"):
        data = {name: np.asarray(values) for name, values in columns.items()}
        st.dataframe(pa.table(data), hide_index=True, column_config=config)
        return
    shown = {name: _as_text(values, config.get(name)) for name, values in columns.items()}
    st.table(pa.table(shown), hide_index=True)


def _as_text(values, column) -> list[str]:
    """A column's cells as the data grid prints them: numbers in the column's format."""
    values = np.asarray(values)
    if values.dtype.kind == "b":
        return ["✓" if v else "" for v in values]
    if values.dtype.kind not in "fiu":
        return [str(v) for v in values]
    form = ((column or {}).get("type_config") or {}).get("format")
    form = form or ("%d" if values.dtype.kind in "iu" else "%.4f")
    return [form % v for v in values]


def article_caption(p: Pipeline, step: str) -> None:
    """Under a matrix of the worked example: its cells that the article prints, beside the
    article's own figure ("1.30 — the article's 1.3"). Nothing for other settings."""
    if not p.is_article:
        return
    matrix = {"scores": p.mha.trace.scores[0], "output": p.mha.head_outputs[0]}[step]
    cells = []
    for figure in ARTICLE_FIGURES:
        if figure.step == step:
            i, j = figure_cell(figure, p.tokens)
            column = f"“{p.tokens[j]}”" if isinstance(figure.column, str) else j + 1
            shown = {"row": f"“{p.tokens[i]}”", "col": column, "printed": figure.printed}
            cells.append(t(f"common.article_{step}", value=num(matrix[i, j], 2), **shown))
    st.caption(t("common.article_figures", cells=t("common.list_sep").join(cells)))


def section(title: str, body: str | None = None) -> None:
    """A section's heading and its first paragraph, as one element (a heading alone costs a
    rerun as much as the text under it)."""
    st.markdown(f"### {title}" + (f"\n\n{body}" if body else ""))


def glossary(*terms: str) -> None:
    """Plain explanations of the technical words a section uses, one click away."""
    unfold(
        t("glossary.title"),
        "glossary_" + "_".join(terms),
        lambda: st.markdown("\n".join(f"- {t(f'glossary.{term}')}" for term in terms)),
        icon=":material/menu_book:",
    )


def tokens_text(tokens: list[str], bold: set[int]) -> str:
    """Tokens read back as inert Markdown text with their own spacing, some in bold."""
    marked = [
        f"**{md_escape(tok)}**" if i in bold else md_escape(tok) for i, tok in enumerate(tokens)
    ]
    return join_tokens(marked, like=tokens)


def num(x: float, decimals: int = 4) -> str:
    """A number with a fixed number of places, never "-0.0000" (see ui.charts.fixed)."""
    return str(fixed([x], decimals)[0])


def plain(x: float) -> str:
    """A number with up to 4 decimals and no trailing zeros: 2, 0.05, 1.4142."""
    return f"{x:.4f}".rstrip("0").rstrip(".")


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")


def md_escape(text: str) -> str:
    """User text made inert inside Markdown: every formatting character is escaped."""
    return _MD_SPECIAL.sub(r"\\\1", str(text))


VECTOR_SHOWN = 8  # components of a vector written out in a sentence


def vector_text(values, *, shown: int = VECTOR_SHOWN, decimals: int = 3) -> str:
    """A vector written in a sentence, (0.125, −0.300, …), its first ``shown`` components."""
    v = np.asarray(values, dtype=np.float64).ravel()
    parts = [num(x, decimals) for x in v[:shown]]
    if len(v) > shown:
        parts.append(t("common.more_items", more=len(v) - shown))
    return "(" + ", ".join(parts) + ")"


def sci(x: float) -> str:
    """A tiny number as a student reads it: 0, or 5.6e-17 (a rounding error)."""
    return "0" if x == 0 else f"{x:.1e}"


def agreement(step: float, most: float) -> str:
    """How a step computed two ways is said to agree, as a text key's ending: "exact" (every
    step the same to the last bit), "step_exact" (this one) or "rounding" ("by at most 0"
    said nothing)."""
    if most == 0:
        return "exact"
    return "step_exact" if step == 0 else "rounding"
