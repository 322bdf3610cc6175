"""Attention Lab: the entry point and the frame every page runs inside.

The frame owns the shared sidebar (keyed widgets, synced to the URL) and the navigation;
each file in app_pages/ only reads the settings, asks ui.state for results, and draws.
"""

import gc
from pathlib import Path

import streamlit as st
from threadpoolctl import threadpool_limits

from ui import settings as cfg
from ui import sidebar
from ui.figures.warm import warm_layouts
from ui.i18n import set_language, t
from ui.page import DEFAULT_PAGE, PAGES, TOUR, navigation, tour_bar
from ui.view import begin_view, matrices_download

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
def one_blas_thread() -> bool:
    """Once per process, before any matrix product: numpy's BLAS works in one thread.

    The app's matrices are tiny (at most 64 × 1024); a second BLAS thread saves nothing on
    them, and it spins on a core for a while after every product, waiting for more work:
    a fifth of the server's CPU under a class of thirty. Set here, not in the environment,
    because a hosted server (Streamlit Community Cloud) gives no place to set it before
    numpy is loaded.
    """
    threadpool_limits(1, user_api="blas")
    return True


@st.cache_resource(show_spinner=False)
def settle_the_heap() -> bool:
    """Once per process, after the first run: freeze what is alive then (the imports and
    the first results), so that the collector's full passes walk only what was made since.
    What exists by then stays alive anyway."""
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

one_blas_thread()
cfg.init_state()
set_language(st.session_state["lang"])
st.html(STYLES / "app.css")
if st.session_state["present"]:
    st.html(STYLES / "present.css")

nav = st.navigation(navigation())
page_name = nav.url_path or DEFAULT_PAGE
if st.session_state["tour"] and page_name in TOUR:  # the lesson follows the page it is on
    st.session_state["tour"] = TOUR.index(page_name) + 1
begin_view()

with st.sidebar:
    sidebar.controls(PAGES[page_name])
settings = cfg.current()
cfg.sync_query_params(settings)
with st.sidebar:
    sidebar.sharing(settings)

if st.session_state.get("_link_fixed"):
    st.warning(
        t("common.msg.link_fixed", names=", ".join(st.session_state["_link_fixed"])),
        icon=":material/link_off:",
    )

nav.run()
matrices_download(page_name)
if st.session_state["tour"] and page_name in TOUR:  # the same bar at the foot of a long page
    tour_bar(page_name, cfg.current(), place="_end")
warm_charts()
settle_the_heap()
