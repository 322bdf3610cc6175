"""Texts of the Q, K, V intuition page: a tiny film recommender run by the attention formula."""

TEXTS = {
    "title": {"en": "Q, K, V intuition", "zh": "Q、K、V 的直觉"},
    "intro": {
        "en": "Queries, keys and values come from search. Think of a streaming service "
        "choosing what to put in front of you tonight:",
        "zh": "查询、键、值这三个名字来自检索。想象一个视频网站在挑今晚推荐给你的片子：",
    },
    "roles": {
        "en": "- **Query q**: what you are in the mood for (you set it with the sliders).\n"
        "- **Keys K**: how each film is tagged, one number per tag.\n"
        "- **Values V**: what you actually get from a film, here its adventure, humour and "
        "running time.\n\n"
        "The query is compared with every key; the better the match, the larger that film's "
        "share of what comes back.",
        "zh": "- **查询 q**：你此刻想看什么（用下面的滑块设置）。\n"
        "- **键 K**：每部片子是怎么打标签的，每个标签一个数。\n"
        "- **值 V**：一部片子真正带给你的东西，这里是它的冒险度、幽默度和片长。\n\n"
        "查询与每个键逐一比较；匹配得越好，这部片子在最终结果里占的份额就越大。",
    },
    "catalogue": {"en": "The catalogue", "zh": "片库"},
    "catalogue_caption": {
        "en": "The keys K say how much each film has of each tag (0 to 1); the values V are "
        "what a film gives you. All titles are made up.",
        "zh": "键 K 表示每部片子在每个标签上有多少（0 到 1）；值 V 是一部片子能给你的东西。所有片名都是虚构的。",
    },
    "col_title": {"en": "film", "zh": "片名"},
    "keys": {"en": "Keys K: how each film is tagged", "zh": "键 K：每部片子的标签"},
    "values": {"en": "Values V: what you get back", "zh": "值 V：你得到的东西"},
    "tag_value": {"en": "tag", "zh": "标签"},
    "tag_adventure": {"en": "adventure", "zh": "冒险"},
    "tag_humour": {"en": "humour", "zh": "幽默"},
    "tag_romance": {"en": "romance", "zh": "爱情"},
    "tag_scifi": {"en": "sci-fi", "zh": "科幻"},
    "val_adventure": {"en": "V: adventure", "zh": "V：冒险"},
    "val_humour": {"en": "V: humour", "zh": "V：幽默"},
    "val_minutes": {"en": "V: minutes", "zh": "V：分钟"},
    "val_scale_help": {
        "en": "How much of it the film delivers, from 0 to 10.",
        "zh": "这部片子能给你多少这种感受，0 到 10 分。",
    },
    "val_minutes_help": {"en": "Running time in minutes.", "zh": "片长，单位是分钟。"},
    "short_adventure": {"en": "adventure", "zh": "冒险"},
    "short_humour": {"en": "humour", "zh": "幽默"},
    "short_minutes": {"en": "minutes", "zh": "分钟"},
    "item_starship": {"en": "Starship Lanterns", "zh": "星舰灯笼"},
    "item_noodle": {"en": "The Noodle Heist", "zh": "面条大劫案"},
    "item_letters": {"en": "Letters from the Lighthouse", "zh": "灯塔来信"},
    "item_desert": {"en": "Desert Riders", "zh": "沙漠骑手"},
    "item_robot": {"en": "My Robot Roommate", "zh": "我的机器人室友"},
    "item_orbit": {"en": "Love in Low Orbit", "zh": "近地轨道之恋"},
    "query": {"en": "Your query: what are you in the mood for?", "zh": "你的查询：今晚想看什么？"},
    "slider_help": {
        "en": "0 = don't care, 5 = want it a lot. This is one entry of the query vector q.",
        "zh": "0 = 无所谓，5 = 非常想要。这是查询向量 q 的一个分量。",
    },
    "temperature": {"en": "Pickiness (temperature of this toy)", "zh": "挑剔程度（本例的温度）"},
    "temperature_help": {
        "en": "Scores are divided by this before softmax: small = picky (one film takes almost "
        "everything), large = open-minded (every film gets a share).",
        "zh": "送入 softmax 前分数先除以它：越小越挑剔（几乎只选一部），越大越随和（每部都分到一些）。",
    },
    "temperature_why": {
        "en": "This toy has its own temperature instead of the sidebar's: its scores live on a "
        "different scale from the sentence's, so a setting that suits one would not suit the "
        "other. It works the same way.",
        "zh": "这个小例子用自己的温度，而不是侧边栏的那个：它的分数和句子的分数量级不同，"
        "适合一方的设置未必适合另一方。两者的作用完全一样。",
    },
    "formula_caption": {
        "en": "Exactly the attention formula with one query: q has d_k = 4 entries (one per "
        "tag), so the scores are divided by √4 = 2, then by the temperature T. The output o "
        "is what you get back.",
        "zh": "这正是只有一个查询时的注意力公式：q 有 d_k = 4 个分量（每个标签一个），"
        "所以分数先除以 √4 = 2，再除以温度 T。输出 o 就是你得到的东西。",
    },
    "scores": {"en": "Match q·k per film", "zh": "每部片子的匹配度 q·k"},
    "score": {"en": "q·k", "zh": "q·k"},
    "weights": {"en": "Softmax weights", "zh": "Softmax 权重"},
    "uniform": {
        "en": "With every slider at 0 you have no preference: all scores are 0 and each film "
        "gets the same weight 1/6.",
        "zh": "所有滑块都是 0 时你没有任何偏好：分数全为 0，每部片子得到同样的权重 1/6。",
    },
    "blend": {"en": "What you get back: the blended value", "zh": "你得到的：混合后的值"},
    "blend_explain": {
        "en": "Not one film, but a mix of all of them, weighted: Σ weight × value. It "
        "describes the evening you are likely to get; it is not a probability.",
        "zh": "结果不是某一部片子，而是所有片子按权重的混合：Σ 权重 × 值。它描述的是你大概会得到怎样的一晚；它不是概率。",
    },
    "check": {"en": "Check one entry by hand", "zh": "亲手验算一个分量"},
    "component": {"en": "Entry of the value vector", "zh": "值向量的分量"},
    "col_weight": {"en": "weight", "zh": "权重"},
    "col_value": {"en": "value", "zh": "值"},
    "col_product": {"en": "weight × value", "zh": "权重 × 值"},
    "check_caption": {
        "en": "weight = e^(scaled) ÷ (sum of e^(scaled) over all six films). Weights are shown "
        "rounded to 3 decimals; the total uses the exact ones, so a sum by hand may differ in "
        "the last digit.",
        "zh": "权重 = e^(缩放后的分数) ÷（六部片子的 e^(缩放后的分数) 之和）。权重只显示到小数点后 3 位；"
        "总和用的是精确值，所以手算结果的最后一位可能略有出入。",
    },
    "sum": {"en": "{name} = {terms} = **{total}**", "zh": "{name} = {terms} = **{total}**"},
    "bridge_title": {"en": "From films to words", "zh": "从电影到词语"},
    "bridge": {
        "en": "In a transformer the same thing happens inside one sentence. Take “it” in "
        "“I ate the cake and it was delicious.”: its **query** is what “it” is looking for, "
        "the **keys** are how every token of the sentence (“it” included) describes itself, "
        "and the **values** are what each token hands over. Which token will “it” take the "
        "most from? The next pages work it out. Two differences: every token asks its own query at the same time, so "
        "q becomes a matrix Q; and the tags are not written by hand but learned, as "
        "Q = X·W_Q, K = X·W_K, V = X·W_V.",
        "zh": "在 Transformer 里，同样的事发生在一句话内部。以 “I ate the cake and it was delicious.” "
        "中的 “it” 为例：它的**查询**是 “it” 想找的东西，**键**是句中每个词元（包括 “it” 自己）对自己的描述，"
        "**值**是每个词元交出来的信息。“it” 会从哪个词元那里拿得最多？接下来的几页会把它算出来。两点不同：每个词元同时提出自己的查询，"
        "所以 q 变成矩阵 Q；标签也不是手写的，而是学出来的：Q = X·W_Q，K = X·W_K，V = X·W_V。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.best.ask": {
        "en": "Your query asks most for {tag}. Which film will get the largest weight?",
        "zh": "你的查询最想要{tag}。哪部片子会得到最大的权重？",
    },
    "quiz.best.why": {
        "en": "{answer} gets {weight}: its key matches the query best, so softmax gives it "
        "the largest share, and its values count most in the blend you get back.",
        "zh": "{answer}得到 {weight}：它的键和查询最匹配，所以 softmax 给它最大的份额，你拿回的混合结果里它的值也最有分量。",
    },
}
