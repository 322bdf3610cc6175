"""Texts of the Cross-attention page."""

TEXTS = {
    "title": {
        "en": "Cross-attention",  # the navigation cut the longer title in both languages
        "zh": "交叉注意力",
    },
    "intro": {
        "en": "Every other page is self-attention: one sentence looks at itself. The "
        "transformer of the 2017 paper was made for translation and has two parts. The "
        "**encoder** reads the source sentence; the **decoder** writes the translation, one "
        "token at a time. Each decoder layer attends twice: first to its own tokens, under "
        "the causal mask (the Masking page), then to the encoder's tokens. In that second "
        "attention, **cross-attention**, the decoder's tokens ask (the queries) and the "
        "encoder's tokens answer (the keys and the values), each through its own W_Q, W_K, "
        "W_V. The two sentences may even be in two languages.",
        "zh": "其他各页讲的都是自注意力：一句话看它自己。2017 年论文里的 Transformer 是为翻译设计的，"
        "分成两部分。**编码器**读原文；**解码器**一个词元一个词元地写译文。解码器的每一层要做两次注意力："
        "先在自己的词元之间做，带因果掩码（见掩码页）；再对编码器的词元做。第二次注意力叫**交叉注意力**："
        "解码器的词元提问（查询），编码器的词元回答（键和值），各自经过自己的 W_Q、W_K、W_V。"
        "两句话甚至可以是两种语言。",
    },
    "formula_caption": {
        "en": "X_dec: the decoder's token vectors, X_enc: the encoder's. Q comes from one "
        "sentence, K and V from the other; softmax runs along each row as on every page (÷√d_k "
        "and the temperature as the sidebar sets them). O is what every decoder token brings "
        "back from the other sentence.",
        "zh": "X_dec：解码器的词元向量，X_enc：编码器的词元向量。Q 来自一句话，K 和 V 来自另一句话；"
        "softmax 照常按行计算（是否除以 √d_k、温度多少，都按侧边栏的设置）。O 是每个解码器词元从另一句话"
        "带回来的内容。",
    },
    "sentences": {"en": "Two sentences", "zh": "两句话"},
    "dec_label": {
        "en": "The decoder's sentence (it asks: queries)",
        "zh": "解码器的句子（提问：查询）",
    },
    "enc_label": {
        "en": "The encoder's sentence (it answers: keys and values)",
        "zh": "编码器的句子（回答：键和值）",
    },
    "sentence_help": {
        "en": "Any text, tokenized as the sidebar's sentence: words and punctuation become "
        "tokens, Chinese or Japanese text one token per character. At most {max} tokens.",
        "zh": "任意文本，切分方式与侧边栏的句子相同：单词和标点各成一个词元，中文或日文每个字一个词元。"
        "最多 {max} 个词元。",
    },
    "tokens_line": {"en": "{n} token(s): {tokens}", "zh": "{n} 个词元：{tokens}"},
    "empty_dec": {
        "en": "The decoder's sentence has no token, so nothing asks. Type a sentence.",
        "zh": "解码器的句子里没有词元，没有谁来提问。请输入一句话。",
    },
    "empty_enc": {
        "en": "The encoder's sentence has no token, so nothing can answer. Type a sentence.",
        "zh": "编码器的句子里没有词元，没有谁来回答。请输入一句话。",
    },
    "weights_label": {"en": "Weights", "zh": "权重"},
    "weights_hand": {"en": "made by hand", "zh": "手工设定"},
    "weights_random": {"en": "random (seed {seed})", "zh": "随机（种子 {seed}）"},
    "hand_caption": {
        "en": "The article's pair with vectors and weights **made by hand, not trained**, as "
        "the worked example's are: chosen so that each Chinese token attends most to its "
        "English counterpart (它 → “it”; 蛋 and 糕 → “cake”). Switch to random weights to see "
        "that nothing of the sort comes for free.",
        "zh": "文章的这对句子，向量和权重都是**手工设定的，不是训练出来的**，和文章里的例子一样："
        "特意选成让每个中文词元最关注它对应的英文词（它 → “it”；蛋、糕 → “cake”）。换成随机权重看看："
        "这种对应并不是白来的。",
    },
    "random_caption": {
        "en": "The same hand-made vectors with the seed's random W_Q, W_K, W_V: the Chinese "
        "tokens no longer find their English counterparts. The alignment has to be learned; "
        "training a translation model is what makes W_Q and W_K a dictionary.",
        "zh": "同样的手工向量，换成该种子的随机 W_Q、W_K、W_V：中文词元不再找到对应的英文词。"
        "这种对齐必须学出来；正是训练翻译模型，才让 W_Q 和 W_K 变成一本词典。",
    },
    "not_article": {
        "en": "Vectors and weights made by hand exist for the article's two sentences at "
        "d_model = 4 with one head. Here every token gets a random embedding plus its "
        "sentence's positions, and the weights are random (seed {seed}).",
        "zh": "手工设定的向量和权重只适用于文章的这两句话，且 d_model = 4、只有一个头。现在每个词元用的是"
        "随机嵌入加上它在自己句子里的位置编码，权重也是随机的（种子 {seed}）。",
    },
    "article_pair": {
        "en": "The article's pair, made by hand (d_model 4, one head)",
        "zh": "文章的这对句子，手工设定（d_model 4，一个头）",
    },
    "vectors": {
        "en": "The two sentences as vectors: X_dec and X_enc",
        "zh": "两句话的向量：X_dec 和 X_enc",
    },
    "x_dec": {"en": "X_dec (the decoder's tokens)", "zh": "X_dec（解码器的词元）"},
    "x_enc": {"en": "X_enc (the encoder's tokens)", "zh": "X_enc（编码器的词元）"},
    "feature_who": {"en": "who", "zh": "谁"},
    "feature_verb": {"en": "verb", "zh": "动作"},
    "feature_food": {"en": "food", "zh": "食物"},
    "feature_joint": {"en": "joint", "zh": "连接"},
    "vectors_hand": {
        "en": "Made by hand: four numbers with a meaning each, in a different order for each "
        "language, as two embeddings learned apart would have them. Each word sits at one end "
        "of a feature: “I” +1 and “it” −1 on who; “ate” +1 and “was” −1 on verb; “cake” +1 and "
        "“delicious” −1 on food; “and” +1 and “.” −1 on joint. Each Chinese row stands for its "
        "token in its place, which is how the two 吃 differ.",
        "zh": "手工设定：四个数各有含义，两种语言的排列顺序不同，就像分别学出来的两套嵌入那样。"
        "每个词位于某个特征的一端：“I” 为 +1、“it” 为 −1（谁）；“ate” +1、“was” −1（动作）；"
        "“cake” +1、“delicious” −1（食物）；“and” +1、“.” −1（连接）。每一行中文向量代表该位置上的词元，"
        "两个“吃”就是这样区分开的。",
    },
    "vectors_random": {
        "en": "Random embeddings (the seed's) plus each sentence's own sinusoidal positions, "
        "as the Tokens page makes them: each sentence counts its positions from 0.",
        "zh": "随机嵌入（由种子决定）加上各自句子的正弦位置编码，和词元页的做法一样：每句话的位置都从 0 数起。",
    },
    "qkv_body": {
        "en": "Each decoder token becomes a query, each encoder token a key and a value, "
        "through the cross-attention's own W_Q, W_K, W_V (not the self-attention's). Then "
        "every query is compared with every key, as on the Similarity page. (In a full "
        "decoder layer the queries come from the self-attention's output, after its residual "
        "connection and layer norm; here both attentions read X_dec, so that each can be seen "
        "alone.)",
        "zh": "每个解码器词元变成一个查询，每个编码器词元变成一个键和一个值，用的是交叉注意力自己的 "
        "W_Q、W_K、W_V（不是自注意力的）。然后每个查询和每个键比较，和相似度页一样。（在完整的解码器层里，"
        "查询来自自注意力的输出，经过残差连接和层归一化之后；这里两种注意力都读 X_dec，好让每一个都能单独看清楚。）",
    },
    "matrices": {
        "en": "Q, K, V and the four weight matrices",
        "zh": "Q、K、V 和四个权重矩阵",
    },
    "params_caption": {
        "en": "With the hand-made weights W_K, W_V and W_O are the identity (a key and a value "
        "are the English token as it is) and W_Q is the dictionary: it moves each Chinese "
        "feature to where the English vectors keep it, four times as loud.",
        "zh": "手工设定时，W_K、W_V、W_O 都是单位矩阵（键和值就是英文词元本身），W_Q 则是一本词典："
        "它把每个中文特征搬到英文向量存放这一特征的位置，并放大四倍。",
    },
    "weights": {
        "en": "The weights: every decoder token asks the whole other sentence",
        "zh": "权重：每个解码器词元向另一整句话提问",
    },
    "pick_row": {"en": "Follow one decoder token", "zh": "跟踪一个解码器词元"},
    "dec_axis": {"en": "decoder token (asks)", "zh": "解码器词元（提问）"},
    "enc_axis": {"en": "encoder token (answers)", "zh": "编码器词元（回答）"},
    "dec_key_axis": {"en": "decoder token (key)", "zh": "解码器词元（键）"},
    "cross_name": {"en": "Cross-attention A", "zh": "交叉注意力 A"},
    "self_name": {
        "en": "The decoder's own self-attention (causal)",
        "zh": "解码器自己的自注意力（因果）",
    },
    "hits_hand": {
        "en": "{hits} of the {n} Chinese tokens give their largest weight to their English "
        "counterpart.",
        "zh": "{n} 个中文词元中有 {hits} 个把最大的权重给了对应的英文词。",
    },
    "hits_random": {
        "en": "Only {hits} of the {n} Chinese tokens give their largest weight to their English "
        "counterpart: about what picking one of {n_enc} keys at random would give.",
        "zh": "{n} 个中文词元中只有 {hits} 个把最大的权重给了对应的英文词：和从 {n_enc} 个键里随便挑一个"
        "差不多。",
    },
    "hits_none": {
        "en": "Random weights: nothing in them links a word to its translation; training is "
        "what would.",
        "zh": "随机权重：里面没有任何东西把一个词和它的译文联系起来；要靠训练才行。",
    },
    "no_mask": {
        "en": "The decoder's own attention is masked: while the translation is being written, a "
        "word may not look at the words after it, which do not exist yet. Cross-attention has "
        "no mask: "
        "the source sentence was read whole before the first word was written, so every "
        "decoder token may look at all of it.",
        "zh": "解码器自己的注意力有掩码：译文还在写的时候，一个词不能看它后面的词，因为那些词还不存在。"
        "交叉注意力没有掩码：原文在写下第一个词之前就已经整句读完，所以每个解码器词元都可以看它的全部。",
    },
    "alignment": {
        "en": "Each Chinese token and its English counterpart",
        "zh": "每个中文词元和对应的英文词",
    },
    "col_token": {"en": "token", "zh": "词元"},
    "col_counterpart": {"en": "counterpart", "zh": "对应的词"},
    "col_top": {"en": "most weight", "zh": "最大权重"},
    "col_hit": {"en": "found", "zh": "找到"},
    "alignment_caption": {
        "en": "Each decoder token, the English word it stands for, the one it gives its largest "
        "weight (all heads together), and whether the two agree.",
        "zh": "每个解码器词元、它对应的英文词、它给出最大权重的词（所有头合在一起），以及两者是否一致。",
    },
    "row": {
        "en": "What “{token}” asks, and what it brings back",
        "zh": "“{token}”问什么，带回什么",
    },
    "counterpart": {
        "en": "The counterpart of “{token}” in the English sentence is “{other}”.",
        "zh": "“{token}”在英文句子里对应的是“{other}”。",
    },
    "output": {
        "en": "The output: one vector per decoder token",
        "zh": "输出：每个解码器词元一个向量",
    },
    "output_caption": {
        "en": "One vector per decoder token: its row of weights mixes the encoder's values, "
        "and W_O maps the heads back to d_model. The followed token's row is outlined.",
        "zh": "每个解码器词元一个向量：它那一行权重把编码器的值混合起来，再由 W_O 把各个头映射回 d_model 维。"
        "跟踪的词元所在的行被框了出来。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.shape.ask": {
        "en": "Above, the decoder's sentence (the translation being written) has {n_dec} "
        "tokens and the encoder's (the source sentence) {n_enc}. What is the shape of the "
        "cross-attention weights, rows × columns?",
        "zh": "上面解码器的句子（正在写的译文）有 {n_dec} 个词元，编码器的句子（原文）有 {n_enc} 个。"
        "交叉注意力权重矩阵的形状（行 × 列）是多少？",
    },
    "quiz.shape.why": {
        "en": "One row per decoder token ({rows}: each asks with its query), one column per "
        "encoder token ({columns}: each answers with its key): each decoder token's query meets every encoder "
        "token's key, and its row of {columns} weights sums to 1. Nothing makes it square: the "
        "two sentences may have any lengths, even be in two languages. With {heads} head(s) "
        "there is one such matrix per head.",
        "zh": "每个解码器词元一行（{rows} 个，各用自己的查询提问），每个编码器词元一列（{columns} 个，各用自己的键回答）："
        "每个解码器词元的查询和每个编码器词元的键相遇，它那一行的 {columns} 个权重之和为 1。"
        "没有什么要求它是方阵：两句话可以长短不一，甚至是两种语言。有 {heads} 个头时，每个头各有一个这样的矩阵。",
    },
}
