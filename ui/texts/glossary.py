"""Plain words for the technical ones the pages use, one click away (ui.widgets.glossary)."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"log"}

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
    "kv_cache": {
        "en": "**KV cache**: the keys and values of the tokens generated so far, kept from "
        "step to step, so that each step computes only its new token's key and value.",
        "zh": "**KV 缓存**：保存已生成词元的键和值，一步一步留着用，这样每一步只需计算新词元自己的键和值。",
    },
    "mha": {
        "en": "**MHA (multi-head attention)**: every query head has a key head and a value "
        "head of its own (g = h), as in the 2017 paper.",
        "zh": "**MHA（多头注意力）**：每个查询头都有自己的键头和值头（g = h），和 2017 年的论文一样。",
    },
    "gqa": {
        "en": "**GQA (grouped-query attention)**: the h query heads are split into g groups, "
        "and each group shares one key head and one value head (1 < g < h).",
        "zh": "**GQA（分组查询注意力）**：h 个查询头分成 g 组，每组共用一个键头和一个值头（1 < g < h）。",
    },
    "mqa": {
        "en": "**MQA (multi-query attention)**: all query heads share a single key head and "
        "value head (g = 1): the smallest cache.",
        "zh": "**MQA（多查询注意力）**：所有查询头共用同一个键头和值头（g = 1），缓存最小。",
    },
    "number_types": {
        "en": "**fp32, fp16, bf16, fp8, int8**: ways of storing a number in 4, 2, 2, 1 and 1 "
        "bytes. fp16 and bf16 are half-size floats (bf16 keeps fp32's range with fewer "
        "digits); fp8 and int8 squeeze a number into one byte, at some loss of precision.",
        "zh": "**fp32、fp16、bf16、fp8、int8**：存放一个数的不同方式，分别占 4、2、2、1、1 个字节。"
        "fp16 和 bf16 是半长度的浮点数（bf16 保留 fp32 的数值范围，但有效数字更少）；fp8 和 int8 "
        "把一个数压进一个字节，会损失一些精度。",
    },
    "rope": {
        "en": "**RoPE (rotary position embedding)**: a way to tell attention where each token "
        "stands. Rather than adding a position vector to every embedding, every query and key "
        "is turned, two numbers at a time, by an angle that grows with its position. Llama, "
        "Qwen, Mistral and most models since 2023 use it.",
        "zh": "**RoPE（旋转位置编码）**：让注意力知道每个词元在哪里的一种方法。它不是给每个嵌入加一个"
        "位置向量，而是把每个查询和键每次两个数地转动一个角度，角度随位置增大。Llama、Qwen、Mistral "
        "以及 2023 年以来的大多数模型都用它。",
    },
    "rotation": {
        "en": "**Rotation (a turn)**: moving an arrow round its tail by an angle without "
        "stretching it: (x, y) turned by α is (x·cos α − y·sin α, x·sin α + y·cos α). Two arrows "
        "keep their lengths, so their dot product changes only with the angle between them.",
        "zh": "**旋转（转动）**：把箭头绕着尾部转过一个角度，不拉长也不缩短：(x, y) 转动 α 后是 "
        "(x·cos α − y·sin α, x·sin α + y·cos α)。两支箭头的长度都不变，所以它们的点积只随夹角变化。",
    },
    "wavelength": {
        "en": "**Wavelength**: how many positions a pair needs to turn once round (360°), "
        "2π/θ_i. A short one tells neighbours apart; a long one changes slowly over a whole "
        "text.",
        "zh": "**波长**：一个数对转一整圈（360°）需要多少个位置，即 2π/θ_i。波长短的能区分相邻的词元；"
        "波长长的在整段文本里缓慢地变化。",
    },
    "encoder": {
        "en": "**Encoder**: the part of a transformer that reads a whole text that is already "
        "there (BERT is one): every token may attend to every other, no mask. In translation "
        "it reads the source sentence.",
        "zh": "**编码器**：Transformer 中读取一段已经完整给出的文本的部分（BERT 就是一个编码器）："
        "每个词元都可以关注其他所有词元，没有掩码。在翻译中，它读原文。",
    },
    "decoder": {
        "en": "**Decoder**: the part that writes, one token after another (GPT-style chat "
        "models are decoders): each token may attend only to itself and the tokens before it "
        "(the causal mask). In translation it writes the target sentence and asks the "
        "encoder's tokens through cross-attention.",
        "zh": "**解码器**：一个词元接一个词元地往下写的部分（GPT 就是一个解码器）：每个词元只能关注自己和"
        "它之前的词元（因果掩码）。在翻译中，它写译文，并通过交叉注意力向编码器的词元提问。",
    },
    "cross_attention": {
        "en": "**Cross-attention**: attention between two sequences. The queries come from one "
        "(the decoder's tokens), the keys and values from the other (the encoder's), each "
        "through its own W_Q, W_K, W_V; the rest is the same softmax and weighted sum.",
        "zh": "**交叉注意力**：两个序列之间的注意力。查询来自一个序列（解码器的词元），键和值来自另一个"
        "（编码器的词元），各自经过自己的 W_Q、W_K、W_V；其余仍是同样的 softmax 和加权求和。",
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
