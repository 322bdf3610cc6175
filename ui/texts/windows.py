"""Texts of the Which keys a query may see page (sliding windows, sinks, receptive fields)."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"Clark", "Longformer", "StreamingLLM"}

TEXTS = {
    "title": {"en": "Which keys a query may see", "zh": "查询能看到哪些键"},
    "intro": {
        "en": "Models that read long texts do not let every query see every key: that costs "
        "n × n. A **sliding window** keeps only the keys near the query: in a decoder the "
        "last w tokens (Mistral), in an encoder w on both sides of it (Longformer). "
        "StreamingLLM keeps a few **sink** tokens at the start as well, because trained models "
        "pour much of their attention into the first token and break down when it is dropped. "
        "Below: what each mask leaves of your sentence's attention, how far back a window can "
        "reach through many layers, and where a trained model puts its spare attention.",
        "zh": "读长文本的模型不会让每个查询都看到每个键：那样的代价是 n × n。**滑动窗口**只保留查询附近的键："
        "解码器里是最近的 w 个词元（Mistral），编码器里是它前后两边各 w 个（Longformer）。StreamingLLM 还在开头额外保留几个**汇聚**词元，因为训练好的"
        "模型会把大量注意力倾注到第一个词元上，去掉它模型就会崩溃。下面依次看：每种掩码让你的句子的注意力"
        "剩下什么，窗口经过多层能往回看多远，以及训练好的模型把多余的注意力放在哪里。",
    },
    "formula_caption": {
        "en": "M is 0 where query i may see key j and −∞ everywhere else, as on the Masking page "
        "(positions count from 0 here). A window of w (M^w): itself and the w − 1 tokens before "
        "it. With s sinks as well (M^{w,s}): also the first s tokens, but never a later one.",
        "zh": "查询 i 可以看到键 j 的地方 M 为 0，其余地方为 −∞，和掩码页面一样（这里位置从 0 开始数）。"
        "窗口为 w（M^w）：自己和它前面的 w − 1 个词元。再加上 s 个汇聚词元（M^{w,s}）：还能看到最前面的 s "
        "个词元，但永远看不到后面的词元。",
    },
    "window": {"en": "Window w", "zh": "窗口 w"},
    "window_help": {
        "en": "Each query sees itself and the w − 1 tokens just before it.",
        "zh": "每个查询只看到自己和紧挨在它前面的 w − 1 个词元。",
    },
    "sinks": {"en": "Sink tokens s", "zh": "汇聚词元数 s"},
    "sinks_help": {
        "en": "The first s tokens stay visible to every later query, however far back.",
        "zh": "最前面的 s 个词元对后面的每个查询始终可见，不论离得多远。",
    },
    "kind_none": {"en": "no mask (an encoder)", "zh": "无掩码（编码器）"},
    "kind_causal": {"en": "causal (a decoder)", "zh": "因果掩码（解码器）"},
    "kind_window": {"en": "sliding window w = {window}", "zh": "滑动窗口 w = {window}"},
    "kind_sinks": {
        "en": "sinks s = {sinks} + window w = {window}",
        "zh": "汇聚词元 s = {sinks} + 窗口 w = {window}",
    },
    "checked": {
        "en": "Grey cells are masked. In all four, a masked cell's weight is exactly {masked} and every row still "
        "sums to 1 (within {error}): softmax spreads the whole of each row over the keys it "
        "may see. “{token}” sees {none} keys without a mask, {causal} with the causal mask, "
        "{window} in the window and {sinks} with the sinks. The sidebar's causal switch does not "
        "apply here: each pattern is its own mask, on the same queries, keys and values.",
        "zh": "灰色格子被掩码遮住。四种掩码下，被遮住的格子权重都恰好是 {masked}，每一行加起来仍是 1（误差不超过 {error}）："
        "softmax 把每一行的全部权重分给它能看到的键。“{token}”不加掩码时看到 {none} 个键，因果掩码下 "
        "{causal} 个，窗口中 {window} 个，加上汇聚词元时 {sinks} 个。侧边栏的因果掩码开关在这里不起作用："
        "每种模式都是自己的掩码，作用在同一组查询、键和值上。",
    },
    "reach": {"en": "What a window costs: the receptive field", "zh": "窗口的代价：感受野"},
    "reach_intro": {
        "en": "In one layer a window of w lets a token read the w − 1 tokens before it. In the "
        "next layer it reads tokens that have each read w − 1 before them, and so on: after L "
        "layers it depends on up to L·(w − 1) + 1 positions, about L·w. Below, the last token "
        "of your sentence: the one a decoder predicts the next word from.",
        "zh": "在一层里，窗口 w 让一个词元读到它前面的 w − 1 个词元。下一层里，它读到的词元各自又读过它们"
        "前面的 w − 1 个，依此类推：经过 L 层，它最多依赖 L·(w − 1) + 1 个位置，大约 L·w 个。下面看你的"
        "句子的最后一个词元：解码器正是用它来预测下一个词。",
    },
    "layers": {"en": "Layers L", "zh": "层数 L"},
    "layers_help": {
        "en": "How many layers of attention are stacked, each with the same mask.",
        "zh": "叠加多少层注意力，每层使用同样的掩码。",
    },
    "reach_mask": {"en": "Mask in every layer", "zh": "每层的掩码"},
    "reach_window": {"en": "window", "zh": "窗口"},
    "reach_sinks": {"en": "window + sinks", "zh": "窗口 + 汇聚词元"},
    "after_layers": {"en": "{layers} layers: {count}", "zh": "{layers} 层后：{count}"},
    "depth": {"en": "layers stacked: positions reached", "zh": "叠加层数：可达位置数"},
    "position": {"en": "position in your sentence", "zh": "你的句子中的位置"},
    "status": {"en": "the last token", "zh": "最后一个词元"},
    "reached": {"en": "depends on it", "zh": "依赖于它"},
    "not_reached": {"en": "out of reach", "zh": "够不到"},
    "reach_counts": {
        "en": "After {layers} layers the last token, “{token}”, depends on {count} of the {n} "
        "positions, back to position {earliest}.",
        "zh": "经过 {layers} 层，最后一个词元“{token}”依赖 {n} 个位置中的 {count} 个，最远到位置 {earliest}。",
    },
    "reach_first": {
        "en": "It reaches the first token after {needed} layers.",
        "zh": "它在第 {needed} 层时够到第一个词元。",
    },
    "reach_first_not": {
        "en": "The first token is out of its reach within {layers} layers.",
        "zh": "在 {layers} 层之内，它够不到第一个词元。",
    },
    "reach_span": {
        "en": "In a text long enough, a window of {window} reaches {spans} positions after 0, "
        "1, … {layers} layers: L·(w − 1) + 1. A model with Mistral 7B's window of {big_window} "
        "and its {big_layers} layers reaches {big_span} positions.",
        "zh": "在足够长的文本里，窗口 {window} 经过 0、1、…、{layers} 层可达的位置数分别是 {spans}："
        "L·(w − 1) + 1。若采用 Mistral 7B 的窗口 {big_window} 和它的 {big_layers} 层，可达 {big_span} 个位置。",
    },
    "reach_caption": {
        "en": "This counts which inputs can influence the token, not how much they do: a path "
        "through many layers may carry very little.",
        "zh": "这里统计的是哪些输入能够影响这个词元，而不是影响有多大：穿过很多层的路径可能只带来很少的信息。",
    },
    "sinks_section": {
        "en": "Evidence from a real model: where the spare attention goes",
        "zh": "来自真实模型的证据：多余的注意力去了哪里",
    },
    "sinks_intro": {
        "en": "Why keep sink tokens? Every row of softmax must sum to 1, so a head with nothing "
        "useful to read parks its weight somewhere, and trained models park it on a few tokens "
        "that carry little meaning. Here is all-MiniLM-L6-v2, the model of the Real model page, "
        "on your sentence. Plainly: it is an **encoder** (every token sees every other, no "
        "causal mask), not one of the decoders StreamingLLM studied, where the first token is "
        "the sink. This model's first token is [CLS].",
        "zh": "为什么要保留汇聚词元？softmax 的每一行必须加起来等于 1，所以一个没有什么可读的头也得把权重"
        "放在某处，训练好的模型就把它放在几个几乎不带含义的词元上。下面是真实模型页面用的 all-MiniLM-L6-v2 "
        "处理你的句子的结果。说清楚：它是一个**编码器**（每个词元都能看到所有其他词元，没有因果掩码），"
        "不是 StreamingLLM 研究的那种解码器；在解码器里，汇聚词元是第一个词元。这个模型的第一个词元是 [CLS]。",
    },
    "cls_grid": {
        "en": "Share of the words' attention on [CLS]",
        "zh": "词语的注意力落在 [CLS] 上的比例",
    },
    "sep_grid": {
        "en": "Share of the words' attention on [SEP]",
        "zh": "词语的注意力落在 [SEP] 上的比例",
    },
    "layer": {"en": "layer", "zh": "层"},
    "to_cls": {"en": "to [CLS]", "zh": "给 [CLS]"},
    "to_sep": {"en": "to [SEP]", "zh": "给 [SEP]"},
    "mean": {"en": "mean of the heads", "zh": "各头的平均"},
    "even": {"en": "even share 1/{n}", "zh": "平均分配 1/{n}"},
    "share": {"en": "share of the words' attention", "zh": "词语注意力的比例"},
    "lines_caption": {
        "en": "A line per key: each layer's mean over its {heads} heads; each dot one head. "
        "Dashed: what one key would get if every word spread its attention evenly.",
        "zh": "每个键一条线：每层 {heads} 个头的平均；每个点是一个头。虚线：如果每个词把注意力平均分配，"
        "一个键能得到的比例。",
    },
    "sink_cls": {
        "en": "In this model, for your sentence, **[CLS] is the sink, not [SEP]**: over the "
        "{total} heads it takes {cls} of the words' attention on average, [SEP] {sep}; an even "
        "share would be {even}. (In BERT-base, [SEP] was the big sink of the middle layers, as "
        "Clark et al. found in 2019.)",
        "zh": "在这个模型里，对你的句子来说，**汇聚词元是 [CLS] 而不是 [SEP]**：在全部 {total} 个头上，"
        "[CLS] 平均得到词语注意力的 {cls}，[SEP] 只有 {sep}；平均分配的话每个键是 {even}。（Clark 等人 "
        "2019 年发现，在基础版 BERT 里，[SEP] 才是中间几层的主要汇聚词元。）",
    },
    "sink_sep": {
        "en": "For your sentence, [SEP] takes more than [CLS]: over the {total} heads it gets "
        "{sep} of the words' attention on average, [CLS] {cls}; an even share would be {even}.",
        "zh": "对你的句子来说，[SEP] 得到的比 [CLS] 多：在全部 {total} 个头上，[SEP] 平均得到词语注意力的 "
        "{sep}，[CLS] 只有 {cls}；平均分配的话每个键是 {even}。",
    },
    "sinks_found": {
        "en": "{above} of the {total} heads give [CLS] more than half of the words' attention. "
        "The strongest: {strongest}. In {top} of the words' rows over all heads, [CLS] is the "
        "key with the largest weight ({top_first} in layer 1, {top_last} in layer {last}).",
        "zh": "{total} 个头中有 {above} 个把一半以上的词语注意力给了 [CLS]。最强的几个：{strongest}。"
        "在所有头的词语行里，有 {top} 的行权重最大的键是 [CLS]（第 1 层 {top_first}，第 {last} 层 {top_last}）。",
    },
    "head_at": {"en": "L{layer} h{head} {share}", "zh": "第{layer}层头{head} {share}"},
    "sinks_rows": {
        "en": "Averaged over the rows of the {rows} word pieces, not over the rows of [CLS] and "
        "[SEP] themselves, of {n} pieces in all.",
        "zh": "在全部 {n} 个片段中，对 {rows} 个词语片段的行取平均，不包括 [CLS] 和 [SEP] 自己的行。",
    },
    "sinks_rows_all": {
        "en": "The text has no word piece, so every one of its {n} rows is averaged.",
        "zh": "这段文本没有词语片段，所以对全部 {n} 行取平均。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.reach.ask": {
        "en": "Every layer of a decoder has a sliding window of {window}: each token sees itself "
        "and the tokens just before it, {window} in all. Can the last token of a {n}-token "
        "sentence see the first one after {layers} layers?",
        "zh": "一个解码器的每一层都有大小为 {window} 的滑动窗口：每个词元看到自己和紧挨在它前面的词元，一共 "
        "{window} 个。经过 {layers} 层后，一个 {n} 个词元的句子的最后一个词元能看到第一个词元吗？",
    },
    "quiz.reach.why": {
        "en": "{answer}. Each layer reaches {step} tokens further back (w − 1), so after "
        "{layers} layers the last token depends on {span} positions, back to position "
        "{earliest}: it takes exactly {needed} layers to reach the first token.",
        "zh": "{answer}。每一层往回多够到 {step} 个词元（w − 1），所以经过 {layers} 层，最后一个词元依赖 {span} "
        "个位置，最远到位置 {earliest}：恰好需要 {needed} 层才能够到第一个词元。",
    },
    "quiz.reach.why_not": {
        "en": "{answer}. Each layer reaches only {step} tokens further back (w − 1), so after "
        "{layers} layers the last token depends on {span} positions, back to position "
        "{earliest}. It would take {needed} layers to reach the first token.",
        "zh": "{answer}。每一层只往回多够到 {step} 个词元（w − 1），所以经过 {layers} 层，最后一个词元依赖 "
        "{span} 个位置，最远到位置 {earliest}。要够到第一个词元需要 {needed} 层。",
    },
    "quiz.reach.why_never": {
        "en": "{answer}. A window of 1 is each token alone: no layer looks back, however many "
        "are stacked.",
        "zh": "{answer}。窗口为 1 时每个词元只看自己：不论叠加多少层，都不会往回看。",
    },
}
