"""Texts of the decoder the app trained where other pages show it: the Generating page's
choice of model, and the Which keys a query may see page's section on its spare attention.
(Its own page's texts: ui/texts/copying.py.)"""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"Xiao"}

TEXTS = {
    "unavailable": {
        "en": "The trained decoder's files cannot be read (`realmodel/decoder/`): this part "
        "needs them.",
        "zh": "读不了训练好的解码器文件（`realmodel/decoder/`）：这一部分需要它们。",
    },
    # the Generating page
    "model": {"en": "The model that generates", "zh": "由哪个模型来生成"},
    "model_toy": {"en": "the toy model (sidebar)", "zh": "玩具模型（侧边栏）"},
    "model_decoder": {"en": "a decoder we trained", "zh": "我们训练的解码器"},
    "model_help": {
        "en": "The toy model generates the sidebar's sentence token by token with made-up "
        "weights. The decoder the app trained (page “A model that learns to copy”) writes "
        "after it, character by character, with a cache in each of its two layers.",
        "zh": "玩具模型用编出来的权重，一个词元一个词元地生成侧边栏里的句子。本应用训练的解码器（页面"
        "“一个学会复制的模型”）则接着这个句子，一个字符一个字符地往下写，它的两层各有一个缓存。",
    },
    "gen_intro": {
        "en": "The trained decoder reads the sidebar's sentence ({n} characters) as its prompt, "
        "then writes {new} more, always the most likely next character. Each step feeds one "
        "character through its {L} layers; each layer appends that character's key and value "
        "(one per head, {h} heads) to its own cache and reads every row cached so far.",
        "zh": "训练好的解码器把侧边栏里的句子（{n} 个字符）当作开头读入，再往下写 {new} 个字符，每次都挑最"
        "可能的下一个字符。每一步把一个字符送进它的 {L} 层；每一层把这个字符的键和值（每个头一份，共 {h} "
        "个头）追加到自己的缓存里，再读取目前缓存的所有行。",
    },
    "gen_text": {
        "en": "The first {prompt} characters are the prompt; the model wrote the other {new} "
        "(a line break shows as a new line).",
        "zh": "前 {prompt} 个字符是开头，其余 {new} 个是模型写的（换行符显示为另起一行）。",
    },
    "step": {"en": "Step t: the character fed", "zh": "第 t 步：送入的字符"},
    "layer": {"en": "Layer", "zh": "层"},
    "from_prompt": {"en": "the prompt's next character", "zh": "开头里的下一个字符"},
    "written": {"en": "the character it writes", "zh": "它写出的字符"},
    "step_name": {
        "en": "**Step {t}: “{char}” goes in; next comes “{next}”** ({where}). Layer {layer}'s "
        "cache, one head: keys and values of {d_k} dimensions.",
        "zh": "**第 {t} 步：送入“{char}”；下一个是“{next}”**（{where}）。第 {layer} 层的缓存，一个头：{d_k} "
        "维的键和值。",
    },
    "step_caption": {
        "en": "Rows 1 to {t} are layer {layer}'s cache for this head after the step; the query "
        "row on top reads them all, and the output row at the bottom is the weights' mix of the "
        "values. {cut}{agree}",
        "zh": "第 1 到 {t} 行是这一步之后第 {layer} 层这个头的缓存；上面的查询行读取所有这些行，下面的输出行"
        "是各个值按权重的混合。{cut}{agree}",
    },
    # how the step agrees with the text run without a cache (ui.widgets.agreement)
    "same_exact": {
        "en": "**The same as all at once:** the whole text run through the model without a "
        "cache gives this step's numbers to the last bit (every prediction and every head's "
        "weights, both layers), and every one of the {n} steps', and {same}.",
        "zh": "**和一次算完一样：**不用缓存、把整段文本一次送进模型，得到的数与这一步完全相同，连最后一位都一样"
        "（涵盖每一个预测和两层中每个头的权重），全部 {n} 步都是如此，并且{same}。",
    },
    "same_step_exact": {
        "en": "**The same as all at once:** the whole text run through the model without a "
        "cache gives this step's numbers to the last bit (every prediction and every head's "
        "weights, both layers); over all {n} steps they differ by at most {max}, and {same}.",
        "zh": "**和一次算完一样：**不用缓存、把整段文本一次送进模型，得到的数与这一步完全相同，连最后一位都一样"
        "（涵盖每一个预测和两层中每个头的权重）；在全部 {n} 步中至多相差 {max}，并且{same}。",
    },
    "same_rounding": {
        "en": "**The same as all at once:** the whole text run through the model without a "
        "cache differs from this step by at most {diff} (every prediction and every head's "
        "weights, both layers), over all {n} steps by at most {max}, and {same}.",
        "zh": "**和一次算完一样：**不用缓存、把整段文本一次送进模型，与这一步相差至多 {diff}"
        "（涵盖每一个预测和两层中每个头的权重），在全部 {n} 步中至多 {max}，并且{same}。",
    },
    "step_cut": {
        "en": "(The first {shown} of the head's {d} dimensions are drawn.) ",
        "zh": "（只画出这个头 {d} 维中的前 {shown} 维。）",
    },
    # the Which keys a query may see page
    "sinks_section": {
        "en": "A decoder of our own: where its spare attention goes",
        "zh": "我们自己的解码器：多余的注意力去了哪里",
    },
    "sinks_intro": {
        "en": "The same question for a decoder: the one the app trained (2 layers of 4 heads, "
        "causal, one character per position). What is measured: each head's mean weight on "
        "the first character, over every row after the first, against an even share (what the "
        "first character would get if each row spread its weight evenly over the characters it "
        "may see, row i over i + 1). On {windows} windows of {n} characters of English and "
        "Chinese text it never trained on, and on your sentence. Same colour scale as above: "
        "a sink would light up.",
        "zh": "对解码器问同样的问题：本应用训练的那个解码器（2 层，每层 4 个头，因果掩码，每个位置一个字符）。"
        "测量的是：每个头从第一行之后的每一行放在第一个字符上的平均权重，并与平均分配相比（如果每一行把权重"
        "平均分给它能看到的字符，第 i 行分给 i + 1 个，第一个字符能得到多少）。在 {windows} 个由 {n} "
        "个字符组成、它从未训练过的英文和中文窗口上测，也在你的句子上测。颜色刻度与上面相同：如果有汇聚词元，"
        "格子就会发亮。",
    },
    "first_share": {"en": "share on the first character", "zh": "第一个字符得到的比例"},
    "held_grid": {
        "en": "Held-out text, windows of {n} characters",
        "zh": "留出的文本，{n} 个字符的窗口",
    },
    "sentence_grid": {"en": "Your sentence, {n} characters", "zh": "你的句子，{n} 个字符"},
    "no_sink": {
        "en": "**This decoder has no attention sink.** On text it never trained on, no head "
        "gives the first character more than half of its attention (the test applied to [CLS] "
        "above); {over_even} of the {total} heads give it more than an even share at all, and "
        "the largest share is {share} ({head}), {ratio} times the even share of {even}.",
        "zh": "**这个解码器没有注意力汇聚词元。** 在它从未训练过的文本上，没有哪个头把一半以上的注意力给第一个"
        "字符（这正是上面对 [CLS] 用的标准）；{total} 个头里只有 {over_even} 个给它的比平均分配多，最大的比例"
        "是 {share}（{head}），是平均分配 {even} 的 {ratio} 倍。",
    },
    "sink": {
        "en": "**{above} of the {total} heads use the first character as a sink**: they give it "
        "more than half of their attention on text it never trained on. The largest share is "
        "{share} ({head}), {ratio} times the even share of {even}.",
        "zh": "**{total} 个头里有 {above} 个把第一个字符当作汇聚词元**：在它从未训练过的文本上，它们把一半以上的"
        "注意力给了它。最大的比例是 {share}（{head}），是平均分配 {even} 的 {ratio} 倍。",
    },
    "sentence_found": {
        "en": "On your sentence ({n} characters): the largest share is {share} ({head}), {ratio} "
        "times the even share of {even}; {above} of the {total} heads give it more than half.",
        "zh": "在你的句子上（{n} 个字符）：最大的比例是 {share}（{head}），是平均分配 {even} 的 {ratio} 倍；"
        "{total} 个头里有 {above} 个把一半以上给了它。",
    },
    "why_no_sink": {
        "en": "Likely reasons, not tested here: the model was trained on windows that start "
        "anywhere in a text, often mid-word, so its first position holds nothing special; "
        "and it is tiny and briefly trained, while the sinks StreamingLLM relies on were found "
        "in models of billions of weights trained far longer (Xiao et al., 2023). A short text "
        "has a large even share: row i of n spreads over only i + 1 characters.",
        "zh": "可能的原因（这里没有验证）：模型训练时用的窗口可以从文本的任何地方开始，常常在一个词的中间，所以"
        "它的第一个位置没什么特别；而且它很小、训练时间很短，而 StreamingLLM 所依赖的汇聚词元是在拥有数十亿"
        "权重、训练时间长得多的模型里发现的（Xiao 等人，2023）。文本很短时，平均分配的比例本来就大：n 个字符"
        "中的第 i 行只分给 i + 1 个字符。",
    },
}
