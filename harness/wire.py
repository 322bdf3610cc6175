"""A widget's value on the wire: what its element says, and what a WidgetState carries.

A widget's id ends with the key the app gave it (``$$ID-<hash>-<key>``). Its value goes
back to the server in a ``WidgetState`` field that depends on the kind of widget: a number
for a slider or a number input, True/False for a toggle, a checkbox or a folded section
that reruns when opened (an expander with a key), the option's text for
a select slider, a segmented control, a radio or a select box, the text for a text input
or area, a one-off trigger for a button. A value is kept here as (field, value).
"""

from __future__ import annotations

Wire = tuple[str, object]  # (WidgetState field, value)
TRIGGER: Wire = ("trigger_value", True)  # a button pressed: sent with one run only


def key_of(widget_id: str) -> str | None:
    """The key the app gave a widget, from its id; None for a widget without one."""
    if not widget_id.startswith("$$ID-") or widget_id.count("-") < 2:
        return None
    key = widget_id.split("-", 2)[2]
    return key if key and key != "None" else None


def to_wire(kind: str, element, value) -> Wire:
    """A value as a user would give it, for a widget of this kind (TypeError: none can be)."""
    if kind == "slider" and len(element.options):
        return ("string_array_value", [str(value)])
    if kind == "slider":
        return ("double_array_value", [float(value)])
    if kind in ("checkbox", "expander"):
        return ("bool_value", bool(value))
    if kind == "number_input":
        return ("double_value", float(value))
    if kind in ("text_area", "text_input", "selectbox", "radio"):
        return ("string_value", str(value))
    if kind in ("button_group", "multiselect"):
        values = value if isinstance(value, list | tuple) else [value]
        return ("string_array_value", [str(v) for v in values])
    if kind == "button":
        return TRIGGER
    raise TypeError(f"a {kind} cannot be set")


def choices(kind: str, element) -> list[str]:
    """The options a widget offers, as their text (empty for a widget without options)."""
    if kind == "button_group":
        return [option.content for option in element.options]
    return [str(o) for o in getattr(element, "options", [])]


def from_element(kind: str, proto) -> Wire | None:
    """The widget's value as its element says it, as a browser's widget takes it.

    The value the app set (``set_value``), else its default; None for a widget without a
    state of its own (a button) or without a value yet.
    """
    fresh = getattr(proto, "set_value", False)

    def has(name: str) -> bool:
        try:
            return proto.HasField(name)
        except ValueError:  # not an optional field: always there
            return True

    if kind == "slider" and len(proto.options):
        value = list(proto.raw_value) if fresh else [proto.options[int(i)] for i in proto.default]
        return ("string_array_value", value)
    if kind == "slider":
        return ("double_array_value", list(proto.value if fresh else proto.default))
    if kind == "checkbox":
        return ("bool_value", proto.value if fresh else proto.default)
    if kind in ("number_input", "text_area", "text_input"):
        if not (has("value") if fresh else has("default")):
            return None
        field = "double_value" if kind == "number_input" else "string_value"
        return (field, proto.value if fresh else proto.default)
    if kind in ("selectbox", "radio"):
        if fresh:
            return ("string_value", proto.raw_value)
        if has("default") and 0 <= proto.default < len(proto.options):
            return ("string_value", proto.options[proto.default])
        return None
    if kind in ("button_group", "multiselect"):
        options = choices(kind, proto)
        value = list(proto.raw_values) if fresh else [options[int(i)] for i in proto.default]
        return ("string_array_value", value)
    return None


def widget_state(widget_id: str, wire: Wire):
    """The WidgetState that sends this value for the widget with this id."""
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    field_name, value = wire
    state = WidgetState(id=widget_id)
    if field_name.endswith("_array_value"):
        getattr(state, field_name).data[:] = value
    else:
        setattr(state, field_name, value)
    return state
