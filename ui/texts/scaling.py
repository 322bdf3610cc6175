"""Texts of the Scaling (step 2, ÷√d_k) page."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"Var"}

TEXTS = {
    "title": {"en": "2 · Scaling", "zh": "2 · 缩放"},
    "intro": {
        "en": "Step 1 produced a score q·k for every query–key pair. Before those scores reach "
        "softmax, each one is divided by **√d_k**, the square root of the length of a query "
        "(or key) vector. It looks like a small detail: this page measures what it changes, "
        "and shows it on your sentence.",
        "zh": "第 1 步为每一对查询和键算出了分数 q·k。这些分数进入 softmax 之前，"
        "每个都要先除以 **√d_k**，也就是查询（或键）向量长度的平方根。这一步看似不起眼，"
        "本页先用实验衡量它改变了什么，再在你的句子上演示。",
    },
    "formula_caption": {
        "en": "The article's toy example has d_k = 4, so √4 = 2 and every score is simply "
        "halved before softmax.",
        "zh": "文章的玩具示例中 d_k = 4，√4 = 2，所以每个分数在进入 softmax 前只是被减半。",
    },
    "now_on": {
        "en": "With your settings d_k = {d_model} / {h} = **{d_k}**, so every score is "
        "divided by √{d_k} = **{root}** (multiplied by {factor}).",
        "zh": "按你当前的设置，d_k = {d_model} / {h} = **{d_k}**，所以每个分数都除以 "
        "√{d_k} = **{root}**（即乘以 {factor}）。",
    },
    "article_root": {
        "en": "The article's example divides by √4 = {root} as well.",
        "zh": "文章的例子同样除以 √4 = {root}。",
    },
    "now_off": {
        "en": "Scaling is switched **off** in the sidebar: the raw scores go into softmax. "
        "With scaling on they would be divided by √{d_k} = {root}.",
        "zh": "侧边栏中的缩放已**关闭**：原始分数直接进入 softmax。"
        "若打开缩放，它们会除以 √{d_k} = {root}。",
    },
    "now_one": {
        "en": "With d_k = 1, √d_k = 1: dividing changes nothing here. Raise d_model or lower the "
        "head count to see scaling matter.",
        "zh": "d_k = 1 时 √d_k = 1，除以它不会改变任何数。调大 d_model 或减少头数，才能看到缩放的作用。",
    },
    # footnote 4
    "why": {"en": "Why √d_k? The paper's footnote 4", "zh": "为什么是 √d_k？论文的脚注 4"},
    "why_body": {
        "en": "Think of the d_k entries of q and of k as independent random numbers, each with "
        "mean 0 and variance 1 (roughly what a well-initialised network produces). The score "
        "q·k = q₁k₁ + q₂k₂ + … adds up **d_k** products. Each product also has mean 0 and "
        "variance 1, and for independent terms the variances simply add, so the sum has "
        "variance **d_k**. Its typical size (the standard deviation) is therefore √d_k: "
        "about 2.8 at 8 dimensions, but about 22.6 at 512. Dividing by √d_k divides the "
        "variance by d_k, which brings it back to **1** whatever the dimension.",
        "zh": "把 q 和 k 的 d_k 个分量看作相互独立的随机数，均值为 0、方差为 1"
        "（初始化良好的网络大致如此）。分数 q·k = q₁k₁ + q₂k₂ + … 是 **d_k** 个乘积相加。"
        "每个乘积的均值也是 0、方差也是 1，而独立项相加时方差直接相加，所以总和的方差是 **d_k**。"
        "因此它的典型大小（标准差）是 √d_k：8 维时约 2.8，512 维时却约 22.6。"
        "除以 √d_k 相当于把方差除以 d_k，于是无论维度多少，方差都回到 **1**。",
    },
    "experiment": {"en": "The experiment, live", "zh": "现场做实验"},
    "experiment_caption": {
        "en": "Measured, not assumed: for every d, {rows} random queries are each compared "
        "with {keys} random keys (all entries drawn from a standard normal distribution), "
        "giving {n} dot products per d. Coloured: the measured variance; black dashes: "
        "theory, y = d "
        "without scaling and y = 1 with it. Both axes are logarithmic, so y = d is a "
        "straight diagonal.",
        "zh": "这是实测而不是假设：对每个 d，取 {rows} 个随机查询，各与 {keys} 个随机键做点积"
        "（所有分量都取自标准正态分布），每个 d 共得到 {n} 个点积。彩色线：实测方差；"
        "黑色虚线：理论值，不缩放时 y = d，缩放后 y = 1。两条坐标轴都是对数刻度，所以 y = d 是一条直的斜线。",
    },
    "series_raw": {"en": "unscaled: Var(q·k)", "zh": "不缩放：Var(q·k)"},
    "series_scaled": {"en": "scaled: Var(q·k / √d)", "zh": "缩放后：Var(q·k / √d)"},
    "x_dim": {"en": "d (entries in q and in k)", "zh": "d（q 和 k 的分量个数）"},
    "y_var": {"en": "variance of the score", "zh": "分数的方差"},
    "theory": {"en": "theory", "zh": "理论值"},
    "marker": {"en": "your d_k = {d}", "zh": "你的 d_k = {d}"},
    "marker_caption": {
        "en": "The grey line marks your d_k = {d}: there the unscaled variance is about {d}, "
        "so raw scores typically lie within about ±{sd} of 0.",
        "zh": "灰色竖线标出你的 d_k = {d}：那里不缩放的方差约为 {d}，"
        "所以原始分数通常落在 0 附近约 ±{sd} 的范围内。",
    },
    "table": {"en": "The measured numbers", "zh": "实测数字"},
    "col_d": {"en": "d", "zh": "d"},
    "col_var_raw": {"en": "Var(q·k)", "zh": "Var(q·k)"},
    "col_var_scaled": {"en": "Var(q·k/√d)", "zh": "Var(q·k/√d)"},
    "col_w_raw": {"en": "largest weight, unscaled", "zh": "最大权重（不缩放）"},
    "col_w_scaled": {"en": "largest weight, scaled", "zh": "最大权重（缩放）"},
    # effect on softmax
    "effect": {
        "en": "What the size of the scores does to softmax",
        "zh": "分数的大小对 softmax 有什么影响",
    },
    "effect_body": {
        "en": "Softmax compares scores through e^score, so it reacts to their *differences*: "
        "a gap of 5 already makes one weight about 150 times another. In the same "
        "experiment each random query meets {keys} random keys; the chart shows the "
        "average, over rows, of the largest of its {keys} weights. Without scaling it climbs "
        "towards 1 (the whole row goes to one key) as d grows; with scaling it stays level.",
        "zh": "softmax 通过 e^分数 来比较分数，所以它看的是分数之间的*差距*：差 5 就已经让一个权重约为"
        "另一个的 150 倍。同一个实验里，每个随机查询面对 {keys} 个随机键；图中是各行 {keys} "
        "个权重里最大那个的平均值。不缩放时，随着 d 增大它一路逼近 1（整行都给了一个键）；"
        "缩放后它基本保持不变。",
    },
    "y_max_weight": {"en": "mean largest weight in a row", "zh": "每行最大权重的平均值"},
    "uniform": {"en": "even split 1/{keys}", "zh": "平均分配 1/{keys}"},
    # the student's own row
    "row": {
        "en": "Your sentence: one row with and without scaling",
        "zh": "你的句子：同一行缩放与不缩放",
    },
    "row_body": {
        "en": "Pick a query token. Both sides use the same scores q·k from your settings; the "
        "left side divides them by √d_k before softmax, the right side does not. The "
        "temperature T = {temp} from the sidebar applies to both.",
        "zh": "选一个查询词元。两边用的是同一组按你的设置算出的分数 q·k；左边在 softmax 前除以 √d_k，"
        "右边不除。侧边栏中的温度 T = {temp} 对两边都起作用。",
    },
    "pick_row": {"en": "Query token (row)", "zh": "查询词元（行）"},
    "on_title": {
        "en": "Scaling on: scores ÷ √{d_k} = ÷ {root}",
        "zh": "缩放开启：分数 ÷ √{d_k} = ÷ {root}",
    },
    "off_title": {"en": "Scaling off: raw scores", "zh": "缩放关闭：原始分数"},
    "current": {"en": "(your current setting)", "zh": "（你当前的设置）"},
    "max_weight": {"en": "Largest weight", "zh": "最大权重"},
    "max_weight_help": {
        "en": "The biggest share of attention that one key receives in this row: 1/n when "
        "attention is spread evenly over n keys, 1 when a single key takes everything.",
        "zh": "这一行中单个键分到的最大注意力份额：平均分给 n 个键时为 1/n，一个键独占时为 1。",
    },
    "entropy": {"en": "Entropy (nats)", "zh": "熵（奈特）"},
    "entropy_help": {
        "en": "H = −Σ p·ln p. It is 0 when one key gets all the weight and ln n when all n "
        "allowed keys share it equally (here at most ln {n} = {hmax}). Lower = sharper.",
        "zh": "H = −Σ p·ln p。一个键拿走全部权重时为 0；n 个可见的键平分时为 ln n"
        "（这里最大为 ln {n} = {hmax}）。越低越尖锐。",
    },
    "weight_axis": {"en": "attention weight", "zh": "注意力权重"},
    "same_when_one": {
        "en": "With d_k = 1 both sides are identical.",
        "zh": "d_k = 1 时两边完全相同。",
    },
    "numbers": {"en": "The numbers of this row", "zh": "这一行的具体数字"},
    "col_key": {"en": "key token", "zh": "键词元"},
    "col_score": {"en": "q·k", "zh": "q·k"},
    "col_scaled": {"en": "q·k / √d_k", "zh": "q·k / √d_k"},
    "col_on": {"en": "weight, scaled", "zh": "权重（缩放）"},
    "col_off": {"en": "weight, unscaled", "zh": "权重（不缩放）"},
    "numbers_caption": {
        "en": "Weights = softmax of the score column divided by T = {temp}, with or without "
        "the factor 1/√d_k. Each weight column sums to 1.",
        "zh": "权重 = 把分数列除以 T = {temp}（缩放时再乘 1/√d_k）后做 softmax。每一列权重之和为 1。",
    },
    "masked_caption": {
        "en": "The causal mask is on: keys after “{q}” are hidden and get weight 0 on both sides.",
        "zh": "因果掩码已开启：“{q}”之后的键被遮住，两边的权重都是 0。",
    },
    "takeaway": {
        "en": "Dividing by √d_k keeps the scores around the same size at every dimension, so "
        "softmax stays soft enough to mix several tokens and to learn from. The next step "
        "looks at that softmax closely.",
        "zh": "除以 √d_k 让分数在任何维度下都保持差不多的大小，softmax 因而足够“柔和”，"
        "既能混合多个词元，也便于学习。下一步会仔细看看这个 softmax。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.grow.ask": {
        "en": "q and k have d_k = {d_k} independent parts, each of variance 1. Roughly what "
        "is the variance of q·k?",
        "zh": "q 和 k 各有 d_k = {d_k} 个相互独立、方差为 1 的分量。q·k 的方差大约是多少？",
    },
    "quiz.grow.why": {
        "en": "About {d_k}: measured {measured} over {n} samples. q·k adds up d_k products, "
        "each of variance 1, and variances of independent terms add up.",
        "zh": "大约 {d_k}：用 {n} 个样本实测为 {measured}。q·k 是 d_k 个乘积之和，每个乘积方差为 1，"
        "而独立项的方差可以相加。",
    },
    "quiz.shrink.ask": {
        "en": "And after dividing q·k by √{d_k}, roughly what is its variance?",
        "zh": "那么把 q·k 除以 √{d_k} 之后，方差大约是多少？",
    },
    "quiz.shrink.why": {
        "en": "About 1: measured {measured}. Dividing by √d_k divides the variance by d_k, "
        "whatever the dimension, so softmax always sees scores of the same size.",
        "zh": "大约 1：实测为 {measured}。除以 √d_k 会让方差除以 d_k，无论维度多大都一样，"
        "所以 softmax 看到的分数总是同样大小。",
    },
}
