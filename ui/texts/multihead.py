"""Texts of the Multi-head page."""

TEXTS = {
    "title": {"en": "Multi-head", "zh": "多头注意力"},
    "intro": {
        "en": "One attention pass gives each token one way of looking at the sentence. "
        "Multi-head attention runs h passes side by side, each with its own slice of W_Q, "
        "W_K and W_V, so each **head** can learn to follow a different kind of link: one "
        "might connect a pronoun with the noun it stands for, another a verb with its "
        "object. Each head works in d_k = d_model / h dimensions, so h heads together cost "
        "about as much as one full-width head. Their outputs are then glued together and a "
        "last matrix W_O mixes them back into one vector of d_model numbers per token.",
        "zh": "一次注意力计算只给每个词元一种看句子的角度。多头注意力并排做 h 次，每次用 W_Q、"
        "W_K、W_V 中属于自己的一段，于是每个**头**可以学会追踪不同种类的联系：有的头把代词和"
        "它指代的名词连起来，有的头把动词和它的宾语连起来。每个头只在 d_k = d_model / h 维中"
        "计算，所以 h 个头加起来的开销和一个全宽度的头差不多。最后把各头的输出拼接起来，再用"
        "矩阵 W_O 把它们混合回每个词元 d_model 维的一个向量。",
    },
    "formula_caption": {
        "en": "Each head is steps 1 to 4 on its own columns of the weights: heads are "
        "numbered 1 … h, and head i uses columns (i − 1)·d_k + 1 … i·d_k.",
        "zh": "每个头都是在自己那几列权重上完整地做一遍第 1 到第 4 步：头的编号是 1 … h，第 i "
        "个头使用第 (i − 1)·d_k + 1 … i·d_k 列。",
    },
    "widths": {
        "en": "Here: **{h} heads × {d_v} dims = {total}** = d_model, so the concatenation "
        "has exactly the width W_O expects.",
        "zh": "当前：**{h} 个头 × {d_v} 维 = {total}** = d_model，所以拼接后的宽度正好符合 W_O 的要求。",
    },
    "widths_one": {
        "en": "Here: **1 head × {d_v} dims = {total}** = d_model, so the concatenation "
        "has exactly the width W_O expects.",
        "zh": "当前：**1 个头 × {d_v} 维 = {total}** = d_model，所以拼接后的宽度正好符合 W_O 的要求。",
    },
    "one_head": {
        "en": "There is only one head right now, so there is nothing to compare and W_O has "
        "a single head's output to mix. Choose 2, 4 or more heads in the sidebar to see "
        "several heads attend in different ways.",
        "zh": "现在只有一个头，没有可比较的对象，W_O 也只需混合一个头的输出。在侧边栏选择 2 个、"
        "4 个或更多的头，就能看到不同的头以不同方式分配注意力。",
    },
    "maps": {"en": "Every head's attention weights", "zh": "每个头的注意力权重"},
    "maps_name": {"en": "Attention weights of all heads", "zh": "所有头的注意力权重"},
    "maps_shape": {
        "en": "{h} maps, each [{n} × {n}]",
        "zh": "{h} 张图，每张 [{n} × {n}]",
    },
    "maps_shape_one": {
        "en": "1 map, [{n} × {n}]",
        "zh": "1 张图，[{n} × {n}]",
    },
    "lines": {
        "en": "Where {q} looks in each head, as lines",
        "zh": "{q} 在各个头里看向哪里：连线图",
    },
    "lines_intro": {
        "en": "The sentence twice: the followed token on the left, every key on the right, "
        "and one line per head from it to each key, the stronger the weight the bolder the "
        "line. The first {shown} heads are on at first; switch any head on or off to compare "
        "where they look.",
        "zh": "句子写两遍：左边是跟踪的词元，右边是每个键；每个头从它到每个键各画一条线，权重越大"
        "线越粗。默认打开前 {shown} 个头；可以打开或关闭任意一个头，比较它们各自看向哪里。",
    },
    "maps_caption": {
        "en": "All maps share one colour scale from 0 (dark) to 1 (yellow), so a brighter "
        "cell means more attention in any head. Rows are query tokens, columns key tokens; "
        "every row of every map sums to 1.",
        "zh": "所有图共用一套颜色刻度，从 0（深色）到 1（黄色），所以无论哪个头，格子越亮表示"
        "注意力越多。行是查询词元，列是键词元；每张图的每一行之和都是 1。",
    },
    "diversity": {"en": "How different are the heads?", "zh": "各个头有多不同？"},
    "diversity_intro": {
        "en": "For two heads, compare the rows of their maps one query token at a time with "
        "the Jensen–Shannon divergence, then average over the tokens. It is 0 bits when two "
        "heads spread their attention identically and 1 bit when they attend to entirely "
        "different tokens.",
        "zh": "对任意两个头，逐个查询词元比较它们图中对应的行，计算 Jensen–Shannon 散度，再对所有"
        "词元取平均。两个头分配注意力的方式完全相同时为 0 比特，关注的词元完全不重叠时为 1 比特。",
    },
    "js_name": {"en": "Mean JS divergence (bits)", "zh": "平均 JS 散度（比特）"},
    "js_value": {"en": "JS divergence (bits)", "zh": "JS 散度（比特）"},
    "js_summary": {
        "en": "Average over all pairs: **{mean}** bits. Most different: head {a} and head {b} "
        "({hi}); most alike: head {c} and head {d} ({lo}).",
        "zh": "所有头两两之间的平均值：**{mean}** 比特。差别最大：第 {a} 个头和第 {b} 个头"
        "（{hi}）；最相似：第 {c} 个头和第 {d} 个头（{lo}）。",
    },
    "js_summary_two": {
        "en": "The two heads differ by **{mean}** bits on average.",
        "zh": "两个头之间平均相差 **{mean}** 比特。",
    },
    "js_random": {
        "en": "These weights are random, not trained, so the differences are accidental; in a "
        "trained model the heads specialise on purpose.",
        "zh": "这里的权重是随机的，不是训练出来的，所以这些差别是偶然的；在训练好的模型里，"
        "各个头会有意识地分工。",
    },
    "outputs": {"en": "Every head's output", "zh": "每个头的输出"},
    "outputs_name": {"en": "Outputs of all heads", "zh": "所有头的输出"},
    "outputs_shape": {
        "en": "{h} outputs, each [{n} × {d_v}]",
        "zh": "{h} 个输出，每个 [{n} × {d_v}]",
    },
    "outputs_shape_one": {
        "en": "1 output, [{n} × {d_v}]",
        "zh": "1 个输出，[{n} × {d_v}]",
    },
    "outputs_caption": {
        "en": "Head i's output is its weights times its own values (step 4). One shared "
        "colour scale, centred on 0.",
        "zh": "第 i 个头的输出就是它的权重乘以它自己的值（第 4 步）。所有头共用一套以 0 为中心的颜色刻度。",
    },
    "outputs_cut": {
        "en": "Only the first {shown} of each head's {d_v} dimensions are drawn; the CSV has "
        "all of them.",
        "zh": "每个头的 {d_v} 维中只画出前 {shown} 维；CSV 中包含全部。",
    },
    "concat": {"en": "Concatenation", "zh": "拼接"},
    "concat_caption": {
        "en": "The head outputs placed side by side: column “i.c” is dimension c of head i, "
        "{total} columns in all.",
        "zh": "把各头的输出左右并排：列“i.c”表示第 i 个头的第 c 维，一共 {total} 列。",
    },
    "projection": {"en": "Projection with W_O", "zh": "用 W_O 投影"},
    "w_o_caption": {
        "en": "[h·d_v × d_model] = [{hd} × {d}]: every output dimension mixes all heads.",
        "zh": "[h·d_v × d_model] = [{hd} × {d}]：输出的每一维都混合了所有头。",
    },
    "output_caption": {
        "en": "Back to d_model = {d} numbers per token, the same shape as X, ready for the "
        "next layer.",
        "zh": "回到每个词元 d_model = {d} 个数，与 X 形状相同，可以送入下一层。",
    },
    "w_o_caption_identity": {
        "en": "[h·d_v × d_model] = [{hd} × {d}]. In these hand-made numbers W_O is the "
        "identity, so the output is the concatenation itself; a trained W_O mixes all heads "
        "into every output dimension.",
        "zh": "[h·d_v × d_model] = [{hd} × {d}]。在这组手工设计的数字里 W_O 是单位矩阵，所以输出"
        "就是拼接结果本身；训练得到的 W_O 会把所有头混合进输出的每一维。",
    },
    "js_designed": {
        "en": "These heads are hand-made to look at different things. The pronoun, object and "
        "praise heads differ least: each follows its link in a row or two and spreads the "
        "other rows (nearly) evenly. The position heads look at one key in every row, so "
        "they differ most, from those three and from each other, least between neighbouring "
        "positions (previous, self, next).",
        "zh": "这些头是手工设计的，各自关注不同的东西。代词头、宾语头和褒义头之间差别最小：每个只在一两"
        "行里追踪它的联系，其余各行（几乎）平均分开。位置头在每一行都只看一个键，所以差别最大，"
        "无论是与那三个头相比还是彼此相比；关注相邻位置的（前一个、自己、后一个）之间差别最小。",
    },
    "preset": {
        "en": "The article's eight heads",
        "zh": "文章里的八个头",
    },
    "opens_on": {  # the lesson's stop opens on them (common.tour.opens_on)
        "en": "the article's eight heads, each made to follow one kind of link",
        "zh": "文章里的八个头，每个都被设计成追踪一种联系",
    },
    "preset_help": {
        "en": "The article's sentence with its 8 heads of d_k = 4, scaled, temperature 1, no "
        "mask, following “it”: hand-made numbers where each head does one thing.",
        "zh": "文章的句子和它的 8 个头，每个 d_k = 4；缩放开启，温度 1，不加掩码，跟随"
        "“it”：手工设计的数字，每个头只做一件事。",
    },
    "designed_intro": {
        "en": "**The article's eight heads.** These numbers are hand-made, not trained: each "
        "head is built to follow one kind of link, row by row. In the object and praise "
        "heads only the verb and the word of praise have such a link; every other row has "
        "nothing to follow there and spreads its weight evenly. The row that shows each head "
        "best, and the weight its query gives that key:",
        "zh": "**文章里的八个头。** 这些数字是手工设计的，不是训练出来的：每个头被设计成逐行只追踪一"
        "种联系。宾语头和褒义头里只有动词和褒义词有这样的联系；其余各行在那里无可追踪，"
        "把权重平均分开。下面是最能体现每个头的那一行，以及该查询分给那个键的权重：",
    },
    "designed_line": {
        "en": "head {i} ({role}): “{q}” → “{k}”, **{w}**",
        "zh": "第 {i} 个头（{role}）：“{q}” → “{k}”，**{w}**",
    },
    "designed_widths": {
        "en": "The article's setting: **{h} heads × d_k {d_k} = {d} = d_model**, so W_O is "
        "**{d} × {d}** and the output has the width of the input.",
        "zh": "文章的设置：**{h} 个头 × d_k {d_k} = {d} = d_model**，所以 W_O 是 **{d} × {d}**，"
        "输出与输入一样宽。",
    },
    "head_role": {"en": "{head} · {role}", "zh": "{head} · {role}"},
    "role.pronoun": {"en": "pronoun → its noun", "zh": "代词 → 它指代的名词"},
    "role.object": {"en": "verb → its object", "zh": "动词 → 它的宾语"},
    "role.praise": {"en": "praise → what is praised", "zh": "褒义词 → 被称赞的对象"},
    "role.previous": {"en": "the token just before", "zh": "前一个词元"},
    "role.self": {"en": "the token itself", "zh": "词元自己"},
    "role.next": {"en": "the token just after", "zh": "后一个词元"},
    "role.first": {"en": "the first token", "zh": "第一个词元"},
    "role.last": {"en": "the last token", "zh": "最后一个词元"},
    "role_short.pronoun": {"en": "pronoun", "zh": "代词"},
    "role_short.object": {"en": "object", "zh": "宾语"},
    "role_short.praise": {"en": "praise", "zh": "褒义"},
    "role_short.previous": {"en": "previous", "zh": "前一个"},
    "role_short.self": {"en": "self", "zh": "自己"},
    "role_short.next": {"en": "next", "zh": "后一个"},
    "role_short.first": {"en": "first", "zh": "第一个"},
    "role_short.last": {"en": "last", "zh": "最后一个"},
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.width.ask": {
        "en": "{h} heads each give a vector of d_k = {d_k} numbers per token. How many numbers "
        "does a token's concatenation have?",
        "zh": "{h} 个头，每个头为每个词元给出 d_k = {d_k} 个数。拼接之后，每个词元有多少个数？",
    },
    "quiz.width_one.ask": {
        "en": "With one head there is nothing to put side by side. The article's model has "
        "{h} heads, each giving a vector of d_k = {d_k} numbers per token. How many numbers "
        "does a token's concatenation of them have?",
        "zh": "只有一个头时，没有什么可以并排拼接。文章里的模型有 {h} 个头，每个头为每个词元给出 "
        "d_k = {d_k} 个数。把它们拼接之后，每个词元有多少个数？",
    },
    "quiz.width.why": {
        "en": "{width} = {h} × {d_k}: the heads' outputs are put side by side. W_O then maps "
        "those {width} numbers back to d_model = {d}.",
        "zh": "{width} = {h} × {d_k}：各个头的输出并排放在一起。然后 W_O 把这 {width} 个数映射回 d_model = {d} 维。",
    },
}
