"""Tables and texts of the Real model page: where one token looks, head by head."""

from __future__ import annotations

import pandas as pd

from core.bert import HeadMatch
from ui.charts import Text
from ui.widgets import md_escape

RANKED = 5  # the strongest heads listed


def link_summary(ranked: list[HeadMatch], labels: list[str], qi: int, ki: int, text: Text) -> str:
    """The strongest head for query qi → key ki, against the even share, in one sentence."""
    best, n = ranked[0], len(labels)
    return text(
        "real_model.link_summary",
        layer=best.layer + 1,
        head=best.head + 1,
        w=f"{best.weight:.0%}",
        q=f"“{md_escape(labels[qi])}”",
        k=f"“{md_escape(labels[ki])}”",
        n=n,
        u=f"{1 / n:.0%}",
        top=sum(m.is_top for m in ranked),
        total=len(ranked),
    )


def ranking(ranked: list[HeadMatch], text: Text) -> pd.DataFrame:
    """The RANKED strongest heads: layer, head, weight, and whether the key is their top."""
    names = [text(f"real_model.col_{c}") for c in ("layer", "head", "weight", "top")]
    rows = [(m.layer + 1, m.head + 1, m.weight, m.is_top) for m in ranked[:RANKED]]
    return pd.DataFrame(rows, columns=names)
