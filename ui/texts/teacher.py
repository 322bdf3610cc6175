"""Texts of the teacher's side: the notes' headings (their prose: ui/texts/notes*.py), the
projector's suggested next step after a vote, and the lesson sheet."""

LATIN = {"Crouch", "Mazur", "Lasry", "Watkins", "HTML", "PDF", "A4", "Letter"}

TEXTS = {
    # --- the notes in the presenter view --------------------------------------------------
    "notes.title": {
        "en": "Notes for the teacher (with the answers: not on the projector)",
        "zh": "教师备注（含答案：不要在投影上打开）",
    },
    "notes.sep": {"en": ": ", "zh": "："},  # between a label and what it labels
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
    "notes.answers_sep": {"en": ", ", "zh": "、"},  # between wrong answers read alike
    "notes.or": {"en": " Or: ", "zh": "也可能是："},  # between two readings of one number
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
    "advice.title": {"en": "Suggested next step", "zh": "建议的下一步"},
    "advice.ask": {"en": "Suggest a next step", "zh": "建议下一步"},
    "advice.ask_help": {
        "en": "From the votes in right now: what the share that chose the answer suggests "
        "doing next. It names no choice, and it stays as it is while votes come in (the room "
        "reads it too); press again for a new one.",
        "zh": "根据此刻已收到的投票：按选对的比例，建议下一步怎么做。它不点出任何选项；"
        "之后再有投票，它也保持不变（全班都看得到它）。要更新，就再点一次。",
    },
    "advice.from": {"en": " (from {voters} votes)", "zh": "（根据 {voters} 票）"},
    "advice.from_one": {"en": " (from 1 vote)", "zh": "（根据 1 票）"},
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
    # --- the lesson on one sheet (printed from the browser) -------------------------------
    "sheet.download": {"en": "Lesson sheet to print (HTML)", "zh": "打印用的课程讲义（HTML）"},
    "sheet.download_help": {
        "en": "A lesson plan for these settings (stops, minutes, questions, discussion prompts), a worksheet for students and the answer key on its own page. Open it in a browser and print it (A4 or Letter). It holds the answers: keep it from students until the class is over.",
        "zh": "按当前设置生成：课程计划（各站、时长、题目、讨论提示）、学生练习单，以及单独一页的答案。用浏览器打开后打印（A4 或 Letter）。其中有答案：下课前不要给学生。",
    },
    "sheet.title": {
        "en": "Attention Lab: a lesson on one sheet",
        "zh": "Attention Lab：一页纸上的一堂课",
    },
    "sheet.print_hint": {
        "en": "To print: the browser's Print (Ctrl+P, or ⌘P on a Mac), A4 or Letter. The worksheet and the answer key each start on a new page; print the worksheet's pages alone for the students.",
        "zh": "打印方法：使用浏览器的“打印”（Ctrl+P，Mac 上为 ⌘P），A4 或 Letter 纸均可。练习单和答案各自从新的一页开始；给学生只打印练习单那几页。",
    },
    "sheet.plan": {"en": "Lesson plan", "zh": "课程计划"},
    "sheet.settings": {
        "en": "The settings of this lesson (every number below is computed at them):",
        "zh": "本课的设置（下面所有的数都是按这些设置算出来的）：",
    },
    "sheet.link": {
        "en": "The lesson at these settings opens from this link:",
        "zh": "按这些设置打开本课的链接：",
    },
    "sheet.col_stop": {"en": "Stop", "zh": "站"},
    "sheet.col_minutes": {"en": "Minutes", "zh": "分钟"},
    "sheet.col_idea": {"en": "The idea", "zh": "核心思想"},
    "sheet.total": {
        "en": "In all {low}–{high} minutes with a vote on every question, more than one lesson: pick the stops that fit yours (the teacher's guide suggests a 50-minute one).",
        "zh": "全部讲完、每道题都投票，需要 {low}–{high} 分钟，超过一节课：请挑选适合你这节课的站（教师指南里有一节 50 分钟课的建议）。",
    },
    "sheet.stop": {"en": "Stop {k}: {title}", "zh": "第 {k} 站：{title}"},
    "sheet.minutes": {"en": "{low}–{high} min", "zh": "{low}–{high} 分钟"},
    "sheet.question": {"en": "Question {k}", "zh": "第 {k} 题"},
    "sheet.none": {"en": "No question at these settings.", "zh": "在这些设置下没有题目。"},
    "sheet.no_model": {
        "en": "Its question needs the pretrained model, which is not installed where this sheet was made.",
        "zh": "这一站的题目需要预训练模型，而生成这份讲义的地方没有安装它。",
    },
    "sheet.worksheet": {"en": "Worksheet", "zh": "练习单"},
    "sheet.name": {"en": "Name", "zh": "姓名"},
    "sheet.date": {"en": "Date", "zh": "日期"},
    "sheet.worksheet_intro": {
        "en": "Answer each question before the class talks it over: tick one choice or write a number, and work it out in the box.",
        "zh": "在全班讨论之前先回答每道题：勾选一个选项或写下一个数，并在方框里写出你的思路。",
    },
    "sheet.your_answer": {"en": "Your answer:", "zh": "你的答案："},
    "sheet.second_vote": {"en": "After the discussion:", "zh": "讨论之后："},
    "sheet.work": {"en": "Working", "zh": "思路"},
    "sheet.given_qk": {
        "en": "The query of “{token}” and every token's key (head 1), as the page prints them:",
        "zh": "“{token}”的查询和每个词元的键（第 1 个头），与页面上印出的一样：",
    },
    "sheet.given_av": {
        "en": "The row of A for “{token}” and the first column of V (head 1), as the page prints them:",
        "zh": "A 中“{token}”的那一行和 V 的第一列（第 1 个头），与页面上印出的一样：",
    },
    "sheet.given_qkv": {
        "en": "Your query and every film's key (how it is tagged):",
        "zh": "你的查询和每部电影的键（它的标签）：",
    },
    "sheet.query": {"en": "query", "zh": "查询"},
    "sheet.key": {"en": "Answer key (for the teacher)", "zh": "答案（教师用）"},
    "sheet.answer": {"en": "Answer:", "zh": "答案："},
}
