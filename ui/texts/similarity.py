"""Texts of the Similarity (step 1, Q·Kᵀ) page."""

TEXTS = {
    "title": {"en": "1 · Similarity Q·Kᵀ", "zh": "1 · 相似度 Q·Kᵀ"},
    "intro": {
        "en": "Every token's input vector x is turned into two new vectors by multiplying it "
        "with two learned matrices: a **query** q = x·W_Q (what this token is looking for) "
        "and a **key** k = x·W_K (how this token describes itself to others). Each entry of "
        "q is a dot product of x with one column of W_Q. Then every query is compared with "
        "every key by a dot product: one row per query token, one column per key token.",
        "zh": "每个词元的输入向量 x 分别乘以两个学到的矩阵，得到两个新向量：**查询** q = x·W_Q"
        "（这个词元想找什么）和**键** k = x·W_K（这个词元如何向别人介绍自己）。q 的每个分量都是"
        " x 与 W_Q 某一列的点积。接着，每个查询和每个键做点积比较：每行对应一个查询词元，每列对应一个键词元。",
    },
    "formula_caption": {
        "en": "A score is large when the query and the key point much the same way, and it "
        "grows with their lengths too.",
        "zh": "查询和键的方向越接近，分数越大；它们越长，分数也越大。",
    },
    "qk": {"en": "Every token's query and key", "zh": "每个词元的查询和键"},
    "projections": {
        "en": "How Q and K are made: X·W_Q and X·W_K",
        "zh": "Q 和 K 是怎么来的：X·W_Q 与 X·W_K",
    },
    "scores": {"en": "The score matrix Q·Kᵀ", "zh": "分数矩阵 Q·Kᵀ"},
    "scores_caption": {
        "en": "Row = the token asking (query), column = the token being asked (key). "
        "Nothing is scaled or normalised yet: that is steps 2 and 3.",
        "zh": "行 = 提问的词元（查询），列 = 被询问的词元（键）。这里还没有缩放或归一化：那是第 2、3 步的事。",
    },
    "explain": {"en": "Check one score by hand", "zh": "亲手验算一个分数"},
    "explain_intro": {
        "en": "Pick a query token and a key token: their score is the sum of the products of "
        "matching entries of q and k.",
        "zh": "选一个查询词元和一个键词元：它们的分数就是 q 与 k 对应分量乘积之和。",
    },
    "products": {"en": "Term by term", "zh": "逐项相乘"},
    "col_q": {"en": "q (query)", "zh": "q（查询）"},
    "col_k": {"en": "k (key)", "zh": "k（键）"},
    "col_prod": {"en": "q × k", "zh": "q × k"},
    "sum": {
        "en": "Sum of the {d} products = **{total}**, the cell in row “{q}”, column “{k}”.",
        "zh": "{d} 个乘积之和 = **{total}**，也就是第“{q}”行、第“{k}”列的格子。",
    },
    "terms_cut": {
        "en": "The first {shown} of {d} terms are listed; the sum uses all of them.",
        "zh": "只列出 {d} 项中的前 {shown} 项；求和用的是全部。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.top.ask": {
        "en": "In S = Q·Kᵀ, with which key will the query of “{token}” score highest?",
        "zh": "在 S = Q·Kᵀ 中，“{token}”的查询和哪个键的分数最高？",
    },
    "quiz.top.why": {
        "en": "With “{answer}”: {score}. Each cell of its row is the dot product of its query "
        "with one key, which grows with the key's length as well as with how nearly it "
        "points the query's way: the largest need not be the key best aligned.",
        "zh": "和“{answer}”：{score}。它那一行的每个格子都是它的查询和一个键的点积；点积既看键的方向"
        "和查询有多接近，也随键的长度变大，所以最大的不一定是方向最接近的那个键。",
    },
    "quiz.count.ask": {
        "en": "The sentence has {n} tokens. How many scores does S = Q·Kᵀ hold?",
        "zh": "这句话有 {n} 个词元。S = Q·Kᵀ 一共有多少个分数？",
    },
    "quiz.count.why": {
        "en": "{count} = {n} × {n}: every query is compared with every key, its own included, "
        "so there is one row per query and one column per key.",
        "zh": "{count} = {n} × {n}：每个查询都要和每个键（包括它自己）比较，所以每个查询一行、每个键一列。",
    },
}
