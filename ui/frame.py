"""The frame around every page: the navigation, how a page opens, the lesson's bar, the link.

Every page file starts with ``s = open_page(PAGE)``: the settings of this run, the page's
heading and introduction, and what every page says about the input. Then it takes its
results from ui.state (cached core results) and draws them. The frame writes the link
after the page has run, and after a fragment's run (``fragment``), so that no page does.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from core import MAX_TOKENS, AttentionTrace, HeadParams, Pipeline
from ui import registry, state
from ui import settings as cfg
from ui.i18n import lang, t
from ui.page import Page
from ui.questions import show_me_notice
from ui.settings import Settings
from ui.view import unfold
from ui.widgets import choose_head, dim_labels


def navigation() -> dict[str, list[st.Page]]:
    """The pages for st.navigation, grouped under their translated section names.

    Made once per session and language (every run needs them; making them reads each
    page's path): kept in the session, since st.navigation marks the page it picks on the
    Page object itself, which another session running at the same time must not share.
    """
    key = f"_navigation_{lang()}"
    if key not in st.session_state:
        st.session_state[key] = _navigation()
    return st.session_state[key]


def _navigation() -> dict[str, list[st.Page]]:
    groups: dict[str, list[st.Page]] = {}
    for info in registry.pages().values():
        page = st.Page(
            info.path,
            title=info.title,
            icon=info.icon,
            url_path=info.name,
            default=info.name == registry.DEFAULT_PAGE,
        )
        groups.setdefault(t(f"common.nav.{info.section}"), []).append(page)
    return groups


def page_link(name: str, *, label: str = "common.go_to", container=None) -> None:
    """A link to another page, labelled "Open …" (or label="common.next": "Next: …")."""
    info = registry.pages()[name]
    (container or st).page_link(info.path, label=t(label, page=info.title), icon=info.icon)


def notices(settings: Settings) -> None:
    """What every page says about the input: an empty sentence, a text cut short."""
    info = cfg.sentence_tokens(settings.sentence)
    if info.empty:
        st.warning(t("common.msg.empty_sentence"), icon=":material/edit_off:")
    if info.trimmed_from:
        st.info(
            t("common.msg.trimmed", total=info.trimmed_from, max=MAX_TOKENS),
            icon=":material/content_cut:",
        )


def go_to_stop(stop: int) -> None:
    """Into the lesson at this stop (1 …), or out of it (0)."""
    st.session_state["tour"] = stop
    if stop:
        st.switch_page(registry.pages()[registry.tour()[stop - 1]].path)


# The tour bar's slots, in px: Previous, Next (or "Going further"), then which stop this
# is, and Leave (or Finish) at the right end. Each slot is as wide on every stop and in both
# languages, so that a presenter clicking at one point walks the whole tour: Next never
# moves, and nothing that leaves the lesson ever comes under it. The widest label, "Going
# further", measured 118 px in Chromium with Noto fonts (160 px in the presenter view); the
# rest is room for other fonts. The page's title is the heading right under the bar: in the
# bar it would push Leave onto a second line at 1280 px.
STEP_PX = {False: 136, True: 184}  # Previous, Next; by settings.present
LEAVE_PX = {False: 116, True: 172}  # Leave the lesson, or Finish


def tour_bar(name: str, settings: Settings, place: str = "") -> None:
    """Where the lesson is, and links to the previous and next stop (keyboard: Tab, Enter).

    Links rather than buttons: the frame puts the lesson on whichever stop's page is open,
    so following one needs no state of its own and works like any link. ``place``: "" at
    the top of the page (Previous, Next, which stop, Leave), "_end" at its foot (Previous
    and Next alone, and Finish). Every control keeps its slot (STEP_PX, LEAVE_PX): the first
    stop leaves Previous's place empty, the last holds a Next that cannot be followed, and
    Finish takes Leave's place, far from Next.
    """
    pages, tour, lesson = registry.pages(), registry.tour(), registry.part("lesson")
    stop = settings.tour
    box = st.container(border=True, horizontal=True, vertical_alignment="center")
    if name not in tour:
        back = pages[tour[stop - 1]]
        label = t("common.tour.back", k=stop, page=back.title)
        box.page_link(back.path, label=label, icon=":material/school:")
        return
    step, leave = STEP_PX[settings.present], LEAVE_PX[settings.present]
    if stop > 1:
        prev = pages[tour[stop - 2]].path
        box.page_link(prev, label=t("common.tour.prev"), icon=":material/arrow_back:", width=step)
    else:  # nothing to go back to, and nobody clicks there expecting to
        box.space(step)
    forward = ":material/arrow_forward:"
    if stop < len(tour):
        following = "common.tour.further" if stop == len(lesson) else "common.tour.next"
        box.page_link(pages[tour[stop]].path, label=t(following), icon=forward, width=step)
    else:  # the end: a click where Next was lands on Next greyed out, and stays here
        label, key = t("common.tour.next"), f"tour_last{place}"
        box.button(label, key=key, icon=forward, type="tertiary", disabled=True, width=step)
    if not place:
        part, k, n = registry.where(stop)
        box.markdown(t(f"common.tour.where_{part}", k=k, n=n))
    box.space("stretch")
    if stop in (len(lesson), len(tour)):  # the end of the lesson, or of going further
        end = t("common.tour.end")
        if box.button(
            end, icon=":material/flag:", key=f"tour_end{place}", type="primary", width=leave
        ):
            go_to_stop(0)
            st.rerun()
    elif not place and box.button(
        t("common.tour.leave"), key="tour_leave", type="tertiary", width=leave
    ):
        go_to_stop(0)
        st.rerun()


def open_page(page: Page, *, formula: str | None = None, about_input: bool = True) -> Settings:
    """The page's heading, introduction and formula; returns the settings.

    The texts are the catalogue's "<name>.intro" and, under the formula (LaTeX),
    "<name>.formula_caption". ``about_input``: say so when the sentence is empty or cut
    (pages that do not use the sidebar's sentence, or read it their own way, leave it out).
    The page then asks its questions (ui.quiz.ask) where their answers would show. In the
    presenter view the introduction is folded (the teacher tells it), so that the page's
    figure comes up on a projector's first screen.
    """
    name = page.name
    settings = cfg.current()
    if settings.tour:
        tour_bar(name, settings)
    st.header(page.title)
    show_me_notice()
    intro = t(f"{name}.intro")
    if settings.present:  # folded, with the formula's caption: the teacher tells them
        caption = f"\n\n{t(f'{name}.formula_caption')}" if formula else ""
        unfold(t("common.present_intro"), f"_intro_{name}", st.markdown, intro + caption)
    else:
        st.markdown(intro)
    if about_input:
        notices(settings)
    if formula:
        st.latex(formula)
        if not settings.present:
            st.caption(t(f"{name}.formula_caption"))
    return settings


@dataclass(frozen=True)
class OneHead:
    """What a page about one step of one head starts from (Similarity, Weighted sum)."""

    settings: Settings
    pipeline: Pipeline
    head: int  # 0-based, as picked
    trace: AttentionTrace  # that head's
    weights: HeadParams  # its W_Q, W_K, W_V
    labels: list[str]
    x_dims: list[str]  # the input's d_model columns
    head_dims: list[str]  # the head's d_k columns


def open_one_head(page: Page, *, formula: str) -> OneHead:
    """open_page, then the toy model's results and a head picker ("<page>_head")."""
    s = open_page(page, formula=formula)
    p = state.pipeline(s)
    head = choose_head(p.n_heads, key=f"{page.name}_head")
    trace, weights = p.head(head)
    dims = dim_labels(p.d_model), dim_labels(p.d_k)
    return OneHead(s, p, head, trace, weights, p.labels, *dims)


def write_link() -> None:
    """Write this view into the URL (the shared settings and the pages' own controls)."""
    cfg.sync_query_params(cfg.current())


def fragment(draw: Callable[..., None] | None = None, *, run_every: float | None = None):
    """st.fragment, after whose every run the frame writes the link: a fragment reruns
    alone, without the frame, and its controls may have moved. As a decorator, with or
    without ``run_every`` (seconds between two runs of its own)."""
    if draw is None:
        return functools.partial(fragment, run_every=run_every)

    @functools.wraps(draw)  # st.fragment tells fragments apart by the function's name
    def run(*args, **kwargs) -> None:
        try:
            draw(*args, **kwargs)
        finally:
            write_link()

    return st.fragment(run, run_every=run_every)
