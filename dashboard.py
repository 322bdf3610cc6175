"""Attention Lab: the entry point and the frame every page runs inside.

The frame owns the shared sidebar (keyed widgets, synced to the URL) and the navigation;
each file in app_pages/ only reads the settings, asks ui.state for results, and draws.
"""

import streamlit as st

from core import MAX_TOKENS
from ui import settings as cfg
from ui.i18n import LANG_NAMES, t
from ui.page import navigation

# No page_icon: a Material icon there is fetched from a font server, which a classroom
# network may block; Streamlit's own favicon is served by the app itself.
st.set_page_config(
    page_title="Attention Lab",
    layout="wide",
    initial_sidebar_state="auto",
)

cfg.init_state()

nav = st.navigation(navigation())

with st.sidebar:
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

if st.session_state.get("_link_fixed"):
    st.warning(
        t("common.msg.link_fixed", names=", ".join(st.session_state["_link_fixed"])),
        icon=":material/link_off:",
    )

nav.run()
