"""The shared sidebar in a real browser: the keyboard on a slider, and links that reopen a view
(also as the very first request a freshly started server receives)."""

from __future__ import annotations

import re
import zipfile
from urllib.parse import urlsplit

import pytest

from .conftest import StreamlitServer

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixture reports it (skip, or a failure under CI)
    expect = None

pytestmark = pytest.mark.browser

SLIDER_PAGE = "/softmax"  # the page about temperature: its numbers follow the slider
DEEP_LINK = "/softmax?d=64&heads=4&scale=0&temp=0.5&lang=zh"


def text(key: str, lang: str = "en") -> str:
    """A label from the app's text catalogue, so the tests follow its wording."""
    from ui.texts import CATALOG

    return CATALOG[key][lang]


def param(name: str, value: str) -> re.Pattern:
    """A URL whose query string has name=value."""
    return re.compile(rf"[?&]{name}={re.escape(value)}(&|$)")


def slider(app, label_key: str, lang: str = "en"):
    """The sidebar slider with this label: its group (with the thumb's value) and its thumb."""
    box = app.sidebar.get_by_role("group", name=text(label_key, lang), exact=True)
    return box, box.get_by_role("slider")


def weights_csv(app) -> bytes:
    """The page's attention weights as its CSV download at the foot of the page has them."""
    button = app.main.get_by_test_id("stDownloadButton").get_by_role("button")
    with app.page.expect_download() as info:
        button.click()
    with zipfile.ZipFile(info.value.path()) as archive:
        return archive.read("softmax_weights.csv")


def test_keyboard_moves_the_temperature_slider(new_page):
    """The temperature follows the keyboard; a move reruns the page alone (not the frame:
    Streamlit ends a fragment's run), and what the page offers follows it: its numbers, its
    CSV download, the link it shares."""
    app = new_page()
    app.open(f"{SLIDER_PAGE}?ask=0")  # the whole page: its weights, and their CSV
    app.check(SLIDER_PAGE)
    box, thumb = slider(app, "common.sb.temperature")
    value = box.get_by_test_id("stSliderThumbValue")
    expect(value).to_have_text("1.00")
    before = app.main_fingerprint()
    csv_before = weights_csv(app)

    def press(key: str, times: int, shown: str) -> None:
        for _ in range(times):
            thumb.focus()
            with app.rerun():
                app.page.keyboard.press(key)
        expect(value).to_have_text(shown)
        expect(app.page).to_have_url(param("temp", shown))
        app.check(f"{SLIDER_PAGE} at temperature {shown}")

    press("ArrowRight", 1, "1.05")
    assert app.ends[-1].startswith("FINISHED_FRAGMENT_RUN"), app.ends  # the page alone
    # Something the page shows follows the temperature (a number, or a chart's values).
    app.wait_main_changed(before)
    press("ArrowLeft", 2, "0.95")
    csv_moved = weights_csv(app)
    assert csv_moved != csv_before, "the CSV download did not follow the temperature"

    # The link the sidebar offers to share (folded until asked for) reopens this view in a
    # new session.
    with app.rerun():
        app.sidebar.get_by_role("button", name=text("common.sb.share", "en")).click()
    link = app.page.get_by_test_id("stCode").inner_text().strip()
    assert urlsplit(link).path == SLIDER_PAGE, f"the share link {link!r} is not for this page"
    assert param("temp", "0.95").search(link), f"the share link {link!r} lacks temp=0.95"
    app.open(link)
    expect(value).to_have_text("0.95")
    expect(app.page).to_have_url(param("temp", "0.95"))
    assert urlsplit(app.page.url).path == SLIDER_PAGE
    app.check(f"the shared link {link}")
    assert weights_csv(app) == csv_moved, "the CSV download is not the view's"


def test_a_control_beside_the_temperature_moves_the_whole_page(new_page):
    """In the part of a page that the temperature reruns alone, a control that moves a shared
    setting (on a projector, the Multi-head page's "the article's eight heads") reruns the
    whole page: the sidebar's controls show the new setting."""
    app = new_page()
    app.open("/multihead?present=1")
    app.check("/multihead on a projector")
    with app.rerun():
        app.main.get_by_role("button", name=text("multihead.preset")).click()
    box, _ = slider(app, "common.sb.heads")
    expect(box.get_by_test_id("stSliderThumbValue")).to_have_text("8")
    assert not app.ends[-1].startswith("FINISHED_FRAGMENT_RUN"), app.ends
    app.check("/multihead with the article's heads")


def test_shared_link_as_the_first_request_after_a_restart(new_page):
    """A freshly started server whose very first request is a deep link into a page."""
    fresh = StreamlitServer().start()
    app = new_page(base_url=fresh.url)
    try:
        fresh.wait_listening()  # no request before the browser's
        app.open(DEEP_LINK)
        where = f"{DEEP_LINK} as the first request"

        assert urlsplit(app.page.url).path == "/softmax", f"{where}: ended on {app.page.url}"
        for name, value in (("d", "64"), ("heads", "4"), ("scale", "0"), ("temp", "0.5")):
            expect(app.page).to_have_url(param(name, value))
        expect(app.page).to_have_url(param("lang", "zh"))
        expect(app.main.get_by_test_id("stHeading").first).to_contain_text(
            text("softmax.title", "zh")
        )
        for key, shown in (
            ("common.sb.d_model", "64"),
            ("common.sb.heads", "4"),
            ("common.sb.temperature", "0.50"),
        ):
            box, _ = slider(app, key, "zh")
            expect(box.get_by_test_id("stSliderThumbValue")).to_have_text(shown)
        scale = app.sidebar.get_by_role("switch", name=text("common.sb.scale", "zh"), exact=True)
        expect(scale).not_to_be_checked()
        expect(app.sidebar.get_by_role("radio", name="简体中文", exact=True)).to_be_checked()
        app.check(where)
        assert fresh.alive(), fresh.log_tail()
    finally:
        app.page.close()  # before its server goes away
        fresh.stop()


def test_server_still_up(browser, server):
    """Runs last: the session's server survived every test and still answers."""
    assert server.alive(), f"the Streamlit server exited:\n{server.log_tail()}"
    assert server.healthy(), "the Streamlit server no longer answers /_stcore/health"
