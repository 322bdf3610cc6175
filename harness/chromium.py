"""Which Chromium to drive and how: the system's own, headless, never a downloaded build."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

DEFAULT_CHROMIUM = "/usr/bin/chromium"  # Debian's package
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Without these Chromium keeps calling home, which a closed network refuses.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Requests that leave this machine (a font CDN, for example) are cut off: neither the
# tests nor the benchmark may depend on the network.
EXTERNAL = re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/])[a-z][a-z0-9+.-]*://")


def chromium_path() -> str | None:
    """$CHROMIUM_PATH, else chromium on the PATH, else Debian's; None when there is none."""
    configured = os.environ.get("CHROMIUM_PATH")
    if configured:
        return configured if Path(configured).is_file() else None
    for name in ("chromium", "chromium-browser"):
        if found := shutil.which(name):
            return found
    return DEFAULT_CHROMIUM if Path(DEFAULT_CHROMIUM).is_file() else None
