"""The class's join link: the teacher's page and settings, the class's code, at an address
a phone in the room can open (classroom.address decides which; this module asks Streamlit
and the operating system what it needs)."""

from __future__ import annotations

import functools
import os

import streamlit as st

from classroom import address, setting
from ui import registry
from ui import settings as cfg
from ui.classroom import session

LAN_TTL_S = 60.0  # the machine's network address, looked up again after this (a laptop moves)


@st.cache_data(ttl=LAN_TTL_S, show_spinner=False)
def _lan_address() -> str | None:
    return address.lan_address()


@functools.cache
def _in_container() -> bool:
    return address.in_container()


def join_address(page: str) -> address.JoinAddress:
    """Where phones in the room reach this page (classroom.address): the public setting,
    the teacher's browser's address, or this machine's on the local network."""
    return address.join_address(
        st.context.url,
        page_path="" if page == registry.DEFAULT_PAGE else page,
        public_url=setting(address.PUBLIC_SETTING, os.environ, session.secrets()),
        pages=registry.ORDER,
        lan_ip=_lan_address(),
        server_address=str(st.get_option("server.address") or ""),
        in_container=_in_container(),
    )


def join_link(m: session.Member, settings: cfg.Settings, base: str | None) -> str:
    """The link a student joins by: the page at ``base`` (its address, without a query),
    the teacher's settings and the class's code."""
    query = session.class_query(settings)
    base = (base or "").split("?", 1)[0]
    return f"{base}?{query + '&' if query else ''}{session.CODE_PARAM}={m.code}"
