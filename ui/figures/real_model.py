"""Tables and texts of the Real model page: where one token looks, head by head."""

from __future__ import annotations

from core.bert import HeadMatch
from ui.charts import Text
from ui.widgets import md_escape

RANKED = 5  # the strongest heads listed


def link_summary(ranked: list[HeadMatch], labels: list[str], qi: int, ki: int, text: Text) -> str:
    """The strongest head for query qi → key ki, against the even share, and in how many
    heads the key is the query's favourite: true for any sentence and any pair."""
    best, n = ranked[0], len(labels)
    names = {"q": f"“{md_escape(labels[qi])}”", "k": f"“{md_escape(labels[ki])}”"}
    top, total = sum(m.is_top for m in ranked), len(ranked)
    which = "link_top_none" if top == 0 else ("link_top_all" if top == total else "link_top")
    strongest = text(
        "real_model.link_summary",
        layer=best.layer + 1,
        head=best.head + 1,
        w=f"{best.weight:.0%}",
        n=n,
        u=f"{1 / n:.0%}",
        **names,
    )
    return f"{strongest} {text(f'real_model.{which}', top=top, total=total, **names)}"


def ranking(ranked: list[HeadMatch], text: Text) -> dict[str, list]:
    """The RANKED strongest heads' columns: layer, head, weight, and whether the key is
    their top."""
    names = [text(f"real_model.col_{c}") for c in ("layer", "head", "weight", "top")]
    rows = [(m.layer + 1, m.head + 1, m.weight, m.is_top) for m in ranked[:RANKED]]
    return {name: [row[k] for row in rows] for k, name in enumerate(names)}
