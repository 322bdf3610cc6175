"""Chart layouts made by Altair once per shape, then filled with each run's values.

Building an Altair chart validates it against the Vega-Lite schema, which costs 50–120 ms
where the data costs a fraction of one. A layout is a function that builds an Altair
chart from keyword arguments, decorated with ``@layout("name", …)`` naming its *values*:
the arguments that only appear in the spec as they are (titles, domains, sizes, labels,
tick lists). The other arguments are its *shape* (which layers and encodings there are).

The first call of a shape builds the chart with a placeholder for each value, validated
as usual, and keeps the spec's JSON text cut at the placeholders; every call fills the
cuts with its values' JSON and parses the text (about 0.05 ms). So whatever a student's
language, domains and sizes, a rerun runs no Altair code, and Altair stays the one source
of every layout: ``Layout.altair_spec`` builds the same spec directly, and the tests hold
the two equal.

What a layout may do with a value: pass it to Altair, or put it into a string (an
f-string of a filter). Arithmetic on a value belongs outside the layout (pass the result
as a value): a number's placeholder refuses arithmetic. A falsy value
(None, "", 0, an empty list) is taken as part of the shape, so that ``title or default``
inside a layout means the same with a placeholder; booleans too.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import altair as alt
import numpy as np
import pandas as pd

if TYPE_CHECKING:
    import pyarrow as pa

NO_DATA = pd.DataFrame()  # layouts are built without data; each run supplies its own
# A placeholder for the value in argument k: a string no text of the app holds (control
# characters), and a number no chart holds; both pass the schema wherever theirs would.
_TEXT = "\x00v{}\x00"
_NUMBER = 7_300_000_000  # + k, k < 100 000
# The placeholders' JSON text: a list, a string (or a part of one), a number.
_TOKEN = re.compile(r'\["\\u0000v\d+\\u0000"\]|\\u0000v\d+\\u0000|(?<![\d.])73000\d{5}(?![\d.])')


@dataclass(frozen=True)
class Figure:
    """A chart as Streamlit draws it: a filled layout (a Vega-Lite spec) and this run's data
    (an Arrow table, see ui.charts.frames). Draw it with ui.widgets.show_chart."""

    spec: dict
    data: pa.Table


def to_spec(chart: alt.TopLevelMixin) -> dict:
    """An Altair chart's spec without its data or theme, ready to take any data."""
    with alt.data_transformers.disable_max_rows():
        spec = chart.to_dict()
    for key in ("data", "datasets", "config"):
        spec.pop(key, None)
    return spec


def _plain(value):
    """A value as Altair writes it into a spec: numpy numbers as floats, sequences as lists."""
    if isinstance(value, np.generic) and not isinstance(value, np.bool_):
        return float(value) if isinstance(value, np.number) else value.item()
    if isinstance(value, (list, tuple, np.ndarray)):
        return [_plain(v) for v in value]
    return value


def _kind(value) -> str | None:
    """How a value is held open in a template: "text", "number", "list"; None when the
    value is part of the shape (booleans and falsy values)."""
    if isinstance(value, (bool, np.bool_)) or value is None:
        return None
    if isinstance(value, (list, tuple, np.ndarray)):
        return "list" if len(value) else None
    if not value:
        return None
    if isinstance(value, str):
        return "text"
    if isinstance(value, (int, float, np.number)):
        return "number"
    raise TypeError(f"a layout value must be text, a number or a list, not {type(value)}")


class _Number(int):
    """A number's placeholder: arithmetic on it is a mistake (it would compute with the
    placeholder, not with the value), so it raises. (Comparisons stay: the schema's
    bounds are checked with them.)"""

    def _refuse(self, *_):
        raise TypeError("a layout cannot compute with one of its values: pass the result")

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _refuse
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = __neg__ = _refuse


def _placeholder(kind: str, k: int):
    if kind == "number":
        return _Number(_NUMBER + k)
    return [_TEXT.format(k)] if kind == "list" else _TEXT.format(k)


def _token(kind: str, k: int) -> str:
    text = json.dumps(_placeholder(kind, k))
    return text[1:-1] if kind == "text" else text


@dataclass(frozen=True)
class Template:
    """A spec's JSON text cut at its values: literal text around each value's place."""

    literals: tuple[str, ...]  # one more than places: before, between and after them
    names: tuple[str, ...]  # the value that goes in each place
    kinds: tuple[str, ...]  # and how it is written there

    @classmethod
    def cut(cls, text: str, slots: dict[str, tuple[str, str]]) -> Template:
        """The text cut at every placeholder (``slots``: its JSON text -> name, kind)."""
        tokens = _TOKEN.findall(text)
        if stray := [t for t in tokens if t not in slots]:
            raise ValueError(f"the spec holds what looks like a placeholder: {stray}")
        return cls(
            literals=tuple(_TOKEN.split(text)),
            names=tuple(slots[t][0] for t in tokens),
            kinds=tuple(slots[t][1] for t in tokens),
        )

    def fill(self, values: dict) -> dict:
        """The spec with these values in their places."""
        out = [self.literals[0]]
        for name, kind, literal in zip(self.names, self.kinds, self.literals[1:], strict=True):
            text = json.dumps(_plain(values[name]))
            out += (text[1:-1] if kind == "text" else text, literal)
        return json.loads("".join(out))


class Layout:
    """A chart layout: its spec for given arguments, from a template per shape (see module)."""

    def __init__(self, build: Callable[..., alt.TopLevelMixin], values: tuple[str, ...]):
        self.build = build
        self.values = frozenset(values)
        functools.update_wrapper(self, build)
        self.templates = functools.lru_cache(maxsize=128)(self._template)

    def _shape(self, arguments: dict) -> tuple:
        # (name, kind or None, the value itself when it is part of the shape), by name
        key = []
        for name in sorted(arguments):
            value = arguments[name]
            kind = _kind(value) if name in self.values else None
            if kind is None:
                value = tuple(value) if isinstance(value, list) else value
                key.append((name, None, type(value).__name__, value))
            else:
                key.append((name, kind, None, None))
        return tuple(key)

    def _template(self, shape: tuple) -> Template:
        arguments, slots = {}, {}
        for k, (name, kind, _type, value) in enumerate(shape):
            if kind is None:
                arguments[name] = value
            else:
                arguments[name] = _placeholder(kind, k)
                slots[_token(kind, k)] = (name, kind)
        return Template.cut(json.dumps(to_spec(self.build(**arguments))), slots)

    def __call__(self, **arguments) -> dict:
        """The spec for these arguments: their shape's template, filled with their values."""
        return self.templates(self._shape(arguments)).fill(arguments)

    def altair_spec(self, **arguments) -> dict:
        """The same spec, built by Altair directly from the arguments (what __call__ equals)."""
        return to_spec(self.build(**arguments))

    def cache_clear(self) -> None:
        self.templates.cache_clear()


def layout(*values: str) -> Callable[[Callable[..., alt.TopLevelMixin]], Layout]:
    """Make a chart-building function (keyword arguments only) a Layout; ``values`` name
    the arguments that appear in the spec as they are (see the module's docstring)."""
    return lambda build: Layout(build, values)
