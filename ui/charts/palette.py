"""Colours, type sizes and scales every chart shares, and numbers and labels as a chart shows them.

Colour rules: weights in [0, 1] use viridis on a fixed [0, 1] domain (so two maps can be
compared by eye); signed values use the colour-blind-safe diverging "blueorange" centred
on 0, over a symmetric domain ±B where B is the largest magnitude rounded up to a round
number (see round_bound). Masked cells (-inf) are grey and labelled −∞. Lines and bars
take colours from the Okabe–Ito palette, which every common colour blindness tells apart.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable

import altair as alt
import numpy as np

from core.tokens import plain_label, unique_labels

# A figure with many texts takes the catalogue's lookup (ui.i18n.t) and fetches its own
# titles: a text key and its values -> the text in the page's language.
Text = Callable[..., str]

OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000")
SCALED_COLOR = OKABE_ITO[0]  # scores divided by √d_k: blue
RAW_COLOR = OKABE_ITO[5]  # raw scores: vermillion
MARK_COLOR = "#555555"  # rules and labels that mark the current setting
BAR = "#3b528b"  # viridis blue
HIGHLIGHT = "#fde725"  # viridis yellow
ALLOWED_COLOR = "#21918c"  # viridis' middle: clearly apart from the grey of blocked cells
BLOCKED_COLOR = "#d9d9d9"  # masked (−∞) cells
BLOCKED_INK = "#333333"
FOCUS_COLOR = "#000000"  # the outline of the followed token's row: apart from every scale
CITED_COLOR = OKABE_ITO[5]  # the dashed outline of single cells, e.g. the article's numbers

NUMBERS_MAX_CELLS = 12  # print numbers in cells when both sides are at most this
CELL = 34  # pixels per cell for small matrices
PRESENT_CELL = 52  # pixels per cell in the presenter view: room for 18 px numbers
AXIS_LABELS_MAX = 32  # past this many columns a label per column is only clutter
MASKED = "−∞"
# The steps of a round bound, per power of ten: each at most 1.33× the one before, so the
# largest value still reaches three quarters of the way to the end of the colour scale.
ROUND_STEPS = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
# Vega's colour schemes as the browser draws them: vega-scale interpolates these stops (its
# own, read from its source) piecewise-linearly in RGB, evenly spaced over the domain. A
# cell's colour computed here is the one on screen, so its number's ink can be chosen by
# the cell's luminance (WCAG's relative luminance), not by a guess at where a scheme darkens.
SCHEME_STOPS = {
    "viridis": "440154470e61481a6c482575472f7d443a834144873d4e8a39568c35608d31688e2d708e2a788e"
    "27818e23888e21918d1f988b1fa08822a8842ab07f35b77943bf7154c56866cc5d7ad1518fd744a5db36bcd"
    "f27d2e21be9e51afde725",
    "blueorange": "134b852f78b35da2cb9dcae1d2e5eff2f0ebfce0bafbbf74e8932fc5690d994a07",
}


# The smallest type a chart draws in the presenter view, in pixels: read from the back of a
# room on a 1280 × 720 projector (16 px labels were not).
PRESENT_TYPE = 18
# Axis labels (tokens, dimensions) in pixels: the usual size, and a projector's.
LABEL_SIZE = {False: 12, True: PRESENT_TYPE}
# Axis labels and titles in near-black (near-white on a dark theme): Streamlit's own chart
# theme greys them, too light to read from the back of a room.
INK = {False: "#1a1a1a", True: "#f4f4f4"}
# Letters that take about a third of an em in a sans-serif type, and those that take most.
_NARROW = frozenset("iljtfrI.,:;'!|()[] ")
_WIDE = frozenset("mwMW@%")
LABEL_GAP = 6  # pixels between two level labels


def chart_config(present: bool, dark: bool = False) -> dict:
    """The type sizes and ink every chart is drawn with: the usual ones, or a projector's
    (the presenter view), where a number in a cell must be legible from the back of a room."""
    label = LABEL_SIZE[present]
    size = (
        {"text": PRESENT_TYPE, "title": PRESENT_TYPE + 1} if present else {"text": 11, "title": 13}
    )
    ink_ = {"labelColor": INK[dark], "titleColor": INK[dark]}
    return {
        "text": {"fontSize": size["text"]},
        "axis": {"labelFontSize": label, "titleFontSize": size["title"], **ink_},
        "legend": {"labelFontSize": label, "titleFontSize": size["title"], **ink_},
        "header": {"labelFontSize": size["title"], **ink_},
        "title": {"fontSize": size["title"] + 2, "color": INK[dark]},
    }


CONFIGS = {
    (present, dark): chart_config(present, dark)
    for present in (False, True)
    for dark in (False, True)
}


def text_width(text: str, font_size: float) -> float:
    """About how many pixels a label takes in the charts' sans-serif type (an estimate that
    errs wide: a label it says fits does fit)."""
    ems = 0.0
    for ch in text:
        if ord(ch) > 0x2E7F:  # CJK and other full-width characters
            ems += 1.0
        elif ch in _NARROW:
            ems += 0.34
        elif ch in _WIDE or ch.isupper():
            ems += 0.8 if ch in _WIDE else 0.68
        else:
            ems += 0.58
    return ems * font_size


def label_room(labels, font_size: float) -> int:
    """The width in pixels a column needs for its labels to stand level: each label is
    centred on its column, so two neighbours share the space between their centres (a
    long label beside short ones still fits), with a small gap between them."""
    widths = [text_width(str(label), font_size) for label in labels]
    if len(widths) < 2:
        return int(np.ceil(max(widths, default=0.0))) + LABEL_GAP
    widest = max((a + b) / 2 for a, b in itertools.pairwise(widths))
    return int(np.ceil(widest)) + LABEL_GAP


def round_bound(x: float) -> float:
    """The smallest round number ≥ |x| (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k); 1 for 0.

    A signed colour scale spans ±round_bound(max |value|): a slider move that changes the
    values a little keeps the same scale, so a cell's colour moves with its own value
    (not with a new scale), and the chart's spec stays the same.
    """
    x = abs(float(x))
    if not np.isfinite(x) or x == 0.0:
        return 1.0
    if not 1e-300 < x < 1e300:  # where a power of ten under- or overflows: kept as it is
        return x
    power = 10.0 ** np.floor(np.log10(x))
    # Rounding error in x / power must not push an exact step (0.3 = 3 × 0.1) to the next.
    bound = next(step * power for step in ROUND_STEPS if x <= step * power * (1 + 1e-12))
    return float(f"{bound:.12g}")  # 0.3, not 0.30000000000000004


def signed_domain(values: np.ndarray) -> tuple[float, float]:
    """±round_bound of the largest finite magnitude: 0 sits at the scale's neutral middle."""
    finite = np.asarray(values, dtype=np.float64)
    finite = finite[np.isfinite(finite)]
    bound = round_bound(np.abs(finite).max() if finite.size else 0.0)
    return (-bound, bound)


def color_scale(kind: str, domain: tuple[float, float] | None = None) -> alt.Scale:
    """ "weights": viridis on [0, 1]; "signed": blueorange centred on 0; "plain": viridis."""
    if kind == "weights":
        return alt.Scale(scheme="viridis", domain=list(domain or (0.0, 1.0)))
    if kind == "signed":
        return alt.Scale(
            scheme="blueorange", domainMid=0, **({"domain": list(domain)} if domain else {})
        )
    return alt.Scale(scheme="viridis", **({"domain": list(domain)} if domain else {}))


@functools.cache
def _stops(scheme: str) -> np.ndarray:
    """[k, 3] the scheme's stops as RGB in [0, 1]."""
    hexes = SCHEME_STOPS[scheme]
    return np.array([[int(hexes[i + c : i + c + 2], 16) for c in (0, 2, 4)]
                     for i in range(0, len(hexes), 6)]) / 255.0  # fmt: skip


def scheme_rgb(position: np.ndarray, scheme: str) -> np.ndarray:
    """[...] positions in [0, 1] -> [..., 3] the scheme's colour there, as Vega draws it."""
    stops = _stops(scheme)
    at = np.linspace(0.0, 1.0, len(stops))
    t = np.clip(np.nan_to_num(np.asarray(position, dtype=np.float64)), 0.0, 1.0)
    return np.stack([np.interp(t, at, stops[:, c]) for c in range(3)], axis=-1)


def luminance(rgb: np.ndarray) -> np.ndarray:
    """[..., 3] sRGB in [0, 1] -> WCAG 2's relative luminance."""
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


def cell_rgb(values: np.ndarray, kind: str, domain: tuple[float, float]) -> np.ndarray:
    """[...] values -> [..., 3] the colour of their cells (viridis, or blueorange when signed)."""
    lo, hi = domain
    with np.errstate(invalid="ignore"):
        position = (np.asarray(values, dtype=np.float64) - lo) / ((hi - lo) or 1.0)
    return scheme_rgb(position, "blueorange" if kind == "signed" else "viridis")


def ink(values: np.ndarray, kind: str, domain: tuple[float, float]) -> np.ndarray:
    """The text colour that stays legible on each cell's colour: white or black, whichever
    contrasts more with the cell's luminance (at least 4.6:1 on any colour)."""
    v = np.asarray(values, dtype=np.float64)
    lum = luminance(cell_rgb(v, kind, domain))
    dark = (1.05 / (lum + 0.05)) > ((lum + 0.05) / 0.05)  # white's contrast beats black's
    return np.where(np.isnan(v), BLOCKED_INK, np.where(dark, "white", "black"))


def cell_size(n: int) -> int:
    """Pixels per cell of an n-row matrix: full size while numbers are printed, then smaller."""
    return CELL if n <= NUMBERS_MAX_CELLS else max(8, min(CELL, 480 // n))


def chart_labels(labels) -> list[str]:
    """Axis labels: each token as text that needs no emoji font (see plain_label), repeated
    ones told apart. Tables and pickers show the tokens themselves."""
    return list(_chart_labels(tuple(str(label) for label in labels)))


@functools.lru_cache(maxsize=256)  # a class's sentences, each drawn many times a run
def _chart_labels(labels: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(unique_labels(plain_label(label) for label in labels))


def fixed(values, decimals: int) -> np.ndarray:
    """Numbers as text with ``decimals`` places; one that rounds to zero is "0.00", never
    "-0.00", which a student would read as a negative number."""
    v = np.asarray(values, dtype=np.float64)
    v = np.where(np.abs(v) < 0.5 * 10.0**-decimals, 0.0, v)
    return np.char.mod(f"%.{decimals}f", v)
