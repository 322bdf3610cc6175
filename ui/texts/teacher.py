"""Texts of the teacher's side: the notes' headings (their prose: ui/texts/notes*.py)."""

TEXTS = {
    # --- the notes in the presenter view --------------------------------------------------
    "notes.title": {
        "en": "Notes for the teacher (not shown to students)",
        "zh": "教师备注（学生看不到）",
    },
    "notes.idea": {"en": "The idea:", "zh": "核心思想："},
    "notes.minutes": {
        "en": "About {low}–{high} minutes: {show} to show the page, {vote} for each question's vote and reveal, and {discuss} more for each one that needs a discussion and a second vote.",
        "zh": "大约 {low}–{high} 分钟：展示页面 {show} 分钟，每道题投票并揭晓 {vote} 分钟，需要讨论并再投一次的题每道再加 {discuss} 分钟。",
    },
    "notes.minutes_more": {
        "en": "About {low}–{high} more minutes for these questions.",
        "zh": "这些题大约还需要 {low}–{high} 分钟。",
    },
    "notes.question": {"en": "Question {n}", "zh": "第 {n} 题"},
    "notes.answer": {"en": "Answer:", "zh": "答案："},
    "notes.wrong": {
        "en": "What a wrong answer most likely shows:",
        "zh": "错误答案最可能说明什么：",
    },
    "notes.kind": {"en": "other answers", "zh": "其他答案"},
    "notes.discuss": {
        "en": "Before round 2, ask (without giving the answer):",
        "zh": "第二轮之前，这样问（不要说出答案）：",
    },
    "notes.after": {"en": "After the reveal, say:", "zh": "揭晓之后，这样讲："},
    "notes.unusual": {
        "en": "Reasoned from the usual case: at these settings the answer is {answer}. Ask the class what is special about these settings.",
        "zh": "按通常的情况推理了：在这些设置下答案是 {answer}。问问全班，这些设置有什么特别之处。",
    },
}
