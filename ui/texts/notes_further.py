"""The teacher's notes on the pages that go further (ui/texts/notes.py says how they read)."""

TEXTS = {
    # --- Generating: the KV cache -------------------------------------------------------------
    "generate.idea": {
        "en": "A decoder writes one token at a time; a KV cache keeps every token's key and value, so each is computed once instead of at every step.",
        "zh": "解码器一次写一个词元；KV 缓存保存每个词元的键和值，于是每个只算一次，而不是每一步都重算。",
    },
    "generate.rows.wrong.cached": {
        "en": "Counted with a cache: each key made once. Without one, step t makes all t keys again.",
        "zh": "按有缓存的情况算了：每个键只算一次。没有缓存时，第 t 步要把 t 个键全部重算。",
    },
    "generate.rows.wrong.all_each_step": {
        "en": "Counted all {n} keys at every step. At step t only t tokens exist yet.",
        "zh": "每一步都算了全部 {n} 个键。第 t 步时只有 t 个词元。",
    },
    "generate.rows.wrong.off_by_one": {
        "en": "Left out each step's own new token: step t makes t keys, the new one included.",
        "zh": "漏掉了每一步新加入的那个词元：第 t 步要算 t 个键，包括新的那个。",
    },
    "generate.rows.discuss": {
        "en": "Let two students with different totals compare how they counted, step by step, and find where they part.",
        "zh": "让两位总数不同的同学一步一步对照各自的数法，找出从哪一步开始不一样。",
    },
    "generate.rows.after": {
        "en": "{without} = 1 + 2 + … + {n}: step t makes all t keys again. With a cache each key is made once, {with} in all: {fraction} as many.",
        "zh": "{without} = 1 + 2 + … + {n}：第 t 步把 t 个键全部重算。有缓存时每个键只算一次，一共 {with} 个，只有原来的 {fraction}。",
    },
    "generate.group.wrong.own": {
        "en": "Answered as if nothing were shared, one query head to each key/value head: here {g} key/value heads serve all {h} query heads.",
        "zh": "按不共享的情况回答了，每个键/值头只配一个查询头：这里是 {g} 个键/值头服务全部 {h} 个查询头。",
    },
    "generate.group.wrong.groups": {
        "en": "Gave the number of groups, {g}, not their size.",
        "zh": "给的是组数 {g}，而不是每组的大小。",
    },
    "generate.group.wrong.all": {
        "en": "Thinks every query head reads every key/value head.",
        "zh": "以为每个查询头都读取每个键/值头。",
    },
    "generate.group.discuss": {
        "en": "When heads share, what does a query head keep of its own, and what does it share? Let two students who answered differently draw who reads from whom.",
        "zh": "头共享时，一个查询头还保留哪些自己的东西，又共享了什么？让两位答案不同的同学画出谁读取谁。",
    },
    "generate.group.after": {
        "en": "{group} = {h} / {g}: each key/value head serves a group of {group} query heads. The cache holds the keys and values of {g} heads instead of {h}: 1/{group} of the size.",
        "zh": "{group} = {h} / {g}：每个键/值头服务一组 {group} 个查询头。缓存只存 {g} 个头的键和值，而不是 {h} 个：只有原来的 1/{group}。",
    },
    "generate.cache_size.wrong.k_only": {
        "en": "Counted the keys only: the cache holds the values too, hence the 2.",
        "zh": "只算了键：缓存还存着值，所以要乘以 2。",
    },
    "generate.cache_size.wrong.one_layer": {
        "en": "Counted one layer; every one of the {L} layers keeps its own cache.",
        "zh": "只算了一层；{L} 层中的每一层都有自己的缓存。",
    },
    "generate.cache_size.wrong.one_sequence": {
        "en": "Counted one sequence; a batch of {batch} keeps {batch} caches.",
        "zh": "只算了一个序列；批大小为 {batch} 时有 {batch} 份缓存。",
    },
    "generate.cache_size.wrong.numbers_not_bytes": {
        "en": "Counted numbers, not bytes: each {type} number takes {bytes_per_number} bytes.",
        "zh": "数的是数的个数，不是字节：每个 {type} 数占 {bytes_per_number} 字节。",
    },
    "generate.cache_size.discuss": {
        "en": "Let two students whose answers differ compare what they multiplied, factor by factor, and find the factor they disagree on.",
        "zh": "让两位答案不同的同学逐个因子对照各自乘了什么，找出意见不同的那个因子。",
    },
    "generate.cache_size.after": {
        "en": "2 × {L} × {g} × {d} × {n} × {bytes_per_number} × {batch} bytes = {size} {unit}: keys and values, in every layer, for every key/value head and every token. The cache grows with the context and would be as large as the weights ({weights} {weights_unit}) at {match} tokens.",
        "zh": "2 × {L} × {g} × {d} × {n} × {bytes_per_number} × {batch} 字节 = {size} {unit}：键和值，每一层、每个键/值头、每个词元都有。缓存随上下文增长，到 {match} 个词元时会和权重（{weights} {weights_unit}）一样大。",
    },
    "generate.fewer_kv_heads.wrong.unchanged": {
        "en": "Thinks the cache follows the query heads, which stay {h}: it holds keys and values, and only the key/value heads make those.",
        "zh": "以为缓存跟着查询头走，而查询头仍是 {h} 个：缓存存的是键和值，只有键/值头才产生它们。",
    },
    "generate.fewer_kv_heads.wrong.query_heads": {
        "en": "Counted one key/value head per query head before the change, {h}; the model has {g}.",
        "zh": "以为改之前每个查询头各有一个键/值头，共 {h} 个；其实这个模型只有 {g} 个。",
    },
    "generate.fewer_kv_heads.wrong.group": {
        "en": "Gave the size of a group of query heads, {h} / {g}, not the change in key/value heads.",
        "zh": "给的是一组查询头的大小（{h} / {g}），而不是键/值头数量的变化。",
    },
    "generate.fewer_kv_heads.discuss": {
        "en": "Let two students who answered differently say which heads they counted in the cache, and why those.",
        "zh": "让两位答案不同的同学说说自己在缓存里数的是哪些头，为什么是这些。",
    },
    "generate.fewer_kv_heads.after": {
        "en": "1/{ratio} of the size, {size} {unit}: the cache is proportional to the number of key/value heads. That is multi-query attention; grouped-query attention keeps a few as a middle way.",
        "zh": "只有原来的 1/{ratio}，即 {size} {unit}：缓存和键/值头的数量成正比。这就是多查询注意力；分组查询注意力保留几个键/值头，是折中的办法。",
    },
    "generate.more_kv_heads.wrong.unchanged": {
        "en": "Thinks the cache follows the query heads, which stay {h}: it holds keys and values, and each key/value head adds its own.",
        "zh": "以为缓存跟着查询头走，而查询头仍是 {h} 个：缓存存的是键和值，每多一个键/值头就多一份。",
    },
    "generate.more_kv_heads.discuss": {
        "en": "Let two students who answered differently say which heads they counted in the cache, and why those.",
        "zh": "让两位答案不同的同学说说自己在缓存里数的是哪些头，为什么是这些。",
    },
    "generate.more_kv_heads.after": {
        "en": "{ratio} times the size, {size} {unit}: the cache is proportional to the number of key/value heads. Nothing else changes.",
        "zh": "是原来的 {ratio} 倍，即 {size} {unit}：缓存和键/值头的数量成正比。其他都不变。",
    },
    # --- Softmax one tile at a time -------------------------------------------------------------
    "tiles.idea": {
        "en": "Softmax·V can be computed one tile of keys at a time, keeping only a running maximum m, a running sum l and a running output; the result is exactly the full softmax's.",
        "zh": "softmax·V 可以一次处理一块键，只保存运行最大值 m、运行和 l 和运行输出；结果和完整的 softmax 完全一样。",
    },
    "tiles.l.wrong.only_adds": {
        "en": "Sees the tile's sum being added, but not the old l being rescaled by e^(m_old − m_new), a factor below 1.",
        "zh": "看到了加上这一块的和，却没看到旧的 l 要乘以 e^(m_old − m_new)，一个小于 1 的因子。",
    },
    "tiles.l.wrong.only_rescales": {
        "en": "Sees the old l shrink, but not that the new tile adds at least 1 (its own maximum gives e⁰ = 1).",
        "zh": "看到旧的 l 变小，却没看到新的一块至少加上 1（它自己的最大值给出 e⁰ = 1）。",
    },
    "tiles.l.discuss": {
        "en": "Let students who chose differently each back their answer with a row of four scores in tiles of 2, and check each other's rows.",
        "zh": "让选得不同的同学各自用一行 4 个分数（每块 2 个）来支持自己的答案，再互相检查对方的例子。",
    },
    "tiles.l.after": {
        "en": "It could do either: the new l is the old one times a factor below 1, plus the tile's own sum of at least 1. In tiles of 2, the scores 0 0 | 5 0 take l from {shrink_before} to {shrink_after}, and 0 0 | 1 1 from {grow_before} to {grow_after}.",
        "zh": "两种都可能：新的 l 等于旧的 l 乘以一个小于 1 的因子，再加上这一块自己的和（至少为 1）。每块 2 个时，分数 0 0 | 5 0 让 l 从 {shrink_before} 变成 {shrink_after}，而 0 0 | 1 1 让它从 {grow_before} 变成 {grow_after}。",
    },
    "tiles.l.after_none": {
        "en": "It could do either: the new l is the old one times a factor below 1, plus the tile's own sum of at least 1. In the row of “{token}” no later tile raised m; in tiles of 2, 0 0 | 5 0 takes l from {shrink_before} to {shrink_after}, and 0 0 | 1 1 from {grow_before} to {grow_after}.",
        "zh": "两种都可能：新的 l 等于旧的 l 乘以一个小于 1 的因子，再加上这一块自己的和（至少为 1）。“{token}”这一行里后面没有哪一块抬高 m；每块 2 个时，0 0 | 5 0 让 l 从 {shrink_before} 变成 {shrink_after}，0 0 | 1 1 让它从 {grow_before} 变成 {grow_after}。",
    },
    "tiles.kept.wrong.whole_row": {
        "en": "Keeps the whole row of scores, {n} here, as the full softmax does; the tiles are there so as not to.",
        "zh": "保存了整行分数（这里是 {n} 个），就像完整的 softmax 那样；分块正是为了不这样做。",
    },
    "tiles.kept.wrong.output_only": {
        "en": "Keeps the running output only; m and l are needed to rescale it when a later tile raises the maximum.",
        "zh": "只保存了运行输出；后面的块抬高最大值时，需要 m 和 l 来重新缩放它。",
    },
    "tiles.kept.wrong.one_statistic": {
        "en": "Keeps one of m and l, but both are needed.",
        "zh": "只保存了 m 和 l 中的一个，但两个都需要。",
    },
    "tiles.kept.wrong.statistics_only": {
        "en": "Kept m and l only: the running output, {d_v} numbers, must be carried too, or the values already seen are lost.",
        "zh": "只保存了 m 和 l：运行输出（{d_v} 个数）也必须带着，否则已经看过的值就丢了。",
    },
    "tiles.kept.wrong.with_tile": {
        "en": "Counted the tile being worked on too: that is while working, not between two tiles.",
        "zh": "把正在处理的那一块也算进去了：那是处理中，而不是两块之间。",
    },
    "tiles.kept.discuss": {
        "en": "Let two students with different counts each name what they keep, and say what would go wrong without each item.",
        "zh": "让两位数得不同的同学各自说出保存了哪些东西，并说明少了其中任何一样会出什么问题。",
    },
    "tiles.kept.after": {
        "en": "{kept} = d_v + 2: the running maximum m, the running sum l and the {d_v} numbers of the running output. The full softmax keeps a score per key instead, as many as the text is long.",
        "zh": "{kept} = d_v + 2：运行最大值 m、运行和 l，以及运行输出的 {d_v} 个数。完整的 softmax 则要为每个键保存一个分数，文本多长就要存多少。",
    },
    # --- Which keys a query may see -----------------------------------------------------------
    "windows.idea": {
        "en": "A sliding window lets each token see only the w tokens up to itself in one layer; stacked layers pass what they saw along, so L layers reach about L·(w − 1) back.",
        "zh": "滑动窗口让每个词元在一层里只能看到截至自己的 w 个词元；多层叠起来会把看到的东西传下去，所以 L 层大约能往回看 L·(w − 1) 个。",
    },
    "windows.reach.wrong.one_window": {
        "en": "Thinks a token sees only its own window, however deep the model. Each layer passes on what the tokens in its window saw, {step} more tokens back per layer.",
        "zh": "以为不论模型多深，词元都只能看到自己的窗口。每一层都会把窗口里的词元看到的东西传下去，每层再往回多 {step} 个。",
    },
    "windows.reach.wrong.sees_all": {
        "en": "Thinks stacked layers see everything, or counts w more tokens per layer instead of w − 1 = {step}.",
        "zh": "以为层叠起来就能看到一切，或者以为每层多看 w 个，而不是 w − 1 = {step} 个。",
    },
    "windows.reach.discuss": {
        "en": "Let those who disagree trace on the board which tokens the last token's output can depend on after one layer, and after two.",
        "zh": "让意见不同的同学在黑板上画一画：一层之后、两层之后，最后一个词元的输出分别可能依赖哪些词元。",
    },
    "windows.reach.after": {
        "en": "Yes: each layer reaches {step} tokens further back, so after {layers} layers the last token depends on {span} positions. It takes exactly {needed} layers to reach the first token.",
        "zh": "能：每层往回多看 {step} 个词元，所以 {layers} 层之后，最后一个词元依赖 {span} 个位置。恰好需要 {needed} 层才能到达第一个词元。",
    },
    "windows.reach.after_not": {
        "en": "No: each layer reaches only {step} tokens further back, so after {layers} layers the last token depends on {span} positions. It would take {needed} layers to reach the first token.",
        "zh": "不能：每层只往回多看 {step} 个词元，所以 {layers} 层之后，最后一个词元只依赖 {span} 个位置。要 {needed} 层才能到达第一个词元。",
    },
    "windows.reach.after_never": {
        "en": "No: a window of 1 is each token alone, so no layer looks back, however many are stacked. Information travels back only through windows that hold earlier tokens.",
        "zh": "不能：窗口为 1 时每个词元只看自己，叠多少层都不会往回看。信息只能通过包含前面词元的窗口往回传。",
    },
    # --- Rotary positions -----------------------------------------------------------------------
    "rope.idea": {
        "en": "RoPE turns each pair of numbers of q and k by an angle that grows with the token's position, so position reaches the score only as the distance between the two tokens.",
        "zh": "RoPE 把 q 和 k 的每一对数按随位置增长的角度旋转，所以位置只以两个词元之间的距离进入分数。",
    },
    "rope.shift.wrong.absolute": {
        "en": "Thinks RoPE puts the absolute position into the score, as an added position does. Turning both arrows by the same extra angle leaves the angle between them, and so the score.",
        "zh": "以为 RoPE 像加上去的位置一样，把绝对位置带进了分数。两个箭头转过同样的额外角度，它们之间的夹角不变，分数也就不变。",
    },
    "rope.shift.discuss": {
        "en": "Does a RoPE score know where the two tokens stand, or only how far apart they are? Let a student from each side argue it from how q and k are turned.",
        "zh": "用 RoPE 时，分数知道两个词元各自在哪，还是只知道它们相隔多远？让两边各出一位同学，从 q 和 k 怎样旋转来论证。",
    },
    "rope.shift.after": {
        "en": "No: {before} before the move and {after} after it, the same up to rounding. Both vectors turn by the same extra angle, so only the distance, {distance}, reaches the score.",
        "zh": "不变：移动前是 {before}，移动后是 {after}，只差舍入误差。两个向量转过同样的额外角度，所以进入分数的只有距离 {distance}。",
    },
    "rope.shift_sinusoidal.wrong.relative_too": {
        "en": "Thinks the sinusoidal positions are relative too. They are added before W_Q and W_K, so the score has cross terms of meaning with position that change whenever a token moves.",
        "zh": "以为正弦位置编码也是相对的。它是在 W_Q 和 W_K 之前加上去的，所以分数里有“意义乘位置”的交叉项，词元一移动它们就变。",
    },
    "rope.shift_sinusoidal.discuss": {
        "en": "Where does each method put the position in: into the embedding, before W_Q and W_K, or into q and k, after them? Let a student who said yes and one who said no argue what that changes.",
        "zh": "两种方法分别把位置放在哪里：在 W_Q 和 W_K 之前加到嵌入上，还是在之后作用于 q 和 k？让一位答“是”和一位答“否”的同学争论这会带来什么不同。",
    },
    "rope.shift_sinusoidal.after": {
        "en": "Yes: {before} before and {after} after, a change of {difference}. Added positions mix with meaning in the score's cross terms, and those follow the absolute positions.",
        "zh": "会变：移动前是 {before}，移动后是 {after}，变化了 {difference}。加上去的位置在分数的交叉项里和意义混在一起，而这些项跟着绝对位置变。",
    },
    # --- Cross-attention ------------------------------------------------------------------------
    "cross_attention.idea": {
        "en": "In cross-attention the decoder's tokens ask (queries) and the encoder's tokens answer (keys and values): one row per decoder token, one column per encoder token.",
        "zh": "在交叉注意力中，解码器的词元发问（查询），编码器的词元作答（键和值）：每个解码器词元一行，每个编码器词元一列。",
    },
    "cross_attention.shape.wrong.swapped": {
        "en": "Swapped rows and columns: the rows are the decoder's queries, the columns the encoder's keys.",
        "zh": "把行和列弄反了：行是解码器的查询，列是编码器的键。",
    },
    "cross_attention.shape.wrong.decoder_self": {
        "en": "Gave the decoder's own self-attention: queries and keys both from the sentence being written.",
        "zh": "给的是解码器自己的自注意力：查询和键都来自正在写的句子。",
    },
    "cross_attention.shape.wrong.encoder_self": {
        "en": "Gave the encoder's own self-attention: queries and keys both from the source sentence.",
        "zh": "给的是编码器自己的自注意力：查询和键都来自原句。",
    },
    "cross_attention.shape.wrong.joined": {
        "en": "Thinks the two sentences are joined into one sequence. They stay apart: one asks, the other answers.",
        "zh": "以为两个句子被接成一个序列。它们是分开的：一个发问，另一个作答。",
    },
    "cross_attention.shape.discuss": {
        "en": "Ask students who chose different shapes which sentence each row belongs to, which each column, and why.",
        "zh": "问问选了不同形状的同学：每一行属于哪个句子，每一列属于哪个句子，为什么？",
    },
    "cross_attention.shape.after": {
        "en": "{rows} × {columns}: one row per decoder token, asking with its query, and one column per encoder token, answering with its key. Nothing makes it square: the two sentences can have any lengths.",
        "zh": "{rows} × {columns}：每个解码器词元一行，用它的查询发问；每个编码器词元一列，用它的键作答。它不必是方阵：两个句子可以任意长。",
    },
    # --- A model that learns to copy ------------------------------------------------------------
    "copying.idea": {
        "en": "A two-layer decoder learns to copy: a previous-token head writes into each position what came before it, and an induction head of a later layer reads that to find what followed the same character before.",
        "zh": "两层的解码器学会了复制：前一词元头把“前面是什么”写进每个位置，后一层的归纳头读取它，找到同一字符上次后面跟着的是什么。",
    },
    "copying.loss.wrong.random_twice": {
        "en": "Thinks random letters are as hard to predict the second time. The second copy can be read off the first, and the model has learned to look back.",
        "zh": "以为随机字母第二遍一样难预测。第二遍可以照着第一遍读出来，而模型已经学会往回看。",
    },
    "copying.loss.wrong.confused": {
        "en": "Expects the repeat to confuse the model. It has learned that what followed a letter before often follows it again.",
        "zh": "以为重复会把模型弄糊涂。它已经学会：某个字母上次后面跟着什么，这次往往还跟着什么。",
    },
    "copying.loss.discuss": {
        "en": "What would the model need to have learned to do better on the second copy, and could it have learned that by step {step}? Let those who disagree argue it.",
        "zh": "模型要学会什么，才能在第二遍做得更好？到第 {step} 步它可能已经学会了吗？让意见不同的同学争论一下。",
    },
    "copying.loss.after": {
        "en": "{answer}: {first} nats on the first copy, {second} on the second. No letter of the first copy can be guessed, but each letter of the second is the one that followed the same letter before, and the model has learned to look there.",
        "zh": "{answer}：第一遍 {first} 奈特，第二遍只有 {second} 奈特。第一遍的字母没法猜；而第二遍的每个字母，都是同一个字母上次后面跟着的那个，模型已经学会去那里找。",
    },
    "copying.loss.after_same": {
        "en": "{answer}: {first} nats on the first copy, {second} on the second. At step {step} the model has not yet learned to look back at the first copy.",
        "zh": "{answer}：第一遍 {first} 奈特，第二遍 {second}。在第 {step} 步，模型还没学会回头看第一遍。",
    },
    "copying.loss.after_up": {
        "en": "{answer}: {first} nats on the first copy, {second} on the second. At step {step} the model does worse where it could copy: it has not learned to.",
        "zh": "{answer}：第一遍 {first} 奈特，第二遍 {second}。在第 {step} 步，模型在本可以复制的地方反而更差：它还没学会。",
    },
    "copying.layer.wrong.one_head": {
        "en": "Thinks one head can copy on its own. The key must first carry which character came before it, and only a head of an earlier layer can write that in.",
        "zh": "以为一个头就能自己完成复制。键必须先带上“它前面是哪个字符”，而只有更早一层的头才能把这写进去。",
    },
    "copying.layer.discuss": {
        "en": "Could one head, looking once, find the letter that followed the earlier copy of the current one? Let those who chose different layers say what that head would need to know, and whether the model has it at step {step}.",
        "zh": "一个头只看一次，能找到当前字母上一次出现之后的那个字母吗？让选了不同层的同学说说这个头需要事先知道什么，以及第 {step} 步的模型是否已经具备。",
    },
    "copying.layer.after": {
        "en": "{answer}: head {ind_head} there has an induction score of {ind_score}. It reads what a previous-token head of an earlier layer (layer {prev_layer}, head {prev_head}) wrote into each position.",
        "zh": "{answer}：那里的第 {ind_head} 个头，归纳分数为 {ind_score}。它读取的是更早一层的前一词元头（第 {prev_layer} 层第 {prev_head} 个头）写进每个位置的东西。",
    },
    "copying.layer.after_not_later": {
        "en": "{answer}: at step {step} no head copies yet (best induction score {ind_score}). Once training forms them, the induction head sits in a layer after the previous-token head's.",
        "zh": "{answer}：在第 {step} 步还没有头会复制（最高归纳分数 {ind_score}）。训练让它们形成之后，归纳头位于前一词元头之后的那一层。",
    },
    "copying.knockout.wrong.partial": {
        "en": "Expects the induction head to keep much of its skill alone, as if it had learned half the trick itself. Without the previous-token head nothing tells a key which character came before it, so the induction head has nothing to match.",
        "zh": "以为归纳头自己也学会了一半本事，关掉别的头也能保住不少。没有前一词元头，就没有谁告诉键“它前面是哪个字符”，归纳头便无从匹配。",
    },
    "copying.knockout.wrong.untouched": {
        "en": "Reasons that a head nobody switched off must work as before. A head's score depends on what the earlier layer wrote into the residual stream, not only on its own weights.",
        "zh": "以为没被关掉的头一定照常工作。一个头的表现不只取决于它自己的权重，还取决于前一层往残差流里写了什么。",
    },
    "copying.knockout.wrong.compensates": {
        "en": "Expects the other heads to take over and the induction head to try harder. Nothing in a trained model adapts while it runs: the weights are fixed, and the information the induction head needed is simply missing.",
        "zh": "以为其他头会顶上、归纳头会更“努力”。训练好的模型运行时不会自我调整：权重是固定的，归纳头需要的信息就是没有了。",
    },
    "copying.knockout.discuss": {
        "en": "The induction head looks for “the character after the earlier x”. Where does the information “my previous character was x” at each position come from?",
        "zh": "归纳头要找“上一个 x 后面的字符”。每个位置上“我前面的字符是 x”这条信息，是从哪里来的？",
    },
    "copying.knockout.after": {
        "en": "{answer}: L{ind_layer} H{ind_head} falls from {before} to {after} with {heads} off, and the second copy's loss rises from {second} to {second_off} nats. The induction head itself was not touched; it lost what the previous-token head wrote for it to read.",
        "zh": "{answer}：关掉 {heads} 后，L{ind_layer} H{ind_head} 从 {before} 降到 {after}，第二遍的损失从 {second} 升到 {second_off} 奈特。归纳头本身没被动过；它失去的是前一词元头写给它读的信息。",
    },
    "copying.knockout.after_kept": {
        "en": "{answer}: L{ind_layer} H{ind_head} goes from {before} to {after} with {heads} off. At step {step} the copying does not rest on these heads alone.",
        "zh": "{answer}：关掉 {heads} 后，L{ind_layer} H{ind_head} 从 {before} 变为 {after}。在第 {step} 步，复制并不只依赖这些头。",
    },
}
