"""The join link's address: one a phone in the room can open, or none, said plainly."""

from __future__ import annotations

import socket

import pytest

from classroom.address import (
    BAD_SETTING,
    BROWSER,
    CONTAINER,
    LOOPBACK_ONLY,
    NETWORK,
    NO_NETWORK,
    SETTING,
    UNKNOWN,
    JoinAddress,
    is_local,
    join_address,
    lan_address,
)

LAN = "192.168.1.23"


@pytest.mark.parametrize(
    ("browser", "expected"),
    [
        ("http://localhost:8501/softmax", "http://192.168.1.23:8501/softmax"),
        ("http://127.0.0.1:8501/", "http://192.168.1.23:8501/"),
        ("http://[::1]:8501/softmax", "http://192.168.1.23:8501/softmax"),
        ("http://127.0.1.1/lab/softmax", "http://192.168.1.23/lab/softmax"),  # no port
        ("http://app.localhost:9000/x", "http://192.168.1.23:9000/x"),
        ("http://0.0.0.0:8501/softmax", "http://192.168.1.23:8501/softmax"),  # as printed
        ("http://[::]:8501/", "http://192.168.1.23:8501/"),
    ],
)
def test_a_loopback_address_becomes_the_machines_address_on_the_network(browser, expected):
    assert join_address(browser, lan_ip=LAN) == JoinAddress(expected, NETWORK, LAN)


@pytest.mark.parametrize(
    "browser",
    [
        "https://attention-lab.streamlit.app/softmax",  # Community Cloud
        "https://lab.school.example/attention/softmax",  # behind the school's proxy
        "http://192.168.1.50:8501/softmax",  # a teacher who opened the network address
        "http://[fd00::5]:8501/softmax",
    ],
)
def test_an_address_others_can_reach_is_kept_as_the_browser_used_it(browser):
    found = join_address(browser, lan_ip=LAN)
    assert found.base == browser and found.source == BROWSER


def test_the_public_setting_wins_and_keeps_the_page():
    setting = "https://lab.school.example/attention/"
    for browser in ("http://localhost:8501/softmax", "http://10.0.0.7:8501/softmax"):
        found = join_address(browser, page_path="softmax", public_url=setting, lan_ip=LAN)
        assert found == JoinAddress(
            "https://lab.school.example/attention/softmax", SETTING, "lab.school.example"
        )
    first = join_address("http://localhost:8501/", public_url="http://lab.example:8080")
    assert first.base == "http://lab.example:8080/"  # the app's first page


@pytest.mark.parametrize(
    "bad",
    [
        "lab.school.example",  # no scheme
        "ftp://lab.example/",
        "https://",
        "https://lab.example:abc/",  # a port that is no number
        "https://lab.example:99999/",
        "https://lab example.org/",  # a space
        "https://lab.example/?d=8",  # a page's link pasted: its settings
        "https://lab.example/attention/softmax",  # or its page
        "https://lab.example/#top",
    ],
)
def test_a_setting_that_is_no_app_root_is_left_out_and_said(bad):
    pages = ("overview", "softmax")
    browser = "https://lab.school.example/attention/softmax"  # behind the school's proxy
    found = join_address(browser, page_path="softmax", public_url=bad, pages=pages)
    assert found == JoinAddress(browser, BROWSER, "lab.school.example", (BAD_SETTING,))
    found = join_address("http://localhost:8501/", public_url=bad, pages=pages, lan_ip=LAN)
    assert found == JoinAddress("http://192.168.1.23:8501/", NETWORK, LAN, (BAD_SETTING,))
    found = join_address("http://localhost:8501/", public_url=bad, pages=pages)
    assert found == JoinAddress(None, NO_NETWORK, cautions=(BAD_SETTING,))


def test_in_a_container_the_network_address_comes_with_a_caution():
    at = "http://localhost:8501/softmax"
    found = join_address(at, lan_ip="172.17.0.2", in_container=True)
    assert found == JoinAddress(
        "http://172.17.0.2:8501/softmax", NETWORK, "172.17.0.2", (CONTAINER,)
    )
    setting = join_address(at, public_url="http://192.168.1.5:8501/", in_container=True)
    assert setting.source == SETTING and not setting.cautions  # the setting fixes it
    browser = join_address("http://192.168.1.5:8501/softmax", in_container=True)
    assert browser.source == BROWSER and not browser.cautions


def test_no_reachable_address_is_said_not_invented():
    at = "http://localhost:8501/softmax"
    assert join_address(at, lan_ip=None) == JoinAddress(None, NO_NETWORK)
    assert join_address(at, lan_ip="127.0.0.1").source == NO_NETWORK
    # a server that listens on this machine only: the network address would not answer
    for only in ("127.0.0.1", "localhost", "::1"):
        found = join_address(at, lan_ip=LAN, server_address=only)
        assert found == JoinAddress(None, LOOPBACK_ONLY)
    # a server that listens on one address: that one
    found = join_address(at, lan_ip=LAN, server_address="10.1.2.3")
    assert found == JoinAddress("http://10.1.2.3:8501/softmax", NETWORK, "10.1.2.3")
    for every in ("0.0.0.0", "::", ""):
        assert join_address(at, lan_ip=LAN, server_address=every).source == NETWORK
    assert join_address(None, lan_ip=LAN) == JoinAddress("", UNKNOWN)  # no browser at all


def test_what_counts_as_local():
    local = ["localhost", "LOCALHOST.", "127.0.0.1", "127.9.9.9", "::1", "0.0.0.0", "::"]
    assert all(map(is_local, local))
    assert not any(map(is_local, ["", None, "192.168.1.2", "lab.example", "fd00::2"]))


class FakeSocket:
    """A UDP socket whose "connect" finds ``address``, or fails without a route."""

    def __init__(self, address: str | None) -> None:
        self.address = address

    def __call__(self, *args):
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, where) -> None:
        if self.address is None:
            raise OSError("Network is unreachable")

    def getsockname(self):
        return (self.address, 40000)


@pytest.mark.parametrize(
    ("found", "expected"),
    [("192.168.1.23", "192.168.1.23"), (None, None), ("127.0.1.1", None), ("0.0.0.0", None)],
)
def test_the_machines_network_address_is_one_or_none(monkeypatch, found, expected):
    monkeypatch.setattr(socket, "socket", FakeSocket(found))
    assert lan_address() == expected
