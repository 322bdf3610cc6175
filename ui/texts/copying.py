"""Texts of the page A model that learns to copy (the decoder the app trained)."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"Olsson", "Elhage", "MLP", "CPU", "logits", "ASCII"}

TEXTS = {
    "title": {"en": "A model that learns to copy", "zh": "一个学会复制的模型"},
    "intro": {
        "en": "The other pages' weights are made up; this model's were learned. The app trained "
        "a small decoder of its own, two layers of four heads, and kept its weights at points "
        "along the way. The test of copying is a string of random characters typed twice: "
        "nothing in the first copy can be guessed, while every character of the second can be "
        "read off the first, if the model looks there. Predict what it learned, then scrub "
        "through its training, switch its heads off and give it your own text.",
        "zh": "其他页面的权重是编出来的；这个模型的权重是学出来的。本应用自己训练了一个小小的解码器，两层，每层"
        "四个头，并在训练途中的一些时刻保存了它的权重。检验复制的办法，是把一串随机字符输入两遍：第一遍里没有"
        "哪个字符猜得出来，而第二遍的每个字符都可以从第一遍里读出来，只要模型知道去那里看。先预测它学到了什么，"
        "再拖动训练进度、关掉它的头，并给它你自己的文本。",
    },
    "circuit": {
        "en": "**How it copies.** Two kinds of head formed, one after the other. In layer 1, "
        "**previous-token heads**: each character looks at the one just before it and writes "
        "what it found into its own place in the residual stream. In layer 2, **induction "
        "heads**: the current character's query looks for a key that says “the character "
        "before me was this one”, which is true exactly one place after its earlier "
        "occurrence, and copies what stands there. The layer-2 head can only find that key "
        "because a layer-1 head wrote it: the two compose through the residual stream "
        "(K-composition, Elhage et al., 2021), the mechanism behind much of the in-context "
        "learning of large language models (Olsson et al., 2022). Switch the previous-token "
        "heads off below and the induction head, left as it is, no longer finds its target.",
        "zh": "**它怎样复制。** 先后长出了两种头。第 1 层是**前一词元头**：每个字符看紧挨在它前面的字符，并把看到"
        "的内容写进残差流中它自己的位置。第 2 层是**归纳头**：当前字符的查询去找一个写着“我前面的字符就是"
        "它”的键，而这正好出现在它上一次出现的位置之后一格，于是把那里的字符复制过来。第 2 层的头之所以能找到"
        "这个键，是因为第 1 层的头把它写了进去：两者通过残差流组合（K 组合，Elhage 等人，2021），大型语言模型"
        "的上下文学习很大一部分靠的就是这个机制（Olsson 等人，2022）。在下面关掉前一词元头，归纳头本身一点没"
        "动，却再也找不到它的目标了。",
    },
    "unavailable": {
        "en": "The trained decoder's files cannot be read: the repository's folder "
        "`realmodel/decoder/` is missing or damaged. Check it out again, or retrain it with "
        "`python -m realmodel.train_decoder`.",
        "zh": "读不了训练好的解码器文件：仓库里的 `realmodel/decoder/` 文件夹缺失或已损坏。请重新检出，或用 "
        "`python -m realmodel.train_decoder` 重新训练。",
    },
    "details": {"en": "What went wrong", "zh": "出了什么问题"},
    "facts": {
        "en": "{L} layers × {h} heads of {d_k} dimensions (d_model = {d_model}), attention only: "
        "no MLP, no LayerNorm. {n_ctx} learned positions, {V} characters, {params} weights in "
        "all. Trained by `python -m realmodel.train_decoder` for {steps} steps from seed 0 on a "
        "CPU (about {minutes} minutes).",
        "zh": "{L} 层，每层 {h} 个 {d_k} 维的头（d_model = {d_model}），只有注意力：没有 MLP，也没有 "
        "LayerNorm。{n_ctx} 个学出来的位置，{V} 个字符，共 {params} 个权重。由 "
        "`python -m realmodel.train_decoder` 从种子 0 开始在 CPU 上训练了 {steps} 步（约 {minutes} 分钟）。",
    },
    "trained_on": {
        "en": "**Trained on** stretches of Shakespeare's *Hamlet* and of the *Analects* of "
        "Confucius ({natural} of every {batch} windows), and random strings typed over and "
        "over (the other {repeated}): for the first {switch} steps of lowercase letters only, "
        "then each from one alphabet: lowercase letters, letters and space, Latin letters of "
        "both cases with digits and punctuation, Chinese characters, or any character it "
        "knows. At this size natural text alone formed no copying heads, so the model was "
        "shown copying, in every script a student types.",
        "zh": "**训练材料**是莎士比亚《哈姆雷特》和孔子《论语》中的片段（每 {batch} 个窗口里占 {natural} 个），以及"
        "反复输入的随机字符串（其余 {repeated} 个）：前 {switch} 步只用小写字母，之后每串取自一种字母表：小写"
        "字母、小写字母加空格、大小写拉丁字母加数字和标点、汉字，或它认识的任意字符。在这么小的规模下，只用"
        "自然文本长不出会复制的头，所以要让模型看到复制，而且是学生会输入的每一种文字的复制。",
    },
    "recipe_title": {
        "en": "The model, its training data and where the texts come from",
        "zh": "模型、训练数据以及文本的来源",
    },
    "recipe": {
        "en": "**What it was trained on, and why.** {natural} of each batch of {batch} windows "
        "were natural text: stretches of Shakespeare's *Hamlet* (English) and of the *Analects* of "
        "Confucius (Chinese), both in the public domain, from Project Gutenberg and the "
        "“chinese-poetry” collection (sources and licences: "
        "`realmodel/decoder/texts/SOURCES.md`; the last tenth of each is held out, never trained "
        "on). The other {repeated} were random strings, {shortest} to {longest} characters "
        "long, typed over and over to fill the window: lowercase letters for the first {switch} "
        "steps, then each string from one of five alphabets ({shares}). Why strings typed "
        "again: at this size, natural text alone formed no induction heads in minutes of "
        "training (a trial found none after 5,000 steps), while they reward nothing but "
        "copying. Why letters first: with every alphabet from the start, the heads learned to "
        "copy Chinese and any character well but lowercase letters poorly (an induction "
        "score under one half, in trials). Random letters come back within a string, so "
        "“the character after the earlier x” is ambiguous, and a layer-1 head that also reads two characters back "
        "settles it; that head formed only when letters alone were copied first. Its characters "
        "are those of the two texts (Chinese ones seen at least 4 times) and every printable "
        "ASCII character, digits and brackets included.",
        "zh": "**它用什么训练，为什么。** 每批 {batch} 个窗口里有 {natural} 个是自然文本：莎士比亚的《哈姆雷特》"
        "（英文）和孔子的《论语》（中文）中的片段，两者都属于公有领域，分别来自古登堡计划和“chinese-poetry”"
        "文集（来源和许可见 `realmodel/decoder/texts/SOURCES.md`；每部作品的最后十分之一留作检验，从不参与训练）。"
        "其余 {repeated} 个是随机字符串，长 {shortest} 到 {longest} 个字符，反复输入直到填满窗口：前 {switch} "
        "步是小写字母，之后每串取自五种字母表之一（{shares}）。为什么用重复输入的字符串：在这么小的规模下，只用"
        "自然文本训练几分钟长不出归纳头（一次试验训练了 5000 步也没有），而它们只奖励复制。为什么先用字母："
        "如果一开始就混用所有字母表，这些头学会了把汉字和任意字符复制得很好，小写字母却复制得很差（试验中归纳"
        "得分不到一半）。随机字母在一个字符串里会重复出现，所以“前面那个 x 后面的字符”并不唯一，要靠第 1 层里一个还会"
        "往前看两个字符的头来分辨；只有先单独复制字母，这个头才长得出来。它认识的字符是两部作品里的字符（汉字"
        "至少出现 4 次）加上所有可打印的 ASCII 字符，包括数字和括号。",
    },
    "head": {"en": "L{layer} H{head}", "zh": "{layer}层{head}头"},
    "layer": {"en": "layer", "zh": "层"},
    "score": {"en": "score", "zh": "得分"},
    # training
    "training": {"en": "Training: two kinds of head appear", "zh": "训练：两种头先后出现"},
    "training_intro": {
        "en": "The loss, in nats, over the {steps} training steps: how surprised the model is by "
        "each next character (lower is better). Faint: the loss on the training batches, on "
        "natural text and on repeated strings. Strong: the standard measure, taken every "
        "{every} steps: {count} strings of {period} random characters from each of the five "
        "alphabets, each typed twice, and the model's mean loss on the first copy and on the "
        "second. The black line: the checkpoint shown, the model as it was then.",
        "zh": "损失（单位：奈特）随 {steps} 个训练步的变化：模型对每个下一个字符有多意外（越低越好）。浅色："
        "训练批次上的损失，分自然文本和重复字符串两种。深色：每 {every} 步做一次的标准测量：五种字母表各 "
        "{count} 个由 {period} 个随机字符组成、各输入两遍的字符串，模型在第一遍和第二遍上的平均损失。黑线："
        "所显示的检查点，即模型在那个时刻的样子。",
    },
    "checkpoint": {"en": "Checkpoint", "zh": "检查点"},
    "step_option": {"en": "step {step}", "zh": "第 {step} 步"},
    "checkpoint_help": {
        "en": "The weights as they were at {n} points of training (the black line on the chart).",
        "zh": "训练过程中 {n} 个时刻的权重（图上的黑线）。",
    },
    "series_natural": {"en": "training: natural text", "zh": "训练：自然文本"},
    "series_repeated": {"en": "training: repeated strings", "zh": "训练：重复字符串"},
    "series_first": {"en": "measured: 1st copy", "zh": "测量：第一遍"},
    "series_second": {"en": "measured: 2nd copy", "zh": "测量：第二遍"},
    "phase_label": {"en": "phase change {k}", "zh": "相变 {k}"},
    "x_step": {"en": "training step", "zh": "训练步"},
    "y_loss": {"en": "loss (nats)", "zh": "损失（奈特）"},
    "training_caption": {
        "en": "Dashed: the two phase changes, read from the measurements: at step {second} the "
        "best previous-token head's score rises fastest, and at step {first} the second "
        "copy's loss falls fastest below the first's. Until step {switch} the model was shown "
        "only lowercase letters copied: the letters' circuit forms first, and the measured "
        "loss falls only on the letters' share of the strings. Once every alphabet joins, the "
        "same heads learn to copy them all within a few hundred steps. The first copy's loss "
        "stays high: random characters cannot be predicted, only copied.",
        "zh": "虚线：从测量结果读出的两次相变：第 {second} 步，最好的前一词元头的得分上升得最快；第 {first} 步，"
        "第二遍的损失相对第一遍下降得最快。到第 {switch} 步为止，模型只见过小写字母被复制：先长出的是复制字母"
        "的回路，测得的损失只在字母那一部分字符串上下降。所有字母表加入之后，同样这些头在几百步之内就学会了"
        "复制全部字符。第一遍的损失一直很高：随机字符是预测不了的，只能复制。",
    },
    "m_previous": {"en": "Previous-token head {head}", "zh": "前一词元头 {head}"},
    "m_induction": {"en": "Induction head {head}", "zh": "归纳头 {head}"},
    "m_first": {"en": "Loss on the 1st copy", "zh": "第一遍的损失"},
    "m_second": {"en": "Loss on the 2nd copy", "zh": "第二遍的损失"},
    "previous_grid": {
        "en": "Previous-token score at step {step}",
        "zh": "第 {step} 步的前一词元得分",
    },
    "induction_grid": {"en": "Induction score at step {step}", "zh": "第 {step} 步的归纳得分"},
    "scores_caption": {
        "en": "Every head, measured on the same strings typed twice. Previous-token score: its "
        "mean weight from each character on the one just before it. Induction score: its mean "
        "weight from each character of the second copy on the character after the same one in "
        "the first copy. 1 would be all of its attention.",
        "zh": "每个头都在同样的重复两遍的字符串上测量。前一词元得分：它从每个字符放到紧挨在前面那个字符上的"
        "平均权重。归纳得分：它从第二遍的每个字符放到第一遍中同一字符后面那个字符上的平均权重。1 表示全部"
        "注意力都放在那里。",
    },
    "alphabets": {
        "en": "**Each alphabet at step {step}**, as training measured it ({count} strings of "
        "{period} random characters each, typed twice): the best head's induction score and "
        "the mean loss on each copy (nats). Latin: both cases of A–Z.",
        "zh": "**第 {step} 步时的各种字母表**，按训练中的测量（各 {count} 个由 {period} 个随机字符组成、输入两遍的"
        "字符串）：最好的头的归纳得分，以及每一遍的平均损失（奈特）。拉丁字母：A–Z 的大小写。",
    },
    "alphabet_letters": {"en": "a–z", "zh": "a–z"},
    "alphabet_letters_space": {"en": "a–z and space", "zh": "a–z 加空格"},
    "alphabet_latin": {"en": "Latin, 0–9, punctuation", "zh": "拉丁字母、数字、标点"},
    "alphabet_chinese": {"en": "Chinese characters", "zh": "汉字"},
    "alphabet_any": {"en": "any character", "zh": "任意字符"},
    "col_induction": {"en": "induction", "zh": "归纳得分"},
    "col_first": {"en": "1st copy", "zh": "第一遍"},
    "col_second": {"en": "2nd copy", "zh": "第二遍"},
    # the previous-token heads switched off
    "knockout": {
        "en": "Switch the previous-token heads off",
        "zh": "关掉前一词元头",
    },
    "knockout_none": {
        "en": "At step {step} the best induction head is in layer 1: no head below it could "
        "feed it, so there is nothing to switch off yet.",
        "zh": "在第 {step} 步，最好的归纳头在第 1 层：它下面没有能给它提供信息的头，所以还没有什么可关的。",
    },
    "knockout_intro": {
        "en": "{count} of the strings measured above ({each} of each alphabet), read with every "
        "head, then again with the previous-token heads below the best induction head "
        "switched off ({heads}): their output no longer reaches the residual stream. Nothing "
        "else changes; {head} itself is left as it is.",
        "zh": "上面测量用的字符串中取 {count} 个（每种字母表 {each} 个），先让所有头都读一遍，再把最好的归纳头下面的"
        "前一词元头关掉（{heads}）读一遍：它们的输出"
        "不再进入残差流。其余一切不变；{head} 本身原封不动。",
    },
    "m_knock_induction": {
        "en": "Induction score of {head}, heads off",
        "zh": "关头后 {head} 的归纳得分",
    },
    "m_knock_second": {"en": "Loss on the 2nd copy, heads off", "zh": "关头后第二遍的损失"},
    "knockout_halved": {
        "en": "**Copying breaks.** {head}'s induction score falls from {before} to {after}, "
        "less than half, and the second copy's loss rises from {on} to {off} nats (the first "
        "copy's: {first}). The induction head still runs, but the key it looks for, “the "
        "character before me”, is no longer written: the previous-token heads feed it.",
        "zh": "**复制失灵了。** {head} 的归纳得分从 {before} 降到 {after}，不到一半；第二遍的损失从 {on} 升到 "
        "{off} 奈特（第一遍是 {first}）。归纳头照样在运行，但它要找的键“我前面的字符”不再有人写进去：是前一"
        "词元头在给它提供信息。",
    },
    "knockout_kept": {
        "en": "{head}'s induction score goes from {before} to {after}: more than half of it is "
        "left, and the second copy's loss goes from {on} to {off} nats. At this checkpoint "
        "the copying does not rest on these heads alone.",
        "zh": "{head} 的归纳得分从 {before} 变为 {after}：剩下的超过一半；第二遍的损失从 {on} 变为 {off} 奈特。"
        "在这个检查点，复制并不只靠这几个头。",
    },
    # the bars of a student's text (ui.figures.copying)
    "x_position": {"en": "position", "zh": "位置"},
    "y_char_loss": {"en": "loss (nats)", "zh": "损失（奈特）"},
    "character": {"en": "character", "zh": "字符"},
    "part": {"en": "part", "zh": "部分"},
    "part_first": {"en": "1st copy", "zh": "第一遍"},
    "part_second": {"en": "2nd copy", "zh": "第二遍"},
    "part_other": {"en": "not counted", "zh": "不计入"},
    "part_text": {"en": "your text", "zh": "你的文本"},
    # writing
    "write": {
        "en": "Let it write: generating with the KV cache",
        "zh": "让它写：用 KV 缓存生成",
    },
    "write_intro": {
        "en": "Give the model a beginning. It writes one character at a time: each step feeds "
        "one character through both layers, each keeping every earlier character's keys and "
        "values in its own cache (as on the Generating page), and picks the next character "
        "from its prediction. At temperature 0 it always takes the most likely one, and easily "
        "loops; above 0 it draws at random, with the seed's draws.",
        "zh": "给模型一个开头。它一次写一个字符：每一步把一个字符送进两层，每一层都在自己的缓存里保留之前每个"
        "字符的键和值（和“生成”页面一样），再从预测里挑出下一个字符。温度为 0 时它总是挑最可能的那个，很容易"
        "绕圈子；温度大于 0 时它随机抽取，抽取由种子决定。",
    },
    "prompt": {"en": "Prompt", "zh": "开头"},
    "prompt_help": {
        "en": "Up to {max} characters, so that at least one is left to write.",
        "zh": "最多 {max} 个字符，至少留一个位置给它写。",
    },
    "from_text": {"en": "Start from my text", "zh": "从我的文本开始"},
    "from_text_help": {
        "en": "The prompt becomes your text's first copy and its first few characters again "
        "(or its first half, if it does not repeat).",
        "zh": "把开头设为你的文本的第一遍，再加上第二遍的头几个字符（如果文本没有重复，就用它的前一半）。",
    },
    "no_prompt": {
        "en": "Type a prompt: the model needs at least one character to start from.",
        "zh": "请输入开头：模型至少需要一个字符才能开始。",
    },
    "prompt_cut": {
        "en": "The prompt is cut to its first {max} of {n} characters, to leave one position to "
        "write.",
        "zh": "开头被截成 {n} 个字符中的前 {max} 个，好留一个位置来写。",
    },
    "new": {"en": "Characters to write", "zh": "要写的字符数"},
    "new_help": {
        "en": "Up to {room}: the prompt and what is written share the model's positions.",
        "zh": "最多 {room} 个：开头和写出的内容共用模型的位置。",
    },
    "one_new": {
        "en": "One character to write: the prompt fills every other position.",
        "zh": "只能写一个字符：开头占满了其余所有位置。",
    },
    "temperature": {"en": "Temperature", "zh": "温度"},
    "temperature_help": {
        "en": "0: always the most likely character. Above 0: a random draw from "
        "softmax(logits / T), flatter as T grows.",
        "zh": "0：总是挑最可能的字符。大于 0：从 softmax(logits / T) 中随机抽取，T 越大分布越平。",
    },
    "seed": {"en": "Seed of the draws", "zh": "抽取的种子"},
    "prompt_shown": {"en": "**Prompt** · {n} characters", "zh": "**开头** · {n} 个字符"},
    "written_shown": {
        "en": "**Written by the model at step {step}** · {n} characters",
        "zh": "**第 {step} 步时的模型写出的** · {n} 个字符",
    },
    "write_caption": {
        "en": "**The same as without a cache.** Each of the {t} steps fed one character through "
        "{L} layers of {h} heads, each layer reading its own cache: after the last step they "
        "hold {numbers} numbers (a key and a value of {d_k} per head, layer and character). "
        "The whole text run at once without a cache differs from the steps by at most {max}, "
        "over every prediction and every head's weights, and {same}.",
        "zh": "**和不用缓存一样。** {t} 步中的每一步都把一个字符送进 {L} 层、每层 {h} 个头，每一层读自己的缓存："
        "最后一步之后缓存里共有 {numbers} 个数（每个头、每一层、每个字符各一个 {d_k} 维的键和值）。不用缓存、"
        "一次算完整段文本，与逐步的结果相差至多 {max}（涵盖每一个预测和每个头的权重），并且{same}。",
    },
    "same_yes": {"en": "picks the same characters", "zh": "挑出的字符完全相同"},
    "same_no": {"en": "would pick other characters", "zh": "会挑出不同的字符"},
    # the page's questions (core.quiz.copying)
    "quiz.loss.ask": {
        "en": "The trained model (step {step}) reads {count} strings of {period} random "
        "characters (letters, digits, punctuation, Chinese …), each typed twice, like "
        "`qh7,木b…qh7,木b…`. Compared with the first copy, its loss on the second copy (how "
        "surprised it is by each next character)…",
        "zh": "训练好的模型（第 {step} 步）读 {count} 个由 {period} 个随机字符（字母、数字、标点、汉字……）组成、"
        "各输入两遍的字符串，比如 `qh7,木b…qh7,木b…`。和第一遍相比，它在第二遍上的损失（它对每个下一个字符有"
        "多意外）……",
    },
    "quiz.loss.why": {
        "en": "{answer}: {first} nats on the first copy, {second} on the second, {times} times "
        "less. No character of the first copy can be predicted: each was drawn at random. In "
        "the second, each character is the one that followed the same character in the first "
        "copy, and the model has learned to look there.",
        "zh": "{answer}：第一遍 {first} 奈特，第二遍 {second} 奈特，前者是后者的 {times} 倍。第一遍的字符都是随机抽的，"
        "一个也预测不了。第二遍的每个字符，都是第一遍里同一个字符后面跟着的那个，而模型已经学会去那里找。",
    },
    "quiz.loss.why_same": {
        "en": "{answer}: {first} nats on the first copy, {second} on the second. At step {step} "
        "the model has not learned to look back at the first copy yet.",
        "zh": "{answer}：第一遍 {first} 奈特，第二遍 {second} 奈特。在第 {step} 步，模型还没学会回头看第一遍。",
    },
    "quiz.loss.why_up": {
        "en": "{answer}: {first} nats on the first copy, {second} on the second. At step {step} "
        "the model does worse where it could copy: it has not learned to.",
        "zh": "{answer}：第一遍 {first} 奈特，第二遍 {second} 奈特。在第 {step} 步，模型在本可以复制的地方反而"
        "更差：它还没学会复制。",
    },
    "quiz.layer.ask": {
        "en": "Its heads were measured on the same strings. In which layer is its best "
        "induction head, the head that reads the character after the earlier occurrence of "
        "the current one?",
        "zh": "它的各个头也在同样的字符串上测量过。它最好的归纳头（读取当前字符上一次出现之后那个字符的头）在"
        "哪一层？",
    },
    "quiz.layer.why": {
        "en": "{answer}: L{ind_layer} H{ind_head}, with an induction score of {ind_score}. One "
        "head alone cannot find “the character after the earlier x”: the key at that position "
        "must already carry which character came before it, and a previous-token head of an "
        "earlier layer writes that into it; here the best one is L{prev_layer} H{prev_head} "
        "(previous-token score {prev_score}). The induction head's query then matches it.",
        "zh": "{answer}：第 {ind_layer} 层的头 {ind_head}，归纳得分为 {ind_score}。单靠一个头找不到“前面那个 x "
        "后面的字符”：那个位置的键必须已经带着“它前面是哪个字符”的信息，而这是前面一层的前一词元头写进去的；"
        "这里最好的是第 {prev_layer} 层的头 {prev_head}（前一词元得分 {prev_score}）。归纳头的查询再与它匹配。",
    },
    "quiz.layer.why_not_later": {
        "en": "{answer}: L{ind_layer} H{ind_head}, induction score {ind_score}; the best "
        "previous-token head is L{prev_layer} H{prev_head} ({prev_score}). At step {step} no "
        "head copies yet, so the best induction score is low wherever it is.",
        "zh": "{answer}：第 {ind_layer} 层的头 {ind_head}，归纳得分 {ind_score}；最好的前一词元头是第 "
        "{prev_layer} 层的头 {prev_head}（{prev_score}）。在第 {step} 步还没有头会复制，所以不管在哪一层，"
        "最好的归纳得分都很低。",
    },
    "quiz.knockout.ask": {
        "en": "Now the model's previous-token heads ({count_off} of them) are switched off: "
        "each still runs, but its output is thrown away. No other head is touched. On "
        "{count_knock} of the same strings, the best induction head's score…",
        "zh": "现在把模型的前一词元头（共 {count_off} 个）关掉：它们照样运行，但输出被丢掉。其他头一个都不动。在"
        "其中 {count_knock} 个同样的字符串上，最好的归纳头的得分……",
    },
    "quiz.knockout.why": {
        "en": "{answer}: L{ind_layer} H{ind_head} goes from {before} to {after} ({kept} % of "
        "it) with {heads} off, and the second copy's loss rises from {second} to {second_off} "
        "nats, near the first copy's {first}. The induction head was not touched; what it "
        "lost is its input. Its key must say which character came before, and only the "
        "previous-token heads write that into the residual stream.",
        "zh": "{answer}：关掉 {heads} 之后，第 {ind_layer} 层的头 {ind_head} 从 {before} 变为 {after}（剩 {kept}%），"
        "第二遍的损失从 {second} 升到 {second_off} 奈特，接近第一遍的 {first}。归纳头本身没被动过；它失去的是"
        "输入。它的键必须说明前面是哪个字符，而只有前一词元头会把这一点写进残差流。",
    },
    "quiz.knockout.why_kept": {
        "en": "{answer}: L{ind_layer} H{ind_head} goes from {before} to {after} ({kept} % of "
        "it) with {heads} off, and the second copy's loss goes from {second} to {second_off} "
        "nats. At step {step} the copying does not rest on these heads alone.",
        "zh": "{answer}：关掉 {heads} 之后，第 {ind_layer} 层的头 {ind_head} 从 {before} 变为 {after}（剩 {kept}%），"
        "第二遍的损失从 {second} 变为 {second_off} 奈特。在第 {step} 步，复制并不只靠这几个头。",
    },
}
