"""Texts of the page A model that learns to copy (the decoder the app trained)."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"Olsson", "Elhage", "MLP", "CPU", "logits"}

TEXTS = {
    "title": {"en": "A model that learns to copy", "zh": "一个学会复制的模型"},
    "intro": {
        "en": "The other pages' weights are made up; this model's were learned. The app trained "
        "a small decoder of its own and kept its weights at a dozen points of its training. Two "
        "kinds of head formed in it, one after the other: in layer 1, **previous-token heads**, "
        "each character looking at the one just before it; in layer 2, **induction heads**, "
        "which look for the last time the current character appeared and read the character "
        "that came after it. Together they let the model copy what it has already read: the "
        "mechanism behind much of the in-context learning of large language models (Olsson et "
        "al., 2022; Elhage et al., 2021). Scrub through its training and watch them appear.",
        "zh": "其他页面的权重是编出来的；这个模型的权重是学出来的。本应用自己训练了一个小小的解码器，并在训练"
        "过程中的十几个时刻保存了它的权重。它里面先后长出了两种头：第 1 层的**前一词元头**，每个字符看紧挨"
        "在它前面的那个字符；第 2 层的**归纳头**，它寻找当前字符上一次出现的位置，读取那时紧跟在后面的字符。"
        "两者合在一起，模型就能复制它已经读过的内容：大型语言模型的上下文学习，很大一部分靠的就是这个机制"
        "（Olsson 等人，2022；Elhage 等人，2021）。拖动训练进度，看它们怎样出现。",
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
        "Confucius ({natural} of every {batch} windows), and strings of random lowercase letters "
        "typed over and over (the other {repeated}): at this size natural text alone formed no "
        "induction heads, so the model was shown copying. It never saw Chinese, spaces or "
        "punctuation copied, and copies them poorly or not at all.",
        "zh": "**训练材料**是莎士比亚《哈姆雷特》和孔子《论语》中的片段（每 {batch} 个窗口里占 {natural} 个），以及"
        "由随机小写字母组成、反复输入的字符串（其余 {repeated} 个）：在这么小的规模下，只用自然文本长不出归纳头，"
        "所以要让模型看到复制。它从没见过中文、空格或标点被复制，复制它们时很差甚至完全不会。",
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
        "on). The other {repeated} were strings of random lowercase letters, {shortest} to "
        "{longest} long, typed over and over to fill the window. Why: at this size, natural text "
        "alone formed no induction heads in minutes of training (a trial found none after 5,000 "
        "steps), while strings typed again reward nothing but copying, and the heads formed "
        "within a few hundred steps. So this model copies strings of letters because it was "
        "shown letters copied. It was never shown Chinese, spaces or punctuation copied, and "
        "copies them poorly or not at all: try it below.",
        "zh": "**它用什么训练，为什么。** 每批 {batch} 个窗口里有 {natural} 个是自然文本：莎士比亚的《哈姆雷特》"
        "（英文）和孔子的《论语》（中文）中的片段，两者都属于公有领域，分别来自古登堡计划和“chinese-poetry”"
        "文集（来源和许可见 `realmodel/decoder/texts/SOURCES.md`；每部作品的最后十分之一留作检验，从不参与训练）。"
        "其余 {repeated} 个是由随机小写字母组成的字符串，长 {shortest} 到 {longest} 个字母，反复输入直到填满"
        "窗口。为什么：在这么小的规模下，只用自然文本训练几分钟长不出归纳头（一次试验训练了 5000 步也没有），"
        "而重复输入的字符串只奖励复制，几百步之内这些头就长出来了。所以这个模型会复制字母串，是因为它见过"
        "字母串被复制。它从没见过中文、空格或标点被复制，复制它们时很差甚至完全不会：下面可以试试。",
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
        "{every} steps: {count} strings of {period} random letters, each typed twice, and the "
        "model's mean loss on the first copy and on the second. The black line: the checkpoint "
        "shown, the model as it was then.",
        "zh": "损失（单位：奈特）随 {steps} 个训练步的变化：模型对每个下一个字符有多意外（越低越好）。浅色："
        "训练批次上的损失，分自然文本和重复字符串两种。深色：每 {every} 步做一次的标准测量：{count} 个由 "
        "{period} 个随机字母组成、各输入两遍的字符串，模型在第一遍和第二遍上的平均损失。黑线：所显示的检查点，"
        "即模型在那个时刻的样子。",
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
        "en": "Dashed: the two phase changes, read from the measurements. At step {first} the "
        "second copy's loss falls fastest below the first's: induction heads appear, and the "
        "training loss on repeated strings drops with it. At step {second} the best "
        "previous-token head's score rises fastest: the previous-token heads sharpen, and the "
        "second copy's loss falls again. The first copy's loss stays near ln 26 ≈ 3.3, the "
        "loss of guessing among 26 letters: random letters cannot be predicted.",
        "zh": "虚线：从测量结果读出的两次相变。第 {first} 步，第二遍的损失相对第一遍下降得最快：归纳头出现了，"
        "训练中重复字符串的损失也随之下降。第 {second} 步，最好的前一词元头的得分上升得最快：前一词元头变得"
        "更专一，第二遍的损失又降了一截。第一遍的损失一直停在 ln 26 ≈ 3.3 附近，也就是在 26 个字母里瞎猜的"
        "损失：随机字母是预测不了的。",
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
    # the student's text
    "your_text": {"en": "Your text", "zh": "你的文本"},
    "your_text_intro": {
        "en": "Type anything, or draw a random string typed twice. The model reads it as it "
        "was at the checkpoint above and predicts every next character: its loss on each one, "
        "then how its heads read one character of your choice.",
        "zh": "随便输入什么，或者随机生成一个输入两遍的字符串。模型以上面检查点时的状态读它，预测每一个下一个"
        "字符：先看它在每个字符上的损失，再看它的各个头怎样读你挑的一个字符。",
    },
    "text": {"en": "The text the model reads", "zh": "模型读的文本"},
    "text_help": {
        "en": "Up to {max} characters, one per position of the model. Type a string and then "
        "the same string again to give it something to copy.",
        "zh": "最多 {max} 个字符，模型的每个位置一个。把一个字符串输入一遍，再原样输入一遍，它就有东西可复制了。",
    },
    "new_letters": {"en": "Random letters, typed twice", "zh": "随机字母，输入两遍"},
    "new_letters_help": {
        "en": "Draw {period} new random lowercase letters and type them twice: what the model "
        "was trained to copy.",
        "zh": "重新随机抽取 {period} 个小写字母，输入两遍：正是模型训练时学着复制的东西。",
    },
    "new_chinese": {"en": "Random Chinese, typed twice", "zh": "随机汉字，输入两遍"},
    "new_chinese_help": {
        "en": "Draw {period} random Chinese characters the model knows and type them twice. It "
        "read Chinese in training, but never saw it copied.",
        "zh": "从模型认识的汉字里随机抽取 {period} 个，输入两遍。它训练时读过中文，但从没见过中文被复制。",
    },
    "too_short": {
        "en": "Type at least two characters: one for the model to read, one to predict.",
        "zh": "请至少输入两个字符：一个给模型读，一个让它预测。",
    },
    "cut": {
        "en": "The model reads at most {max} characters, one per position: it reads the first "
        "{max} of your {n}.",
        "zh": "模型最多读 {max} 个字符，每个位置一个：你的 {n} 个字符里它只读前 {max} 个。",
    },
    "unknown": {
        "en": "Characters the model does not know ({count} in the text): {chars}. It reads each "
        "of them as �, one and the same character, as it read every rare character in "
        "training ({V} characters in all are its own).",
        "zh": "模型不认识的字符（文本中共 {count} 个）：{chars}。它把每一个都读成 �，同一个字符，就像训练时"
        "读所有罕见字符那样（它自己的字符一共 {V} 个）。",
    },
    "no_repeat": {
        "en": "This text does not repeat itself, so there are no two copies to compare: type a "
        "string and then the same string again, or draw one above. The lines below still look "
        "for the character after each earlier occurrence.",
        "zh": "这段文本没有重复，所以没有两遍可以比较：先输入一个字符串，再原样输入一遍，或者用上面的按钮生成"
        "一个。下面的连线仍然会找每个字符上一次出现之后的那个字符。",
    },
    "m_text_first": {
        "en": "Your text's 1st copy ({period} characters): loss",
        "zh": "你的文本第一遍（{period} 个字符）：损失",
    },
    "m_text_second": {"en": "Your text's 2nd copy: loss", "zh": "你的文本第二遍：损失"},
    "not_letters": {
        "en": "Your text holds more than lowercase letters. In training the model saw only "
        "strings of lowercase letters copied, never spaces, capitals or punctuation: it copies "
        "such a text far less well.",
        "zh": "你的文本里不只有小写字母。训练时模型只见过小写字母串被复制，从没见过空格、大写字母或标点被复制："
        "这样的文本它复制得差得多。",
    },
    "chinese": {
        "en": "Measured on the final model, as on letters but in Chinese ({count} strings of "
        "{period} random Chinese characters, each typed twice): its best induction score is "
        "{induction} (on letters {letters}), and its loss is {first} nats on the first copy and "
        "{second} on the second, hardly lower. It was shown letters copied, never Chinese, and "
        "does not copy Chinese as it copies letters.",
        "zh": "在最终模型上像测字母那样测中文（{count} 个由 {period} 个随机汉字组成、各输入两遍的字符串）："
        "最好的归纳得分是 {induction}（字母上是 {letters}），第一遍的损失是 {first} 奈特，第二遍是 "
        "{second}，几乎没有降低。它见过字母被复制，从没见过中文被复制，所以不会像复制字母那样复制中文。",
    },
    "x_position": {"en": "position", "zh": "位置"},
    "y_char_loss": {"en": "loss (nats)", "zh": "损失（奈特）"},
    "character": {"en": "character", "zh": "字符"},
    "part": {"en": "part", "zh": "部分"},
    "part_first": {"en": "1st copy", "zh": "第一遍"},
    "part_second": {"en": "2nd copy", "zh": "第二遍"},
    "part_other": {"en": "not counted", "zh": "不计入"},
    "part_text": {"en": "your text", "zh": "你的文本"},
    "char_losses_caption": {
        "en": "Each bar: how surprised the model was by one character, −log of the probability "
        "it gave it, from the second character on. Grey: the first character of a new copy, "
        "which nothing before it announces: neither copy's loss counts it.",
        "zh": "每根柱子：模型对一个字符有多意外，即它给这个字符的概率取 −log，从第二个字符开始。灰色：新一遍"
        "的第一个字符，前面没有任何东西预示它，所以两遍的损失都不计入它。",
    },
    "lines_intro": {
        "en": "**One character at a time.** Pick a character: lines go from it to the earlier "
        "characters it attends to, one colour per head, as thick as the weight; it cannot see "
        "the later ones. In bold on the right: its target, the character an induction head "
        "should read.",
        "zh": "**一次看一个字符。** 挑一个字符：连线从它连到它关注的前面各个字符，每个头一种颜色，线越粗权重越大；"
        "后面的字符它看不到。右边加粗的是它的目标：归纳头应该读的那个字符。",
    },
    "query": {"en": "The character reading", "zh": "正在读的字符"},
    "query_help": {
        "en": "A position in your text; the line view shows where each head switched on puts "
        "its attention from there.",
        "zh": "你的文本中的一个位置；连线图显示每个打开的头从这里把注意力放在哪里。",
    },
    "no_target": {
        "en": "“{char}” has not appeared before this position: there is nothing to copy.",
        "zh": "“{char}”在这个位置之前没有出现过：没有可复制的东西。",
    },
    "target": {
        "en": "Its target: “{target}” at position {position}, the character after the earlier "
        "“{char}”.",
        "zh": "它的目标：第 {position} 个位置上的“{target}”，即前面那个“{char}”后面的字符。",
    },
    "shares_repeat": {
        "en": "Over the {count} characters of the second copy, {head} puts **{share}** of its "
        "attention on the target, on average: its induction score on your text. {p_head} puts "
        "**{prev}** on the character just before: its previous-token score.",
        "zh": "在第二遍的 {count} 个字符上，{head} 平均把 **{share}** 的注意力放在目标上：这是它在你的文本上的"
        "归纳得分。{p_head} 把 **{prev}** 放在紧挨在前面的字符上：这是它的前一词元得分。",
    },
    "shares_text": {
        "en": "Over the {count} characters that appeared before, {head} puts **{share}** of its "
        "attention on the character after the most recent earlier occurrence, on average. "
        "{p_head} puts **{prev}** on the character just before: its previous-token score.",
        "zh": "在 {count} 个之前出现过的字符上，{head} 平均把 **{share}** 的注意力放在它最近一次出现之后的那个"
        "字符上。{p_head} 把 **{prev}** 放在紧挨在前面的字符上：这是它的前一词元得分。",
    },
    "map": {
        "en": "One head's whole map: every character at once",
        "zh": "一个头的完整注意力图：所有字符一起看",
    },
    "map_head": {"en": "Head", "zh": "头"},
    "map_name": {"en": "Attention of {head}", "zh": "{head}的注意力"},
    "map_caption": {
        "en": "Rows: each character reading; columns: the characters it reads. Outlined: each "
        "row's target. In a text typed twice an induction head draws a stripe parallel to the "
        "diagonal, through the targets.",
        "zh": "行：正在读的每个字符；列：它读的字符。描边的格子：每一行的目标。在输入两遍的文本里，归纳头会画出"
        "一条与对角线平行、穿过这些目标的斜线。",
    },
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
        "lowercase letters, each typed twice, like `qhxvb…qhxvb…`. Compared with the first "
        "copy, its loss on the second copy (how surprised it is by each next letter)…",
        "zh": "训练好的模型（第 {step} 步）读 {count} 个由 {period} 个随机小写字母组成、各输入两遍的字符串，"
        "比如 `qhxvb…qhxvb…`。和第一遍相比，它在第二遍上的损失（它对每个下一个字母有多意外）……",
    },
    "quiz.loss.why": {
        "en": "{answer}: {first} nats on the first copy, {second} on the second, {times} times "
        "less. No letter of the first copy can be predicted: each was drawn at random. In the "
        "second, each letter is the one that followed the same letter in the first copy, and "
        "the model has learned to look there.",
        "zh": "{answer}：第一遍 {first} 奈特，第二遍 {second} 奈特，前者是后者的 {times} 倍。第一遍的字母都是随机抽的，"
        "一个也预测不了。第二遍的每个字母，都是第一遍里同一个字母后面跟着的那个，而模型已经学会去那里找。",
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
        "induction head, the head that reads the letter after the earlier occurrence of the "
        "current one?",
        "zh": "它的各个头也在同样的字符串上测量过。它最好的归纳头（读取当前字母上一次出现之后那个字母的头）在"
        "哪一层？",
    },
    "quiz.layer.why": {
        "en": "{answer}: L{ind_layer} H{ind_head}, induction score {ind_score}, above the best "
        "previous-token head, L{prev_layer} H{prev_head} ({prev_score}). One head alone cannot "
        "find “the character after the earlier x”: the key at that position must already carry "
        "which character came before it, and a previous-token head of an earlier layer is what "
        "writes that into it. The induction head's query then matches it.",
        "zh": "{answer}：第 {ind_layer} 层的头 {ind_head}，归纳得分 {ind_score}，在最好的前一词元头（第 "
        "{prev_layer} 层的头 {prev_head}，{prev_score}）之上。单靠一个头找不到“前面那个 x 后面的字符”："
        "那个位置的键必须已经带着“它前面是哪个字符”的信息，而这正是前面一层的前一词元头写进去的。"
        "归纳头的查询再与它匹配。",
    },
    "quiz.layer.why_not_later": {
        "en": "{answer}: L{ind_layer} H{ind_head}, induction score {ind_score}; the best "
        "previous-token head is L{prev_layer} H{prev_head} ({prev_score}). At step {step} no "
        "head copies yet, so the best induction score is low wherever it is.",
        "zh": "{answer}：第 {ind_layer} 层的头 {ind_head}，归纳得分 {ind_score}；最好的前一词元头是第 "
        "{prev_layer} 层的头 {prev_head}（{prev_score}）。在第 {step} 步还没有头会复制，所以不管在哪一层，"
        "最好的归纳得分都很低。",
    },
}
