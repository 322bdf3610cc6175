"""Texts of the Softmax & sharpness (step 3) page."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"bits"}

TEXTS = {
    "title": {"en": "3 · Softmax & sharpness", "zh": "3 · Softmax 与尖锐度"},
    "intro": {
        "en": "Step 3 turns each row of scaled scores into **attention weights**: positive "
        "numbers telling how the query token shares its attention among the key tokens. Softmax does it in two moves: raise e to the power of every score, "
        "then divide each result by the row's total. How much of a row one key takes is how "
        "**sharp** the row is: this page measures it, and why too sharp is bad.",
        "zh": "第 3 步把缩放后分数的每一行变成**注意力权重**：一组正数，"
        "表示查询词元如何把注意力分给各个键词元。softmax 分两步完成：先对每个分数取 e 的幂，"
        "再把每个结果除以这一行的总和。一个键拿走这一行的多少，就是这一行有多**尖锐**："
        "本页衡量它，并解释太尖锐为什么不好。",
    },
    "formula_caption_on": {
        "en": "z_j is the score of key j after dividing by √d_k = √{d_k} and by the "
        "temperature T = {temp} (T = 1 is plain softmax). Each row is handled on its own.",
        "zh": "z_j 是键 j 的分数除以 √d_k = √{d_k}、再除以温度 T = {temp} 之后的值"
        "（T = 1 就是普通的 softmax）。每一行单独计算。",
    },
    "formula_caption_off": {
        "en": "Scaling is off, so z_j is the raw score of key j divided only by the "
        "temperature T = {temp}. Each row is handled on its own.",
        "zh": "缩放已关闭，所以 z_j 是键 j 的原始分数只除以温度 T = {temp}。每一行单独计算。",
    },
    "weights": {"en": "The attention weights", "zh": "注意力权重"},
    "weights_caption": {
        "en": "Row = query token, column = key token. Every row adds up to 1; bright cells get "
        "most of the attention.",
        "zh": "行 = 查询词元，列 = 键词元。每一行加起来都是 1；越亮的格子分到的注意力越多。",
    },
    "weights_masked": {
        "en": "With the causal mask, every cell right of the diagonal had the score −∞, so "
        "its weight is exactly 0, and the first token can only attend to itself.",
        "zh": "开启因果掩码后，对角线右侧每个格子的分数都是 −∞，权重恰好为 0；"
        "第一个词元只能关注它自己。",
    },
    # sharpness measures
    "sharpness": {"en": "How sharp is each row?", "zh": "每一行有多尖锐？"},
    # after the question on sharpness: what the introduction holds back
    "exaggerates": {
        "en": "Because e^z grows so fast, softmax exaggerates differences: when scores are far "
        "apart, one weight swallows nearly the whole row.",
        "zh": "由于 e^z 增长极快，softmax 会放大差距：分数相差很大时，一个权重几乎吞掉整行。",
    },
    "sharpness_body": {
        "en": "Four ways to read one row p of weights (n = number of keys it may see):\n\n"
        "- **Entropy** H = −Σ p_j ln p_j: 0 when one key gets everything, ln n when all "
        "keys get the same share. Measured in nats; divide by ln 2 for bits.\n"
        "- **Effective number of tokens** e^H: how many keys the row really spreads over, "
        "from 1 (one-hot) to n (even).\n"
        "- **Largest weight**: the biggest single share, from 1/n to 1.\n"
        "- **Gradient through softmax**: the size (Frobenius norm) of the matrix "
        "J = diag(p) − p pᵀ that carries a training signal from the weights back to the "
        "scores. It is 0 for a one-hot row.",
        "zh": "读一行权重 p 的四种方式（n = 这一行能看到的键的个数）：\n\n"
        "- **熵** H = −Σ p_j ln p_j：一个键拿走全部时为 0，所有键平分时为 ln n。"
        "单位是奈特；除以 ln 2 即为比特。\n"
        "- **有效词元数** e^H：这一行实际上分散在多少个键上，从 1（独热）到 n（平均）。\n"
        "- **最大权重**：单个键分到的最大份额，在 1/n 到 1 之间。\n"
        "- **穿过 softmax 的梯度**：矩阵 J = diag(p) − p pᵀ 的大小（弗罗贝尼乌斯范数），"
        "训练信号要经过它才能从权重传回分数。独热的一行，它为 0。",
    },
    "mean_entropy": {"en": "Mean entropy (nats)", "zh": "平均熵（奈特）"},
    "mean_entropy_help": {
        "en": "Average over the rows of H = −Σ p ln p; that is {bits} bits. An even row over "
        "all {n} tokens would have ln {n} = {hmax}.",
        "zh": "各行 H = −Σ p ln p 的平均值，折合 {bits} 比特。"
        "若一行平均分给全部 {n} 个词元，熵为 ln {n} = {hmax}。",
    },
    "mean_effective": {"en": "Mean effective tokens", "zh": "平均有效词元数"},
    "mean_effective_help": {
        "en": "Average of e^H over the rows: 1 means each row looks at one token, {n} means "
        "every row spreads evenly over all {n}.",
        "zh": "各行 e^H 的平均值：1 表示每行只看一个词元，{n} 表示每行都平均分给全部 {n} 个词元。",
    },
    "mean_max": {"en": "Mean largest weight", "zh": "平均最大权重"},
    "mean_max_help": {
        "en": "Average over the rows of the biggest weight in the row. Near 1 = nearly one-hot.",
        "zh": "各行最大权重的平均值。接近 1 表示几乎是独热。",
    },
    "mean_grad": {"en": "Mean gradient norm", "zh": "平均梯度范数"},
    "mean_grad_help": {
        "en": "Average over the rows of ‖diag(p) − p pᵀ‖ (Frobenius). Near 0 = almost no "
        "training signal reaches the scores.",
        "zh": "各行 ‖diag(p) − p pᵀ‖（弗罗贝尼乌斯范数）的平均值。接近 0 表示几乎没有训练信号能传回分数。",
    },
    "col_query": {"en": "query token", "zh": "查询词元"},
    "col_entropy": {"en": "entropy (nats)", "zh": "熵（奈特）"},
    "col_effective": {"en": "effective tokens e^H", "zh": "有效词元数 e^H"},
    "col_max": {"en": "largest weight", "zh": "最大权重"},
    "col_grad": {"en": "gradient norm", "zh": "梯度范数"},
    "table_caption": {
        "en": "One row per query token. The bars run from the lowest possible value to the "
        "highest: entropy 0 … ln {n}, effective tokens 1 … {n}, largest weight 0 … 1, "
        "gradient norm 0 … 0.5 (the largest a row can have: two keys sharing ½ each).",
        "zh": "每个查询词元一行。进度条从可能的最小值画到最大值：熵 0 … ln {n}，"
        "有效词元数 1 … {n}，最大权重 0 … 1，梯度范数 0 … 0.5"
        "（一行能达到的最大值：两个键各分一半）。",
    },
    # one row by hand
    "by_hand": {"en": "One row by hand", "zh": "亲手算一行"},
    "by_hand_intro": {
        "en": "Pick a query token and follow softmax on its row: e to the power of each "
        "scaled score, their sum, then each one divided by the sum.",
        "zh": "选一个查询词元，跟着 softmax 算它的这一行：对每个缩放后的分数取 e 的幂，求和，再把每一项除以这个和。",
    },
    "pick_row": {"en": "Query token (row)", "zh": "查询词元（行）"},
    "col_j": {"en": "j", "zh": "j"},
    "col_key": {"en": "key token", "zh": "键词元"},
    "col_z": {"en": "z_j", "zh": "z_j"},
    "col_exp": {"en": "e^(z_j)", "zh": "e^(z_j)"},
    "col_exp_shift": {"en": "e^(z_j − m)", "zh": "e^(z_j − m)"},
    "col_p": {"en": "p_j", "zh": "p_j"},
    "shifted": {
        "en": "These scores are far from 0 (the largest is {m}), where e^z is enormous or "
        "tiny and hard to read, so the largest score m = {m} is first subtracted from every "
        "z. The weights do not change: the common factor e^(−m) cancels between each term "
        "and the sum. (The engine always does this, to avoid overflow.)",
        "zh": "这一行的分数离 0 很远（最大为 {m}），这时 e^z 要么巨大要么极小，很难读，"
        "所以先把每个 z 都减去最大分数 m = {m}。权重不会改变：公共因子 e^(−m) "
        "在每一项和总和之间约掉了。（程序内部总是这样做，以免溢出。）",
    },
    "row_masked": {
        "en": "Keys after “{q}” are masked: their z is −∞ and e^(−∞) = 0, so they are left "
        "out of the table.",
        "zh": "“{q}”之后的键被掩码遮住：它们的 z 是 −∞，e^(−∞) = 0，所以表中不列出它们。",
    },
    "terms_cut": {
        "en": "The sum shows its first {shown} terms; all {n} are added.",
        "zh": "求和式只写出前 {shown} 项；实际把全部 {n} 项相加。",
    },
    "row_result": {
        "en": "The largest weight of “{q}” goes to key {j}, “{k}”: {p}. Row total: {total}.",
        "zh": "“{q}”的最大权重给了第 {j} 个键“{k}”：{p}。整行之和：{total}。",
    },
    # sweep
    "sweep": {"en": "Sharpness against the model dimension", "zh": "尖锐度随模型维度的变化"},
    "sweep_body": {
        "en": "Each curve runs your sentence again at d_model = 8, 16, … 1024 with one head "
        "(so d_k = d_model), with the same mask and temperature, and averages over the rows. "
        "One random model would zig-zag from size to size, so each point is the mean over "
        "{seeds} random models (your seed and the next {more}); the shaded band runs from the "
        "lowest of them to the highest. One curve uses your scaling setting, the other the "
        "opposite. Without scaling the scores grow with the dimension, so entropy and the "
        "gradient fall toward 0 while the largest weight climbs toward 1; with scaling the "
        "rows stay about as soft at every size.",
        "zh": "每条曲线都用你的句子在 d_model = 8、16、… 1024 下重新计算（单头，所以 d_k = d_model），"
        "掩码和温度不变，再对各行取平均。只用一个随机模型时，曲线会在相邻维度之间上下跳动，"
        "所以每个点是 {seeds} 个随机模型（你的种子和接下来的 {more} 个）的平均值；阴影带从其中最低的"
        "一个延伸到最高的一个。一条曲线用你当前的缩放设置，另一条用相反的设置。不缩放时分数随维度增大，"
        "熵和梯度一路降向 0，最大权重逼近 1；缩放后各行在每个维度下都差不多一样柔和。",
    },
    "band": {"en": "range over {n} models", "zh": "{n} 个模型的范围"},
    "series_on": {"en": "scaled by 1/√d_k", "zh": "除以 √d_k"},
    "series_off": {"en": "not scaled", "zh": "不缩放"},
    "series_current": {"en": "{name} (current)", "zh": "{name}（当前）"},
    "x_d_model": {"en": "d_model (one head)", "zh": "d_model（单头）"},
    "marker": {"en": "yours: {d}", "zh": "当前：{d}"},
    "sweep_heads": {
        "en": "You have {h} heads, so your own rows use d_k = {d_k}; the sweep uses one head, "
        "where d_k = d_model. The marked point is the same sentence with one head.",
        "zh": "你设置了 {h} 个头，所以你自己的各行用的是 d_k = {d_k}；扫描使用单头，d_k = d_model。"
        "标出的点是同一个句子在单头下的结果。",
    },
    "sweep_small": {
        "en": "Your d_model = {d} is below the sweep's range (8 … 1024), so it is not marked.",
        "zh": "你的 d_model = {d} 低于扫描范围（8 … 1024），因此没有标出。",
    },
    # why sharp is bad
    "why_bad": {"en": "Why a too sharp softmax hurts", "zh": "softmax 太尖锐为什么有害"},
    "why_bad_body": {
        "en": "- **Brittle.** In a nearly one-hot row, the output copies a single token. A "
        "small change in the scores can move the whole weight from one key to another, so "
        "the output jumps instead of changing smoothly.\n"
        "- **Vanishing gradients.** Training adjusts W_Q and W_K through the derivative of "
        "the weights with respect to the scores, below. When one p_i is almost 1 and the "
        "others almost 0, every entry p_i(δ_ij − p_j) is almost 0: hardly any signal gets "
        "back to the scores, and the model stops learning where to look. The gradient "
        "norm above measures exactly this.",
        "zh": "- **脆弱。** 在几乎独热的一行里，输出只是照抄一个词元。分数稍有变化，"
        "全部权重就可能从一个键跳到另一个键，输出随之突变，而不是平滑地变化。\n"
        "- **梯度消失。** 训练要通过权重对分数的导数（见下式）来调整 W_Q 和 W_K。"
        "当某个 p_i 接近 1、其余接近 0 时，每一项 p_i(δ_ij − p_j) 都接近 0："
        "几乎没有信号能传回分数，模型也就学不会该看哪里。上面的梯度范数衡量的正是这一点。",
    },
    # temperature
    "temperature": {"en": "Temperature", "zh": "温度"},
    "temperature_body": {
        "en": "The sidebar's temperature T divides the scores just before softmax. T < 1 "
        "stretches the differences (sharper rows), T > 1 squeezes them (flatter rows). As T "
        "goes to 0 the whole weight goes to the largest score; for a very large T every "
        "allowed key gets the same share 1/n. Dividing by √d_k is the same kind of "
        "operation with a value fixed by the dimension, chosen so the scores have a "
        "variance of about 1. Now: T = **{temp}**.",
        "zh": "侧边栏的温度 T 在 softmax 之前除以分数。T < 1 会拉大差距（行更尖锐），"
        "T > 1 会缩小差距（行更平缓）。T 趋于 0 时，全部权重都给最大的分数；"
        "T 非常大时，每个可见的键都分到相同的 1/n。除以 √d_k 其实是同一类操作，"
        "只是这个数由维度决定，目的是让分数的方差大约为 1。当前：T = **{temp}**。",
    },
    "temperature_caption": {
        "en": "s = the scores after the optional ÷√d_k, before the temperature; n = the "
        "number of keys the row may see.",
        "zh": "s = 经过（可选的）÷√d_k 之后、除以温度之前的分数；n = 这一行能看到的键的个数。",
    },
    "sweep_job.queued": {
        "en": "Waiting to draw the models: {ahead} computation(s) ahead of yours.",
        "zh": "等待生成模型：前面还有 {ahead} 个计算。",
    },
    "sweep_job.progress": {
        "en": "Drawing the random models of every size… {percent} %",
        "zh": "正在生成每种规模的随机模型…… {percent} %",
    },
    "sweep_job.failed": {
        "en": "The models could not be drawn: {error}",
        "zh": "无法生成这些模型：{error}",
    },
    "sweep_job.busy": {
        "en": "Too many computations are waiting on this server; try again in a moment.",
        "zh": "这台服务器上排队的计算太多了，请稍后再试。",
    },
    "sweep_job.retry": {"en": "Try again", "zh": "重试"},
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.sharp.ask": {
        "en": "At d_model = {d}, switch scaling off. Will the largest weight in the row of "
        "“{token}” go up or down?",
        "zh": "在 d_model = {d} 时关掉缩放。“{token}”那一行里最大的权重会变大还是变小？",
    },
    "quiz.sharp.why": {
        "en": "{answer}: {on} with ÷√{d_k}, {off} without. Unscaled scores are √{d_k} times "
        "larger, and softmax of larger scores piles the weight onto the top key, where "
        "almost no gradient gets through.",
        "zh": "{answer}：缩放时为 {on}，不缩放时为 {off}。不缩放的分数大了 √{d_k} 倍，而分数越大，"
        "softmax 越把权重堆到最高的那个键上，梯度也就几乎传不过去。",
    },
    "quiz.sum.ask": {
        "en": "What do the weights in the row of “{token}” add up to?",
        "zh": "“{token}”那一行的权重加起来是多少？",
    },
    "quiz.sum.why": {
        "en": "1, always: softmax divides each e^z by the sum over the row's {n} keys it may "
        "see, so the weights are shares of one whole.",
        "zh": "总是 1：softmax 把每个 e^z 除以这一行（它能看到的 {n} 个键）的总和，所以权重是一个整体的各个份额。",
    },
}
