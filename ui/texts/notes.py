"""The teacher's notes on the article's pages (the lesson's stops, the Overview and Train):
each page's idea in one sentence, and for each of its questions what a wrong answer most
likely shows ("<question id>.wrong.<kind>", kinds from core.quiz.teaching), a prompt for
the discussion before round 2 that leaves the answer out, and what to say after the reveal.

Their placeholders are the question's own values (core.quiz), its answer ({answer}) and the
wrong answer ({wrong}). Plain text, no Markdown: a note is drawn as text (and printed on the
lesson sheet) as it is. The going further pages' notes: ui/texts/notes_further.py.
"""

TEXTS = {
    # --- Overview (not a stop of the tour) ------------------------------------------------
    "overview.idea": {
        "en": "Attention gives every token a new vector: a mix of all the tokens' values, each weighted by how its key scores against the token's query.",
        "zh": "注意力给每个词元一个新向量：所有词元的值按权重混合，权重取决于各自的键和这个词元的查询算出的分数。",
    },
    "overview.top.wrong.self": {
        "en": "Thinks a token always looks at itself most. Its query and its key are made by different matrices, W_Q and W_K, so nothing makes its own key score highest.",
        "zh": "以为词元总是最关注自己。它的查询和键由不同的矩阵 W_Q 和 W_K 得到，所以没有什么能保证它自己的键得分最高。",
    },
    "overview.top.wrong.neighbour": {
        "en": "Thinks attention follows word order, so the word next door wins. Positions are part of X, and a trained head can learn to look at a neighbour, but nothing makes a neighbour win by default: the weight follows q·k, made through W_Q and W_K.",
        "zh": "以为注意力跟着词序走，紧挨着的词会赢。位置确实在 X 里，训练过的头也可能学会看相邻的词，但没有什么让邻居天然胜出：权重跟着 q·k 走，而 q 和 k 是经过 W_Q 和 W_K 得到的。",
    },
    "overview.top.wrong.meaning": {
        "en": "Most likely chose by what the words mean. At these settings the embeddings, W_Q and W_K are random numbers, so meaning plays no part: only the scores q·k decide.",
        "zh": "多半是按词义选的。在这些设置下，嵌入、W_Q 和 W_K 都是随机数，词义不起任何作用：只有分数 q·k 说了算。",
    },
    "overview.top.wrong.reading": {
        "en": "Reasoned from the sentence (what “{token}” goes with) rather than from the vectors. These were made by hand so that their numbers carry meaning, and the winner is the key whose numbers give the largest q·k with the query of “{token}”.",
        "zh": "是从句子本身推理的（“{token}”和谁搭配），而不是从向量出发。这些向量是手工设计的，数字带有含义；胜出的是和“{token}”的查询算出 q·k 最大的那个键。",
    },
    "overview.top.wrong.masked": {
        "en": "Forgot the causal mask: “{wrong}” comes after “{token}”, so its weight is exactly 0.",
        "zh": "忘了因果掩码：“{wrong}”在“{token}”之后，所以它的权重恰好是 0。",
    },
    "overview.top.discuss": {
        "en": "What would you need to know to be sure which key “{token}” weights most? Let two students who chose differently say what each of them assumed.",
        "zh": "要确定“{token}”最看重哪个键，需要知道些什么？让两位选得不同的同学各自说说自己做了什么假设。",
    },
    "overview.top.after": {
        "en": "“{answer}” takes {weight} of the row, against an even share of {even} for each of the {n} keys it may see. The weights follow the scores q·k (softmax keeps their order), so the largest weight goes to the key, of those it may see, with the largest dot product with the query.",
        "zh": "“{answer}”拿到这一行的 {weight}，而它能看到的 {n} 个键平分时每个只有 {even}。权重跟着分数 q·k 走（softmax 不改变大小顺序），所以在它能看到的键中，和查询点积最大的那个拿到最大的权重。",
    },
    # --- Tokens & position ------------------------------------------------------------------
    "tokens.idea": {
        "en": "A token's input vector is its meaning (the embedding) plus its place (the positional encoding); without the second, a sentence is a bag of words.",
        "zh": "词元的输入向量是它的意义（嵌入）加上它的位置（位置编码）；没有后者，一句话就只是一袋词。",
    },
    "tokens.swap.wrong.meaning_only": {
        "en": "Thinks X holds only the words' meanings, so a swap just reorders the same rows. The position is added to every row, so a word that moves gets a new row.",
        "zh": "以为 X 只含词义，交换只是把同样的行换个顺序。每一行都加了位置，所以挪了位置的词会得到新的一行。",
    },
    "tokens.swap.wrong.one_moved": {
        "en": "Saw one word move but not the other: a swap moves both “{a}” and “{b}”.",
        "zh": "只看到一个词挪了位置，没看到另一个：交换会同时挪动“{a}”和“{b}”。",
    },
    "tokens.swap.wrong.all_change": {
        "en": "Thinks each word's vector already depends on the others. That mixing is attention's work, later; here each row is one word plus its own place.",
        "zh": "以为每个词的向量已经依赖其他词。那种混合是之后注意力做的事；这里每一行只是一个词加上它自己的位置。",
    },
    "tokens.swap.discuss": {
        "en": "Does a word's row of X belong to the word, to its place in the sentence, or to both? Let students who disagree argue it, word by word.",
        "zh": "X 里一个词的那一行，是属于这个词、属于它在句中的位置，还是两者都有？让意见不同的同学一个词一个词地争论。",
    },
    "tokens.swap.after": {
        "en": "{changed} of the {n} rows change: only the two words that moved sit on new positions, so only their position terms differ. Without the positional encoding nothing in X would say which word came first.",
        "zh": "{n} 行中有 {changed} 行变了：只有挪动的两个词换了位置，所以只有它们的位置项不同。没有位置编码，X 里就没有任何东西能说明哪个词在前。",
    },
    # --- Q, K, V intuition --------------------------------------------------------------------
    "qkv.idea": {
        "en": "Attention is a soft search: the query is compared with every key, and what comes back is a blend of the values, weighted by how well each key matched.",
        "zh": "注意力是一种“软”搜索：查询和每个键比较，返回的是各个值的混合，权重取决于每个键匹配得有多好。",
    },
    "qkv.best.wrong.tag_only": {
        "en": "Matched on {tag} alone: {wrong} has as much of it as {answer} or more ({has} against {answer_has}), but a score adds up every tag's product, and {answer} gains more from the other tags the query asks for.",
        "zh": "只按“{tag}”这一个标签去匹配：《{wrong}》的“{tag}”不比《{answer}》少（{has} 对 {answer_has}），但分数要把每个标签的乘积都加起来，《{answer}》在查询想要的其他标签上得分更多。",
    },
    "qkv.best.wrong.not_by_tag": {
        "en": "Not by the numbers of the key: {answer} has more {tag} ({answer_has} against {has}) and, term by term, the larger q·k. Ask what made {wrong} look right: its title, or another tag the query asks for?",
        "zh": "不是按键里的数字选的：《{answer}》的“{tag}”更多（{answer_has} 对 {has}），逐项相乘后 q·k 也更大。问问是什么让《{wrong}》看起来像答案：片名，还是查询想要的另一个标签？",
    },
    "qkv.best.discuss": {
        "en": "The query asks for several tags, each by its own amount. Let two students who chose different films each say what in their film's key should make it win.",
        "zh": "查询同时想要好几个标签，各有各的分量。让两位选了不同电影的同学各自说说，自己那部电影的键里有什么能让它胜出。",
    },
    "qkv.best.after": {
        "en": "{answer} gets a weight of {weight}: its key, term by term with the query, gives the largest score, and softmax turns the largest score into the largest share. Its values then count most in what comes back.",
        "zh": "《{answer}》得到的权重是 {weight}：它的键和查询逐项相乘再相加，分数最大，softmax 把最大的分数变成最大的份额。于是它的值在返回的结果里分量最重。",
    },
    # --- Similarity ---------------------------------------------------------------------------
    "similarity.idea": {
        "en": "Each token asks with a query and answers with a key, both made from its vector by learned matrices; Q·Kᵀ compares every query with every key.",
        "zh": "每个词元用查询发问、用键作答，两者都由它的向量乘以学到的矩阵得到；Q·Kᵀ 把每个查询和每个键都比较一遍。",
    },
    "similarity.top.wrong.self": {
        "en": "Thinks a token's query matches its own key best. The query and the key of “{token}” are made by different matrices, W_Q and W_K, so nothing makes their score the largest.",
        "zh": "以为词元的查询和自己的键最匹配。“{token}”的查询和键由不同的矩阵 W_Q 和 W_K 得到，所以没有什么能保证它们的分数最大。",
    },
    "similarity.top.wrong.aligned": {
        "en": "Picked the key that points most nearly the way the query points. A dot product grows with the key's length as well as with its direction, and “{answer}” gives the larger q·k.",
        "zh": "选了方向和查询最接近的那个键。点积不只看方向，也随键的长度变大，而“{answer}”给出的 q·k 更大。",
    },
    "similarity.top.wrong.neighbour": {
        "en": "Thinks the next word scores highest. Positions are part of X, and a trained head can learn to look at a neighbour, but nothing makes a neighbour score highest by default: a score is q·k, made through W_Q and W_K.",
        "zh": "以为相邻的词分数最高。位置确实在 X 里，训练过的头也可能学会看相邻的词，但没有什么让邻居天然得分最高：分数是 q·k，而 q 和 k 是经过 W_Q 和 W_K 得到的。",
    },
    "similarity.top.wrong.meaning": {
        "en": "Most likely chose by what the words mean. At these settings the embeddings, W_Q and W_K are random numbers, so meaning plays no part: ask them to check their key's score against the answer's, term by term.",
        "zh": "多半是按词义选的。在这些设置下，嵌入、W_Q 和 W_K 都是随机数，词义不起作用：请他们把自己选的键的分数和答案的分数逐项比一比。",
    },
    "similarity.top.wrong.reading": {
        "en": "Reasoned from the sentence (what “{token}” goes with) rather than from Q and K. These numbers were made by hand to carry meaning, yet the winner is simply the key with the largest q·k: ask them to check their key's score term by term.",
        "zh": "是从句子本身推理的（“{token}”和谁搭配），而不是从 Q 和 K 出发。这些数字是手工设计的、带有含义，但胜出的就是 q·k 最大的那个键：请他们逐项验算自己选的键的分数。",
    },
    "similarity.top.discuss": {
        "en": "What makes one key score higher than another against the same query: pointing the same way, being long, or both? Let pairs who chose differently argue it from one key on the screen.",
        "zh": "对同一个查询，是什么让一个键的分数比另一个高：方向一致、长度大，还是两者都有？让选得不同的同学拿屏幕上的一个键来争论。",
    },
    "similarity.top.after": {
        "en": "“{answer}” scores highest, {score}: each cell is the query of “{token}” times a key, term by term, added up. That need not be the key pointing most nearly the query's way, since a dot product grows with the key's length too.",
        "zh": "“{answer}”的分数最高，为 {score}：每个格子都是“{token}”的查询和一个键逐项相乘再相加。它不一定是方向和查询最接近的键，因为点积也随键的长度变大。",
    },
    "similarity.count.wrong.one_row": {
        "en": "Counted one score per token: one row of S. Every token asks, so there is a row for each query.",
        "zh": "每个词元只算了一个分数，也就是 S 的一行。每个词元都会发问，所以每个查询都有一行。",
    },
    "similarity.count.wrong.per_token": {
        "en": "Counted a query and a key per token: those are the vectors, not the scores between them.",
        "zh": "每个词元数了一个查询和一个键：那是向量的个数，不是它们之间分数的个数。",
    },
    "similarity.count.wrong.symmetric": {
        "en": "Thinks each pair is scored once, as if S were symmetric and no token met itself. q_i·k_j and q_j·k_i differ, and the diagonal counts.",
        "zh": "以为每对词只算一次，好像 S 是对称的、词元也不和自己比较。q_i·k_j 和 q_j·k_i 不同，对角线也要算。",
    },
    "similarity.count.wrong.half": {
        "en": "Counted each pair of tokens once, a token with itself included, as if S were symmetric. q_i·k_j and q_j·k_i differ, and S holds both.",
        "zh": "把每对词元只算了一次（包括词元和自己），好像 S 是对称的。q_i·k_j 和 q_j·k_i 不同，S 里两个都有。",
    },
    "similarity.count.discuss": {
        "en": "Is the score of one token with another the same as the other's with the first, and is a token scored against itself? Let those who disagree settle it from Q and K on the screen.",
        "zh": "一个词元对另一个词元的分数，和反过来的分数一样吗？词元会和自己算分数吗？让意见不同的同学用屏幕上的 Q 和 K 来判断。",
    },
    "similarity.count.after": {
        "en": "{count} = {n} × {n}: every query meets every key, its own included. S need not be symmetric: q_i·k_j and q_j·k_i are made through different matrices.",
        "zh": "{count} = {n} × {n}：每个查询都和每个键相遇，包括自己的键。S 不一定对称：q_i·k_j 和 q_j·k_i 经过的是不同的矩阵。",
    },
    # --- Scaling ------------------------------------------------------------------------------
    "scaling.idea": {
        "en": "A dot product of d_k random parts has a variance of about d_k, so scores grow with the dimension; dividing by √d_k brings them back to about 1.",
        "zh": "d_k 个随机分量的点积方差约为 d_k，所以分数随维度变大；除以 √d_k 把它拉回到 1 左右。",
    },
    "scaling.grow.wrong.std": {
        "en": "Gave the standard deviation, √{d_k}, for the variance. Variances of independent terms add up; standard deviations do not.",
        "zh": "把标准差 √{d_k} 当成了方差。独立项的方差可以相加，标准差不行。",
    },
    "scaling.grow.wrong.no_growth": {
        "en": "Thinks parts of variance 1 make a sum of variance 1. The sum of {d_k} products adds up {d_k} variances of 1.",
        "zh": "以为方差为 1 的分量加起来方差还是 1。{d_k} 个乘积之和把 {d_k} 个为 1 的方差加在了一起。",
    },
    "scaling.grow.wrong.cancel": {
        "en": "Thinks positive and negative products cancel out. Their mean is 0, but the spread around it grows.",
        "zh": "以为正负乘积会互相抵消。它们的均值是 0，但围绕均值的离散程度会变大。",
    },
    "scaling.grow.wrong.square": {
        "en": "Treated the sum as {d_k} times one product, whose variance would be {d_k}². The {d_k} products are independent, and variances of independent terms add up.",
        "zh": "把这个和当成了一个乘积的 {d_k} 倍，那样方差会是 {d_k}²。其实这 {d_k} 个乘积相互独立，独立项的方差是相加的。",
    },
    "scaling.grow.discuss": {
        "en": "When you add more and more independent random products, does the sum's spread grow, stay the same, or do the ups and downs cancel out? Let a student from each camp make the case.",
        "zh": "把越来越多相互独立的随机乘积加起来，和的离散程度是变大、不变，还是正负互相抵消？让每种看法各出一位同学说说理由。",
    },
    "scaling.grow.after": {
        "en": "About {d_k}: this sample gave {measured}. Variances of independent terms add up, so d_k products of variance 1 give a variance of d_k.",
        "zh": "大约是 {d_k}：这次抽样得到 {measured}。独立项的方差相加，所以 d_k 个方差为 1 的乘积之和，方差就是 d_k。",
    },
    "scaling.shrink.wrong.divide_once": {
        "en": "Divided the variance by √{d_k} instead of {d_k}. Dividing a number by c divides its variance by c².",
        "zh": "把方差除以了 √{d_k}，而不是 {d_k}。一个数除以 c，它的方差要除以 c²。",
    },
    "scaling.shrink.wrong.unchanged": {
        "en": "Thinks dividing moves the scores but keeps their spread. Everything shrinks, the spread included.",
        "zh": "以为除法只移动了分数，离散程度不变。其实全部都缩小了，离散程度也一样。",
    },
    "scaling.shrink.wrong.removed": {
        "en": "Thinks scaling removes the randomness. It brings the spread to a fixed size, about 1; it does not remove it.",
        "zh": "以为缩放去掉了随机性。它只是把离散程度固定在 1 左右，并没有消除它。",
    },
    "scaling.shrink.wrong.from_one": {
        "en": "Started from a variance of 1 and divided it by {d_k}. Before dividing, q·k has a variance of about {d_k} (the first question), and dividing by √{d_k} divides that by {d_k}.",
        "zh": "从方差 1 出发再除以 {d_k}。除之前 q·k 的方差大约是 {d_k}（上一题），除以 √{d_k} 是把这个方差除以 {d_k}。",
    },
    "scaling.shrink.discuss": {
        "en": "When every score is divided by the same number, what happens to its spread, and what happens to its variance: the same thing, or not? Let two students who gave different answers argue it out.",
        "zh": "每个分数都除以同一个数时，离散程度会怎样？方差又会怎样：两者的变化一样吗？让两位答案不同的同学争论一下。",
    },
    "scaling.shrink.after": {
        "en": "About 1: this sample gave {measured}. Dividing by √d_k divides the variance by d_k, so softmax sees scores of the same size whatever the dimension.",
        "zh": "大约是 1：这次抽样得到 {measured}。除以 √d_k 会把方差除以 d_k，所以不论维度多大，softmax 看到的分数大小都一样。",
    },
    # --- Softmax & sharpness ------------------------------------------------------------------
    "softmax.idea": {
        "en": "Softmax turns a row of scores into positive weights that add up to 1; the larger the gaps between the scores, the more of the weight goes to the largest.",
        "zh": "softmax 把一行分数变成加起来等于 1 的正权重；分数之间差距越大，最大的那个拿走的权重就越多。",
    },
    "softmax.sharp.wrong.flat": {
        "en": "Thinks larger scores spread the weight out. Softmax exaggerates gaps: without ÷√{d_k} the scores are √{d_k} times further apart, so the top key takes more.",
        "zh": "以为分数变大会让权重更分散。softmax 会放大差距：不除以 √{d_k}，分数之间的差距变成原来的 √{d_k} 倍，最高的键拿得更多。",
    },
    "softmax.sharp.wrong.order_only": {
        "en": "Thinks softmax only cares which score is largest. It depends on the gaps between the scores, and switching scaling off stretches them.",
        "zh": "以为 softmax 只在乎哪个分数最大。它取决于分数之间的差距，而关掉缩放会把差距拉大。",
    },
    "softmax.sharp.discuss": {
        "en": "Switching scaling off makes every score √{d_k} times larger. Does softmax care how large the scores are, or only which one is largest? Let a student from each camp make the case.",
        "zh": "关掉缩放会让每个分数变成原来的 √{d_k} 倍。softmax 在乎分数有多大，还是只在乎哪个最大？让每种看法各出一位同学说说理由。",
    },
    "softmax.sharp.after": {
        "en": "{answer}: {on} with scaling, {off} without it. Unscaled scores are √{d_k} times larger, and the wider the gaps between scores, the more softmax piles the weight onto the top key, till almost no gradient gets through.",
        "zh": "{answer}：有缩放时是 {on}，没有缩放时是 {off}。不缩放时分数是原来的 √{d_k} 倍，分数之间的差距越大，softmax 越把权重堆到最高的键上，直到几乎没有梯度能传过去。",
    },
    "softmax.sum.wrong.one_each": {
        "en": "Thinks each key gets a weight of about 1. Softmax divides by the row's sum, so the weights are shares of one whole.",
        "zh": "以为每个键都得到大约 1 的权重。softmax 会除以整行的和，所以权重是一个整体里的份额。",
    },
    "softmax.sum.wrong.cancel": {
        "en": "Thinks the weights can be negative and cancel out. Every weight is e^z over a sum of such terms: positive.",
        "zh": "以为权重可以是负数并互相抵消。每个权重都是 e^z 除以这类项之和：一定是正数。",
    },
    "softmax.sum.wrong.depends": {
        "en": "Says it depends on the scores. The scores move the shares, not their total: the division fixes it.",
        "zh": "说这取决于分数。分数改变的是各自的份额，不是总和：除法把总和固定住了。",
    },
    "softmax.sum.discuss": {
        "en": "Could two rows of scores give weights with different totals? Let a student who says it depends try to build such a pair, and the class check it.",
        "zh": "两行不同的分数，能让权重的总和不一样吗？让认为“要看情况”的同学试着找出这样两行，全班一起验证。",
    },
    "softmax.sum.after": {
        "en": "1, always: each weight is e^z divided by the sum over the row's {n} visible keys. The weights are shares of one whole, which is why the output is a weighted average.",
        "zh": "总是 1：每个权重都是 e^z 除以这一行 {n} 个可见键的总和。权重是一个整体的份额，所以输出是加权平均。",
    },
    # --- Weighted sum -------------------------------------------------------------------------
    "weighted_sum.idea": {
        "en": "A token's output is a weighted mix of every token's value vector: not a probability, and it can be negative.",
        "zh": "一个词元的输出是所有词元值向量的加权混合：它不是概率，也可以是负数。",
    },
    "weighted_sum.negative.wrong.probability": {
        "en": "Thinks positive weights make a positive output, like a probability. The weights are positive, but the values they mix can be negative.",
        "zh": "以为正权重得出的输出一定是正的，就像概率。权重是正的，但被混合的值可以是负数。",
    },
    "weighted_sum.negative.wrong.expects_negative": {
        "en": "Expects a negative output because outputs can be negative. Here every entry of V is 0 or more, so every mix of them is too.",
        "zh": "因为输出可以是负数，就以为这里也有负数。这里 V 的每个数都不小于 0，所以它们的任何混合也都不小于 0。",
    },
    "weighted_sum.negative.wrong.outweighed": {
        "en": "Saw negative values in V (the lowest is {lowest_value}) and expected a negative mix. In every row the positive values outweigh them: the lowest output is {lowest_output}.",
        "zh": "看到 V 里有负数（最小的是 {lowest_value}），就以为混合结果也会是负的。在每一行里正的值都占了上风：最小的输出是 {lowest_output}。",
    },
    "weighted_sum.negative.discuss": {
        "en": "With positive weights that add up to 1, where can a mix land compared with the numbers it mixes? Let a student who said yes and one who said no each point to the numbers on the screen that decide it.",
        "zh": "权重都是正的、加起来等于 1 时，混合的结果会落在被混合的那些数的什么范围里？让一位答“是”和一位答“否”的同学各自指出屏幕上决定答案的那些数。",
    },
    "weighted_sum.negative.after": {
        "en": "Yes: “{token}”, dimension {dim}, comes to {value}. The output mixes value vectors, so it lies between their smallest and largest entries; it is no probability.",
        "zh": "有：“{token}”的第 {dim} 维是 {value}。输出混合的是值向量，所以它落在这些值的最小和最大之间；它不是概率。",
    },
    "weighted_sum.negative.after_none": {
        "en": "No, not at these settings: every entry of V is 0 or more, so every mix of them is too. The output is no probability all the same: it lies between the smallest and largest values it mixes.",
        "zh": "在这些设置下没有：V 的每个数都不小于 0，所以它们的任何混合也都不小于 0。不过输出仍然不是概率：它落在被混合的值的最小和最大之间。",
    },
    "weighted_sum.negative.after_outweighed": {
        "en": "No: V has negative entries (the lowest is {lowest_value}), but in every row the positive values outweigh them, and the lowest output is {lowest_output}. The output lies between the smallest and largest values it mixes: no probability, though none is below 0 here.",
        "zh": "没有：V 里有负数（最小的是 {lowest_value}），但在每一行里正的值都占了上风，最小的输出是 {lowest_output}。输出落在被混合的值的最小和最大之间：它不是概率，只是这里恰好没有负数。",
    },
    "weighted_sum.cell.wrong.unsigned": {
        "en": "Dropped the minus signs in the column of V, adding the weights times the values' sizes. A negative value times a positive weight pulls the sum down.",
        "zh": "把 V 这一列里的负号丢了，用权重乘以各个值的绝对值再相加。负的值乘以正的权重会把和往下拉。",
    },
    "weighted_sum.cell.wrong.even": {
        "en": "Averaged the column of V without the weights, as if every key had the same share. The row of A says how much each value counts.",
        "zh": "没用权重，直接把 V 这一列求了平均，好像每个键的份额都一样。A 的那一行说明了每个值占多少。",
    },
    "weighted_sum.cell.wrong.unweighted": {
        "en": "Added up the column of V without multiplying by the weights.",
        "zh": "把 V 的这一列直接加起来了，没有乘以权重。",
    },
    "weighted_sum.cell.discuss": {
        "en": "Let two students who got different numbers compare how they worked it out, step by step, and find where they part.",
        "zh": "让两位算出不同结果的同学一步一步对照各自的算法，找出从哪一步开始不一样。",
    },
    "weighted_sum.cell.after": {
        "en": "{answer}: the row of A for “{token}” times the first column of V, term by term, added up. From the printed, rounded numbers the same sum gives {hand}, which is why anything within {tolerance} counts.",
        "zh": "{answer}：“{token}”在 A 中的那一行乘以 V 的第一列，逐项相乘再相加。用页面上四舍五入后的数字算，同样的和是 {hand}，所以相差不超过 {tolerance} 都算对。",
    },
    # --- Masking ------------------------------------------------------------------------------
    "masking.idea": {
        "en": "A decoder may not look ahead: the mask sets the scores of later tokens to −∞ before softmax, so their weights are exactly 0.",
        "zh": "解码器不能偷看后面：掩码在 softmax 之前把后面词元的分数设成 −∞，所以它们的权重恰好是 0。",
    },
    "masking.zero.wrong.small": {
        "en": "Gave a small positive weight: thinks the mask only lowers the score. It sets it to −∞, and e^(−∞) is exactly 0.",
        "zh": "给了一个很小的正权重：以为掩码只是降低分数。其实它把分数设成 −∞，而 e^(−∞) 恰好等于 0。",
    },
    "masking.zero.wrong.even": {
        "en": "Gave an even share, 1/{n}: spread the weight of “{query}” over all {n} tokens, as if nothing were masked and every key scored alike.",
        "zh": "给了平均份额 1/{n}：把“{query}”的权重平分给全部 {n} 个词元，好像什么都没被遮住、每个键的分数又都一样。",
    },
    "masking.zero.wrong.negative": {
        "en": "Gave a negative number or −∞: confused the masked score with the weight. Weights are never negative.",
        "zh": "给了负数或 −∞：把被掩盖的分数和权重弄混了。权重永远不会是负的。",
    },
    "masking.zero.discuss": {
        "en": "Is the weight on a later token small, or nothing at all, and would a small one matter for a model that writes text one token at a time? Let students who disagree argue it from the mask on the screen.",
        "zh": "对后面词元的权重是很小，还是完全没有？对一次写一个词元的模型来说，一点点权重要紧吗？让意见不同的同学看着屏幕上的掩码争论一下。",
    },
    "masking.zero.after": {
        "en": "0, exactly: “{key}” comes after “{query}”, so its score is −∞ and e^(−∞) = 0. The weight it would have had goes to the tokens “{query}” may see.",
        "zh": "恰好是 0：“{key}”在“{query}”之后，所以它的分数是 −∞，e^(−∞) = 0。它本来会得到的权重分给了“{query}”能看到的词元。",
    },
    # --- Multi-head ---------------------------------------------------------------------------
    "multihead.idea": {
        "en": "Several heads run attention side by side, each with its own W_Q, W_K and W_V; their outputs are put side by side and W_O maps them back to d_model.",
        "zh": "多个头并排做注意力，每个头有自己的 W_Q、W_K 和 W_V；它们的输出被拼接起来，再由 W_O 映射回 d_model。",
    },
    "multihead.width.wrong.average": {
        "en": "Thinks the heads are averaged or added into one vector of d_k numbers. They are put side by side.",
        "zh": "以为各个头被平均或相加成一个 d_k 维的向量。其实它们是并排拼接的。",
    },
    "multihead.width.wrong.count_heads": {
        "en": "Counted the heads, not the numbers each of them gives.",
        "zh": "数的是头的个数，不是每个头给出的数的个数。",
    },
    "multihead.width.wrong.whole_sentence": {
        "en": "Counted the numbers of the whole sentence ({n} tokens), not of one token.",
        "zh": "数的是整句话（{n} 个词元）的数，而不是一个词元的。",
    },
    "multihead.width.discuss": {
        "en": "Are the heads' answers for a token combined into one vector of the same size, or kept whole next to each other? Let a student from each side say what would be lost the other way.",
        "zh": "各个头为一个词元给出的结果，是合成一个同样大小的向量，还是原样并排放在一起？让两边各出一位同学说说，换成另一种做法会丢掉什么。",
    },
    "multihead.width.after": {
        "en": "{width} = {h} × {d_k}: the heads' vectors are concatenated, not averaged. W_O then maps those {width} numbers back to d_model = {d}.",
        "zh": "{width} = {h} × {d_k}：各个头的向量是拼接，不是平均。然后 W_O 把这 {width} 个数映射回 d_model = {d}。",
    },
    # --- Train (not a stop of the tour) -----------------------------------------------------
    "train.idea": {
        "en": "Without ÷√d_k the scores grow with d_k, softmax saturates, and the gradient that should teach W_Q and W_K which key to prefer mostly stops there.",
        "zh": "不除以 √d_k，分数会随 d_k 变大，softmax 饱和，本该教会 W_Q 和 W_K 偏好哪个键的梯度大多卡在那里。",
    },
    "train.gradient.wrong.saturated_first": {
        "en": "Expects saturation to win at once. At the first step the undivided scores make the gradient larger; saturation shows in what gets through softmax ({j_off} against {j_on}).",
        "zh": "以为饱和一开始就占上风。第一步时，没有除过的分数让梯度更大；饱和体现在能穿过 softmax 的部分上（{j_off} 对 {j_on}）。",
    },
    "train.gradient.wrong.size_only": {
        "en": "Thinks scaling changes only the size of the scores, not the gradient. Both pulls change it.",
        "zh": "以为缩放只改变分数的大小，不影响梯度。两股力量都会改变梯度。",
    },
    "train.gradient.wrong.factor_only": {
        "en": "Counted only the √d_k factor; at these settings softmax's saturation wins.",
        "zh": "只考虑了 √d_k 这个因子；在这些设置下，softmax 的饱和占了上风。",
    },
    "train.gradient.discuss": {
        "en": "Of the two pulls, which can be read on the page, and which should win at d_k = {d_k}? Let them argue from the numbers before training.",
        "zh": "两股力量中，哪一股能在页面上读出来？在 d_k = {d_k} 时哪一股会赢？先让他们根据数字争论，再开始训练。",
    },
    "train.gradient.after": {
        "en": "{answer}: {q_off} without scaling against {q_on} with it, at the first step. What gets through softmax is {j_off} against {j_on}: the training curves show what each run makes of it.",
        "zh": "{answer}：第一步时不缩放是 {q_off}，缩放是 {q_on}。能穿过 softmax 的部分是 {j_off} 对 {j_on}：训练曲线显示了两次训练各自的结果。",
    },
    # --- A real model -------------------------------------------------------------------------
    "real_model.idea": {
        "en": "A trained model's heads learn links nobody wrote in: some follow position (the word before), others meaning, such as a pronoun to what it stands for, which needs what earlier layers made.",
        "zh": "训练好的模型的头会学会没人写进去的联系：有的跟着位置走（前一个词），有的跟着意义走，比如代词和它指代的东西，这需要前面各层的结果。",
    },
    "real_model.layer.wrong.early_meaning": {
        "en": "Thinks the first layers already know what “{q}” stands for. The first layer sees each token and its position only; a link by meaning needs what earlier layers made.",
        "zh": "以为最初几层就知道“{q}”指的是什么。第一层只看到每个词元和它的位置；按意义建立联系，需要前面各层的结果。",
    },
    "real_model.layer.wrong.midway": {
        "en": "Expects the link half-way up ({middle}); the strongest head for it is in layer {layer}.",
        "zh": "以为这个联系出现在中间几层（{middle}）；其实最强的头在第 {layer} 层。",
    },
    "real_model.layer.wrong.late_only": {
        "en": "Expects every link by meaning at the top ({late}); the strongest head for this one is in layer {layer}.",
        "zh": "以为所有按意义的联系都在最顶上几层（{late}）；这个联系最强的头在第 {layer} 层。",
    },
    "real_model.layer.discuss": {
        "en": "What would a head need in order to link “{q}” to “{k}”: the meaning of “{q}”, or only where “{k}” sits? Let students who chose different parts of the model compare their reasons.",
        "zh": "一个头要把“{q}”和“{k}”联系起来，需要知道什么：“{q}”的意思，还是只要知道“{k}”在哪个位置？让选了模型不同部分的同学比一比各自的理由。",
    },
    "real_model.layer.after": {
        "en": "Layer {layer}, head {head}, with a weight of {weight}. Nobody wrote this link in: training on text made some heads find it.",
        "zh": "第 {layer} 层第 {head} 个头，权重 {weight}。没人把这个联系写进去：是在文本上的训练让一些头自己找到了它。",
    },
}
