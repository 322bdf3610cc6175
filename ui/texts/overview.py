"""Texts of the Overview page: the four steps of scaled dot-product attention at a glance."""

TEXTS = {
    "title": {"en": "Overview", "zh": "总览"},
    "intro": {
        "en": "Attention lets every token of a sentence build a new vector out of the other "
        "tokens, taking most from the ones that matter to it. The whole mechanism is four "
        "small steps, shown below as a pipeline for the current settings. Each miniature is "
        "live: change the sentence, the dimension or a toggle in the sidebar and watch all "
        "four react. Open a step's own page to take it apart.",
        "zh": "注意力让句子中的每个词元都能用其他词元拼出一个新向量，而且对自己越重要的词元，取用得越多。"
        "整个机制只有四个小步骤，下面按当前设置把它们画成一条流水线。每张缩略图都是实时的："
        "在侧边栏改句子、维度或开关，四张图会一起变化。想细看某一步，就打开它自己的页面。",
    },
    "formula_caption": {
        "en": "Read from the inside out: compare queries with keys (Q·Kᵀ), shrink the scores "
        "by √d_k, turn each row into weights with softmax, then mix the value vectors V with "
        "those weights.",
        "zh": "从里往外读：先拿查询和键比较（Q·Kᵀ），再把分数除以 √d_k 缩小，然后用 softmax "
        "把每一行变成权重，最后按这些权重混合值向量 V。",
    },
    "before": {
        "en": "Before the four steps, each token has become a vector (meaning plus position) "
        "and has been given a query, a key and a value.",
        "zh": "在这四步之前，每个词元已经变成一个向量（含义加位置），并得到了自己的查询、键和值。",
    },
    "now": {
        "en": "Miniatures below: **{n}** tokens, head 1 of **{h}**, d_k = **{d_k}**. "
        "Point at a cell (on a phone: tap it) to read its exact value.",
        "zh": "下面的缩略图：**{n}** 个词元，共 **{h}** 个头中的第 1 个，d_k = **{d_k}**。"
        "把鼠标移到格子上（手机上点一下格子）可以看到精确数值。",
    },
    "marked": {
        "en": "Dashed orange outline: the numbers the article works out.",
        "zh": "橙色虚线框：文章亲手算出的数字。",
    },
    "step": {"en": "Step {i} · {name}", "zh": "第 {i} 步 · {name}"},
    "name1": {"en": "MatMul Q·Kᵀ", "zh": "矩阵乘法 Q·Kᵀ"},
    "name2": {"en": "Scale", "zh": "缩放"},
    "name3": {"en": "Softmax (+ optional mask)", "zh": "Softmax（+ 可选掩码）"},
    "name4": {"en": "MatMul with V", "zh": "与 V 做矩阵乘法"},
    "why1": {
        "en": "**Why:** a dot product is a cheap way to measure how well what one token is "
        "looking for (its query) fits what another token offers (its key). One number per "
        "pair of tokens.",
        "zh": "**为什么：** 点积是衡量“一个词元想找的东西”（查询）与“另一个词元能提供的东西”（键）"
        "有多契合的廉价办法。每一对词元得到一个数。",
    },
    "why2": {
        "en": "**Why:** dot products grow with the number of dimensions. Dividing by √d_k "
        "keeps them in a range where softmax can still spread its attention.",
        "zh": "**为什么：** 维度越多，点积往往越大。除以 √d_k 让分数保持在 softmax 还能分散注意力的范围内。",
    },
    "why3": {
        "en": "**Why:** scores can be any size and sign; softmax turns each row into positive "
        "weights that add up to 1, so they say *how much* of each token to take. A decoder's "
        "mask first sets future cells to −∞, which become weight 0.",
        "zh": "**为什么：** 分数可大可小、可正可负；softmax 把每一行变成和为 1 的正权重，"
        "告诉我们每个词元该取*多少*。解码器的掩码会先把未来位置设成 −∞，它们的权重就变成 0。",
    },
    "why4": {
        "en": "**Why:** the weights only say where to look. Multiplying them with V actually "
        "collects the information: each output row is a weighted mix of value vectors (not a "
        "probability, and it may be negative).",
        "zh": "**为什么：** 权重只说明该看哪里。乘以 V 才真正把信息收集起来：输出的每一行都是值向量的加权混合"
        "（不是概率，也可能为负）。",
    },
    "live2_on": {
        "en": "Now: every score × 1/√{d_k} = {factor}.",
        "zh": "当前：每个分数 × 1/√{d_k} = {factor}。",
    },
    "live2_off": {
        "en": "Now: scaling is **off**, the scores pass unchanged.",
        "zh": "当前：缩放已**关闭**，分数原样通过。",
    },
    "live2_temp": {
        "en": "Then divided by the temperature T = {temp}.",
        "zh": "然后再除以温度 T = {temp}。",
    },
    "live3_on": {
        "en": "Now: the causal mask is **on**; the grey cells (−∞) of the scaled matrix get "
        "weight 0.",
        "zh": "当前：因果掩码已**开启**；缩放矩阵里灰色的格子（−∞）权重为 0。",
    },
    "live3_off": {
        "en": "Now: no mask, every token may look at every token. Each row sums to 1.",
        "zh": "当前：没有掩码，每个词元都能看所有词元。每一行之和为 1。",
    },
    "live4": {
        "en": "One row per token, d_v = {d_v} numbers each.",
        "zh": "每个词元一行，每行 d_v = {d_v} 个数。",
    },
    "flows": {
        "en": "passes on: {what} {shape}",
        "zh": "传给下一步：{what} {shape}",
    },
    "flow1": {"en": "the scores S", "zh": "分数 S"},
    "flow2": {"en": "the scaled scores", "zh": "缩放后的分数"},
    "flow3": {"en": "the attention weights A", "zh": "注意力权重 A"},
    "m_scores": {"en": "Scores S = Q·Kᵀ", "zh": "分数 S = Q·Kᵀ"},
    "m_scaled": {"en": "Scaled scores", "zh": "缩放后的分数"},
    "m_weights": {"en": "Weights A = softmax", "zh": "权重 A = softmax"},
    "m_output": {"en": "Output A·V", "zh": "输出 A·V"},
    "more": {"en": "Going further", "zh": "更进一步"},
    "more_masking": {
        "en": "How a decoder hides the future, cell by cell.",
        "zh": "解码器如何一格一格地把未来藏起来。",
    },
    "more_multihead": {
        "en": "Several heads run these same four steps side by side, each with its own "
        "weights; their outputs are joined and projected back.",
        "zh": "多个头并排执行同样的四步，各用各的权重；它们的输出拼接后再投影回去。",
    },
    "heads_note": {
        "en": "With {h} heads, each head repeats these steps on its own {d_k}-dimensional "
        "slice; only head 1 is drawn here.",
        "zh": "有 {h} 个头时，每个头都在自己的 {d_k} 维切片上重复这些步骤；这里只画出第 1 个头。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.top.ask": {
        "en": "At these settings, which key will “{token}” give its largest weight?",
        "zh": "在当前设置下，“{token}”会把最大的权重给哪个键？",
    },
    "quiz.top.why": {
        "en": "Its row of weights gives “{answer}” {weight}, against an even share of {even} "
        "for each of the {n} keys it may see. The weight follows the score: the key with the "
        "largest dot product with the query (its direction and its length both count) wins "
        "the largest share.",
        "zh": "它那一行权重给“{answer}”的是 {weight}，而平均分给它能看到的 {n} 个键时每个只有 "
        "{even}。权重跟着分数走：和查询点积最大的键（方向和长度都算数）拿到最大的一份。",
    },
}
