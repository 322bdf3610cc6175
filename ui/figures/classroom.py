"""Charts of a class on the projector: the spread of the votes, and the share right before
and after the discussion (Peer Instruction's before/after).

One layout for both: a horizontal bar per label (a choice, a range of numbers, a round),
grouped by series (the rounds) when there are two, the count or the share written beside
each bar, and the answer's bar outlined once it is revealed. Round 1 is greyed beside
round 2. The numbers come from classroom.poll (the bars, the counts, the shares).
"""

from __future__ import annotations

from collections.abc import Callable

import altair as alt

from classroom import QuestionBoard, Shift
from ui.charts import BAR, NO_DATA, Figure, Text, layout, table

GREY = "#b0b0b0"  # round 1 once round 2 is open: still there, not what the room looks at
FLAG = [False, True]


@layout("title", "value_title", "names", "colors", "height")
def spread_layout(
    *,
    title: str,
    value_title: str,
    names: list[str],
    colors: list[str],
    height: int,
    grouped: bool,
    share: bool,
) -> alt.LayerChart:
    if share:  # a share right: 0 to 100 %
        x = alt.X(
            "value:Q",
            title=value_title,
            scale=alt.Scale(domain=[0, 1]),
            axis=alt.Axis(format="%"),
        )
    else:  # votes: whole numbers
        x = alt.X("value:Q", title=value_title, axis=alt.Axis(tickMinStep=1, format="d"))
    base = alt.Chart().encode(
        x=x,
        y=alt.Y(
            "label:N",
            sort=alt.EncodingSortField(field="k", op="min"),
            title=None,
            axis=alt.Axis(labelLimit=320, labelOverlap=False),
        ),
        tooltip=[
            alt.Tooltip("label:N", title=" "),
            alt.Tooltip("series:N", title=" "),
            alt.Tooltip("text:N", title=value_title),
        ],
    )
    if grouped:  # the rounds side by side in each label's row
        base = base.encode(yOffset=alt.YOffset("series:N", sort=names))
    bar = base.mark_bar(strokeWidth=3).encode(
        color=alt.Color(
            "series:N",
            scale=alt.Scale(domain=names, range=colors),
            legend=alt.Legend(orient="bottom", title=None) if grouped else None,
        ),
        stroke=alt.Stroke(
            "hl:N", scale=alt.Scale(domain=FLAG, range=["transparent", "black"]), legend=None
        ),
    )
    text = base.mark_text(align="left", dx=4).encode(text="text:N")
    chart = alt.layer(bar, text, data=NO_DATA).properties(height=height)
    return chart.properties(title=title) if title else chart


def _height(labels: int, series: int, titled: bool = False) -> int:
    """Pixels for the whole chart (Streamlit fits the title, the axis and the legend
    inside): bars thick enough to read from the back of a room, thinner for a histogram
    of many bins. Without the title's room, two bars under a title were squeezed flat."""
    bar = 30 if labels <= 6 else 20
    return labels * (bar * series + 10) + 70 + 40 * (series > 1) + 40 * titled


def spread(q: QuestionBoard, *, label: Callable[[str], str], text: Text, title: str = "") -> Figure:
    """The votes of each round of a question, on the same bars (``label``: a choice as the
    student reads it; after the reveal the answer's bar says so and is outlined)."""
    names = [text("classroom.board.round", round=r.round) for r in q.rounds]
    colors = [GREY, BAR][-len(q.rounds) :]
    columns: dict[str, list] = {"k": [], "label": [], "series": [], "value": [], "text": []}
    columns["hl"] = []
    for name, r in zip(names, q.rounds, strict=True):
        for k, bar in enumerate(r.bars):
            shown = label(bar.label) if q.kind == "choice" else bar.label
            if bar.right:
                shown = text("classroom.board.answer", label=shown)
            columns["k"].append(k)
            columns["label"].append(shown)
            columns["series"].append(name)
            columns["value"].append(bar.count)
            columns["text"].append(str(bar.count))
            columns["hl"].append(bool(bar.right))
    spec = spread_layout(
        title=title,
        value_title=text("classroom.board.votes"),
        names=names,
        colors=colors,
        height=_height(len(q.rounds[0].bars) if q.rounds else 1, len(q.rounds), bool(title)),
        grouped=len(q.rounds) > 1,
        share=False,
    )
    return Figure(spec, table(columns))


def percent(share: float | None) -> str:
    return "–" if share is None else f"{share:.0%}"


def before_after(shift: Shift, *, text: Text) -> Figure:
    """The share right in round 1 and in round 2: the discussion's effect."""
    labels = [text("classroom.board.before"), text("classroom.board.after")]
    shares = [shift.before or 0.0, shift.after or 0.0]
    columns = {
        "k": [0, 1],
        "label": labels,
        "series": labels,
        "value": shares,
        "text": [percent(shift.before), percent(shift.after)],
        "hl": [False, False],
    }
    spec = spread_layout(
        title="",
        value_title=text("classroom.board.share"),
        names=labels,
        colors=[GREY, BAR],
        height=_height(2, 1),
        grouped=False,
        share=True,
    )
    return Figure(spec, table(columns))
