"""Where a phone in the room reaches the app: the address of the class's join link.

A teacher who runs the app on a laptop opens ``http://localhost:8501``; a link or QR code
made from that address opens nothing on a phone. So the join link's address is, in order:

1. the app's public address, when the deployment names it: the setting
   ``ATTENTION_LAB_PUBLIC_URL`` (environment, else Streamlit's secrets, like the store's),
   the app's root (``https://lab.school.example/``, where its first page is served). A
   value that is no such address (a port that is no number, a space, a page's address
   pasted) is left out, and the projector says so beside the link the next way gives;
2. the address the teacher's browser used, when it is not a loopback one: behind a proxy
   or on Streamlit Community Cloud, that is the address everyone uses;
3. for a loopback address (localhost, 127.0.0.1, ::1) or an unspecified one (0.0.0.0,
   which a browser on this machine opens as itself), this machine's address on the
   local network, as Streamlit's own "Network URL" finds it, with the browser's port and
   path; unless the server listens on a loopback address only (``server.address``), or
   the machine has no network: then there is no address a phone can use, and the
   projector says so instead of showing a QR code nobody can scan. In a container that
   address is the container's own (a Docker bridge's 172.17.0.2), which phones reach
   only if it shares the host's network: the projector says so, and the setting fixes it.

``join_address`` decides, without I/O; ``lan_address`` and ``in_container`` ask the
operating system.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Collection
from dataclasses import dataclass
from urllib.parse import SplitResult, urlsplit, urlunsplit

PUBLIC_SETTING = "ATTENTION_LAB_PUBLIC_URL"
LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")
ANY_ADDRESS = ("", "0.0.0.0", "::")  # a server that listens on every interface

# How the address was found: the setting, the teacher's browser, the local network; or why
# there is none (a loopback-only server, no network); "unknown" when the browser's address
# is not known (a page run without a browser).
SETTING, BROWSER, NETWORK = "setting", "browser", "network"
LOOPBACK_ONLY, NO_NETWORK, UNKNOWN = "loopback_only", "no_network", ""
# What the projector should add: the setting is no address the link can use, so it was left
# out (the link falls back to the next way); the network address is a container's, which
# phones reach only when the container shares the host's network.
BAD_SETTING, CONTAINER = "bad_setting", "container"


@dataclass(frozen=True)
class JoinAddress:
    """The join link's address: ``base`` (scheme, host, port and the page's path, no
    query), None when no phone could use one; ``source`` how it was found or why there is
    none; ``host`` the host it names, for the projector to say; ``cautions`` what the
    projector should add (BAD_SETTING, CONTAINER)."""

    base: str | None
    source: str
    host: str = ""
    cautions: tuple[str, ...] = ()


def is_local(host: str | None) -> bool:
    """Whether a host names this machine alone (loopback: localhost, 127.0.0.1, ::1) or no
    machine at all (0.0.0.0, ::, which a browser here reaches as this machine): a phone
    that opens it reaches nothing."""
    if not host:
        return False
    host = host.strip("[]").lower().rstrip(".")
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def _host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def app_root(setting: str, pages: Collection[str] = ()) -> SplitResult | None:
    """The setting as the app's root address (where its first page is served), or None
    when it is none: not http(s), no host, a port that is no number, a space anywhere, a
    query or a fragment, or a path ending in one of the app's ``pages`` (a page's address
    pasted, whose path the join link would double)."""
    if not setting or any(c.isspace() for c in setting):
        return None
    found = urlsplit(setting)
    try:
        found.port  # noqa: B018 -- raises on "lab.example:abc" or a port beyond 65535
    except ValueError:
        return None
    if found.scheme not in ("http", "https") or not found.hostname:
        return None
    if found.query or found.fragment or found.path.rstrip("/").rpartition("/")[2] in pages:
        return None
    return found


def join_address(
    browser_url: str | None,
    *,
    page_path: str = "",
    public_url: str = "",
    pages: Collection[str] = (),
    lan_ip: str | None = None,
    server_address: str = "",
    in_container: bool = False,
) -> JoinAddress:
    """The join link's address for a teacher whose browser shows ``browser_url`` (without
    its query) on the page served at ``page_path`` ("" for the app's first page), given the
    setting ``public_url`` (the app's root; ``pages``: the app's page names), this
    machine's address on the local network ``lan_ip``, the server's ``server_address``
    option and whether it runs in a container. A setting that is no root address is left
    out, with a caution: the link the browser's address gives may well serve."""
    cautions: tuple[str, ...] = ()
    if public_url:
        found = app_root(public_url, pages)
        if found is not None:
            path = found.path.rstrip("/") + "/" + page_path.strip("/")
            base = urlunsplit((found.scheme, found.netloc, path, "", ""))
            return JoinAddress(base, SETTING, found.hostname)
        cautions = (BAD_SETTING,)
    if not browser_url:
        return JoinAddress("", UNKNOWN, cautions=cautions)
    url = urlsplit(browser_url)
    base = urlunsplit((url.scheme, url.netloc, url.path, "", ""))
    if not is_local(url.hostname):
        return JoinAddress(base, BROWSER, url.hostname or "", cautions)
    listening = (server_address or "").strip()
    if listening not in ANY_ADDRESS:  # the server listens on this address only
        if is_local(listening):
            return JoinAddress(None, LOOPBACK_ONLY, cautions=cautions)
        lan_ip = listening
    if not lan_ip or is_local(lan_ip):
        return JoinAddress(None, NO_NETWORK, cautions=cautions)
    netloc = _host(lan_ip) + (f":{url.port}" if url.port else "")
    cautions += (CONTAINER,) if in_container else ()
    base = urlunsplit((url.scheme, netloc, url.path, "", ""))
    return JoinAddress(base, NETWORK, lan_ip, cautions)


def lan_address() -> str | None:
    """This machine's IPv4 address on its local network (the interface its traffic leaves
    by, as Streamlit's "Network URL" finds it: a UDP socket "connected" to an outside
    address sends nothing), or None without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("8.8.8.8", 1))
            found = s.getsockname()[0]
        except OSError:
            return None
    return None if is_local(found) else found


def in_container() -> bool:
    """Whether this server runs in a container (Docker's or Podman's marker file): its
    network address is then the container's own, unless it shares the host's network."""
    return os.path.exists("/.dockerenv") or os.path.exists("/run/.containerenv")
