"""Charts of the RoPE page: the pairs of q and k as turning arrows, the score against the
distance in both schemes, and each pair's wavelength beside the Tokens page's columns.

Colours (Okabe–Ito): q blue and k orange in the arrows; in the curves and the wavelengths,
RoPE blue and the sinusoid vermillion, each named in its chart's title or legend.
"""

from __future__ import annotations

import altair as alt
import numpy as np

from core.rope.compare import DistanceScores
from core.rope.rotary import RopeScore
from ui.charts import MARK_COLOR, NO_DATA, OKABE_ITO, Categories, Figure, Text, layout, table

PANEL = 160  # pixels a side: two panels and their gaps fit a phone
PRESENT_PANEL = 260  # in the presenter view: a projector's screen is wide
GRID_COLUMNS = 2
REACH = 1.3  # the panels span ±REACH of the longer arrow's length
CIRCLE_POINTS = 49
STAGE_DASH = ([4, 3], [1, 0])  # before (at position 0): dashed; turned: solid
CURVE_HEIGHT = 380  # pixels, the legend below the plot included
START_WIDTHS = (6.0, 3.5, 1.5)  # the curves' widths: thick under thin, so one on another shows
WAVE_HEIGHT = 360


def shown_pairs(n_pairs: int, most: int = 4) -> list[int]:
    """The pairs drawn as panels: all of them, or ``most`` spread from the fastest to the
    slowest (the first and the last always among them)."""
    if n_pairs <= most:
        return list(range(n_pairs))
    return sorted({round(x) for x in np.linspace(0, n_pairs - 1, most)})


@layout("panels", "vectors", "stages", "vector_title", "stage_title", "width")
def pairs_layout(
    *,
    columns: int,
    panels: list[str],
    vectors: list[str],  # [q's name, k's name]
    stages: list[str],  # [before, turned]
    vector_title: str,
    stage_title: str,
    width: int,
) -> alt.FacetChart:
    x = alt.X("x:Q", scale=alt.Scale(domain=[-REACH, REACH], nice=False), axis=None)
    y = alt.Y("y:Q", scale=alt.Scale(domain=[-REACH, REACH], nice=False), axis=None)
    guide = alt.Chart().transform_filter("datum.kind == 'guide'")
    circle = guide.mark_line(color="#bbbbbb", strokeWidth=1).encode(
        x=x, y=y, order="o:Q", detail="part:N"
    )
    arrows = alt.Chart().transform_filter("datum.kind == 'arrow'")
    color = alt.Color(
        "vector:N",
        title=vector_title,
        scale=alt.Scale(domain=vectors, range=list(OKABE_ITO[:2])),
        legend=alt.Legend(orient="bottom", direction="vertical", labelLimit=260),
    )
    dash = alt.StrokeDash(
        "stage:N",
        title=stage_title,
        scale=alt.Scale(domain=stages, range=list(STAGE_DASH)),
        legend=alt.Legend(orient="bottom", direction="vertical", labelLimit=260),
    )
    tooltip = [
        alt.Tooltip("vector:N", title=vector_title),
        alt.Tooltip("stage:N", title=stage_title),
        alt.Tooltip("a:Q", title="x", format=".3f"),
        alt.Tooltip("b:Q", title="y", format=".3f"),
        alt.Tooltip("degrees:Q", title="°", format=".1f"),
    ]
    shaft = arrows.mark_rule(strokeWidth=2.5).encode(
        x=alt.X("x0:Q", scale=alt.Scale(domain=[-REACH, REACH], nice=False), axis=None),
        y=alt.Y("y0:Q", scale=alt.Scale(domain=[-REACH, REACH], nice=False), axis=None),
        x2="x:Q",
        y2="y:Q",
        color=color,
        strokeDash=dash,
        tooltip=tooltip,
    )
    tip = arrows.mark_point(filled=True, size=45, opacity=1).encode(
        x=x, y=y, color=color, tooltip=tooltip
    )
    name = (
        arrows.transform_filter("datum.turned")
        .mark_text(fontWeight="bold", dx=9, dy=-7)
        .encode(x=x, y=y, text="short:N", color=color)
    )
    cells = alt.layer(circle, shaft, tip, name, data=NO_DATA).properties(width=width, height=width)
    return cells.facet(
        facet=alt.Facet(
            "panel:N",
            title=None,
            sort=panels,
            header=alt.Header(labelFontWeight="bold", labelLimit=2 * PANEL),
        ),
        columns=columns,
        spacing=12,
    )


def _circle(n_panels: int) -> dict:
    """A unit circle in every panel, and the two axes through the centre, as guide lines."""
    a = np.linspace(0.0, 2 * np.pi, CIRCLE_POINTS)
    lines = [(np.cos(a), np.sin(a)), ([-REACH, REACH], [0.0, 0.0]), ([0.0, 0.0], [-REACH, REACH])]
    xs = np.concatenate([np.asarray(x, float) for x, _ in lines])
    ys = np.concatenate([np.asarray(y, float) for _, y in lines])
    part = np.concatenate([np.full(len(x), k) for k, (x, _) in enumerate(lines)])
    count = len(xs)
    return {
        "p": np.repeat(np.arange(n_panels), count),
        "x": np.tile(xs, n_panels),
        "y": np.tile(ys, n_panels),
        "o": np.tile(np.arange(count), n_panels),
        "part": np.tile(part, n_panels),
    }


def turning_pairs(
    view: RopeScore, pairs: list[int], q_name: str, k_name: str, text: Text, panel_px: int = PANEL
) -> Figure:
    """Pairs of q and k as arrows: each before (dashed, at position 0) and turned to its
    position (solid). Each panel is drawn to its own scale (the longer of the two arrows
    reaches the circle); a turn keeps every length."""
    stages = [text("rope.stage_before"), text("rope.stage_turned")]
    vectors = [q_name, k_name]
    names = [
        text("rope.panel", i=i, a=int(view.q.dims[i, 0]) + 1, b=int(view.q.dims[i, 1]) + 1)
        for i in pairs
    ]
    rows = []  # (panel, vector, turned, a, b): one arrow each
    for k, i in enumerate(pairs):
        for v, side in enumerate((view.q, view.k)):
            rows += [(k, v, 0, *side.before[i]), (k, v, 1, *side.after[i])]
    panel, vector, turned, a, b = (np.array(c) for c in zip(*rows, strict=True))
    reach = np.array([max(np.hypot(*view.q.before[i]), np.hypot(*view.k.before[i])) for i in pairs])
    reach = np.where(reach > 0, reach, 1.0)[panel]
    guide = _circle(len(pairs))
    m, g = len(panel), len(guide["p"])
    columns = {
        "kind": np.array(["arrow"] * m + ["guide"] * g, dtype=object),
        "panel": Categories(np.concatenate([panel, guide["p"]]), names),
        "vector": Categories(np.concatenate([vector, np.zeros(g, int)]), vectors),
        "short": Categories(np.concatenate([vector, np.zeros(g, int)]), ["q", "k"]),
        "stage": Categories(np.concatenate([turned, np.zeros(g, int)]), stages),
        "turned": np.concatenate([turned.astype(bool), np.zeros(g, bool)]),
        "x": np.concatenate([a / reach, guide["x"]]),
        "y": np.concatenate([b / reach, guide["y"]]),
        "x0": np.zeros(m + g),
        "y0": np.zeros(m + g),
        "o": np.concatenate([np.zeros(m, int), guide["o"]]),
        "part": np.concatenate([np.full(m, -1), guide["part"]]),
        "a": np.concatenate([a, np.zeros(g)]),
        "b": np.concatenate([b, np.zeros(g)]),
        "degrees": np.concatenate([np.degrees(np.arctan2(b, a)) % 360, np.zeros(g)]),
    }
    spec = pairs_layout(
        columns=min(len(pairs), GRID_COLUMNS),
        panels=names,
        vectors=vectors,
        stages=stages,
        vector_title=text("rope.vector"),
        stage_title=text("rope.stage"),
        width=panel_px,
    )
    return Figure(spec, table(columns))


@layout(
    "starts", "widths", "color", "x_domain", "x_title", "y_title", "start_title", "title",
    "distance",
)  # fmt: skip
def distance_layout(
    *,
    marked: bool,
    x_domain: list[int],
    starts: list[str],
    widths: list[float],
    color: str,
    x_title: str,
    y_title: str,
    start_title: str,
    title: str,
    distance: int,
) -> alt.LayerChart:
    x = alt.X(
        "distance:Q",
        title=x_title,
        scale=alt.Scale(domain=x_domain, nice=False),
        axis=alt.Axis(tickMinStep=1, format="d"),
    )
    y = alt.Y("score:Q", title=y_title, scale=alt.Scale(zero=False))
    lines = (
        alt.Chart()
        .mark_line(color=color, opacity=0.55)
        .encode(
            x=x,
            y=y,
            strokeWidth=alt.StrokeWidth(
                "start:N",
                title=start_title,
                sort=starts,
                scale=alt.Scale(domain=starts, range=widths),
                legend=alt.Legend(orient="bottom", direction="vertical", labelLimit=260),
            ),
            tooltip=[
                alt.Tooltip("start:N", title=start_title),
                alt.Tooltip("distance:Q", title=x_title),
                alt.Tooltip("score:Q", title=y_title, format=".4f"),
            ],
        )
    )
    layers = [lines]
    if marked:  # the distance the arrows above stand at
        rule = alt.Chart().mark_rule(color=MARK_COLOR, strokeDash=[3, 3])
        layers.append(rule.encode(x=alt.datum(distance)))
    return alt.layer(*layers, data=NO_DATA).properties(height=CURVE_HEIGHT, title=title)


def distance_curves(curves: DistanceScores, distance: int, text: Text) -> list[tuple[str, Figure]]:
    """The score against the distance for RoPE and for the sinusoid, one curve per place
    the key starts at: RoPE's lie on one another, the sinusoid's do not. Each with its
    chart's key ("rope_curve_rope", "rope_curve_sinusoidal")."""
    starts = [text("rope.start", pos=int(p)) for p in curves.starts]
    widths = list(START_WIDTHS[: len(starts)])
    m = curves.distances.size
    marked = bool(curves.distances.min() <= distance <= curves.distances.max())
    figures = []
    for scheme, scores, color in (
        ("rope", curves.rope, OKABE_ITO[0]),
        ("sinusoidal", curves.sinusoidal, OKABE_ITO[5]),
    ):
        data = table(
            {
                "distance": np.tile(curves.distances, len(starts)),
                "start": Categories(np.repeat(np.arange(len(starts)), m), starts),
                "score": np.asarray(scores, dtype=np.float64).ravel(),
            }
        )
        spec = distance_layout(
            marked=marked,
            starts=starts,
            widths=widths,
            color=color,
            x_domain=[int(curves.distances.min()), int(curves.distances.max())],
            x_title=text("rope.distance"),
            y_title=text("rope.score"),
            start_title=text("rope.start_title"),
            title=text(f"rope.curves_{scheme}"),
            distance=distance if marked else 0,
        )
        figures.append((f"rope_curve_{scheme}", Figure(spec, data)))
    return figures


@layout("series", "x_title", "y_title", "series_title")
def wavelength_layout(
    *, series: list[str], x_title: str, y_title: str, series_title: str
) -> alt.LayerChart:
    color = alt.Color(
        "series:N",
        title=series_title,
        sort=series,
        scale=alt.Scale(domain=series, range=[OKABE_ITO[0], OKABE_ITO[5]]),
        legend=alt.Legend(orient="bottom", direction="vertical", labelLimit=320),
    )
    width = alt.StrokeWidth(
        "series:N", sort=series, scale=alt.Scale(domain=series, range=[5.0, 1.5]), legend=None
    )
    return (
        alt.Chart(NO_DATA)
        .mark_line(point=alt.OverlayMarkDef(filled=True, size=30), opacity=0.7)
        .encode(
            x=alt.X("i:Q", title=x_title, axis=alt.Axis(tickMinStep=1, format="d")),
            y=alt.Y("wavelength:Q", title=y_title, scale=alt.Scale(type="log")),
            color=color,
            strokeWidth=width,
            tooltip=[
                alt.Tooltip("series:N", title=series_title),
                alt.Tooltip("i:Q", title=x_title),
                alt.Tooltip("wavelength:Q", title=y_title, format=",.1f"),
            ],
        )
        .properties(height=WAVE_HEIGHT)
    )


def wavelengths(rope: np.ndarray, tokens: np.ndarray, series: list[str], text: Text) -> Figure:
    """Positions per full turn of each pair: RoPE's pairs of d_k (``rope``, [d_k/2]) and the
    Tokens page's sin–cos column pairs of d_model (``tokens``, [d_model/2]), on a log scale."""
    parts = (np.asarray(rope, np.float64), np.asarray(tokens, np.float64))
    data = table(
        {
            "i": np.concatenate([np.arange(len(w)) for w in parts]),
            "series": Categories(np.repeat([0, 1], [len(w) for w in parts]), series),
            "wavelength": np.concatenate(parts),
        }
    )
    spec = wavelength_layout(
        series=series,
        x_title=text("rope.pair_index"),
        y_title=text("rope.wavelength"),
        series_title=text("rope.scheme"),
    )
    return Figure(spec, data)
