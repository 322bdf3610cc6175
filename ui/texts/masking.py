"""Texts of the Masking page."""

TEXTS = {
    "title": {"en": "Masking", "zh": "掩码"},
    "intro": {
        "en": "A decoder (the part of a transformer that writes text, as in GPT) is trained to "
        "predict every next token of a sentence at once. If token 3 could look at token 4 "
        "while learning to predict token 4, it would simply copy the answer and learn "
        "nothing. The **causal mask** forbids that: each token may attend to itself and to "
        "the tokens before it, never to the ones after. An encoder (as in BERT) reads a "
        "whole sentence that is already there, so it lets every token see every other token "
        "and uses no causal mask.",
        "zh": "解码器（Transformer 中负责生成文本的部分，例如 GPT）在训练时要同时预测句子里每个"
        "位置的下一个词元。如果第 3 个词元在学习预测第 4 个词元时能直接看到第 4 个词元，它只要"
        "照抄答案就行，什么也学不到。**因果掩码**禁止这种“偷看”：每个词元只能关注自己和排在"
        "它前面的词元，不能关注后面的。编码器（例如 BERT）处理的是一句已经完整给出的话，所以"
        "允许每个词元看到所有词元，不使用因果掩码。",
    },
    "sidebar_on": {
        "en": "The sidebar's causal mask is **on**: the step pages and Multi-head show masked "
        "attention. This page always shows the masked version, next to the unmasked one.",
        "zh": "侧边栏的因果掩码现在是**开启**的：各步骤页面和多头注意力页面都显示加了掩码的注意力。"
        "本页无论如何都显示加掩码的版本，并与不加掩码的版本并排对照。",
    },
    "sidebar_off": {
        "en": "The sidebar's causal mask is **off**: the other pages show attention without a "
        "mask, as an encoder computes it. This page shows the masked version anyway, next to "
        "the unmasked one; switch the mask on in the sidebar to carry it to the other pages.",
        "zh": "侧边栏的因果掩码现在是**关闭**的：其他页面显示的是不加掩码的注意力，和编码器一样。"
        "本页照样显示加掩码的版本，并与不加掩码的版本并排对照；在侧边栏打开掩码，其他页面也会随之改变。",
    },
    "formula_caption": {
        "en": "S̃ = the scaled scores from step 2 (divided by √d_k when scaling is on, and by "
        "the temperature). M adds 0 to the scores a token may see and −∞ to those it may "
        "not, before softmax.",
        "zh": "S̃ = 第 2 步缩放后的分数（开启缩放时除以 √d_k，并除以温度）。"
        "softmax 之前，M 给可以看到的分数加 0，给不可以看到的分数加 −∞。",
    },
    "mask": {"en": "The causal mask", "zh": "因果掩码"},
    "mask_name": {"en": "Mask M", "zh": "掩码 M"},
    "allowed": {"en": "allowed (adds 0)", "zh": "允许（加 0）"},
    "blocked": {"en": "blocked (adds −∞)", "zh": "屏蔽（加 −∞）"},
    "status": {"en": "status", "zh": "状态"},
    "mask_caption": {
        "en": "Row = the token asking, column = the token it may look at. Everything above the "
        "diagonal lies in the future and is blocked. The CSV has 1 for allowed, 0 for blocked.",
        "zh": "行 = 提问的词元，列 = 它可以看的词元。对角线以上都是“未来”，全部被挡住。"
        "CSV 中 1 表示允许，0 表示屏蔽。",
    },
    "scores": {"en": "Scaled scores with the mask", "zh": "加掩码后的缩放分数"},
    "scores_caption": {
        "en": "The allowed cells keep their scores from step 2; the blocked ones become −∞ (grey).",
        "zh": "允许的格子保留第 2 步的分数；被挡住的格子变成 −∞（灰色）。",
    },
    "weights": {"en": "Weights without and with the mask", "zh": "不加掩码与加掩码的权重"},
    "unmasked": {"en": "Without the mask (encoder)", "zh": "不加掩码（编码器）"},
    "masked": {"en": "With the causal mask (decoder)", "zh": "加因果掩码（解码器）"},
    "unmasked_caption": {
        "en": "Every token spreads its attention over the whole sentence.",
        "zh": "每个词元把注意力分给整句话。",
    },
    "masked_caption": {
        "en": "Above the diagonal every weight is exactly 0; each row still sums to 1. The "
        "first token, “{first}”, sees only itself, so its weight on itself is 1.",
        "zh": "对角线以上的权重全部恰好为 0；每行之和仍是 1。第一个词元“{first}”只能看到自己，"
        "所以它给自己的权重是 1。",
    },
    "where": {"en": "Where did the blocked weight go?", "zh": "被挡住的权重去哪儿了？"},
    "where_intro": {
        "en": "Pick a token and compare its row with and without the mask.",
        "zh": "选一个词元，对比它那一行在加掩码前后的权重。",
    },
    "col_key": {"en": "key token", "zh": "键词元"},
    "col_unmasked": {"en": "without mask", "zh": "不加掩码"},
    "col_allowed": {"en": "allowed", "zh": "允许"},
    "col_masked": {"en": "with mask", "zh": "加掩码"},
    "renorm": {
        "en": "Without the mask, “{q}” put {blocked} of its attention on later tokens. With "
        "the mask that share is not lost: softmax spreads the whole 1 over the {k} allowed "
        "tokens, which is the same as dividing each of their old weights by their old total "
        "{kept}. For example {old} / {kept} = **{new}**.",
        "zh": "不加掩码时，“{q}”把 {blocked} 的注意力给了后面的词元。加了掩码，这部分并没有丢掉："
        "softmax 把整整 1 分给 {k} 个允许的词元，相当于把它们原来的权重各自除以原来的合计 {kept}。"
        "例如 {old} / {kept} = **{new}**。",
    },
    "renorm_last": {
        "en": "“{q}” is the last token: nothing lies after it, so the mask changes nothing "
        "in its row.",
        "zh": "“{q}”是最后一个词元：它后面什么也没有，所以掩码不会改变它这一行。",
    },
    "padding": {
        "en": "Another mask you will meet is the **padding mask**: sentences in a batch are "
        "filled up to the same length with empty tokens, and this mask stops every token "
        "from attending to that filler, in encoders and decoders alike.",
        "zh": "你还会遇到另一种掩码：**填充掩码**。一批句子会用空白词元补到相同长度，这种掩码"
        "让所有词元都不去关注这些填充物，编码器和解码器都会用到。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.zero.ask": {
        "en": "With the causal mask on, what weight does “{query}” give to “{key}”?",
        "zh": "打开因果掩码后，“{query}”给“{key}”的权重是多少？",
    },
    "quiz.zero.why": {
        "en": "0, exactly: “{key}” comes after “{query}”, so its score is set to −∞ and "
        "e^(−∞) = 0. The weight it would have had goes to the keys that may be seen.",
        "zh": "恰好是 0：“{key}”在“{query}”之后，所以它的分数被设为 −∞，而 e^(−∞) = 0。它原本能得到的权重分给了可以看到的键。",
    },
}
