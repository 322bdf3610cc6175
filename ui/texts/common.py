"""Texts of the frame: sidebar, navigation, shared messages and matrix widgets."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {
    "BERT",
    "CLS",
    "CSV",
    "Concat",
    "Face",
    "Falcon",
    "Frobenius",
    "GPT",
    "GPU",
    "GQA",
    "GiB",
    "Hub",
    "Hugging",
    "Jensen",
    "KiB",
    "Llama",
    "MHA",
    "MQA",
    "MatMul",
    "MiB",
    "MiniLM",
    "Mistral",
    "MultiHead",
    "NumPy",
    "PyTorch",
    "Qwen",
    "RoPE",
    "SEP",
    "Shannon",
    "Softmax",
    "TiB",
    "Transformer",
    "argmax",
    "cos",
    "diag",
    "exp",
    "ln",
    "nats",
    "numpy",
    "sin",
    "softmax",
}

TEXTS = {
    # navigation
    "nav.start": {"en": "Start", "zh": "开始"},
    "nav.steps": {"en": "The four steps", "zh": "四个步骤"},
    "nav.more": {"en": "Beyond the four steps", "zh": "四步之外"},
    "nav.further": {"en": "Going further: today's models", "zh": "更进一步：今天的模型"},
    # sidebar
    "sb.language": {"en": "Language", "zh": "语言"},
    "sb.sentence": {"en": "Sentence", "zh": "句子"},
    "sb.sentence_help": {
        "en": "Any text. Words and punctuation become tokens; Chinese or Japanese text "
        "becomes one token per character. At most {max} tokens are used.",
        "zh": "任意文本。单词和标点各成一个词元；中文或日文每个字一个词元。最多使用 {max} 个词元。",
    },
    "sb.focus": {"en": "Follow one token", "zh": "跟踪一个词元"},
    "sb.focus_help": {
        "en": "Its row is outlined in every matrix of every step, so you can follow one "
        "token from its input vector to its output. The pickers on the pages move it too.",
        "zh": "在每一步的每个矩阵里，这个词元所在的行都会被框出来，方便你从输入向量一路跟到输出。"
        "各页面上的选择框也会改变它。",
    },
    "sb.d_model": {"en": "Model dimension d_model", "zh": "模型维度 d_model"},
    "sb.d_model_help": {
        "en": "Length of every token vector. Real models use 512 or more.",
        "zh": "每个词元向量的长度。真实模型通常是 512 或更大。",
    },
    "sb.heads": {"en": "Heads h", "zh": "头数 h"},
    "sb.heads_help": {
        "en": "Only head counts that divide d_model are offered, so d_k = d_model / h is whole.",
        "zh": "只提供能整除 d_model 的头数，这样 d_k = d_model / h 是整数。",
    },
    "sb.dk": {
        "en": "Each head works in d_k = d_model / h = **{d_k}** dimensions.",
        "zh": "每个头在 d_k = d_model / h = **{d_k}** 维中计算。",
    },
    "sb.scale": {"en": "Scale by 1/√d_k", "zh": "除以 √d_k 缩放"},
    "sb.scale_help": {
        "en": "Step 2. Off: the raw dot products go straight into softmax.",
        "zh": "第 2 步。关闭时，原始点积直接送入 softmax。",
    },
    "sb.causal": {"en": "Causal mask (decoder)", "zh": "因果掩码（解码器）"},
    "sb.causal_help": {
        "en": "Each token may only look at itself and the tokens before it.",
        "zh": "每个词元只能看到自己和它之前的词元。",
    },
    "sb.temperature": {"en": "Softmax temperature", "zh": "Softmax 温度"},
    "sb.temperature_help": {
        "en": "Scores are divided by this before softmax: below 1 sharpens, above 1 flattens.",
        "zh": "送入 softmax 前分数先除以温度：小于 1 更尖锐，大于 1 更平缓。",
    },
    "sb.seed": {"en": "Random seed (toy weights)", "zh": "随机种子（玩具权重）"},
    "sb.seed_help": {
        "en": "Picks the random embeddings and weight matrices. Same seed, same numbers.",
        "zh": "决定随机的嵌入和权重矩阵。种子相同，数字就相同。",
    },
    "sb.article": {"en": "Article example", "zh": "文章示例"},
    "sb.article_help": {
        "en": "Back to “I ate the cake and it was delicious.” with 4-d hand-made vectors "
        "and one head.",
        "zh": "回到 “I ate the cake and it was delicious.”：4 维手工向量，单头。",
    },
    "sb.share": {"en": "Share, or join a class", "zh": "分享 · 加入课堂"},
    "sb.share_help": {
        "en": "The link of this page with exactly these settings; and a class to join with "
        "its code, or to teach.",
        "zh": "这一页及完全相同设置的链接；也可以用课堂码加入课堂，或者开设一个课堂。",
    },
    "sb.ask": {"en": "Questions first", "zh": "先提问"},
    "sb.ask_help": {
        "en": "On: each page asks its question before it shows what answers it. Off: every "
        "page shows everything at once, and its questions wait, folded, where they were. "
        "Kept in the link.",
        "zh": "打开：每一页先提问，答完再显示能给出答案的内容。关闭：每一页直接显示全部内容，问题折叠在原处。会保存在链接里。",
    },
    "sb.uses": {
        "en": "On this page only these settings apply: {names}.",
        "zh": "这一页只用到这些设置：{names}。",
    },
    "sb.uses_none": {
        "en": "This page has its own controls; the model's settings do not apply here.",
        "zh": "这一页有自己的控件，模型设置在这里不起作用。",
    },
    "sb.name_sentence": {"en": "the sentence", "zh": "句子"},
    "sb.name_focus": {"en": "the followed token", "zh": "跟踪的词元"},
    "sb.name_d_model": {"en": "d_model", "zh": "d_model"},
    "sb.name_n_heads": {"en": "the heads", "zh": "头数"},
    "sb.name_scale": {"en": "the scaling", "zh": "缩放"},
    "sb.name_causal": {"en": "the causal mask", "zh": "因果掩码"},
    "sb.name_temperature": {"en": "the temperature", "zh": "温度"},
    "sb.name_seed": {"en": "the seed", "zh": "随机种子"},
    "sb.present": {"en": "Presenter view", "zh": "演示视图"},
    "present_intro": {"en": "What this page is about", "zh": "这一页讲什么"},
    "sb.present_help": {
        "en": "Large type in the text and the charts, for a projector: the numbers in the "
        "cells stay legible from the back of a room. Kept in the link.",
        "zh": "正文和图表都用大号字体，适合投影：坐在教室后排也能看清格子里的数字。会保存在链接里。",
    },
    # the lesson
    "tour.start": {"en": "Start the lesson", "zh": "开始课程"},
    "tour.start_help": {
        "en": "{n} stops in the article's order: the input, Q, K and V, the four steps, the "
        "mask, several heads, a real model; then {further} going further, to today's models. "
        "Each stop asks a question first.",
        "zh": "按文章的顺序共 {n} 站：输入、Q/K/V、四个步骤、掩码、多头、真实模型；然后再走 {further} 站，"
        "更进一步看今天的模型。每一站都先提一个问题。",
    },
    "tour.where_lesson": {
        "en": "**Lesson · stop {k} / {n}**",
        "zh": "**课程 · 第 {k} / {n} 站**",
    },
    "tour.where_further": {
        "en": "**Going further · stop {k} / {n}**",
        "zh": "**更进一步 · 第 {k} / {n} 站**",
    },
    "tour.further": {"en": "Going further", "zh": "更进一步"},
    "tour.opens_on": {
        "en": ":material/school: This stop opens on the article's own settings for it: {settings}.",
        "zh": ":material/school: 这一站使用文章为它设定的参数：{settings}。",
    },
    "tour.undo_opens_on": {"en": "Back to my settings", "zh": "恢复我原来的设置"},
    "tour.prev": {"en": "Previous", "zh": "上一站"},
    "tour.next": {"en": "Next", "zh": "下一站"},
    "tour.end": {"en": "Finish", "zh": "结束"},
    "tour.leave": {"en": "Leave the lesson", "zh": "退出课程"},
    "tour.back": {
        "en": "Back to the lesson: stop {k}, {page}",
        "zh": "回到课程：第 {k} 站，{page}",
    },
    # shared messages
    "msg.empty_sentence": {
        "en": "The sentence is empty, so the article's sentence is shown instead.",
        "zh": "句子为空，因此改为显示文章中的例句。",
    },
    "msg.trimmed": {
        "en": "The text has {total} tokens; only the first {max} are used.",
        "zh": "文本共有 {total} 个词元，只使用前 {max} 个。",
    },
    "msg.link_fixed": {
        "en": "Some settings in the link were not valid and were replaced by the nearest "
        "allowed values: {names}.",
        "zh": "链接中的部分设置无效，已替换为最接近的允许值：{names}。",
    },
    "msg.article_on": {
        "en": "You are looking at the article's hand-made numbers (the seed has no effect). "
        "Change the sentence, the dimension or the heads to use random toy weights.",
        "zh": "当前显示的是文章中的手工数字（随机种子不起作用）。修改句子、维度或头数即可换成随机玩具权重。",
    },
    "article_figures": {
        "en": "The article's own numbers: {cells}.",
        "zh": "文章里给出的数字：{cells}。",
    },
    "list_sep": {"en": "; ", "zh": "；"},
    "article_scores": {
        "en": "row {row}, column {col}: {value}, the article's {printed}",
        "zh": "第 {row} 行、第 {col} 列：{value}，即文章中的 {printed}",
    },
    "article_output": {
        "en": "row {row}, dimension {col}: {value}, the article's {printed}",
        "zh": "第 {row} 行、第 {col} 维：{value}，即文章中的 {printed}",
    },
    # matrices and charts
    "cut": {
        "en": "Showing the first {rows} of {r} rows and {cols} of {c} columns; the CSV has "
        "all of them.",
        "zh": "只画出 {r} 行中的前 {rows} 行、{c} 列中的前 {cols} 列；CSV 中包含全部。",
    },
    "csv_all": {
        "en": "Download this page's matrices as CSV ({n})",
        "zh": "以 CSV 下载本页显示的矩阵（{n} 个）",
    },
    "csv_all_help": {
        "en": "One CSV file per matrix, in a zip, with every row and column at full "
        "precision: {names}.",
        "zh": "每个矩阵一个 CSV 文件，打包成 zip，包含全部行列、完整精度：{names}。",
    },
    "shape": {"en": "shape {shape}", "zh": "形状 {shape}"},
    "rounded_terms": {
        "en": "The factors are printed to {decimals} places; the total is the sum of the "
        "exact terms, so adding the printed ones by hand can differ in the last place.",
        "zh": "各因子只印到小数点后 {decimals} 位；总和是精确各项之和，所以用印出的数字手算，最后一位可能略有出入。",
    },
    "query": {"en": "query token", "zh": "查询词元"},
    "key": {"en": "key token", "zh": "键词元"},
    "token": {"en": "token", "zh": "词元"},
    "row": {"en": "row", "zh": "行"},
    "column": {"en": "column", "zh": "列"},
    "dim_in": {"en": "input dimension", "zh": "输入维度"},
    "dim_out": {"en": "output dimension", "zh": "输出维度"},
    "dim": {"en": "dimension", "zh": "维度"},
    "value": {"en": "value", "zh": "数值"},
    "weight": {"en": "weight", "zh": "权重"},
    "head": {"en": "head", "zh": "头"},
    "head_n": {"en": "Head {i}", "zh": "第 {i} 个头"},
    "choose_head": {"en": "Head to show", "zh": "显示哪个头"},
    # a chart's text alternative (what a screen reader says for it)
    "chart": {"en": "Chart", "zh": "图表"},
    "chart_values": {"en": "values", "zh": "数值"},
    "chart_grid": {
        "en": "{value} for each {row} (row) and {column} (column)",
        "zh": "每个{row}（行）与{column}（列）对应的{value}",
    },
    "chart_alt": {
        "en": "{title}: shows {shows}; {n} values, each read out with its labels.",
        "zh": "{title}：展示{shows}；共 {n} 个数值，每个都会连同标签一起读出。",
    },
    "chart_alt_many": {
        "en": "Too many to read out one by one: the CSV beside the chart has them all.",
        "zh": "数值太多，无法逐个读出：图表旁的 CSV 里有全部数值。",
    },
    # a picker's placeholder (Streamlit's own, "Choose an option", would stay English)
    "pick": {"en": "Pick one", "zh": "请选择"},
    "pick_many": {"en": "Pick one or more", "zh": "请选择一个或多个"},
    "go_to": {"en": "Open {page}", "zh": "打开「{page}」"},
    "next": {"en": "Next: {page}", "zh": "下一步：{page}"},
    "more_items": {"en": "… ({more} more)", "zh": "……（还有 {more} 个）"},
}
