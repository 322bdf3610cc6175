"""Texts of the predict-then-reveal questions that every page shares: the question box, the
answers that are words, and the claims a question tests. Each question's own texts live
with its page's (ui/texts/<page>.py, under "quiz.")."""

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
    "shown": {
        "en": ":material/tune: “Show me” set {settings}.",
        "zh": ":material/tune: “让我看看”设置了{settings}。",
    },
    "shown_on": {"en": "on", "zh": "开"},
    "shown_off": {"en": "off", "zh": "关"},
    "undo": {"en": "Undo “Show me”", "zh": "撤销“让我看看”"},
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
    "choice.early": {"en": "the early layers", "zh": "前面几层"},
    "choice.middle": {"en": "the middle layers", "zh": "中间几层"},
    "choice.late": {"en": "the late layers", "zh": "后面几层"},
    "choice.halved": {"en": "it falls to half or less", "zh": "降到一半或更低"},
    "choice.less": {"en": "it falls, but by less than half", "zh": "下降，但降幅不到一半"},
    "choice.about_same": {"en": "it stays about the same", "zh": "基本不变"},
    "choice.layer_1": {"en": "layer 1", "zh": "第 1 层"},
    "choice.layer_2": {"en": "layer 2", "zh": "第 2 层"},
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
    "claim.copy": {
        "en": "a trained decoder predicts a string's second copy far better than its first: "
        "it learned to copy",
        "zh": "训练好的解码器预测字符串的第二遍远比第一遍准：它学会了复制",
    },
    "claim.compose": {
        "en": "copying takes two layers: a previous-token head, then an induction head that "
        "reads what it wrote",
        "zh": "复制需要两层：先有前一词元头，再有读取它所写内容的归纳头",
    },
    "claim.feed": {
        "en": "the induction head needs the previous-token heads below it: switched off, they "
        "take the copying with them, though the induction head itself is untouched",
        "zh": "归纳头离不开它下面的前一词元头：把它们关掉，复制也随之消失，尽管归纳头本身一点没动",
    },
}
