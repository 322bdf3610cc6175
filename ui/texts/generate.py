"""Texts of the Generating page: one token at a time, the KV cache, shared heads, memory."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"Ainslie"}

TEXTS = {
    "title": {"en": "Generating: the KV cache", "zh": "生成：KV 缓存"},
    "intro": {
        "en": "A decoder writes its text one token at a time. At step t, token t (the one "
        "written last) goes in: its query looks at the keys and values of every token so "
        "far, itself included, exactly row t of the causal mask, and the output at its place "
        "is what predicts token t + 1. The earlier tokens' keys and values never change, so a "
        "model keeps them (the **KV cache**) and computes only the latest token's own. Here "
        "the sidebar's sentence goes in that way, one token a step, as if the toy model had "
        "written it (it has no head that picks words: the sentence is given).",
        "zh": "解码器一次写出一个词元。第 t 步输入的是第 t 个词元（刚写出的那个）：它的查询要看目前为止"
        "每个词元（包括它自己）的键和值，正好是因果掩码的第 t 行；它所在位置的输出用来预测第 t + 1 个词元。"
        "之前那些词元的键和值不会再变，所以模型把它们存起来（**KV 缓存**），每一步只计算最新词元自己的键和值。"
        "这里把侧边栏里的句子按这种方式一步输入一个词元，就像玩具模型自己写出了它一样"
        "（它没有挑选词语的输出层：句子是给定的）。",
    },
    "formula_caption": {
        "en": "Step t: token t goes in; its key k_t and value v_t join the cache as its last "
        "rows, and its query q_t reads all t rows; the output o_t predicts token t + 1. The "
        "causal mask is always on here, whatever the sidebar's switch says: the tokens after "
        "t are not written yet. The scaling and the temperature T are the sidebar's.",
        "zh": "第 t 步：输入第 t 个词元；它的键 k_t 和值 v_t 作为最后一行加入缓存，它的查询 q_t 读取全部 "
        "t 行；输出 o_t 用来预测第 t + 1 个词元。无论侧边栏的开关怎样设置，这里的因果掩码始终打开："
        "t 之后的词元还没有写出来。缩放和温度 T 沿用侧边栏的设置。",
    },
    # one token at a time
    "steps": {"en": "One token at a time", "zh": "一次一个词元"},
    "play": {"en": "Play", "zh": "播放"},
    "pause": {"en": "Pause", "zh": "暂停"},
    "next_step": {"en": "Next step", "zh": "下一步"},
    "next_step_help": {
        "en": "One step on (from the first again after the last). Shown instead of Play when "
        "your device asks for reduced motion.",
        "zh": "前进一步（到最后一步后从头开始）。当你的设备要求减少动态效果时，它代替“播放”显示。",
    },
    "play_help": {
        "en": "Generate the sentence step by step, one step every {seconds} s, up to its last "
        "token (from the first again when it is there).",
        "zh": "逐步生成句子，每 {seconds} 秒一步，直到最后一个词元（已经在最后时从头开始）。",
    },
    "step": {"en": "Step t: the token that goes in", "zh": "第 t 步：输入的词元"},
    "step_name": {
        "en": "Step {t}: “{token}” goes in, the next token is predicted",
        "zh": "第 {t} 步：输入“{token}”，预测下一个词元",
    },
    "step_shape": {
        "en": "cache K [{t} × {d_k}] and V [{t} × {d_v}] of [{n} × ·], one weight per cached token",
        "zh": "缓存 K [{t} × {d_k}] 和 V [{t} × {d_v}]（共 [{n} × ·]），每个缓存的词元一个权重",
    },
    "row_query": {"en": "query", "zh": "查询"},
    "row_output": {"en": "output", "zh": "输出"},
    "col_weight": {"en": "weight", "zh": "权重"},
    "step_cut": {
        "en": "(The first {shown} of d_k = {d} dimensions are drawn; the CSV has them all.) ",
        "zh": "（只画出 d_k = {d} 维中的前 {shown} 维；CSV 里有全部。）",
    },
    "step_caption": {
        "en": "Rows 1 to {t} are the cache: each key (k) and value (v) was made once, at its "
        "own step, and kept; the outlined row is the one this step added. The query row on "
        "top is compared with every cached key; softmax turns the scores into one weight per "
        "cached token (they sum to 1); the output row at the bottom is the weights' mix of "
        "the value rows. Grey: tokens not written yet. {cut}{same}",
        "zh": "第 1 到第 {t} 行就是缓存：每个键（k）和值（v）都在它自己的那一步算一次，然后保存下来；"
        "框出的那一行是这一步新加入的。最上面的查询行与每个缓存的键比较；softmax 把这些分数变成每个"
        "缓存词元一个权重（加起来为 1）；最下面的输出行就是用这些权重把值行混合起来。灰色：还没有写出的"
        "词元。{cut}{same}",
    },
    # how the step agrees with the whole sentence at once (ui.widgets.agreement)
    "same_exact": {
        "en": "**The same as all at once:** row {t} of the causal attention computed for the "
        "whole sentence in one go is this step's, to the last bit, and so is every one of the "
        "{n} steps.",
        "zh": "**和一次算完相同**：对整句一次性算出的因果注意力，它的第 {t} 行与这一步完全相同，"
        "连最后一位都一样；全部 {n} 步都是如此。",
    },
    "same_step_exact": {
        "en": "**The same as all at once:** row {t} of the causal attention computed for the "
        "whole sentence in one go is this step's, to the last bit; over all {n} steps the two "
        "differ by at most {max}: rounding, nothing more.",
        "zh": "**和一次算完相同**：对整句一次性算出的因果注意力，它的第 {t} 行与这一步完全相同，"
        "连最后一位都一样；所有 {n} 步中最多相差 {max}：只是舍入误差，别无其他。",
    },
    "same_rounding": {
        "en": "**The same as all at once:** row {t} of the causal attention computed for the "
        "whole sentence in one go differs from this step by at most {diff}, and over all {n} "
        "steps by at most {max}: rounding, nothing more.",
        "zh": "**和一次算完相同**：对整句一次性算出的因果注意力，它的第 {t} 行与这一步最多相差 "
        "{diff}，所有 {n} 步中最多相差 {max}：只是舍入误差，别无其他。",
    },
    "full": {
        "en": "Compare with the whole sentence at once (row {t} outlined)",
        "zh": "与整句一次算出的结果对比（第 {t} 行已框出）",
    },
    "full_name": {
        "en": "Causal attention weights, the whole sentence at once",
        "zh": "因果注意力权重：整句一次算出",
    },
    "full_caption": {
        "en": "Row {t} is the step's weight column above, laid on its side. Every cell right "
        "of the diagonal is 0: the mask hides the tokens that come later, which is why a "
        "cache of the tokens so far is all a step needs.",
        "zh": "第 {t} 行就是上面这一步的权重列，只是横过来放。对角线右边的格子全是 0：掩码挡住了后面的"
        "词元，所以每一步只需要目前为止这些词元的缓存。",
    },
    # why cache
    "why": {"en": "Why cache?", "zh": "为什么要缓存？"},
    "why_intro": {
        "en": "Without a cache, step t would compute the keys and values of all t tokens "
        "again, although t − 1 of them were made before. With a cache it makes one of each "
        "and reads the rest. Counted for one attention layer of the toy model (an "
        "[a × b]·[b × c] product is a·b·c multiply-adds):",
        "zh": "没有缓存时，第 t 步要把全部 t 个词元的键和值重新算一遍，尽管其中 t − 1 个之前已经算过。"
        "有了缓存，每一步只算一个键和一个值，其余的直接读取。按玩具模型的一层注意力来计数"
        "（[a × b]·[b × c] 的矩阵乘法需要 a·b·c 次乘加）：",
    },
    "tokens": {"en": "Tokens generated", "zh": "生成的词元数"},
    "tokens_sentence": {"en": "your sentence ({n})", "zh": "你的句子（{n}）"},
    "with": {"en": "with a cache:", "zh": "有缓存："},
    "without": {"en": "without one:", "zh": "无缓存："},
    "parts": {
        "en": "Step t's multiply-adds, with d_model = {d_model}, h = {h}, d_k = {d_k}: A = {a} "
        "for the new query and for W_O, KV = {kv} for one token's keys and values, S = {s} "
        "for each cached token's score and its share of the weighted sum.",
        "zh": "第 t 步的乘加次数（d_model = {d_model}，h = {h}，d_k = {d_k}）：A = {a} 是新查询和 "
        "W_O 的部分，KV = {kv} 是一个词元的键和值，S = {s} 是每个缓存词元的分数以及它在加权求和中"
        "的那一份。",
    },
    "series_with": {"en": "with a cache", "zh": "有缓存"},
    "series_without": {"en": "without a cache", "zh": "无缓存"},
    "x_step": {"en": "step t", "zh": "第 t 步"},
    "y_step": {"en": "multiply-adds, step t", "zh": "第 t 步的乘加"},
    "y_total": {"en": "multiply-adds, steps 1 … t", "zh": "第 1 … t 步的乘加之和"},
    "work_summary": {
        "en": "Generating {n} tokens: **{without}** multiply-adds without a cache, **{with}** "
        "with one, **{times}×** fewer. Each head makes {rows} key rows without a cache "
        "(1 + 2 + … + {n}) and {n} with one.",
        "zh": "生成 {n} 个词元：没有缓存要 **{without}** 次乘加，有缓存要 **{with}** 次，少了 "
        "**{times} 倍**。没有缓存时每个头要算 {rows} 行键（1 + 2 + … + {n}），有缓存只要 {n} 行。",
    },
    "work_limit": {
        "en": "The longer the text, the closer the saving comes to (KV + S) / S = {limit}×. "
        "And it is the least a cache saves: in a model of several layers, a step without a "
        "cache would also recompute every earlier token's whole layer, since the next "
        "layer's keys are made from its output.",
        "zh": "文本越长，节省的倍数越接近 (KV + S) / S = {limit}。而这还是缓存最少能省下的："
        "在多层的模型里，没有缓存的每一步还要把之前每个词元的整层都重算一遍，因为下一层的键就是由这一层"
        "的输出算出来的。",
    },
    # heads that share keys and values
    "share": {
        "en": "MHA, GQA, MQA: heads that share keys and values",
        "zh": "MHA、GQA、MQA：共用键和值的头",
    },
    "share_intro": {
        "en": "The cache holds a key and a value per key/value head, per token, per layer. "
        "Today's models make it smaller by letting several query heads read the same "
        "key/value head: h query heads, g key/value heads, h/g queries for each. g = h is "
        "multi-head attention (MHA), as on the Multi-head page; g = 1 is multi-query "
        "attention (MQA); anything between is grouped-query attention (GQA).",
        "zh": "缓存为每一层、每个词元、每个键值头各存一个键和一个值。今天的模型让几个查询头读取同一个键值头，"
        "从而把缓存变小：h 个查询头，g 个键值头，每个键值头服务 h/g 个查询。g = h 就是多头注意力（MHA），"
        "和“多头注意力”页一样；g = 1 是多查询注意力（MQA）；介于两者之间的是分组查询注意力（GQA）。",
    },
    "one_head": {
        "en": "With one head there is nothing to share. Set the sidebar's heads to 2 or more "
        "to let query heads share their keys and values.",
        "zh": "只有一个头时没有什么可共用的。把侧边栏的头数设为 2 或更多，就能让查询头共用键和值。",
    },
    "g": {"en": "Key/value heads g", "zh": "键值头数 g"},
    "g_option": {"en": "g = {g} · {kind}", "zh": "g = {g} · {kind}"},
    "g_help": {
        "en": "Only divisors of h = {h} are offered, so that every key/value head serves the "
        "same number of query heads.",
        "zh": "只提供能整除 h = {h} 的数，这样每个键值头服务的查询头一样多。",
    },
    "kind_mha": {"en": "multi-head attention (MHA)", "zh": "多头注意力（MHA）"},
    "kind_gqa": {"en": "grouped-query attention (GQA)", "zh": "分组查询注意力（GQA）"},
    "kind_mqa": {"en": "multi-query attention (MQA)", "zh": "多查询注意力（MQA）"},
    "g_now_mha": {
        "en": "**g = h = {h}**: {kind}, one key/value head for each query head; nothing is "
        "shared. Move g below {h} to let query heads share.",
        "zh": "**g = h = {h}**：{kind}，每个查询头各有一个键值头，没有共用。把 g 调到 {h} 以下，查询头就会共用。",
    },
    "cache_g_caption_mha": {
        "en": "2 (K and V) × g × d_k × tokens: at g = h = {h}, 2 × {h} × {d_k} × {n} = {numbers} "
        "numbers, the most of any g: every query head keeps its own keys and values.",
        "zh": "2（K 和 V）× g × d_k × 词元数：g = h = {h} 时为 2 × {h} × {d_k} × {n} = {numbers} 个数，"
        "是所有 g 中最多的：每个查询头都保存自己的键和值。",
    },
    "g_now": {
        "en": "**g = {g}** key/value heads for **h = {h}** query heads: {kind}; each "
        "key/value head serves {group} of them.",
        "zh": "**h = {h}** 个查询头共用 **g = {g}** 个键值头：{kind}；每个键值头服务其中 {group} 个。",
    },
    "top_row": {"en": "query heads (h = {h})", "zh": "查询头（h = {h}）"},
    "bottom_row": {"en": "key/value heads, cached (g = {g})", "zh": "键值头，存入缓存（g = {g}）"},
    "tip_title": {"en": "reads", "zh": "读取"},
    "tip_reads": {
        "en": "query head {i} reads key/value head {j}",
        "zh": "查询头 {i} 读取键值头 {j}",
    },
    "tip_serves": {
        "en": "key/value head {j} serves {k} query heads",
        "zh": "键值头 {j} 服务 {k} 个查询头",
    },
    "readers_caption": {
        "en": "Query head i reads key/value head i ÷ (h/g), rounded down: the heads are "
        "grouped in order, as PyTorch and the Hugging Face models do. Each group has its own "
        "colour.",
        "zh": "查询头 i 读取键值头 i ÷ (h/g)（向下取整）：头按顺序分组，PyTorch 和 Hugging Face 的模型"
        "也是这样做的。每一组用自己的颜色。",
    },
    "maps": {"en": "Every head's map", "zh": "每个头的注意力图"},
    "maps_name": {
        "en": "Causal attention weights per query head",
        "zh": "每个查询头的因果注意力权重",
    },
    "maps_shape": {"en": "[{h} × {n} × {n}]", "zh": "[{h} × {n} × {n}]"},
    "head_name": {"en": "Head {i} · KV {j}", "zh": "头 {i} · 键值 {j}"},
    "maps_caption": {
        "en": "Heads of one group read the same keys and values, so their maps differ only "
        "by their queries. Generated step by step with this shared cache, every row equals "
        "the one computed all at once {within}.",
        "zh": "同一组的头读取相同的键和值，所以它们的注意力图只因查询不同而不同。用这个共用的缓存逐步生成时，"
        "每一行与一次算出的结果{within}。",
    },
    "maps_within": {"en": "to within {max}", "zh": "相差不超过 {max}"},
    "maps_exact": {"en": "to the last bit", "zh": "完全相同，连最后一位都一样"},
    "cache_g": {"en": "The cache against g", "zh": "缓存大小与 g"},
    "cache_numbers": {
        "en": "numbers cached (one layer, {n} tokens)",
        "zh": "缓存的数的个数（一层，{n} 个词元）",
    },
    "cache_g_caption": {
        "en": "2 (K and V) × g × d_k × tokens: at g = {g}, 2 × {g} × {d_k} × {n} = {numbers} "
        "numbers, {times}× fewer than with one key/value head per query head (g = {h}).",
        "zh": "2（K 和 V）× g × d_k × 词元数：g = {g} 时为 2 × {g} × {d_k} × {n} = {numbers} 个数，"
        "比每个查询头各有一个键值头（g = {h}）时少 {times} 倍。",
    },
    "pooled": {
        "en": "Where the shared heads' weights come from",
        "zh": "共用头的权重从哪里来",
    },
    "pooled_body": {
        "en": "A model trained with g key/value heads learns them. Here, as Ainslie et al. "
        "(2023) do to turn a multi-head model into a GQA one before training it a little "
        "further, each group's key and value weights are the mean of its h/g heads' "
        "columns (G_j: the h/g query heads of group j); W_Q and W_O stay as they were. With "
        "g = h nothing is averaged: the model is the Multi-head page's.",
        "zh": "用 g 个键值头训练的模型会自己学到这些权重。这里的做法和 Ainslie 等人（2023）把多头模型"
        "改成 GQA 模型时一样（改完再稍加训练）：每一组的键和值权重取这一组 h/g 个头对应各列的平均"
        "（G_j 是第 j 组的 h/g 个查询头）；W_Q 和 W_O 保持不变。g = h 时什么都不用平均：模型就是"
        "“多头注意力”页的那一个。",
    },
    # the memory calculator
    "memory": {
        "en": "The memory calculator: the cache of real models",
        "zh": "显存计算器：真实模型的缓存",
    },
    "memory_intro": {
        "en": "A real model keeps, for every layer, every key/value head and every token, a "
        "key and a value of d_head numbers. So its cache takes 2 × layers × g × d_head × "
        "tokens × bytes per number × sequences at once. Choose a published model:",
        "zh": "真实模型对每一层、每个键值头、每个词元都要存一个 d_head 维的键和一个值。所以缓存占用 "
        "2 × 层数 × g × d_head × 词元数 × 每个数的字节数 × 同时处理的序列数。选一个公开的模型：",
    },
    "preset": {"en": "Model", "zh": "模型"},
    "source": {
        "en": "{name}: {L} layers, h = {h} query heads and g = {g} key/value heads of d_head "
        "= {d}; {params} parameters; made for {context} tokens of context. The numbers are "
        "from [its configuration]({url}).",
        "zh": "{name}：{L} 层，h = {h} 个查询头，g = {g} 个键值头，d_head = {d}；{params} 个参数；"
        "上下文长度 {context} 个词元。数字来自[它的配置文件]({url})。",
    },
    "ctx": {"en": "Context (tokens)", "zh": "上下文（词元数）"},
    "batch": {"en": "Sequences at once (batch)", "zh": "同时处理的序列数（批大小）"},
    "type": {"en": "Number type", "zh": "数值类型"},
    "type_option": {"en": "{type} · {bytes} B", "zh": "{type} · {bytes} 字节"},
    "what_if": {
        "en": "What if it had g key/value heads?",
        "zh": "假如它有 g 个键值头？",
    },
    "what_if_help": {
        "en": "{name} has g = {g}. Another divisor of its query heads shows what sharing more "
        "or less would cost.",
        "zh": "{name} 的 g = {g}。换成它的查询头数的另一个因数，看看多共用或少共用要花多少显存。",
    },
    "bytes": {"en": "bytes", "zh": "字节"},
    "m_cache": {"en": "KV cache ({unit})", "zh": "KV 缓存（{unit}）"},
    "m_weights": {"en": "Weights ({unit})", "zh": "权重（{unit}）"},
    "m_weights_help": {
        "en": "{params} parameters in {type}, the same number type as the cache.",
        "zh": "{params} 个参数，用和缓存相同的 {type} 类型存放。",
    },
    "m_ratio": {"en": "Cache ÷ weights", "zh": "缓存 ÷ 权重"},
    "per_token": {
        "en": "Each token adds {token} to the cache (every layer, batch size {batch}). The "
        "cache outgrows the weights at **{match}** tokens.",
        "zh": "每个词元给缓存增加 {token}（所有层，批大小 {batch}）。上下文达到 **{match}** "
        "个词元时，缓存就比权重还大。",
    },
    "x_context": {"en": "context (tokens)", "zh": "上下文（词元数）"},
    "y_cache": {"en": "KV cache ({unit})", "zh": "KV 缓存（{unit}）"},
    "weights_rule": {"en": "weights: {size}", "zh": "权重：{size}"},
    "context_rule": {"en": "your context: {n}", "zh": "你的上下文：{n}"},
    "memory_caption": {
        "en": "The cache grows in a straight line with the context; the weights stay the "
        "same. The other models are drawn faint, each with its own g, in the same number "
        "type and batch.",
        "zh": "缓存随上下文长度成直线增长，权重则不变。其他模型画得较淡，各用自己的 g，数值类型和批大小相同。",
    },
    "presets": {"en": "Every model's numbers", "zh": "每个模型的数字"},
    "preset_line": {
        "en": "**{name}** ({kind}): L = {L} layers, h = {h}, g = {g}, d_head = {d}, "
        "d_model = {d_model}; {params} parameters; {context} tokens of context, whose cache "
        "takes {cache} in {type}. [config.json]({url})",
        "zh": "**{name}**（{kind}）：L = {L} 层，h = {h}，g = {g}，d_head = {d}，d_model = {d_model}；"
        "{params} 个参数；上下文 {context} 个词元，用 {type} 存放时缓存占 {cache}。[配置文件]({url})",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.rows.ask": {
        "en": "Generating your {n}-token sentence without a cache, step t computes the keys of "
        "all t tokens again. Over the {n} steps, how many key rows does one head compute in "
        "all?",
        "zh": "不用缓存生成你这句 {n} 个词元的句子时，第 t 步要把全部 t 个词元的键重新算一遍。"
        "{n} 步下来，一个头一共要算多少行键？",
    },
    "quiz.rows.why": {
        "en": "{without} = 1 + 2 + … + {n}: step t remakes all t keys. With a cache each key "
        "is made once, at its own step: {with} rows, {fraction} as many (and as many values).",
        "zh": "{without} = 1 + 2 + … + {n}：第 t 步要重算全部 t 个键。有了缓存，每个键只在自己那一步"
        "算一次：{with} 行，只有原来的 {fraction}（值也一样）。",
    },
    "quiz.group.ask": {
        "en": "{h} query heads share {g} key/value heads, in equal groups. How many query heads "
        "read each key/value head?",
        "zh": "{h} 个查询头平均分组，共用 {g} 个键值头。每个键值头被几个查询头读取？",
    },
    "quiz.group.why": {
        "en": "{group} = {h} / {g}. The cache keeps the keys and values of {g} heads instead "
        "of {h}: it is {group}× smaller.",
        "zh": "{group} = {h} / {g}。缓存只存 {g} 个头的键和值，而不是 {h} 个：小了 {group} 倍。",
    },
    "quiz.cache_size.ask": {
        "en": "A model with {L} layers and {g} key/value heads of {d} dimensions, in {type}: "
        "how much cache do {n} tokens of context take, at batch size {batch}? Answer in "
        "{unit}.",
        "zh": "一个模型有 {L} 层、{g} 个 {d} 维的键值头，用 {type} 存放：{n} 个词元的上下文、批大小为 "
        "{batch} 时，缓存要占多少？用 {unit} 回答。",
    },
    "quiz.cache_size.why": {
        "en": "2 (K and V) × {L} × {g} × {d} × {n} × {bytes_per_number} bytes × {batch} = "
        "{bytes} bytes = {size} {unit}. The weights, in the same type: {weights} "
        "{weights_unit}.",
        "zh": "2（K 和 V）× {L} × {g} × {d} × {n} × {bytes_per_number} 字节 × {batch} = {bytes} "
        "字节 = {size} {unit}。同样类型下，权重占 {weights} {weights_unit}。",
    },
    "quiz.fewer_kv_heads.ask": {
        "en": "The same model with one key/value head instead of {g} (its {h} query heads "
        "all sharing it): how many times smaller is the cache?",
        "zh": "同一个模型，如果只有 1 个键值头而不是 {g} 个（{h} 个查询头全都共用它），缓存会小多少倍？",
    },
    "quiz.fewer_kv_heads.why": {
        "en": "{ratio}× smaller, {size} {unit}: the cache is proportional to g, and nothing "
        "else changes. That is multi-query attention; GQA keeps a few key/value heads as a "
        "middle way between its small cache and the quality of one head each.",
        "zh": "小 {ratio} 倍，只有 {size} {unit}：缓存与 g 成正比，其余都不变。这就是多查询注意力；"
        "GQA 保留少数几个键值头，在小缓存和每个头各有一份的效果之间取个折中。",
    },
    "quiz.more_kv_heads.ask": {
        "en": "The same model with one key/value head per query head ({h}) instead of {g}: "
        "how many times larger would the cache be?",
        "zh": "同一个模型，如果每个查询头各有一个键值头（{h} 个）而不是 {g} 个，缓存会大多少倍？",
    },
    "quiz.more_kv_heads.why": {
        "en": "{ratio}× larger, {size} {unit}: the cache is proportional to g, and nothing "
        "else changes.",
        "zh": "大 {ratio} 倍，达到 {size} {unit}：缓存与 g 成正比，其余都不变。",
    },
}
