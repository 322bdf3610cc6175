"""Texts of the teacher's side: the notes' headings (their prose: ui/texts/notes*.py), the
projector's suggested next step after a vote, and the lesson sheet."""

LATIN = {"Crouch", "Mazur", "Lasry", "Watkins", "HTML", "PDF", "A4", "Letter"}

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
    # --- the projector's suggestion after a vote ------------------------------------------
    # Round 1 (a second vote is still to come), then round 2 (the discussion has happened).
    "advice.title": {
        "en": "Suggested next step",
        "zh": "建议的下一步",
    },
    "advice.reteach_1": {
        "en": "Fewer than {low} % chose the answer: a discussion has too little to start from. Explain the idea again first, without the answer, then “{again}”.",
        "zh": "选对的不到 {low}%：讨论缺少起点。先重新讲一遍核心思想（不说答案），再“{again}”。",
    },
    "advice.discuss_1": {
        "en": "Between {low} % and {high} % chose the answer: the best moment for peers. Ask everyone to convince a neighbour who voted differently (about 2 minutes), then “{again}”.",
        "zh": "选对的在 {low}% 到 {high}% 之间：正是同伴讨论的好时机。请每个人去说服一位投票不同的邻座（约 2 分钟），然后“{again}”。",
    },
    "advice.move_on_1": {
        "en": "More than {high} % chose the answer: reveal it, explain briefly and move on.",
        "zh": "选对的超过 {high}%：揭晓答案，简单讲解后继续。",
    },
    "advice.reteach_2": {
        "en": "Still fewer than {low} % after the discussion: reveal, then teach the idea again from the start.",
        "zh": "讨论之后选对的仍不到 {low}%：揭晓答案，然后从头再讲一遍核心思想。",
    },
    "advice.discuss_2": {
        "en": "Between {low} % and {high} % after the discussion: reveal, then go through why each tempting wrong answer fails.",
        "zh": "讨论之后选对的在 {low}% 到 {high}% 之间：揭晓答案，再逐一讲清那些诱人的错误答案错在哪里。",
    },
    "advice.move_on_2": {
        "en": "More than {high} % after the discussion: reveal, explain briefly and move on.",
        "zh": "讨论之后选对的超过 {high}%：揭晓答案，简单讲解后继续。",
    },
}
