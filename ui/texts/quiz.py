"""Texts of the predict-then-reveal questions (core/quiz.py makes them and their answers)."""

TEXTS = {
    # the question box
    "title": {"en": "Predict first", "zh": "先预测"},
    "title_n": {"en": "Predict first: {n} questions", "zh": "先预测：共 {n} 题"},
    "your_answer": {"en": "Your answer", "zh": "你的答案"},
    "choose": {"en": "Pick one", "zh": "请选择"},
    "number_help": {
        "en": "A number, e.g. 0.5 or 64. A comma works as the decimal mark too.",
        "zh": "一个数，比如 0.5 或 64。小数点也可以写成逗号。",
    },
    "check": {"en": "Check my answer", "zh": "核对答案"},
    "skip": {"en": "Show me without guessing", "zh": "不猜了，直接看"},
    "skip_help": {
        "en": "Shows the answer and the figures that prove it. It counts as skipped, not as wrong.",
        "zh": "显示答案和证明它的图表。这算作跳过，不算答错。",
    },
    "reveal": {"en": "Reveal the answer", "zh": "揭晓答案"},
    "reveal_help": {
        "en": "For a class: let everyone vote first (by hand, or A, B, C…), then reveal the "
        "answer and the figures that prove it.",
        "zh": "给全班用：先让大家投票（举手，或按 A、B、C……），再揭晓答案和证明它的图表。",
    },
    "skipped": {"en": "The answer: {answer}.", "zh": "答案：{answer}。"},
    "right": {"en": "Right: {answer}.", "zh": "答对了：{answer}。"},
    "wrong": {
        "en": "Not quite: you said {guess}; the answer is {answer}.",
        "zh": "不太对：你的答案是 {guess}，正确答案是 {answer}。",
    },
    "measured": {
        "en": "≈ {theory}; this sample: {answer} (anything within {tolerance} of it counts)",
        "zh": "≈ {theory}；这次抽样：{answer}（与它相差不超过 {tolerance} 都算对）",
    },
    "roughly": {
        "en": "{answer} (anything within {tolerance} counts)",
        "zh": "{answer}（相差不超过 {tolerance} 都算对）",
    },
    "try_this": {"en": "Show me", "zh": "让我看看"},
    "try_this_help": {
        "en": "Sets the controls to the settings that show it. The same view as a link: {link}",
        "zh": "把控件设为能看到这一点的设置。同一视图的链接：{link}",
    },
    "msg.empty": {"en": "Type or pick an answer first.", "zh": "请先填写或选择一个答案。"},
    "msg.not_a_number": {
        "en": "That is not a number. Type digits, e.g. 0.25 or 64.",
        "zh": "这不是一个数。请输入数字，比如 0.25 或 64。",
    },
    "msg.too_large": {
        "en": "That number is far too large to be the answer here.",
        "zh": "这个数太大了，不可能是这里的答案。",
    },
    "score": {
        "en": "Questions: {answered} answered, {right} right, {skipped} skipped (this session "
        "only).",
        "zh": "问题：已回答 {answered} 题，答对 {right} 题，跳过 {skipped} 题（只记在本次会话中）。",
    },
    "choice.up": {"en": "it goes up", "zh": "变大"},
    "choice.down": {"en": "it goes down", "zh": "变小"},
    "choice.same": {"en": "it stays the same", "zh": "不变"},
    "choice.larger": {"en": "larger", "zh": "更大"},
    "choice.smaller": {"en": "smaller", "zh": "更小"},
    "choice.yes": {"en": "yes", "zh": "是"},
    "choice.no": {"en": "no", "zh": "否"},
    "choice.either": {"en": "it could do either", "zh": "都有可能"},
    # the article's claims, as a question names the one it tests
    "claim": {"en": "This tests: {claim}", "zh": "这道题检验的是：{claim}"},
    "claim.order": {
        "en": "embeddings carry meaning, not order; the positions add the order",
        "zh": "嵌入只带含义、不带顺序；顺序由位置编码加入",
    },
    "claim.roles": {
        "en": "a query is what you look for, keys are how items are tagged, values are what you get",
        "zh": "查询是你要找的东西，键是每个条目的标签，值是你得到的内容",
    },
    "claim.compare": {
        "en": "Q·Kᵀ compares every query with every key",
        "zh": "Q·Kᵀ 把每个查询和每个键都比较一次",
    },
    "claim.grow": {
        "en": "dot products grow with d_k: their variance is about d_k",
        "zh": "点积随 d_k 增大：方差约为 d_k",
    },
    "claim.shrink": {
        "en": "dividing by √d_k brings the variance back to about 1",
        "zh": "除以 √d_k 把方差拉回到 1 左右",
    },
    "claim.sharp": {
        "en": "large scores make softmax almost one-hot, and its gradient tiny",
        "zh": "分数太大会让 softmax 几乎变成独热，梯度变得很小",
    },
    "claim.sum": {"en": "each row of weights sums to 1", "zh": "每一行权重之和为 1"},
    "claim.mix": {
        "en": "the output is a weighted mix of values, not a probability, and can be negative",
        "zh": "输出是值向量的加权混合，不是概率，也可以是负数",
    },
    "claim.mask": {
        "en": "the mask sets scores to −∞ and so weights to 0",
        "zh": "掩码把分数设为 −∞，权重于是为 0",
    },
    "claim.heads": {
        "en": "h heads of d_k each concatenate to h·d_k, and W_O maps that back to d_model",
        "zh": "h 个各 d_k 维的头拼接成 h·d_k 维，再由 W_O 映射回 d_model 维",
    },
    "claim.real": {
        "en": "a trained model's heads learn links such as “it” → “cake”",
        "zh": "训练过的模型，其注意力头会学到“it” → “cake”这样的联系",
    },
    "claim.learn": {
        "en": "without ÷√d_k the softmax saturates and learning gets harder",
        "zh": "不除以 √d_k 时 softmax 会饱和，学习变得更困难",
    },
    # the claims of the pages beyond the article
    "claim.cache": {
        "en": "a cache makes each token's key and value once; without it, step t remakes all t",
        "zh": "有了缓存，每个词元的键和值只算一次；没有缓存，第 t 步要把 t 个全部重算",
    },
    "claim.share": {
        "en": "h query heads can share g key/value heads: a cache h/g times smaller",
        "zh": "h 个查询头可以共用 g 个键值头：缓存小到原来的 g/h",
    },
    "claim.memory": {
        "en": "at long context the cache, not the weights, fills the memory",
        "zh": "上下文很长时，占满显存的是缓存而不是权重",
    },
    "claim.tiles": {
        "en": "softmax·V can be computed one tile of keys at a time, keeping only m, l and the "
        "running output, with the same result",
        "zh": "softmax·V 可以一块一块地计算键，只保留 m、l 和当前输出，结果完全相同",
    },
    "claim.window": {
        "en": "a window limits what one layer sees; stacked layers see about L·w back",
        "zh": "窗口限制了一层能看到的范围；叠加 L 层后大约能往回看 L·w 个词元",
    },
    # the questions
    "overview.top.ask": {
        "en": "At these settings, which key will “{token}” give its largest weight?",
        "zh": "在当前设置下，“{token}”会把最大的权重给哪个键？",
    },
    "overview.top.why": {
        "en": "Its row of weights gives “{answer}” {weight}, against an even share of {even} "
        "for each of the {n} keys. The weight follows the score: the key whose vector points "
        "most the same way as the query's wins the largest share.",
        "zh": "它那一行权重给“{answer}”的是 {weight}，而平均分给 {n} 个键时每个只有 {even}。"
        "权重跟着分数走：和查询方向最一致的键拿到最大的一份。",
    },
    "tokens.swap.ask": {
        "en": "Swap “{a}” and “{b}” in the sentence. How many of the {n} rows of X = E + PE "
        "change?",
        "zh": "把句子里的“{a}”和“{b}”对调。X = E + PE 的 {n} 行中，有几行会变？",
    },
    "tokens.swap.why": {
        "en": "{changed} rows: only the two words that moved now sit on other positions, so "
        "only their position terms change. The other words keep both their meaning and "
        "their place. Without PE, the swapped sentence would have the same set of rows, "
        "only in another order: nothing in X would say which word came first.",
        "zh": "{changed} 行：只有挪动的两个词换到了别的位置，所以只有它们的位置项变了。其余的词含义和位置都没变。"
        "如果没有 PE，对调后的句子得到的是同一组行，只是顺序不同：X 里没有任何东西能说明哪个词在前。",
    },
    "qkv.best.ask": {
        "en": "Your query asks most for {tag}. Which film will get the largest weight?",
        "zh": "你的查询最想要{tag}。哪部片子会得到最大的权重？",
    },
    "qkv.best.why": {
        "en": "{answer} gets {weight}: its key matches the query best, so softmax gives it "
        "the largest share, and its values count most in the blend you get back.",
        "zh": "{answer}得到 {weight}：它的键和查询最匹配，所以 softmax 给它最大的份额，你拿回的混合结果里它的值也最有分量。",
    },
    "similarity.top.ask": {
        "en": "In S = Q·Kᵀ, with which key will the query of “{token}” score highest?",
        "zh": "在 S = Q·Kᵀ 中，“{token}”的查询和哪个键的分数最高？",
    },
    "similarity.top.why": {
        "en": "With “{answer}”: {score}. Each cell of its row is the dot product of its query "
        "with one key; the largest one is the key that points most the same way.",
        "zh": "和“{answer}”：{score}。它那一行的每个格子都是它的查询和一个键的点积；最大的那个就是方向最一致的键。",
    },
    "similarity.count.ask": {
        "en": "The sentence has {n} tokens. How many scores does S = Q·Kᵀ hold?",
        "zh": "这句话有 {n} 个词元。S = Q·Kᵀ 一共有多少个分数？",
    },
    "similarity.count.why": {
        "en": "{count} = {n} × {n}: every query is compared with every key, its own included, "
        "so there is one row per query and one column per key.",
        "zh": "{count} = {n} × {n}：每个查询都要和每个键（包括它自己）比较，所以每个查询一行、每个键一列。",
    },
    "scaling.grow.ask": {
        "en": "q and k have d_k = {d_k} independent parts, each of variance 1. Roughly what "
        "is the variance of q·k?",
        "zh": "q 和 k 各有 d_k = {d_k} 个相互独立、方差为 1 的分量。q·k 的方差大约是多少？",
    },
    "scaling.grow.why": {
        "en": "About {d_k}: measured {measured} over {n} samples. q·k adds up d_k products, "
        "each of variance 1, and variances of independent terms add up.",
        "zh": "大约 {d_k}：用 {n} 个样本实测为 {measured}。q·k 是 d_k 个乘积之和，每个乘积方差为 1，"
        "而独立项的方差可以相加。",
    },
    "scaling.shrink.ask": {
        "en": "And after dividing q·k by √{d_k}, roughly what is its variance?",
        "zh": "那么把 q·k 除以 √{d_k} 之后，方差大约是多少？",
    },
    "scaling.shrink.why": {
        "en": "About 1: measured {measured}. Dividing by √d_k divides the variance by d_k, "
        "whatever the dimension, so softmax always sees scores of the same size.",
        "zh": "大约 1：实测为 {measured}。除以 √d_k 会让方差除以 d_k，无论维度多大都一样，"
        "所以 softmax 看到的分数总是同样大小。",
    },
    "softmax.sharp.ask": {
        "en": "At d_model = {d}, switch scaling off. Will the largest weight in the row of "
        "“{token}” go up or down?",
        "zh": "在 d_model = {d} 时关掉缩放。“{token}”那一行里最大的权重会变大还是变小？",
    },
    "softmax.sharp.why": {
        "en": "{answer}: {on} with ÷√{d_k}, {off} without. Unscaled scores are √{d_k} times "
        "larger, and softmax of larger scores piles the weight onto the top key, where "
        "almost no gradient gets through.",
        "zh": "{answer}：缩放时为 {on}，不缩放时为 {off}。不缩放的分数大了 √{d_k} 倍，而分数越大，"
        "softmax 越把权重堆到最高的那个键上，梯度也就几乎传不过去。",
    },
    "softmax.sum.ask": {
        "en": "What do the weights in the row of “{token}” add up to?",
        "zh": "“{token}”那一行的权重加起来是多少？",
    },
    "softmax.sum.why": {
        "en": "1, always: softmax divides each e^z by the sum over the row's {n} keys it may "
        "see, so the weights are shares of one whole.",
        "zh": "总是 1：softmax 把每个 e^z 除以这一行（它能看到的 {n} 个键）的总和，所以权重是一个整体的各个份额。",
    },
    "weighted_sum.negative.ask": {
        "en": "Every weight is positive. Is any value of the output O = A·V negative at these "
        "settings?",
        "zh": "每个权重都是正的。在当前设置下，输出 O = A·V 中有没有负数？",
    },
    "weighted_sum.negative.why": {
        "en": "Yes: “{token}”, dimension {dim}, is {value}. O mixes the value vectors, and "
        "values can be negative; a mix of them lies between their smallest and largest. It "
        "is not a probability.",
        "zh": "有：“{token}”的第 {dim} 维是 {value}。O 是值向量的混合，而值可以是负数；"
        "混合结果落在它们的最小值和最大值之间。它不是概率。",
    },
    "weighted_sum.negative.why_none": {
        "en": "No, not here: every value that gets a weight is positive, so every mix is too. "
        "But O is no probability: with other settings (try another seed) values and outputs "
        "go below 0.",
        "zh": "这里没有：得到权重的每个值都是正的，所以它们的混合也是正的。但 O 不是概率：换个设置（比如换个种子），"
        "值和输出都会出现负数。",
    },
    "weighted_sum.cell.ask": {
        "en": "Work it out from A and V: what is the first value of the output of “{token}”, "
        "O[{token}, 1]?",
        "zh": "用 A 和 V 算一算：“{token}”输出的第一个值 O[{token}, 1] 是多少？",
    },
    "weighted_sum.cell.why": {
        "en": "{value}: the row of A for “{token}” times the first column of V, term by term, "
        "added up (the worked sum below does it for you).",
        "zh": "{value}：把 A 中“{token}”那一行和 V 的第一列逐项相乘再相加（下面的逐项求和会替你算一遍）。",
    },
    "masking.zero.ask": {
        "en": "With the causal mask on, what weight does “{query}” give to “{key}”?",
        "zh": "打开因果掩码后，“{query}”给“{key}”的权重是多少？",
    },
    "masking.zero.why": {
        "en": "0, exactly: “{key}” comes after “{query}”, so its score is set to −∞ and "
        "e^(−∞) = 0. The weight it would have had goes to the keys that may be seen.",
        "zh": "恰好是 0：“{key}”在“{query}”之后，所以它的分数被设为 −∞，而 e^(−∞) = 0。它原本能得到的权重分给了可以看到的键。",
    },
    "multihead.width.ask": {
        "en": "{h} heads each give a vector of d_k = {d_k} numbers per token. How many numbers "
        "does a token's concatenation have?",
        "zh": "{h} 个头，每个头为每个词元给出 d_k = {d_k} 个数。拼接之后，每个词元有多少个数？",
    },
    "multihead.width_one.ask": {
        "en": "One head gives a vector of d_k = {d_k} numbers per token. How many numbers does "
        "a token's concatenation have?",
        "zh": "一个头为每个词元给出 d_k = {d_k} 个数。拼接之后，每个词元有多少个数？",
    },
    "multihead.width.why": {
        "en": "{width} = {h} × {d_k}: the heads' outputs are put side by side. W_O then maps "
        "those {width} numbers back to d_model = {d}.",
        "zh": "{width} = {h} × {d_k}：各个头的输出并排放在一起。然后 W_O 把这 {width} 个数映射回 d_model = {d} 维。",
    },
    "real_model.layer.ask": {
        "en": "The model has {layers} layers of {heads} heads. In which layer is the head that "
        "links “{q}” to “{k}” most strongly?",
        "zh": "这个模型有 {layers} 层，每层 {heads} 个头。把“{q}”和“{k}”联系得最紧的那个头在第几层？",
    },
    "real_model.layer.why": {
        "en": "Layer {layer} (head {head}, weight {weight}). Nobody told the model to link "
        "them: training on text made some heads do it, mostly in the later layers, while "
        "others look at neighbours or at [CLS] and [SEP].",
        "zh": "第 {layer} 层（第 {head} 个头，权重 {weight}）。没有人告诉模型要把它们联系起来：是在文本上训练让某些头学会了，"
        "多半在较后的层；别的头则看相邻的词，或者看 [CLS] 和 [SEP]。",
    },
    "train.gradient.ask": {
        "en": "At d_k = {d_k}, without ÷√d_k: will the gradient that reaches W_Q at the first "
        "step be larger or smaller than with it?",
        "zh": "在 d_k = {d_k} 时不除以 √d_k：第一步传到 W_Q 的梯度，会比除以时更大还是更小？",
    },
    "train.gradient.why": {
        "en": "{answer}: {q_off} without against {q_on} with, as the scores are not divided. "
        "Yet what gets through softmax shrinks: the norm of its Jacobian is {j_off} against "
        "{j_on}. Large scores make rows nearly one-hot, so most of the signal that should "
        "teach W_Q and W_K which key to prefer is lost, and training wanders: watch the "
        "curves below.",
        "zh": "{answer}：不除以时为 {q_off}，除以时为 {q_on}，因为分数没有被缩小。可是能穿过 softmax 的部分变小了："
        "它的雅可比矩阵范数是 {j_off}，对比 {j_on}。分数太大让各行几乎变成独热，本该告诉 W_Q 和 W_K "
        "该偏向哪个键的信号大多丢失了，训练就会走弯路：看看下面的曲线。",
    },
    "generate.rows.ask": {
        "en": "Generating your {n}-token sentence without a cache, step t computes the keys of "
        "all t tokens again. Over the {n} steps, how many key rows does one head compute in "
        "all?",
        "zh": "不用缓存生成你这句 {n} 个词元的句子时，第 t 步要把全部 t 个词元的键重新算一遍。"
        "{n} 步下来，一个头一共要算多少行键？",
    },
    "generate.rows.why": {
        "en": "{without} = 1 + 2 + … + {n}: step t remakes all t keys. With a cache each key "
        "is made once, at its own step: {with} rows, {times}× fewer (and as many values).",
        "zh": "{without} = 1 + 2 + … + {n}：第 t 步要重算全部 t 个键。有了缓存，每个键只在自己那一步"
        "算一次：{with} 行，少 {times} 倍（值也一样）。",
    },
    "generate.group.ask": {
        "en": "{h} query heads share {g} key/value heads, in equal groups. How many query heads "
        "read each key/value head?",
        "zh": "{h} 个查询头平均分组，共用 {g} 个键值头。每个键值头被几个查询头读取？",
    },
    "generate.group.why": {
        "en": "{group} = {h} / {g}. The cache keeps the keys and values of {g} heads instead "
        "of {h}: it is {group}× smaller.",
        "zh": "{group} = {h} / {g}。缓存只存 {g} 个头的键和值，而不是 {h} 个：小了 {group} 倍。",
    },
    "generate.cache_size.ask": {
        "en": "A model with {L} layers and {g} key/value heads of {d} dimensions, in {type}: "
        "how much cache do {n} tokens of context take, at batch size {batch}? Answer in "
        "{unit}.",
        "zh": "一个模型有 {L} 层、{g} 个 {d} 维的键值头，用 {type} 存放：{n} 个词元的上下文、批大小为 "
        "{batch} 时，缓存要占多少？用 {unit} 回答。",
    },
    "generate.cache_size.why": {
        "en": "2 (K and V) × {L} × {g} × {d} × {n} × {bytes_per_number} bytes × {batch} = "
        "{bytes} bytes = {size} {unit}. The weights, in the same type: {weights} "
        "{weights_unit}.",
        "zh": "2（K 和 V）× {L} × {g} × {d} × {n} × {bytes_per_number} 字节 × {batch} = {bytes} "
        "字节 = {size} {unit}。同样类型下，权重占 {weights} {weights_unit}。",
    },
    "generate.fewer_kv_heads.ask": {
        "en": "The same model with one key/value head instead of {g} (its {h} query heads "
        "all sharing it): how many times smaller is the cache?",
        "zh": "同一个模型，如果只有 1 个键值头而不是 {g} 个（{h} 个查询头全都共用它），缓存会小多少倍？",
    },
    "generate.fewer_kv_heads.why": {
        "en": "{ratio}× smaller, {size} {unit}: the cache is proportional to g, and nothing "
        "else changes. That is multi-query attention; GQA keeps a few key/value heads as a "
        "middle way between its small cache and the quality of one head each.",
        "zh": "小 {ratio} 倍，只有 {size} {unit}：缓存与 g 成正比，其余都不变。这就是多查询注意力；"
        "GQA 保留少数几个键值头，在小缓存和每个头各有一份的效果之间取个折中。",
    },
    "generate.more_kv_heads.ask": {
        "en": "The same model with one key/value head per query head ({h}) instead of {g}: "
        "how many times larger would the cache be?",
        "zh": "同一个模型，如果每个查询头各有一个键值头（{h} 个）而不是 {g} 个，缓存会大多少倍？",
    },
    "generate.more_kv_heads.why": {
        "en": "{ratio}× larger, {size} {unit}: the cache is proportional to g, and nothing "
        "else changes.",
        "zh": "大 {ratio} 倍，达到 {size} {unit}：缓存与 g 成正比，其余都不变。",
    },
    "rope.shift.ask": {
        "en": "With RoPE, the followed token stands at position {pos_q} and the key at "
        "{pos_k}. If both move {shift} places to the right (to {pos_q_after} and "
        "{pos_k_after}), does their score q·k change?",
        "zh": "用 RoPE 时，跟踪的词元在位置 {pos_q}，键在位置 {pos_k}。如果两个都向右移动 {shift} "
        "个位置（到 {pos_q_after} 和 {pos_k_after}），它们的分数 q·k 会变吗？",
    },
    "rope.shift.why": {
        "en": "The score is {before} at positions {pos_q} and {pos_k}, and {after} at "
        "{pos_q_after} and {pos_k_after}: the same up to rounding (the table below gives the "
        "difference). Every pair of q is turned by {pos_q}·θ_i and of k by {pos_k}·θ_i; the dot "
        "product of two arrows depends only on the angle between them, and moving both adds "
        "{shift}·θ_i to each. All the score sees is the distance, {distance}.",
        "zh": "在位置 {pos_q} 和 {pos_k} 时分数是 {before}，在 {pos_q_after} 和 {pos_k_after} 时是 "
        "{after}：除了舍入误差完全相同（下面的表给出了差）。q 的每个数对转动 {pos_q}·θ_i，k 的转动 "
        "{pos_k}·θ_i；两支箭头的点积只取决于它们之间的夹角，而两个都移动时各自多转 {shift}·θ_i。"
        "分数看到的只有距离 {distance}。",
    },
    "rope.shift_sinusoidal.ask": {
        "en": "And with the Tokens page's sinusoidal positions added to the embeddings instead "
        "(nothing turned), does the same move change the score?",
        "zh": "如果改用词元页的正弦位置编码，把它加到嵌入上（不做任何转动），同样的移动会改变分数吗？",
    },
    "rope.shift_sinusoidal.why": {
        "en": "The score is {before} at positions {pos_q} and {pos_k}, and {after} at "
        "{pos_q_after} and {pos_k_after}: it moved by {difference}. The sinusoid is added before "
        "W_Q and W_K, so q·k falls into four parts: meaning with meaning, meaning with position "
        "(twice) and position with position. The middle ones change whenever a token moves, "
        "however far apart the two stay.",
        "zh": "在位置 {pos_q} 和 {pos_k} 时分数是 {before}，在 {pos_q_after} 和 {pos_k_after} 时是 "
        "{after}：变了 {difference}。正弦编码是在 W_Q、W_K 之前加上的，所以 q·k 分成四部分：含义与含义、"
        "含义与位置（两项）、位置与位置。只要词元一移动，中间两项就会变，不管两者之间的距离是否保持不变。",
    },
    "cross.shape.ask": {
        "en": "The decoder's sentence (the question) has {n_dec} tokens and the encoder's "
        "(the answer) {n_enc}. What is the shape of the cross-attention weights, rows × "
        "columns?",
        "zh": "解码器的句子（提问的一方）有 {n_dec} 个词元，编码器的句子（回答的一方）有 {n_enc} 个。"
        "交叉注意力权重矩阵的形状（行 × 列）是多少？",
    },
    "cross.shape.why": {
        "en": "One row per token that asks ({rows} decoder tokens), one column per token that "
        "answers ({columns} encoder tokens): each decoder token's query meets every encoder "
        "token's key, and its row of {columns} weights sums to 1. Nothing makes it square: the "
        "two sentences may have any lengths, even be in two languages. With {heads} head(s) "
        "there is one such matrix per head.",
        "zh": "每个提问的词元一行（{rows} 个解码器词元），每个回答的词元一列（{columns} 个编码器词元）："
        "每个解码器词元的查询和每个编码器词元的键相遇，它那一行的 {columns} 个权重之和为 1。"
        "没有什么要求它是方阵：两句话可以长短不一，甚至是两种语言。有 {heads} 个头时，每个头各有一个这样的矩阵。",
    },
    "tiles.l.ask": {
        "en": "The row of “{token}” is walked in tiles of {tile}. After a tile whose largest "
        "score is above the running maximum m, does the running sum l grow, shrink, or could "
        "it do either?",
        "zh": "“{token}”这一行按每块 {tile} 个键逐块处理。某一块的最大分数大于当前最大值 m 时，处理完这一块，"
        "当前总和 l 是变大、变小，还是都有可能？",
    },
    "tiles.l.why": {
        "en": "{answer}. After such a tile, l = e^(m_old − m_new)·l_old + the tile's sum of "
        "e^(x − m_new). The first part is smaller than l_old, since the factor is below 1; the "
        "second is at least 1, since the tile's own maximum gives e⁰ = 1. Either can win: in "
        "tiles of 2, the scores 0 0 | 5 0 take l from {shrink_before} to {shrink_after}, and "
        "0 0 | 1 1 from {grow_before} to {grow_after}. In the row of “{token}” with tiles of "
        "{tile}, {raised} tile(s) after the first raised m; l grew after {grew} of them and "
        "shrank after {shrank}. The first, at tile {step}: m went from {m_old} to {m_new}, the "
        "factor was {factor}, and l = {factor} × {l_old} + {tile_sum} = {l_new}.",
        "zh": "{answer}。处理完这样一块后，l = e^(m_old − m_new)·l_old + 这一块的 e^(x − m_new) 之和。前一部分"
        "比 l_old 小，因为因子小于 1；后一部分至少为 1，因为这一块自己的最大值贡献 e⁰ = 1。哪一边占上风都有"
        "可能：每块 2 个键时，分数 0 0 | 5 0 让 l 从 {shrink_before} 变为 {shrink_after}，而 0 0 | 1 1 让它从 "
        "{grow_before} 变为 {grow_after}。在“{token}”这一行、每块 {tile} 个键时，第一块之后有 {raised} 块抬高了 "
        "m；其中 {grew} 块之后 l 变大，{shrank} 块之后变小。第一次发生在第 {step} 块：m 从 {m_old} 变为 "
        "{m_new}，因子为 {factor}，l = {factor} × {l_old} + {tile_sum} = {l_new}。",
    },
    "tiles.l.why_none": {
        "en": "{answer}. After such a tile, l = e^(m_old − m_new)·l_old + the tile's sum of "
        "e^(x − m_new). The first part is smaller than l_old, since the factor is below 1; the "
        "second is at least 1, since the tile's own maximum gives e⁰ = 1. Either can win: in "
        "tiles of 2, the scores 0 0 | 5 0 take l from {shrink_before} to {shrink_after}, and "
        "0 0 | 1 1 from {grow_before} to {grow_after}. In the row of “{token}” with tiles of "
        "{tile}, no tile after the first raised m: its largest score came in the first tile. "
        "Try B = 1 to watch m rise as the walk goes.",
        "zh": "{answer}。处理完这样一块后，l = e^(m_old − m_new)·l_old + 这一块的 e^(x − m_new) 之和。前一部分"
        "比 l_old 小，因为因子小于 1；后一部分至少为 1，因为这一块自己的最大值贡献 e⁰ = 1。哪一边占上风都有"
        "可能：每块 2 个键时，分数 0 0 | 5 0 让 l 从 {shrink_before} 变为 {shrink_after}，而 0 0 | 1 1 让它从 "
        "{grow_before} 变为 {grow_after}。在“{token}”这一行、每块 {tile} 个键时，第一块之后没有哪一块抬高 m："
        "它的最大分数出现在第一块里。试试 B = 1，看 m 如何一路升高。",
    },
    "tiles.kept.ask": {
        "en": "Between two tiles, how many numbers must one query keep, however long the text? "
        "Its value vectors have d_v = {d_v} numbers.",
        "zh": "在两块之间，一个查询必须保留多少个数（不管文本有多长）？它的值向量有 d_v = {d_v} 个数。",
    },
    "tiles.kept.why": {
        "en": "{kept}: the running maximum m, the running sum l and the running output's {d_v} "
        "numbers, d_v + 2 in all. While a tile is worked on, its {tile} scores are there too "
        "({held} in all). The full softmax keeps the whole row of scores instead, one per key: "
        "{n} here, and as many as the text is long.",
        "zh": "{kept} 个：当前最大值 m、当前总和 l，以及当前输出的 {d_v} 个数，一共 d_v + 2 个。处理某一块时，"
        "它的 {tile} 个分数也在（一共 {held} 个）。完整的 softmax 则要保留整行分数，每个键一个：这里是 {n} 个，"
        "文本有多长就有多少个。",
    },
    "windows.reach.ask": {
        "en": "Every layer of a decoder has a sliding window of {window}: each token sees itself "
        "and the tokens just before it, {window} in all. Can the last token of a {n}-token "
        "sentence see the first one after {layers} layers?",
        "zh": "一个解码器的每一层都有大小为 {window} 的滑动窗口：每个词元看到自己和紧挨在它前面的词元，一共 "
        "{window} 个。经过 {layers} 层后，一个 {n} 个词元的句子的最后一个词元能看到第一个词元吗？",
    },
    "windows.reach.why": {
        "en": "{answer}. Each layer reaches {step} tokens further back (w − 1), so after "
        "{layers} layers the last token depends on {span} positions, back to position "
        "{earliest}: it takes exactly {needed} layers to reach the first token.",
        "zh": "{answer}。每一层往回多够到 {step} 个词元（w − 1），所以经过 {layers} 层，最后一个词元依赖 {span} "
        "个位置，最远到第 {earliest} 个位置：恰好需要 {needed} 层才能够到第一个词元。",
    },
    "windows.reach.why_not": {
        "en": "{answer}. Each layer reaches only {step} tokens further back (w − 1), so after "
        "{layers} layers the last token depends on {span} positions, back to position "
        "{earliest}. It would take {needed} layers to reach the first token.",
        "zh": "{answer}。每一层只往回多够到 {step} 个词元（w − 1），所以经过 {layers} 层，最后一个词元依赖 "
        "{span} 个位置，最远到第 {earliest} 个位置。要够到第一个词元需要 {needed} 层。",
    },
    "windows.reach.why_never": {
        "en": "{answer}. A window of 1 is each token alone: no layer looks back, however many "
        "are stacked.",
        "zh": "{answer}。窗口为 1 时每个词元只看自己：不论叠加多少层，都不会往回看。",
    },
}
