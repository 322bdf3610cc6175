"""The chart builders' colour scales: signed values on a symmetric, round, stable domain."""

from __future__ import annotations

import json
import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.charts import ROUND_STEPS, chart_config, chart_labels, fixed, heatmap, round_bound


def signed_domain(figure) -> list[float]:
    return figure.spec["layer"][0]["encoding"]["color"]["condition"]["scale"]["domain"]


@given(st.floats(min_value=1e-6, max_value=1e6, allow_nan=False))
def test_round_bound_covers_the_value_and_stays_within_a_third_of_it(x):
    b = round_bound(x)
    assert b == round_bound(-x)
    assert x <= b * (1 + 1e-12)
    assert b <= x * 4 / 3 * (1 + 1e-12)  # the widest gap between two steps is 1.5 -> 2


@given(st.floats(min_value=1e-6, max_value=1e6, allow_nan=False))
def test_round_bound_is_a_step_times_a_power_of_ten(x):
    b = round_bound(x)
    mantissa = b / 10.0 ** math.floor(math.log10(b) + 1e-9)
    assert any(math.isclose(mantissa, step) for step in ROUND_STEPS)


@pytest.mark.parametrize(
    ("x", "expected"),
    [(1.0, 1.0), (0.3, 0.3), (1.01, 1.2), (1.21, 1.5), (2.6, 3.0), (7.9, 8.0), (8.01, 10.0)],
)
def test_round_bound_of_a_few_values(x, expected):
    assert round_bound(x) == expected


@pytest.mark.parametrize("x", [0.0, math.nan, math.inf])
def test_round_bound_without_a_magnitude_is_one(x):
    assert round_bound(x) == 1.0


@pytest.mark.parametrize("x", [5e-324, 1e-310, 1.7e308])
def test_round_bound_at_the_ends_of_float64_is_finite_and_covers_the_value(x):
    b = round_bound(x)
    assert math.isfinite(b) and b >= x


def test_a_signed_heatmap_is_symmetric_about_zero_and_covers_every_value():
    m = np.array([[0.5, -1.7], [1.1, 0.0]])
    domain = signed_domain(heatmap(m, ["a", "b"], ["x", "y"], kind="signed"))
    assert domain == [-2.0, 2.0]  # max |value| = 1.7, rounded up to the next step


def test_a_small_change_in_the_values_keeps_the_same_layout():
    """A slider move that changes the values a little sends the same spec (not a new one)."""
    rng = np.random.default_rng(0)
    m = rng.uniform(-1.1, 1.1, size=(5, 4))
    a = heatmap(m, list("abcde"), list("wxyz"), kind="signed")
    b = heatmap(m * 1.03, list("abcde"), list("wxyz"), kind="signed")
    assert signed_domain(a) == signed_domain(b) == [-1.2, 1.2]
    assert json.dumps(a.spec) == json.dumps(b.spec)
    assert not a.data.equals(b.data)


def test_a_signed_heatmap_of_zeros_or_masked_cells_has_a_unit_domain():
    m = np.array([[0.0, -np.inf], [0.0, 0.0]])
    assert signed_domain(heatmap(m, ["a", "b"], ["x", "y"], kind="signed")) == [-1.0, 1.0]


def test_a_heatmap_fits_the_width_and_keeps_its_height_for_the_cells():
    fig = heatmap(np.eye(2), ["a", "b"], ["x", "y"])
    # laid out again when the width turns its labels (the axis grows; its title stays in)
    assert fig.spec["autosize"] == {"type": "fit-x", "contains": "padding", "resize": True}
    assert fig.spec["height"] == 2 * 34  # two rows of 34 px cells; the axes come on top


def test_a_value_that_rounds_to_zero_is_never_printed_with_a_minus_sign():
    # "-0.00" reads as a negative number to a student; it is "0.00".
    fig = heatmap(np.array([[-0.001, -0.004], [0.004, -0.006]]), ["a", "b"], ["c", "d"])
    assert fig.data.column("text").to_pylist() == ["0.00", "0.00", "0.00", "-0.01"]
    assert fixed([-1e-9, -0.00004, -0.00006], 4).tolist() == ["0.0000", "0.0000", "-0.0001"]


def test_chart_labels_need_no_emoji_font_and_stay_apart():
    assert chart_labels(["cake", "🇫🇷", "👍🏽", "👨\u200d👩\u200d👧", "👍"]) == [
        "cake",
        "flag FR",
        "👍",
        "👨+👩+👧",
        "👍 (2)",
    ]


def x_label_angle(figure, chart_width: float) -> int:
    """The x labels' angle the browser takes for a chart this many pixels wide (the axis
    decides from its own width: "width / columns >= room ? level : rotated")."""
    expr = figure.spec["layer"][0]["encoding"]["x"]["axis"]["labelAngle"]["expr"]
    found = re.fullmatch(r"width / (\d+) >= (\d+) \? (-?\d+) : (-?\d+)", expr)
    align = figure.spec["layer"][0]["encoding"]["x"]["axis"]["labelAlign"]["expr"]
    assert align.startswith(expr.split(" ?")[0])  # centred when level, at the tick when not
    columns, room, level, rotated = map(int, found.groups())
    return level if chart_width / columns >= room else rotated


ARTICLE = ["I", "ate", "the", "cake", "and", "it", "was", "delicious", "."]
SHORT = ["I", "it", "a", "an", "is", "he", "we", "me", "at"]
CJK = ["美味的蛋糕", "我吃了蛋糕", "它很好吃啊"]


@pytest.mark.parametrize(
    ("labels", "width", "present", "angle"),
    [
        # "delicious" takes about 55 px at 12 px, 82 px at 18 px; "was" about 24 and 36 px:
        # centred on their columns, the two share the room between their centres.
        (ARTICLE, 9 * 50, False, 0),  # a laptop's 50-px cells hold them level
        (ARTICLE, 9 * 66, True, 0),  # and a projector's 66-px ones at 18 px
        (ARTICLE, 9 * 60, True, -45),  # but not 60-px ones
        (ARTICLE, 9 * 34, False, -45),  # a phone's 34-px cells: rotated
        (SHORT, 9 * 34, True, 0),  # short labels stand level even there
        (["extraordinarily", *SHORT[1:]], 9 * 40, False, -45),  # one long label turns all
        (CJK, 3 * 90, True, -45),  # five CJK characters: 90 px at 18 px
        (CJK, 3 * 100, True, 0),
    ],
)
def test_x_labels_stand_level_where_the_cells_are_wide_enough_and_turn_where_not(
    labels, width, present, angle
):
    n = len(labels)
    figure = heatmap(np.zeros((2, n)), ["a", "b"], labels, present=present)
    assert x_label_angle(figure, width) == angle


def test_axis_labels_are_dark_and_larger_in_the_presenter_view():
    usual, presenting = chart_config(False), chart_config(True)
    assert usual["axis"]["labelFontSize"] >= 12
    assert presenting["axis"]["labelFontSize"] >= 18
    assert presenting["axis"]["labelFontSize"] > usual["axis"]["labelFontSize"]
    for config in (usual, presenting):
        for part in ("axis", "legend"):
            rgb = [int(config[part]["labelColor"][k : k + 2], 16) for k in (1, 3, 5)]
            assert max(rgb) <= 0x30, rgb  # near-black, not Streamlit's light grey
    dark = chart_config(True, dark=True)["axis"]["labelColor"]
    assert min(int(dark[k : k + 2], 16) for k in (1, 3, 5)) >= 0xE0  # near-white on dark


def _contrast(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    hi, lo = np.maximum(a, b), np.minimum(a, b)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize(
    ("kind", "domain"), [("weights", (0.0, 1.0)), ("signed", (-2.5, 2.5)), ("plain", (-3.0, 7.0))]
)
def test_a_cells_number_is_legible_on_its_colour(kind, domain):
    """Every cell's ink stands at least 4.5:1 (WCAG AA) against the cell's own colour, as
    Vega draws it, over the whole domain: the old rule (white below 55 % of viridis) wrote
    white on mid-green at 3.9:1."""
    from ui.charts.palette import cell_rgb, ink, luminance

    values = np.linspace(*domain, 1001)
    cells = luminance(cell_rgb(values, kind, domain))
    inks = np.where(ink(values, kind, domain) == "white", 1.0, 0.0)
    assert _contrast(cells, inks).min() >= 4.5
    assert luminance(cell_rgb(np.array([0.5]), "weights", (0.0, 1.0)))[0] > 0.17  # mid-green
    assert ink(np.array([0.5]), "weights", (0.0, 1.0))[0] == "black"


def test_the_scheme_colours_are_vegas():
    """The stops' ends are Vega's: viridis #440154 … #fde725, blueorange #134b85 … #994a07."""
    from ui.charts.palette import scheme_rgb

    ends = scheme_rgb(np.array([0.0, 1.0]), "viridis") * 255
    np.testing.assert_allclose(ends, [[0x44, 0x01, 0x54], [0xFD, 0xE7, 0x25]], atol=1e-9)
    ends = scheme_rgb(np.array([0.0, 1.0]), "blueorange") * 255
    np.testing.assert_allclose(ends, [[0x13, 0x4B, 0x85], [0x99, 0x4A, 0x07]], atol=1e-9)
