"""The join link's QR code, drawn here as SVG."""

from __future__ import annotations

import xml.dom.minidom

import pytest

from classroom.qr import qr_svg


def test_the_qr_code_is_one_scalable_svg_element():
    svg = qr_svg("https://lab.example/?class=K7M4QX9PA", title="Join <class> & vote")
    root = xml.dom.minidom.parseString(svg).documentElement
    assert root.tagName == "svg" and root.getAttribute("xmlns") == "http://www.w3.org/2000/svg"
    side = int(root.getAttribute("viewBox").split()[2])
    assert side in (29 + 8, 33 + 8)  # version 3 or 4, with the four-module quiet zone
    assert not root.getAttribute("width") and not root.getAttribute("height")
    assert "Join &lt;class&gt; &amp; vote" in svg
    with pytest.raises(ValueError):
        qr_svg("x" * 3000)
    with pytest.raises(ValueError):
        qr_svg("")
