"""Attention Lab: the entry point and the frame every page runs inside.

The frame owns the shared sidebar (keyed widgets, synced to the URL) and the navigation;
each file in app_pages/ only reads the settings, asks ui.state for results, and draws.
"""

import streamlit as st

from ui import process, registry, sidebar
from ui import settings as cfg
from ui.classroom import panel as class_panel
from ui.classroom import session
from ui.classroom import student as class_student
from ui.frame import navigation, tour_bar, write_link
from ui.i18n import set_language, t
from ui.live import temperature_left
from ui.questions import settle_settings
from ui.view import begin_view, matrices_download

# The tab's icon, inline: without one Streamlit shows the page's Material icon, which the
# browser fetches from a font server (a classroom network may block it, and every page view
# would tell that server). An SVG string becomes a data: URL, so nothing is fetched.
FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 3">'
    '<rect width="3" height="3" fill="#440154"/>'
    '<rect x="1" y="1" width="1" height="1" fill="#fde725"/></svg>'
)


# A projector (the presenter view) starts with the sidebar folded away.
st.set_page_config(
    page_title="Attention Lab",
    page_icon=FAVICON,
    layout="wide",
    initial_sidebar_state="collapsed" if cfg.presenting() else "auto",
)

process.one_blas_thread()
cfg.init_state()
session.begin()
set_language(st.session_state["lang"])
st.html(process.styles("app.css"))
if st.session_state["present"]:
    st.html(process.styles("present.css"))

nav = st.navigation(navigation(), expanded=True)  # every page in view: no "View more"
page_name = nav.url_path or registry.DEFAULT_PAGE
tour = registry.tour()
if st.session_state["tour"] and page_name in tour:  # the lesson follows the page it is on
    st.session_state["tour"] = tour.index(page_name) + 1
settle_settings(page_name)  # a stop opens on the lesson's settings
begin_view()
if class_panel.landing(page_name):  # a join link's first view: light, the page a tap away
    st.stop()

with st.sidebar:
    sidebar.controls(registry.pages()[page_name])
settings = cfg.current()
with st.sidebar:
    sidebar.sharing(settings)

if st.session_state.get("_link_fixed"):
    st.warning(
        t("common.msg.link_fixed", names=", ".join(st.session_state["_link_fixed"])),
        icon=":material/link_off:",
    )

class_panel.teacher_panel(page_name, settings)
class_student.student_bar()
class_panel.show_notice()
class_student.begin_questions()
try:
    nav.run()
finally:  # the link says what the page shows, its own controls included
    temperature_left()
    write_link()
matrices_download(page_name)
if st.session_state["tour"] and page_name in tour:  # the same bar at the foot of a long page
    tour_bar(page_name, cfg.current(), place="_end")
process.warm_charts()
process.settle_the_heap()
