"""A deployment's setting, by name: the environment's value, else Streamlit's secrets'.

The UI passes ``st.secrets`` (None where there are none): this package reads no secrets
itself. The settings: classroom.factory.SETTING (the class store) and
classroom.address.PUBLIC_SETTING (the join link's address).
"""

from __future__ import annotations

import os
from collections.abc import Mapping


def setting(
    name: str, environ: Mapping[str, str] = os.environ, secrets: Mapping | None = None
) -> str:
    """The setting ``name``: the environment's, else the secrets' (a text), else ""."""
    value = environ.get(name, "")
    if not value.strip() and secrets is not None:
        found = secrets.get(name, "")
        value = found if isinstance(found, str) else ""
    return value.strip()
