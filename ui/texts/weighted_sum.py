"""Texts of the Weighted sum (step 4, weights × V) page."""

TEXTS = {
    "title": {"en": "4 · Weighted sum ×V", "zh": "4 · 加权求和 ×V"},
    "intro": {
        "en": "Softmax told each token how much attention to pay to every other token. Now "
        "that attention is spent. Every token also carries a **value** vector v = x·W_V: the "
        "content it hands over when someone attends to it. Each token's new vector is its "
        "row of weights applied to the value vectors: a blend in which the tokens it "
        "attends to most contribute most. Think of a streaming service that knows you are "
        "25 % in the mood for one film and 20 % for another: it blends the films' feature "
        "vectors (adventure, humour, running time) with those shares into one taste profile.",
        "zh": "Softmax 已经告诉每个词元该把多少注意力分给其他每个词元，现在要把这份注意力"
        "“花出去”。每个词元还带着一个**值**向量 v = x·W_V：别人关注它时，它交出去的内容。"
        "每个词元的新向量，就是用它那一行权重去混合所有值向量：它越关注哪个词元，那个词元"
        "的贡献就越大。好比视频网站知道你此刻对一部片子有 25% 的兴趣、对另一部有 20%："
        "它按这些比例把影片的特征向量（冒险、幽默、片长）混合成一份口味画像。",
    },
    "formula_caption": {
        "en": "A = the attention weights from step 3 (rows sum to 1). Output entry (i, c) "
        "is row i of A times column c of V: one weighted sum over all keys j.",
        "zh": "A = 第 3 步得到的注意力权重（每行之和为 1）。输出的第 (i, c) 个数，是 A 的第 i "
        "行乘以 V 的第 c 列：对所有键 j 的一次加权求和。",
    },
    "values": {"en": "How V is made: X·W_V", "zh": "V 是怎么来的：X·W_V"},
    "values_caption": {
        "en": "Every row of V is a token's x times W_V, computed exactly like Q and K in "
        "step 1 but with its own weights. V is shown below, beside the weights.",
        "zh": "V 的每一行都是某个词元的 x 乘以 W_V，算法与第 1 步的 Q、K 完全相同，只是用了"
        "自己的一组权重。V 画在下面，和权重并排。",
    },
    "mix": {"en": "Weights × values", "zh": "权重 × 值"},
    "weights_caption": {
        "en": "Row i says how token i shares its attention among the keys; every row sums to 1.",
        "zh": "第 i 行表示词元 i 如何把注意力分给各个键；每行之和都是 1。",
    },
    "v_caption": {
        "en": "Row j is what key token j hands over; column c is one feature of it.",
        "zh": "第 j 行是键词元 j 交出去的内容；第 c 列是其中的一个特征。",
    },
    "output": {"en": "The output O = A·V", "zh": "输出 O = A·V"},
    "output_caption": {
        "en": "One new vector per token, d_v numbers long: shape [n × d_v], like V.",
        "zh": "每个词元得到一个新向量，长 d_v：形状 [n × d_v]，和 V 一样。",
    },
    "not_prob_title": {
        "en": "The output is not a probability.",
        "zh": "输出不是概率。",
    },
    "not_prob": {
        "en": "The weights are probabilities; the output is not. It is a mix of value "
        "vectors, so its rows need not sum to 1 and its entries can exceed 1 or be negative.",
        "zh": "权重是概率，输出却不是。它是值向量的混合，所以每行之和不必为 1，单个数值也可以"
        "大于 1 或小于 0。",
    },
    "negative_here": {
        "en": "Here, for example, row “{token}”, dimension {dim} is **{value}**: no "
        "probability can be negative.",
        "zh": "比如这里第“{token}”行、第 {dim} 维是 **{value}**：概率不可能是负数。",
    },
    "no_negative_v": {
        "en": "Every entry of V is ≥ 0 in this setting, so every mix of them is too. Change "
        "the sentence, the dimension or the seed and negative outputs appear.",
        "zh": "在当前设置下 V 的每个数都 ≥ 0，它们的任何混合也都 ≥ 0。改一改句子、维度或随机"
        "种子，就会出现负的输出。",
    },
    "no_negative": {
        "en": "No output happens to be negative in this setting, although V has negative "
        "entries; another seed will most likely show one.",
        "zh": "当前设置下恰好没有负的输出，尽管 V 中有负数；换一个随机种子多半就能看到。",
    },
    "show_cell": {"en": "Explain this cell below", "zh": "在下方拆解这个格子"},
    "explain": {"en": "Check one output value by hand", "zh": "亲手验算一个输出值"},
    "explain_intro": {
        "en": "Pick a query token and an output dimension: the value is the sum of weight × "
        "value over every key token.",
        "zh": "选一个查询词元和一个输出维度：这个数就是所有键词元的“权重 × 值”之和。",
    },
    "out_dim": {"en": "output dimension", "zh": "输出维度"},
    "terms": {"en": "Term by term", "zh": "逐项相乘"},
    "col_key": {"en": "key token j", "zh": "键词元 j"},
    "col_w": {"en": "weight A[i, j]", "zh": "权重 A[i, j]"},
    "col_v": {"en": "V[j, c]", "zh": "V[j, c]"},
    "col_prod": {"en": "weight × V", "zh": "权重 × V"},
    "sum": {
        "en": "Sum of the {n} products = **{total}**: the cell in row “{q}”, column {dim} of O.",
        "zh": "{n} 个乘积之和 = **{total}**：也就是 O 中第“{q}”行、第 {dim} 列的格子。",
    },
    "between": {
        "en": "The weights are ≥ 0 and add up to 1, so this value always lies between the "
        "smallest ({lo}) and the largest ({hi}) entry of column {dim} of V: a weighted "
        "average, never outside the range of what it averages.",
        "zh": "权重都 ≥ 0 且加起来等于 1，所以这个数一定落在 V 第 {dim} 列的最小值（{lo}）和最大值"
        "（{hi}）之间：加权平均不会跑出被平均的那些数的范围。",
    },
    "masked_zero": {
        "en": "Keys blocked by the causal mask have weight exactly 0, so they add nothing.",
        "zh": "被因果掩码挡住的键权重恰好为 0，所以它们什么也不贡献。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.negative.ask": {
        "en": "Every weight is positive. Is any value of the output O = A·V negative at these "
        "settings?",
        "zh": "每个权重都是正的。在当前设置下，输出 O = A·V 中有没有负数？",
    },
    "quiz.negative.why": {
        "en": "Yes: “{token}”, dimension {dim}, is {value}. O mixes the value vectors, and "
        "values can be negative; a mix of them lies between their smallest and largest. It "
        "is not a probability.",
        "zh": "有：“{token}”的第 {dim} 维是 {value}。O 是值向量的混合，而值可以是负数；"
        "混合结果落在它们的最小值和最大值之间。它不是概率。",
    },
    "quiz.negative.why_none": {
        "en": "No, not here: every entry of V is 0 or more, so every mix of them is too. O "
        "is still no probability: a mix of values lies between the smallest and the largest "
        "of them, and values can be negative.",
        "zh": "这里没有：V 的每个数都不小于 0，所以它们的任何混合也都不小于 0。但 O 仍然不是概率："
        "值的混合落在它们的最小值和最大值之间，而值本来可以是负数。",
    },
    "quiz.negative.why_outweighed": {
        "en": "No, not here: V has negative entries (the lowest is {lowest_value}), but in "
        "every mix the positive values outweigh them, and the lowest output is "
        "{lowest_output}. O is no probability all the same: a mix of values lies between the "
        "smallest and the largest of them.",
        "zh": "这里没有：V 里有负数（最小的是 {lowest_value}），但在每个混合里正的值都占了上风，"
        "最小的输出是 {lowest_output}。不过 O 仍然不是概率：值的混合落在它们的最小值和最大值之间。",
    },
    "quiz.cell.ask": {
        "en": "Work it out from A and V as printed: what is the first value of the output of "
        "“{token}”, O[{token}, 1]?",
        "zh": "用上面印出的 A 和 V 算一算：“{token}”输出的第一个值 O[{token}, 1] 是多少？",
    },
    "quiz.cell.why": {
        "en": "{value}: the row of A for “{token}” times the first column of V, term by term, "
        "added up (the worked sum below does it for you). With the numbers as printed, "
        "rounded to two places, the same sum comes to {hand}: that rounding, and your own, is "
        "why anything within {tolerance} counts.",
        "zh": "{value}：把 A 中“{token}”那一行和 V 的第一列逐项相乘再相加（下面的逐项求和会替你算一遍）。"
        "用印出来的、保留两位小数的数去算，同样的和是 {hand}：正因为有这种舍入（还有你自己的舍入），"
        "相差不超过 {tolerance} 都算对。",
    },
}
