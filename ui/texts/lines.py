"""Texts of the line view of attention (ui.figures.lines), on any page that shows it."""

TEXTS = {
    "queries": {"en": "query", "zh": "查询"},
    "keys": {"en": "keys", "zh": "键"},
    "heads": {"en": "Heads shown", "zh": "显示的头"},
    "heads_help": {
        "en": "Each head has its own colour; pick several to compare where they send the "
        "same token.",
        "zh": "每个头有自己的颜色；选几个头，比较它们把同一个词元的注意力送到哪里。",
    },
    "caption": {
        "en": "One line from the query on the left to each key on the right: the thicker "
        "and darker, the more attention. Lines for weights under {threshold} are left out "
        "(so a head draws at most {most}); point at a line for its exact weight.",
        "zh": "从左边的查询到右边每个键各有一条线：线越粗、越深，注意力越多。权重小于 {threshold} "
        "的线不画（所以每个头最多 {most} 条）；把指针移到线上可看到精确的权重。",
    },
    "summary": {
        "en": "Where {q} looks most (up to {top} keys per head): {heads}.",
        "zh": "{q} 最关注的词元（每个头最多 {top} 个键）：{heads}。",
    },
    "none": {
        "en": "No head is chosen: pick one or more above to draw their lines.",
        "zh": "还没有选择任何头：在上面选一个或几个头，就会画出它们的线。",
    },
}
