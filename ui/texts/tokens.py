"""Texts of the Tokens & position page: embeddings, sinusoidal positions, and their sum."""

TEXTS = {
    "title": {"en": "Tokens & position", "zh": "词元与位置"},
    "intro": {
        "en": "Before any attention happens, the sentence is cut into tokens and every token "
        "becomes one vector: an **embedding** E that stands for what the token means, plus a "
        "**positional encoding** PE that stands for where it sits. Their sum X = E + PE is "
        "what the attention layer receives.",
        "zh": "在注意力开始之前，句子先被切成词元，每个词元变成一个向量：表示“它是什么意思”的**嵌入** E，"
        "加上表示“它在第几个位置”的**位置编码** PE。两者之和 X = E + PE 就是注意力层拿到的输入。",
    },
    "article_x": {
        "en": "The article gives its 4-d vectors X with position already included. The "
        "embeddings shown here are therefore worked back as E = X − PE.",
        "zh": "文章给出的 4 维向量 X 已经包含了位置信息。因此这里显示的嵌入是倒推出来的：E = X − PE。",
    },
    "tokens_title": {"en": "The tokens", "zh": "词元"},
    "tokens_explain": {
        "en": "The sentence gives **{n}** tokens. Words and punctuation marks each become a "
        "token; Chinese and Japanese text becomes one token per character, because it has no "
        "spaces between words; an emoji stays whole. Positions are counted from 0.",
        "zh": "这句话得到 **{n}** 个词元。单词和标点各成一个词元；中文和日文没有词间空格，所以每个字一个词元；"
        "表情符号保持完整。位置从 0 开始数。",
    },
    "embed_title": {"en": "Embeddings E: what each token means", "zh": "嵌入 E：每个词元的含义"},
    "embed_explain": {
        "en": "One row per token, d_model = {d} numbers. In a trained model, tokens with "
        "related meanings get nearby rows; here the rows are random toy vectors picked by the "
        "token's text and the seed. The same token always gets the same row, wherever it "
        "stands.",
        "zh": "每个词元一行，共 d_model = {d} 个数。在训练好的模型里，意思相近的词元会得到相近的行；"
        "这里的行是由词元文本和随机种子决定的玩具向量。同一个词元无论出现在哪里，得到的行都相同。",
    },
    "embed_explain_article": {
        "en": "One row per token, d_model = {d} numbers. In the article's example X is given "
        "directly, meaning and position together, so these rows are not picked by the seed: "
        "each is worked back as E = X − PE, what is left of X once its position is taken "
        "out. That is also why two copies of one word would not share a row here.",
        "zh": "每个词元一行，共 d_model = {d} 个数。在文章的例子里，X 是直接给出的，含义和位置已经合在一起，"
        "所以这些行不是由随机种子决定的：每一行都是倒推出来的 E = X − PE，也就是从 X 中去掉位置之后剩下的部分。"
        "也正因为如此，同一个词如果出现两次，在这里不会得到相同的行。",
    },
    "pe_title": {
        "en": "Positional encoding PE: where each token sits",
        "zh": "位置编码 PE：每个词元在哪里",
    },
    "pe_explain": {
        "en": "Each position gets a fixed pattern of sines and cosines, the same for every "
        "sentence. Early columns oscillate fast and tell neighbours apart; later columns move "
        "slowly and tell the beginning from the end. All values lie between −1 and 1.",
        "zh": "每个位置都得到一组固定的正弦、余弦值，和句子内容无关。靠前的列振荡得快，能区分相邻位置；"
        "靠后的列变化得慢，能区分句首和句尾。所有数值都在 −1 到 1 之间。",
    },
    "pe_columns": {
        "en": "Columns are numbered from 1 here: odd columns (1, 3, 5, …) use sin and even "
        "columns (2, 4, 6, …) use cos; columns 2i+1 and 2i+2 share the frequency "
        "1/10000^(2i/d_model).",
        "zh": "这里的列从 1 开始编号：奇数列（1、3、5……）用 sin，偶数列（2、4、6……）用 cos；"
        "第 2i+1 列和第 2i+2 列共用频率 1/10000^(2i/d_model)。",
    },
    "position": {"en": "position", "zh": "位置"},
    "curves_title": {"en": "A few PE columns over the positions", "zh": "几列 PE 随位置的变化"},
    "curves_pick": {"en": "Columns to plot", "zh": "要画的列"},
    "curves_pick_help": {
        "en": "Up to {max} columns. Compare a fast early column with a slow late one.",
        "zh": "最多 {max} 列。比较一下靠前的快速列和靠后的慢速列。",
    },
    "curves_caption": {
        "en": "Dots are the actual positions 0 … {last}; the lines only join them. Every "
        "position gets its own combination of heights, so no two positions look alike.",
        "zh": "圆点是实际的位置 0 … {last}，连线只是把它们连起来。每个位置得到一组独特的高度组合，所以没有两个位置看起来一样。",
    },
    "curve_label": {"en": "column {j} ({fn})", "zh": "第 {j} 列（{fn}）"},
    "column": {"en": "column", "zh": "列"},
    "wavelength": {"en": "wavelength (positions)", "zh": "波长（位置数）"},
    "x_title": {"en": "Their sum X = E + PE", "zh": "两者之和 X = E + PE"},
    "x_explain": {
        "en": "Each row now carries both the meaning and the place of its token. This is the "
        "matrix every later page starts from.",
        "zh": "现在每一行同时带着词元的含义和位置。后面每一页都从这个矩阵出发。",
    },
    "swap_title": {"en": "Swap two words", "zh": "交换两个词"},
    "swap_intro": {
        "en": "Embeddings alone cannot tell “dog sat on the sofa” from “sofa sat on the dog”: "
        "both sentences contain exactly the same set of vectors. Pick two positions to swap "
        "and see what changes.",
        "zh": "只靠嵌入，分不清“狗坐在沙发上”和“沙发坐在狗上”：两句话包含的向量一模一样。"
        "选两个位置交换一下，看看什么变了。",
    },
    "swap_a": {"en": "First position", "zh": "第一个位置"},
    "swap_b": {"en": "Second position", "zh": "第二个位置"},
    "swap_one": {
        "en": "Swapping needs at least two tokens. Type a longer sentence in the sidebar.",
        "zh": "交换至少需要两个词元。请在侧边栏输入更长的句子。",
    },
    "swap_same": {
        "en": "Both positions are the same, so nothing moves. Choose two different ones.",
        "zh": "两个位置相同，什么也不会移动。请选两个不同的位置。",
    },
    "before": {"en": "Before: {sentence}", "zh": "交换前：{sentence}"},
    "after": {"en": "After: {sentence}", "zh": "交换后：{sentence}"},
    "e_swapped": {"en": "E after the swap", "zh": "交换后的 E"},
    "e_swapped_caption": {
        "en": "The same rows as E above, only in a new order: each embedding travels with "
        "its word.",
        "zh": "和上面的 E 是同样的行，只是顺序变了：每个嵌入跟着自己的词走。",
    },
    "x_swapped": {"en": "X after the swap = E' + PE", "zh": "交换后的 X = E' + PE"},
    "x_swapped_caption": {
        "en": "PE does not move: row i always receives the pattern of position i.",
        "zh": "PE 不会移动：第 i 行永远加上第 i 个位置的模式。",
    },
    "delta_title": {"en": "What changed for each word", "zh": "每个词发生了什么变化"},
    "delta": {"en": "ΔX per word", "zh": "每个词的 ΔX"},
    "delta_caption": {
        "en": "Row = a word of the original sentence; value = its new x minus its old x. "
        "Only the two swapped words change, and only by a difference of position patterns.",
        "zh": "行 = 原句中的一个词；数值 = 它新的 x 减去旧的 x。只有被交换的两个词变了，而且变化量恰好是两个位置模式之差。",
    },
    "delta_explain": {
        "en": "“{a}” moved from position {i} to {j}, so its vector changed by exactly "
        "PE[{j}] − PE[{i}]; “{b}” changed by the opposite amount. Every other row is 0. "
        "Without PE both sentences would be the same bag of vectors.",
        "zh": "“{a}” 从位置 {i} 移到了 {j}，所以它的向量恰好变化了 PE[{j}] − PE[{i}]；“{b}” 的变化量正好相反。其余各行都是 0。"
        "如果没有 PE，两句话就只是同一袋向量。",
    },
    "missing_title": {"en": "Order is not yet relation", "zh": "有了顺序，还没有关系"},
    "missing": {
        "en": "Thanks to PE the model now knows *which* word came first. But each row still "
        "only describes its own token: nothing in the row of “it” says that “it” means the "
        "cake. Linking tokens to each other is the job of attention, which looks at all rows "
        "at once.",
        "zh": "有了 PE，模型知道了*哪个*词在前。但每一行仍然只描述它自己的词元：“it”那一行里，"
        "没有任何东西说明“it”指的是蛋糕。把词元彼此联系起来，是注意力的任务——它会同时查看所有的行。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.swap.ask": {
        "en": "Swap “{a}” and “{b}” in the sentence. How many of the {n} rows of X = E + PE "
        "change?",
        "zh": "把句子里的“{a}”和“{b}”对调。X = E + PE 的 {n} 行中，有几行会变？",
    },
    "quiz.swap.why": {
        "en": "{changed} rows: only the two words that moved now sit on other positions, so "
        "only their position terms change. The other words keep both their meaning and "
        "their place. Without PE, the swapped sentence would have the same set of rows, "
        "only in another order: nothing in X would say which word came first.",
        "zh": "{changed} 行：只有挪动的两个词换到了别的位置，所以只有它们的位置项变了。其余的词含义和位置都没变。"
        "如果没有 PE，对调后的句子得到的是同一组行，只是顺序不同：X 里没有任何东西能说明哪个词在前。",
    },
}
