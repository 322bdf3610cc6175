"""What a browser tab does over plain HTTP before its websocket: the health request, and
the cookies it keeps (a load balancer's affinity cookie among them) to send back.

harness.protocol asks the health endpoint until it answers, as Streamlit's frontend does,
then opens the websocket with the cookies kept here.
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit

HEALTH_PATH = "/_stcore/health"


def cookie_header(cookies: dict[str, str]) -> dict[str, str]:
    """The Cookie header that sends ``cookies`` back, or none."""
    if not cookies:
        return {}
    return {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}


def keep_cookie(cookies: dict[str, str], set_cookie: str) -> None:
    """Keep what a Set-Cookie header sets, as a browser would send it back."""
    name, _, rest = set_cookie.strip().partition("=")
    cookies[name.strip()] = rest.split(";", 1)[0].strip()


async def healthy(base_url: str, cookies: dict[str, str]) -> bool:
    """GET the health endpoint (HTTP/1.1, no thread), keeping in ``cookies`` what it sets."""
    url = urlsplit(base_url)
    cookie = "".join(f"{k}: {v}\r\n" for k, v in cookie_header(cookies).items())
    request = (
        f"GET {HEALTH_PATH} HTTP/1.1\r\nHost: {url.netloc}\r\n{cookie}Connection: close\r\n\r\n"
    )
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(url.hostname, url.port or 80), 5
        )
    except (OSError, TimeoutError):
        return False
    try:
        writer.write(request.encode())
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), 5)
    except (OSError, TimeoutError):
        return False
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()
    head = data.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    for line in head[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "set-cookie":
            keep_cookie(cookies, value)
    return bool(head) and head[0].split(" ")[1:2] == ["200"]
