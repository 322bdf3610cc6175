"""Texts of the decoder the app trained where other pages show it: the Generating page's
choice of model, and the Which keys a query may see page's section on its spare attention.
(Its own page's texts: ui/texts/copying.py.)"""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN: set[str] = set()

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
        "values. {cut}**The same as all at once:** the whole text run through the model "
        "without a cache differs from this step by at most {diff} (every prediction and every "
        "head's weights, both layers), over all {n} steps by at most {max}, and {same}.",
        "zh": "第 1 到 {t} 行是这一步之后第 {layer} 层这个头的缓存；上面的查询行读取所有这些行，下面的输出行"
        "是各个值按权重的混合。{cut}**和一次算完一样：**不用缓存、把整段文本一次送进模型，与这一步相差至多 "
        "{diff}（涵盖每一个预测和两层中每个头的权重），在全部 {n} 步中至多 {max}，并且{same}。",
    },
    "step_cut": {
        "en": "(The first {shown} of the head's {d} dimensions are drawn.) ",
        "zh": "（只画出这个头 {d} 维中的前 {shown} 维。）",
    },
}
