"""The copying page's section on a text of the student's: the text and what is wrong with it,
heads switched off, the two copies' losses, each character's loss, the heads' lines and one
head's whole map."""

from __future__ import annotations

import numpy as np
import streamlit as st

from ui.charts import Figure
from ui.charts.memo import remembered
from ui.figures import copying as figures
from ui.i18n import lang, t
from ui.lines import lines_view
from ui.view import unfold
from ui.views import copying_state as cs
from ui.widgets import index_picker, md_escape, show_chart, weights_view

TEXT_BOX, QUERY_PICK, OFF_PICK = "copy_text_box", "copy_at_pick", "copy_off_pick"
UNKNOWN_SHOWN = 8  # characters the model does not know, named in its message
# The random strings a button draws: (alphabet of core.decoder.measures, characters a copy)
DRAWS = {"letters": 24, "chinese": 16, "any": 20}


@remembered  # the same for every student at a checkpoint and text, per language
def char_losses(language: str, *args) -> Figure:
    return figures.char_losses(*args, t)


def head_names(L: int, h: int) -> list[str]:
    """Every head's name, layer by layer: "L1 H1" …"""
    return [t("copying.head", layer=i + 1, head=j + 1) for i in range(L) for j in range(h)]


def _draw_text(kind: str) -> None:
    """A button's callback: a new random string typed twice (of an alphabet), or a passage
    ("en", "zh") where a name comes back."""
    from core.decoder import probe_alphabet

    if kind in cs.PASSAGES:
        text = cs.passage(kind)
    else:
        draws = st.session_state.get(cs.DRAWS, 0) + 1
        st.session_state[cs.DRAWS] = draws
        vocab = cs.decoder().vocab
        text = cs.random_string(draws, vocab.decode(probe_alphabet(vocab, kind)), DRAWS[kind])
    st.session_state[cs.TEXT.key] = text
    st.session_state.pop(cs.QUERY.key, None)  # the lines start again where the text says


def unknown(d, text: str) -> None:
    """Say which characters the model does not know, if any: each as the reader sees it (an
    emoji with its skin tone is one), named once, and how many there are."""
    from core.decoder.vocab import unknown_graphemes

    found = unknown_graphemes(text, d.vocab)
    if not found:
        return
    shown = list(found)[:UNKNOWN_SHOWN]
    named = t("common.list_sep").join(f"“{md_escape(g)}”" for g in shown)
    if len(found) > UNKNOWN_SHOWN:
        named += t("common.list_sep") + t("common.more_items", more=len(found) - UNKNOWN_SHOWN)
    count = sum(found.values())
    known = [c for c in text if c in d.vocab and not c.isspace() and c not in found]
    key = "copying_text.unknown" if known else "copying_text.unknown_all"
    st.warning(t(key, count=count, chars=named, V=d.config.n_vocab), icon=":material/translate:")


def text_box(d) -> str | None:
    """The student's text, its buttons and what is wrong with it; the text the model reads
    (None: nothing it can read)."""
    raw = cs.held(cs.TEXT, cs.default_text())
    st.session_state[TEXT_BOX] = raw
    st.text_area(
        t("copying_text.text"), key=TEXT_BOX, height=90, on_change=cs.keep,
        args=(cs.TEXT.key, TEXT_BOX), help=t("copying_text.text_help", max=cs.MAX_CHARS),
    )  # fmt: skip
    bar = st.container(horizontal=True)
    for kind, icon in (("letters", "casino"), ("chinese", "translate"), ("any", "shuffle")):
        help_ = t(f"copying_text.new_{kind}_help", n=DRAWS[kind])
        bar.button(
            t(f"copying_text.new_{kind}"), key=f"copy_new_{kind}", icon=f":material/{icon}:",
            on_click=_draw_text, args=(kind,), help=help_,
        )  # fmt: skip
    for kind in cs.PASSAGES:
        bar.button(
            t(f"copying_text.passage_{kind}"), key=f"copy_passage_{kind}",
            icon=":material/menu_book:", on_click=_draw_text, args=(kind,),
            help=t(f"copying_text.passage_{kind}_help"),
        )  # fmt: skip
    if len(raw) < 2:
        st.warning(t("copying_text.too_short"), icon=":material/edit_off:")
        return None
    if len(raw) > cs.MAX_CHARS:
        st.info(t("copying_text.cut", max=cs.MAX_CHARS, n=len(raw)), icon=":material/content_cut:")
    if len(raw) > cs.LINK_CHARS:
        st.caption(t("copying_text.link_cut", keep=cs.LINK_CHARS, n=len(raw)))
    text = cs.model_text(raw)
    unknown(d, text)
    return text


def _set_off(value: str) -> None:
    st.session_state[cs.OFF.key] = value


def _keep_off() -> None:
    """The switch's callback: the heads picked, in their link form."""
    L, h = cs.decoder().config.n_layers, cs.decoder().config.n_heads
    mask = np.zeros(L * h, dtype=bool)
    mask[[int(k) for k in st.session_state[OFF_PICK] or []]] = True
    st.session_state[cs.OFF.key] = cs.off_text(mask.reshape(L, h))


def heads_off(d, step: int) -> np.ndarray:
    """The switch of heads switched off, and its two shortcuts; returns the [L, h] mask."""
    from core.decoder.measures import feeding_heads

    L, h = d.config.n_layers, d.config.n_heads
    mask = cs.off_mask(cs.held(cs.OFF, ""), L, h)
    st.session_state[cs.OFF.key] = cs.off_text(mask)
    st.session_state[OFF_PICK] = [int(k) for k in np.flatnonzero(mask.reshape(-1))]
    names = head_names(L, h)
    st.segmented_control(
        t("copying_text.off"), list(range(L * h)), selection_mode="multi", key=OFF_PICK,
        format_func=names.__getitem__, on_change=_keep_off, help=t("copying_text.off_help"),
    )  # fmt: skip
    c = d.at(step)
    feeding = feeding_heads(c.previous, c.induction)
    bar = st.container(horizontal=True)
    if feeding.any():
        shown = ", ".join(names[k] for k in np.flatnonzero(feeding.reshape(-1)))
        bar.button(
            t("copying_text.off_previous", heads=shown), key="copy_off_previous",
            icon=":material/link_off:", on_click=_set_off, args=(cs.off_text(feeding),),
        )  # fmt: skip
    if mask.any():
        bar.button(
            t("copying_text.off_none"), key="copy_off_none", icon=":material/link:",
            on_click=_set_off, args=("",),
        )  # fmt: skip
    return mask


def scores(r, on, d, text: str) -> None:
    """The two copies' losses, the best induction and previous-token heads' scores on the
    text (the heads of the text read with every head on), against every head on when some
    are off; or why there are no copies to compare."""
    names = head_names(d.config.n_layers, d.config.n_heads)
    off = r.off is not None
    if on.copies is None:
        st.info(t("copying_text.no_repeat", min=_min_copy()), icon=":material/repeat:")
    else:
        c = on.copies
        stretch = md_escape("".join(cs.labels(text[c.first : c.first + c.length])))
        shown = {"stretch": stretch, "length": c.length, "first": c.first + 1}
        st.markdown(t("copying_text.copies_found", second=c.second + 1, **shown))
        if c.second + c.length == cs.MAX_CHARS and len(cs.held(cs.TEXT, "")) > cs.MAX_CHARS:
            st.caption(t("copying_text.copies_cut", max=cs.MAX_CHARS, length=c.length))
    row = st.container(horizontal=True, gap="large")
    if on.copy_losses is not None:
        (first, second), (first_on, second_on) = r.copy_losses, on.copy_losses
        delta = (first - first_on, second - second_on) if off else (None, second - first)
        for k, (value, change) in enumerate(zip((first, second), delta, strict=True)):
            row.metric(
                t(f"copying_text.m_text_{'first' if k == 0 else 'second'}"), f"{value:.2f}",
                delta=None if change is None else f"{change:+.2f}", delta_color="inverse",
                width="content",
            )  # fmt: skip
    heads = [("previous", r.previous, "copying_text.m_text_previous")]
    if on.target_share is not None:
        heads.insert(0, ("target", r.target_share, "copying_text.m_text_induction"))
    for kind, values, key in heads:  # the best head of each kind with every head on
        layer, head, best = on.best(kind)
        value = values[layer, head]
        row.metric(
            t(key, head=names[layer * d.config.n_heads + head]), f"{value:.2f}",
            delta=f"{value - best:+.2f}" if off else None, width="content",
        )  # fmt: skip
    st.caption(t("copying_text.text_scores_off" if off else "copying_text.text_scores"))


def _min_copy() -> int:
    from core.decoder import MIN_COPY

    return MIN_COPY


def _default_query(r) -> int:
    """Where the lines start: the middle of the second copy, else the last character with
    something to copy, else the last character."""
    if r.copies is not None:
        return min(r.copies.second + r.copies.length // 2, r.n - 1)
    found = r.with_target
    return int(found[-1]) if len(found) else r.n - 1


def lines(r, d, step: int, labels: list[str]) -> None:
    """The chosen position's attention as lines, in the heads shown; its target (the
    character after the earlier occurrence) in bold."""
    from core.decoder import NO_TARGET

    st.markdown(t("copying_text.lines_intro"))
    query = cs.query_shown(r.n, _default_query(r))
    st.session_state[QUERY_PICK] = query
    st.select_slider(
        t("copying_text.query"), options=list(range(r.n)), key=QUERY_PICK,
        format_func=lambda i: f"{i + 1} · {labels[i]}", on_change=cs.keep,
        args=(cs.QUERY.key, QUERY_PICK), help=t("copying_text.query_help"),
    )  # fmt: skip
    L, h = d.config.n_layers, d.config.n_heads
    names = head_names(L, h)
    if r.off is not None:  # a head switched off still attends: what it reads goes nowhere
        off = r.off.reshape(-1)
        names = [
            t("copying_text.head_off", head=n) if o else n for n, o in zip(names, off, strict=True)
        ]
    best = int(np.argmax(d.at(step).induction))  # the probe's best induction head, at first
    target = int(r.targets[query])
    m = query + 1  # the keys it may see: a causal model reads nothing after it
    weights = r.attention.reshape(L * h, r.n, r.n)[:, :m, :m]
    lines_view(
        weights, labels[:m], query, names, default=[best], key="copy_lines",
        heads_key="copy_heads", marked=None if target == NO_TARGET else target, tell_apart=False,
    )  # fmt: skip
    if target == NO_TARGET:
        st.caption(t("copying_text.no_target", char=md_escape(labels[query])))
    else:
        shown = {"char": md_escape(labels[query]), "target": md_escape(labels[target])}
        st.caption(t("copying_text.target", position=target + 1, **shown))


def whole_map(r, d, labels: list[str]) -> None:
    """One head's whole map: every query at once, the targets outlined."""
    from core.decoder import NO_TARGET

    names = head_names(d.config.n_layers, d.config.n_heads)
    best = r.best("target")[:2] if r.target_share is not None else (0, 0)
    start = best[0] * d.config.n_heads + best[1]
    picked = index_picker(t("copying_text.map_head"), names, start, key="copy_map_head")
    layer, head = divmod(int(picked), d.config.n_heads)
    marked = tuple((int(i), int(j)) for i, j in enumerate(r.targets) if j != NO_TARGET)
    weights_view(
        t("copying_text.map_name", head=names[picked]), r.attention[layer, head], labels,
        key="copy_map", focus=None, marked=marked, caption=t("copying_text.map_caption"),
    )  # fmt: skip


def your_text(d, step: int) -> None:
    """The student's text at the checkpoint shown, with any heads switched off: its losses
    and scores, the lines, the whole map."""
    st.subheader(t("copying_text.your_text"))
    st.markdown(t("copying_text.your_text_intro"))
    text = text_box(d)
    if text is None:
        return
    mask = heads_off(d, step)
    on = cs.reading(step, text)
    r = cs.reading(step, text, cs.off_text(mask)) if mask.any() else on
    labels = cs.labels(d.vocab.decode(r.ids))  # as the model reads it: unknown ones as �
    scores(r, on, d, text)
    show_chart(char_losses(lang(), r.losses, labels, r.copies), key="copy_char_losses")
    st.caption(t("copying_text.char_losses_caption"))
    lines(r, d, step, labels)
    title = t("copying_text.map")
    unfold(title, "copy_map_open", whole_map, r, d, labels, icon=":material/grid_on:")
