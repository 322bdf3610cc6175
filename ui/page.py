"""The pages: one registry for the navigation and the in-page links, and how a page opens.

Every page file starts with ``s = open_page("name")``: the settings of this run, the
page's heading and introduction, and what every page says about the input. Then it takes
its results from ui.state (cached core results) and draws them.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from core import MAX_TOKENS
from ui import settings as cfg
from ui.i18n import lang, t
from ui.settings import Settings
from ui.tour import LESSON, TOUR, where
from ui.view import unfold

# The shared settings of the toy model, as the sidebar shows them (session_state keys).
MODEL_CONTROLS = (
    "sentence",
    "focus",
    "d_model",
    "n_heads",
    "scale",
    "causal",
    "temperature",
    "seed",
)


@dataclass(frozen=True)
class PageInfo:
    name: str  # the file app_pages/<name>.py, its URL path and its text keys
    icon: str
    section: str  # text key of its group in the navigation
    controls: tuple[str, ...] = MODEL_CONTROLS  # the shared settings the page uses

    @property
    def path(self) -> str:
        return f"app_pages/{self.name}.py"

    @property
    def title(self) -> str:
        return t(f"common.page.{self.name}")


def uses(*unused: str) -> tuple[str, ...]:
    """The model's shared settings but these (which change nothing on the page)."""
    return tuple(name for name in MODEL_CONTROLS if name not in unused)


# In the navigation's order, which is the article's.
PAGES = {
    info.name: info
    for info in (
        PageInfo("overview", ":material/home:", "common.nav.start"),
        PageInfo(
            "tokens",
            ":material/text_fields:",
            "common.nav.start",
            uses("n_heads", "scale", "causal", "temperature"),
        ),
        PageInfo("qkv", ":material/search:", "common.nav.start", ()),
        PageInfo(
            "similarity",
            ":material/grid_on:",
            "common.nav.steps",
            uses("scale", "causal", "temperature"),
        ),
        PageInfo("scaling", ":material/straighten:", "common.nav.steps"),
        PageInfo("softmax", ":material/equalizer:", "common.nav.steps"),
        PageInfo("weighted_sum", ":material/functions:", "common.nav.steps"),
        PageInfo("masking", ":material/visibility_off:", "common.nav.more"),
        PageInfo("multihead", ":material/view_column:", "common.nav.more"),
        PageInfo("train", ":material/science:", "common.nav.more", ("causal", "seed")),
        PageInfo(
            "real_model", ":material/model_training:", "common.nav.more", ("sentence", "focus")
        ),
        # The causal mask is always on while generating: the page says so.
        PageInfo("generate", ":material/edit_note:", "common.nav.further", uses("causal")),
        PageInfo("tiles", ":material/view_week:", "common.nav.further"),
        PageInfo("windows", ":material/filter_center_focus:", "common.nav.further", uses("causal")),
        PageInfo(
            "rope",
            ":material/rotate_right:",
            "common.nav.further",
            uses("scale", "causal", "temperature"),
        ),
        PageInfo(
            "cross_attention",
            ":material/translate:",
            "common.nav.further",
            ("d_model", "n_heads", "scale", "temperature", "seed"),
        ),
    )
}
DEFAULT_PAGE = "overview"


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
    for info in PAGES.values():
        page = st.Page(
            info.path,
            title=info.title,
            icon=info.icon,
            url_path=info.name,
            default=info.name == DEFAULT_PAGE,
        )
        groups.setdefault(t(info.section), []).append(page)
    return groups


def page_link(name: str, *, label: str = "common.go_to", container=None) -> None:
    """A link to another page, labelled "Open …" (or label="common.next": "Next: …")."""
    info = PAGES[name]
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
        st.switch_page(PAGES[TOUR[stop - 1]].path)


def tour_bar(name: str, settings: Settings, place: str = "") -> None:
    """Where the lesson is, and links to the previous and next stop (keyboard: Tab, Enter).

    Links rather than buttons: the frame puts the lesson on whichever stop's page is open,
    so following one needs no state of its own and works like any link. ``place``: "" at
    the top of the page (where the lesson is, Previous, Leave, Next), "_end" at its foot
    (Previous and Next alone).
    """
    stop = settings.tour
    box = st.container(border=True, horizontal=True, vertical_alignment="center")
    if name not in TOUR:
        back = PAGES[TOUR[stop - 1]]
        label = t("common.tour.back", k=stop, page=back.title)
        box.page_link(back.path, label=label, icon=":material/school:")
        return
    previous = PAGES[TOUR[max(stop - 2, 0)]]
    box.page_link(
        previous.path,
        label=t("common.tour.prev"),
        icon=":material/arrow_back:",
        disabled=stop == 1,
    )
    if not place:
        part, k, n = where(stop)
        box.markdown(t(f"common.tour.where_{part}", k=k, n=n, page=PAGES[name].title))
        if box.button(t("common.tour.leave"), key="tour_leave", type="tertiary"):
            go_to_stop(0)
            st.rerun()
    end = stop in (len(LESSON), len(TOUR))  # the end of the lesson, or of going further
    if end and box.button(
        t("common.tour.end"), icon=":material/flag:", key=f"tour_end{place}", type="primary"
    ):
        go_to_stop(0)
        st.rerun()
    if stop < len(TOUR):
        label = "common.tour.further" if stop == len(LESSON) else "common.tour.next"
        box.page_link(PAGES[TOUR[stop]].path, label=t(label), icon=":material/arrow_forward:")


def open_page(name: str, *, formula: str | None = None, about_input: bool = True) -> Settings:
    """The page's heading, introduction and formula; returns the settings.

    The texts are the catalogue's "<name>.intro" and, under the formula (LaTeX),
    "<name>.formula_caption". ``about_input``: say so when the sentence is empty or cut
    (pages that do not use the sidebar's sentence, or read it their own way, leave it out).
    The page then asks its questions (ui.quiz.ask) where their answers would show. In the
    presenter view the introduction is folded (the teacher tells it), so that the page's
    figure comes up on a projector's first screen.
    """
    settings = cfg.current()
    if settings.tour:
        tour_bar(name, settings)
    st.header(PAGES[name].title)
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
