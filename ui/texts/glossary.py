"""Plain words for the technical ones the pages use, one click away (ui.widgets.glossary)."""

TEXTS = {
    "title": {"en": "What these words mean", "zh": "这些词是什么意思"},
    "nats": {
        "en": "**nats, bits**: units of entropy, like metres and feet for length. Entropy "
        "counts how spread out a row of weights is; in nats it uses the natural log ln, in "
        "bits log₂. An even spread over n keys has ln n nats = log₂ n bits; one key taking "
        "everything has 0.",
        "zh": "**奈特、比特**：熵的单位，就像长度可以用米也可以用英尺。熵衡量一行权重分散的程度；用奈特时取自然对数 ln，"
        "用比特时取 log₂。权重平均分给 n 个键时，熵是 ln n 奈特 = log₂ n 比特；全部给一个键时为 0。",
    },
    "jacobian": {
        "en": "**J = diag(p) − p·pᵀ (the softmax Jacobian)**: a table of how much each weight "
        "p_i moves when one score z_j moves a little. Training learns by sending a signal back "
        "through this table; if all its entries are near 0, almost nothing gets through.",
        "zh": "**J = diag(p) − p·pᵀ（softmax 的雅可比矩阵）**：一张表，记录某个分数 z_j 稍微变动时，"
        "每个权重 p_i 会跟着变多少。训练时信号要沿着这张表往回传；如果表里的数都接近 0，几乎什么都传不回去。",
    },
    "frobenius": {
        "en": "**Frobenius norm ‖J‖_F**: one number for the size of a whole table: square "
        "every entry, add them up, take the square root (the length of the table read as one "
        "long vector).",
        "zh": "**Frobenius 范数 ‖J‖_F**：用一个数表示整张表有多大：把每一项平方、全部相加、再开平方"
        "（把整张表看成一个长向量时它的长度）。",
    },
    "delta": {
        "en": "**δ_ij (Kronecker delta)**: shorthand for 1 when i = j and 0 otherwise, so "
        "p_i(δ_ij − p_j) is p_i(1 − p_i) on the diagonal and −p_i·p_j off it.",
        "zh": "**δ_ij（克罗内克 δ）**：一种简写，i = j 时为 1，否则为 0。所以 p_i(δ_ij − p_j) 在对角线上"
        "是 p_i(1 − p_i)，不在对角线上是 −p_i·p_j。",
    },
    "js": {
        "en": "**Jensen–Shannon divergence (in bits)**: how different two rows of weights "
        "are, from 0 (the same) to 1 bit (no key in common). It compares each row with their "
        "average, so it is symmetric and never infinite.",
        "zh": "**Jensen–Shannon 散度（单位：比特）**：两行权重有多不同，从 0（完全相同）到 1 比特（没有共同"
        "关注的键）。它把每一行和两行的平均作比较，所以是对称的，也不会变成无穷大。",
    },
    "online_softmax": {
        "en": "**online softmax**: softmax computed while the keys go by, one tile at a "
        "time. Keep the largest score so far (m), the sum of e^(x − m) so far (l) and the "
        "weighted sum of values so far; when a larger score arrives, multiply what was kept "
        "by e^(m_old − m_new). The result equals the ordinary softmax's.",
        "zh": "**在线 softmax**：在键一块一块经过时计算 softmax。保留到目前为止的最大分数（m）、"
        "e^(x − m) 的累计和（l）以及值向量的累计加权和；遇到更大的分数时，把已保留的量乘以 "
        "e^(m_old − m_new)。结果与普通的 softmax 相同。",
    },
    "tile": {
        "en": "**tile**: a block of B keys next to each other, with their values, handled "
        "together. A GPU works on such blocks in its small, fast memory; the last one may be "
        "shorter.",
        "zh": "**块**：B 个相邻的键（连同它们的值）组成的一组，一起处理。GPU 在它又小又快的片上存储里"
        "处理这样的块；最后一块可能比较短。",
    },
    "sliding_window": {
        "en": "**sliding window**: a mask that lets each token attend only to the last w "
        "tokens, itself included, so the work and memory per token stay the same however "
        "long the text.",
        "zh": "**滑动窗口**：一种掩码，让每个词元只关注最近的 w 个词元（包括它自己），这样不管文本多长，"
        "每个词元的计算量和内存都不变。",
    },
    "attention_sink": {
        "en": "**attention sink**: a token that receives much attention while carrying little "
        "meaning, often the first one. Every row of softmax must sum to 1, so a head with "
        "nothing useful to read parks its weight there.",
        "zh": "**注意力汇聚词元**：得到大量注意力、本身却几乎不带含义的词元，常常是第一个词元。softmax 的"
        "每一行必须加起来等于 1，所以一个没有什么可读的头就把权重放在那里。",
    },
    "receptive_field": {
        "en": "**receptive field**: the input positions that can influence a token's state. "
        "With a window of w, each layer widens it by w − 1 positions.",
        "zh": "**感受野**：能够影响一个词元状态的那些输入位置。窗口为 w 时，每多一层，它就向前扩展 w − 1 "
        "个位置。",
    },
}
