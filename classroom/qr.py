"""The join link as a QR code, drawn here as SVG (segno; no outside service is asked)."""

from __future__ import annotations

import io

import segno

MAX_LINK_CHARS = 2000  # a join link is about 60; a QR code of thousands is unreadable on a wall


def qr_svg(link: str, *, dark: str = "#000", light: str = "#fff", title: str | None = None) -> str:
    """The QR code of ``link`` as one <svg> element that scales to its container (a
    viewBox, no fixed size), with the four-module quiet zone scanners need; ``title``
    (escaped) is what a screen reader says. ValueError for a link too long to scan."""
    if not isinstance(link, str) or not link or len(link) > MAX_LINK_CHARS:
        raise ValueError("a link of 1 to 2000 characters")
    # Medium error correction, raised further where the code stays the same size.
    qr = segno.make_qr(link, error="m", boost_error=True)
    out = io.BytesIO()
    qr.save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,  # valid on its own too: as a file or an <img> data URI
        nl=False,
        omitsize=True,
        border=4,
        dark=dark,
        light=light,
        title=title,
    )
    return out.getvalue().decode("utf-8")
