"""Texts of the copying page's section on a text of the student's (ui.views.copying_text)."""

TEXTS = {
    "your_text": {"en": "Your text", "zh": "你的文本"},
    "your_text_intro": {
        "en": "Type anything, draw a random string typed twice, or take a passage where a name "
        "comes back. The model reads it as it was at the checkpoint above and predicts every "
        "next character: its loss on each one, then how its heads read one character of your "
        "choice. Switch heads off and watch what copying loses.",
        "zh": "随便输入什么，或者随机生成一个输入两遍的字符串，或者取一段某个名字重复出现的原文。模型以上面检查点"
        "时的状态读它，预测每一个下一个字符：先看它在每个字符上的损失，再看它的各个头怎样读你挑的一个字符。"
        "关掉一些头，看复制少了什么。",
    },
    "text": {"en": "The text the model reads", "zh": "模型读的文本"},
    "text_help": {
        "en": "Up to {max} characters, one per position of the model. Type something and then "
        "the same again (with a space, a line break or a comma between, as you like) to give "
        "it something to copy.",
        "zh": "最多 {max} 个字符，模型的每个位置一个。把一段内容输入一遍，再原样输入一遍（中间可以隔一个空格、"
        "换行或逗号），它就有东西可复制了。",
    },
    "new_letters": {"en": "Random letters", "zh": "随机字母"},
    "new_letters_help": {
        "en": "Draw {n} random lowercase letters and type them twice.",
        "zh": "随机抽取 {n} 个小写字母，输入两遍。",
    },
    "new_any": {"en": "Random characters", "zh": "随机字符"},
    "new_any_help": {
        "en": "Draw {n} random characters the model knows, of any script, and type them twice.",
        "zh": "从模型认识的字符里（不限文字）随机抽取 {n} 个，输入两遍。",
    },
    "passage_en": {"en": "A name in Hamlet", "zh": "《哈姆雷特》里的名字"},
    "passage_en_help": {
        "en": "A passage from the end of Hamlet, which the model never trained on, where a name "
        "comes back.",
        "zh": "《哈姆雷特》结尾的一段（模型从没在这部分上训练过），其中一个名字出现了两次。",
    },
    "passage_zh": {"en": "Names in the Analects", "zh": "《论语》里的人名"},
    "passage_zh_help": {
        "en": "A passage from the end of the Analects, which the model never trained on, where "
        "two names said together come back.",
        "zh": "《论语》结尾的一段（模型从没在这部分上训练过），其中连在一起说的两个人名出现了两次。",
    },
    "new_chinese": {"en": "Random Chinese", "zh": "随机汉字"},
    "new_chinese_help": {
        "en": "Draw {n} random Chinese characters the model knows and type them twice.",
        "zh": "从模型认识的汉字里随机抽取 {n} 个，输入两遍。",
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
    "link_cut": {
        "en": "The page's link keeps the first {keep} of your {n} characters: a link opened "
        "later shows that much of your text.",
        "zh": "页面链接只保留你的 {n} 个字符中的前 {keep} 个：以后打开这个链接，看到的是这么多文本。",
    },
    "unknown": {
        "en": "Characters the model does not know ({count} in the text): {chars}. It reads "
        "each of them as �, one and the same character, so it cannot tell them apart or copy "
        "them ({V} characters in all are its own).",
        "zh": "模型不认识的字符（文本中共 {count} 个）：{chars}。它把每一个都读成 �，同一个字符，所以分不清它们，"
        "也复制不了（它自己的字符一共 {V} 个）。",
    },
    "unknown_all": {
        "en": "The model knows none of these characters ({count} in the text): {chars}. It "
        "reads every one as �, the same character, so there is nothing here it can tell "
        "apart or copy. Try letters, digits, punctuation or Chinese.",
        "zh": "这些字符模型一个也不认识（文本中共 {count} 个）：{chars}。它把每一个都读成同一个字符 �，所以这里"
        "没有什么它能分辨或复制的。试试字母、数字、标点或汉字。",
    },
    "no_repeat": {
        "en": "No stretch of {min} or more characters comes twice in this text, so there are no "
        "two copies to compare: type something and then the same again, or draw one above. "
        "The lines below still look for the character after each earlier occurrence.",
        "zh": "这段文本里没有哪段 {min} 个或更多的字符出现两次，所以没有两遍可以比较：先输入一段内容，再原样输入"
        "一遍，或者用上面的按钮生成一个。下面的连线仍然会找每个字符上一次出现之后的那个字符。",
    },
    "copies_found": {
        "en": "Typed twice: “{stretch}” ({length} characters), at position {first} and again "
        "at {second}: the longest stretch that comes twice, as an induction head would find "
        "it.",
        "zh": "输入了两遍的是“{stretch}”（{length} 个字符），在第 {first} 个位置，又在第 {second} 个位置：这是出现"
        "两次的最长的一段，正是归纳头会找到的。",
    },
    "copies_cut": {
        "en": "The second copy runs past the model's {max} positions: it compares only the "
        "{length} characters of each copy that fit.",
        "zh": "第二遍超出了模型的 {max} 个位置：它只比较每一遍中放得下的 {length} 个字符。",
    },
    "m_text_first": {"en": "Your text's 1st copy: loss", "zh": "你的文本第一遍：损失"},
    "m_text_second": {"en": "Your text's 2nd copy: loss", "zh": "你的文本第二遍：损失"},
    "m_text_induction": {"en": "Induction score, {head}", "zh": "归纳得分，{head}"},
    "m_text_previous": {"en": "Previous-token score, {head}", "zh": "前一词元得分，{head}"},
    "text_scores": {
        "en": "On your text: each copy's mean loss (nats), and the two heads that do most of "
        "the copying: the induction head's mean weight on each character's target, the "
        "previous-token head's on the character just before.",
        "zh": "在你的文本上：每一遍的平均损失（奈特），以及承担大部分复制工作的两个头：归纳头放在每个字符的目标上"
        "的平均权重，前一词元头放在紧挨在前面那个字符上的平均权重。",
    },
    "text_scores_off": {
        "en": "With the heads switched off; each change against every head on. A head switched "
        "off still attends, but what it reads reaches no later layer.",
        "zh": "关掉这些头之后的结果；每个变化都是和所有头都开着时相比。关掉的头仍然在关注，只是它读到的东西到不了"
        "后面的层。",
    },
    "off": {"en": "Heads switched off", "zh": "关掉的头"},
    "off_help": {
        "en": "A head switched off still computes its attention, but its output is not added "
        "to the residual stream: no later layer and no prediction sees it.",
        "zh": "关掉的头仍然计算它的注意力，但它的输出不加进残差流：后面的层和预测都看不到它。",
    },
    "off_previous": {
        "en": "Switch off the previous-token heads ({heads})",
        "zh": "关掉前一词元头（{heads}）",
    },
    "off_none": {"en": "Every head on", "zh": "所有头都打开"},
    "head_off": {"en": "{head} (off)", "zh": "{head}（已关）"},
    "char_losses_caption": {
        "en": "Each bar: how surprised the model was by one character, −log of the probability "
        "it gave it, from the second character on. Grey: what neither copy's loss counts: each "
        "copy's first character, which nothing before it announces, and anything outside the "
        "two copies.",
        "zh": "每根柱子：模型对一个字符有多意外，即它给这个字符的概率取 −log，从第二个字符开始。灰色：两遍的损失"
        "都不计入的部分：每一遍的第一个字符（前面没有任何东西预示它），以及两遍之外的字符。",
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
}
