"""Attention Lab: the entry point and the frame every page runs inside.

The frame owns the shared sidebar (keyed widgets, synced to the URL) and the navigation;
each file in app_pages/ only reads the settings, asks ui.state for results, and draws.
"""

import gc
from pathlib import Path

import streamlit as st

from core import MAX_TOKENS
from ui import settings as cfg
from ui.figures.warm import warm_layouts
from ui.i18n import LANG_NAMES, set_language, t
from ui.page import DEFAULT_PAGE, TOUR, go_to_stop, navigation, tour_bar
from ui.quiz import score

STYLES = Path(__file__).parent / "ui"
# The tab's icon, inline: without one Streamlit shows the page's Material icon, which the
# browser fetches from a font server (a classroom network may block it, and every page view
# would tell that server). An SVG string becomes a data: URL, so nothing is fetched.
FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 3">'
    '<rect width="3" height="3" fill="#440154"/>'
    '<rect x="1" y="1" width="1" height="1" fill="#fde725"/></svg>'
)


@st.cache_resource(show_spinner=False)
def settle_the_heap() -> bool:
    """Once per process, after the first run: freeze what is alive then (the imports and
    the first results), so the full collection Streamlit runs after every script run only
    walks what was made since (about two thirds of a rerun's CPU on a real server)."""
    gc.collect()
    gc.freeze()
    return True


@st.cache_resource(show_spinner=False)
def warm_charts() -> bool:
    """Once per process, after the first page has been drawn: the chart layouts most runs
    need, so that the first students' runs only fill them in (ui.figures.warm)."""
    warm_layouts()
    return True


# A projector (the presenter view) starts with the sidebar folded away.
st.set_page_config(
    page_title="Attention Lab",
    page_icon=FAVICON,
    layout="wide",
    initial_sidebar_state="collapsed" if cfg.presenting() else "auto",
)

cfg.init_state()
set_language(st.session_state["lang"])
st.html(STYLES / "app.css")
if st.session_state["present"]:
    st.html(STYLES / "present.css")

nav = st.navigation(navigation())
page_name = nav.url_path or DEFAULT_PAGE
if st.session_state["tour"] and page_name in TOUR:  # the lesson follows the page it is on
    st.session_state["tour"] = TOUR.index(page_name) + 1

with st.sidebar:
    if not st.session_state["tour"] and st.button(
        t("common.tour.start"),
        icon=":material/school:",
        type="primary",
        width="stretch",
        help=t("common.tour.start_help", n=len(TOUR)),
    ):
        go_to_stop(1)
    st.segmented_control(
        t("common.sb.language"),
        options=list(LANG_NAMES),
        format_func=LANG_NAMES.get,
        key="lang",
        required=True,
    )
    st.text_area(
        t("common.sb.sentence"),
        key="sentence",
        max_chars=cfg.MAX_SENTENCE_CHARS,
        height=80,
        help=t("common.sb.sentence_help", max=MAX_TOKENS),
    )
    st.selectbox(
        t("common.sb.focus"),
        cfg.sentence_tokens(st.session_state["sentence"]).labels,
        key="focus",
        help=t("common.sb.focus_help"),
    )
    st.select_slider(
        t("common.sb.d_model"),
        options=cfg.D_MODEL_OPTIONS,
        key="d_model",
        help=t("common.sb.d_model_help"),
    )
    st.select_slider(
        t("common.sb.heads"),
        options=cfg.head_options(st.session_state["d_model"]),
        key="n_heads",
        help=t("common.sb.heads_help"),
    )
    settings = cfg.current()
    st.caption(t("common.sb.dk", d_model=settings.d_model, h=settings.n_heads, d_k=settings.d_k))
    st.toggle(t("common.sb.scale"), key="scale", help=t("common.sb.scale_help"))
    st.toggle(t("common.sb.causal"), key="causal", help=t("common.sb.causal_help"))
    st.slider(
        t("common.sb.temperature"),
        min_value=cfg.TEMPERATURE_MIN,
        max_value=cfg.TEMPERATURE_MAX,
        step=cfg.TEMPERATURE_STEP,
        key="temperature",
        help=t("common.sb.temperature_help"),
    )
    st.number_input(
        t("common.sb.seed"),
        min_value=0,
        max_value=cfg.SEED_MAX,
        step=1,
        key="seed",
        help=t("common.sb.seed_help"),
    )
    st.button(
        t("common.sb.article"),
        icon=":material/restart_alt:",
        on_click=cfg.restore_article,
        help=t("common.sb.article_help"),
        width="stretch",
    )

settings = cfg.current()
cfg.sync_query_params(settings)

with st.sidebar:
    st.markdown(f"**{t('common.sb.share')}**", help=t("common.sb.share_help"))
    st.code(cfg.share_link(settings, st.context.url), language=None, wrap_lines=True)
    st.toggle(t("common.sb.present"), key="present", help=t("common.sb.present_help"))
    answered, right = score()
    if answered:
        st.caption(t("quiz.score", answered=answered, right=right))

if st.session_state.get("_link_fixed"):
    st.warning(
        t("common.msg.link_fixed", names=", ".join(st.session_state["_link_fixed"])),
        icon=":material/link_off:",
    )

nav.run()
if st.session_state["tour"] and page_name in TOUR:  # the same bar at the foot of a long page
    tour_bar(page_name, cfg.current(), place="_end")
warm_charts()
settle_the_heap()
