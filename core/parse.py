"""Yes or no from text, such as a link's parameters: one word list for every setting."""

from __future__ import annotations

import numpy as np

TRUE = frozenset({"1", "true", "on", "yes"})
FALSE = frozenset({"0", "false", "off", "no"})


def parse_flag(value: object) -> bool | None:
    """True or False from a bool or from text (any case, spaces around it ignored), None when
    it is neither."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    text = str(value).strip().lower()
    return True if text in TRUE else False if text in FALSE else None
