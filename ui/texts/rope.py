"""Texts of the Rotary positions (RoPE) page."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"GPT-NeoX", "RoFormer", "Su"}

TEXTS = {
    "title": {"en": "Rotary positions (RoPE)", "zh": "旋转位置编码（RoPE）"},
    "intro": {
        "en": "The Tokens page adds a position vector to every embedding before W_Q and W_K, as "
        "the 2017 paper did. Most models a student meets today (Llama, Qwen, Mistral, …) leave "
        "the embeddings alone and instead **turn** every query and every key, after W_Q and "
        "W_K, by an angle that grows with the token's position: rotary position embedding, "
        "**RoPE** (Su et al., 2021). The d_k numbers of q are read as d_k/2 small arrows of two "
        "numbers each, and arrow i turns by position × θ_i: quickly for the first pairs, slowly "
        "for the last.",
        "zh": "词元页在 W_Q、W_K 之前给每个嵌入加上一个位置向量，2017 年的论文就是这样做的。"
        "今天学生常见的大多数模型（Llama、Qwen、Mistral……）不动嵌入，而是在 W_Q、W_K 之后把每个"
        "查询和每个键**转动**一个角度，角度随词元的位置增大：这就是旋转位置编码 **RoPE**"
        "（Su 等，2021）。q 的 d_k 个数被看成 d_k/2 支小箭头，每支两个数；第 i 支箭头转动"
        "“位置 × θ_i”：前面的数对转得快，后面的转得慢。",
    },
    "formula_caption": {
        "en": "Pair i of q (i = 0, 1, …: dimensions 2i+1 and 2i+2, numbered as everywhere "
        "on this page, neighbours as in the RoFormer paper; other code pairs them differently, "
        "see below) at position m is turned "
        "by the angle m·θ_i, and k at position n by n·θ_i in the same way. The base is 10 000 as "
        "in the paper (a control below). A turn keeps every arrow's length: only the direction "
        "carries the position.",
        "zh": "位于位置 m 的 q 的数对 i（i = 0, 1, …：第 2i+1 和 2i+2 维，编号与本页各处一致；相邻的两维，和 RoFormer 论文一样；"
        "别的代码有另一种配对方式，见下文）转动角度 m·θ_i；"
        "位于位置 n 的 k 以同样的方式转动 n·θ_i。底数和论文一样取 10 000（下面可以调）。"
        "转动不改变箭头的长度：位置只体现在方向上。",
    },
    "tokens": {"en": "Two tokens, one head", "zh": "两个词元，一个头"},
    "pick_q": {"en": "Followed token (its query q)", "zh": "跟踪的词元（它的查询 q）"},
    "pick_k": {"en": "Key token (its key k)", "zh": "键词元（它的键 k）"},
    "tokens_body": {
        "en": "{head} makes q = e·W_Q for “{q}” and k = e·W_K for “{k}”, "
        "from their embeddings e **without** any position vector: {d_k} numbers each, so "
        "{pairs} pair(s) to turn (dimensions 1–2, 3–4, …). In the sentence “{q}” stands at position {i} and “{k}” at "
        "position {j}.",
        "zh": "{head}为“{q}”算出 q = e·W_Q，为“{k}”算出 k = e·W_K，用的是**没有**"
        "加任何位置向量的嵌入 e：各 {d_k} 个数，也就是 {pairs} 个要转动的数对（第 1–2 维、第 3–4 维……）。在句子里，"
        "“{q}”位于位置 {i}，“{k}”位于位置 {j}。",
    },
    "head_one": {"en": "The head", "zh": "这个头"},
    "head_first": {"en": "The first of the {h} heads", "zh": "{h} 个头中的第一个"},
    "name_q": {"en": "q of “{token}”", "zh": "“{token}”的 q"},
    "name_k": {"en": "k of “{token}”", "zh": "“{token}”的 k"},
    "name_q_turned": {"en": "q′ (at {pos})", "zh": "q′（在 {pos}）"},
    "name_k_turned": {"en": "k′ (at {pos})", "zh": "k′（在 {pos}）"},
    "no_pairs": {
        "en": "RoPE turns the numbers of q and k two at a time, so every head needs d_k ≥ 2. "
        "Here d_model = {d} with {h} heads leaves d_k = {d_k}: a single number, nothing to "
        "turn. (Real models use d_k = 64 or 128.)",
        "zh": "RoPE 每次转动 q 和 k 的两个数，所以每个头需要 d_k ≥ 2。现在 d_model = {d}、"
        "{h} 个头，d_k = {d_k}：只有一个数，没有东西可转。（真实模型的 d_k 通常是 64 或 128。）",
    },
    "fewer_heads": {
        "en": "Show me with {h} heads (d_k = {d_k})",
        "zh": "改成 {h} 个头（d_k = {d_k}）",
    },
    "turn": {"en": "Turn them: move the two positions", "zh": "转起来：移动两个位置"},
    "pos_q": {"en": "Position m of “{q}”", "zh": "“{q}”的位置 m"},
    "pos_k": {"en": "Position n of “{k}”", "zh": "“{k}”的位置 n"},
    "base": {"en": "Base (θ_i = base^(−2i/d_k))", "zh": "底数（θ_i = 底数^(−2i/d_k)）"},
    "vector": {"en": "vector", "zh": "向量"},
    "stage": {"en": "arrow", "zh": "箭头"},
    "stage_before": {"en": "before turning (position 0)", "zh": "转动前（位置 0）"},
    "stage_turned": {"en": "turned to its position", "zh": "转到它的位置"},
    "panel": {"en": "pair i = {i} · dims {a}, {b}", "zh": "数对 i = {i} · 第 {a}、{b} 维"},
    "pairs_caption": {
        "en": "{shown} of the {n} pair(s), from the fastest to the slowest. Dashed: an arrow "
        "before turning (position 0); solid: turned to its position. Each panel has its own "
        "scale (the longer arrow reaches the circle). The angle between the solid q and k is "
        "the dashed one plus (m − n)·θ_i.",
        "zh": "{n} 个数对中的 {shown} 个，从转得最快的到最慢的。虚线：转动前的箭头（位置 0）；"
        "实线：转到自己位置后的箭头。每个小图有自己的比例（较长的箭头刚好到达圆周）。"
        "实线 q 与 k 之间的夹角 = 虚线之间的夹角 + (m − n)·θ_i。",
    },
    "score_line": {
        "en": "The score of the turned pair: q′·k′ = **{score}** (before turning, q·k = "
        "{unrotated}). It sees the positions only through m − n = {m} − {n} = **{distance}**: "
        "move both sliders by the same amount and it stays.",
        "zh": "转动后的分数：q′·k′ = **{score}**（转动前 q·k = {unrotated}）。它只通过 "
        "m − n = {m} − {n} = **{distance}** 看到位置：把两个滑块移动同样多，分数不变。",
    },
    "pairs_table": {
        "en": "Pair by pair: q and k before and after turning, and each pair's share of the score",
        "zh": "逐个数对：转动前后的 q 和 k，以及每个数对在分数中的份额",
    },
    "col_dims": {"en": "dims", "zh": "维度"},
    "col_wavelength": {"en": "λ", "zh": "λ"},
    "col_between": {"en": "(m−n)·θ_i", "zh": "(m−n)·θ_i"},
    "col_share": {"en": "share", "zh": "份额"},
    "pair_table_caption": {
        "en": "One row per pair i: its two dimensions, its wavelength λ (positions per turn), "
        "the angle (m − n)·θ_i in degrees that the turning adds between q and k, and the "
        "pair's share of q′·k′.",
        "zh": "每个数对 i 一行：它的两个维度、波长 λ（转一圈的位置数）、转动在 q 与 k 之间增加的角度 "
        "(m − n)·θ_i（单位：度），以及这个数对在 q′·k′ 中的份额。",
    },
    "rows_cut": {
        "en": "The first {shown} of {n} pairs; the shares of all of them add up to the score.",
        "zh": "只列出 {n} 个数对中的前 {shown} 个；所有数对的份额加起来就是分数。",
    },
    "proof": {
        "en": "The proof: move both tokens by the same amount",
        "zh": "证明：把两个词元移动同样多",
    },
    "shift": {"en": "Move both by (places)", "zh": "两个都移动（位置数）"},
    "row_before": {"en": "score at {q} and {k}", "zh": "在 {q} 和 {k} 的分数"},
    "row_after": {"en": "at {q} and {k}", "zh": "在 {q} 和 {k}"},
    "row_difference": {"en": "difference", "zh": "差"},
    "scheme_rope": {"en": "RoPE", "zh": "RoPE"},
    "scheme_sinusoidal": {"en": "sinusoid added", "zh": "加上正弦编码"},
    "proof_caption": {
        "en": "RoPE turns q and k; the other column adds the Tokens page's sinusoid to the "
        "embeddings instead. Both start from the same embeddings and the same W_Q, W_K. With RoPE "
        "the difference is the rounding of the computer's arithmetic (about 10⁻¹⁶ of the "
        "numbers' size): the score is the same. With the sinusoid, PE(m) and PE(n) meet the "
        "embeddings inside q·k, so the score depends on where the tokens are, not only on how "
        "far apart.",
        "zh": "RoPE 转动 q 和 k；另一列则改为把词元页的正弦位置编码加到嵌入上。两种方式用的是同样的嵌入和同样的 "
        "W_Q、W_K。RoPE 的差只是计算机运算的舍入误差"
        "（约为数值大小的 10⁻¹⁶）：分数其实没变。加正弦编码时，PE(m) 和 PE(n) 在 q·k 里与嵌入"
        "相乘，所以分数取决于两个词元各自在哪里，而不只是相距多远。",
    },
    "why_differ": {
        "en": "Why does “{q}”·“{k}” score {rope} with RoPE and {sin} with the sinusoid? They "
        "are two ways of putting positions in, not two ways to the same score: the sinusoid "
        "is added to the embeddings before W_Q and W_K, RoPE turns q and k after them. At "
        "d_k = {d_k}, q and k are {pairs} rotating pairs, and turning them changes which pairs "
        "point the same way: a pair that agreed at distance 0 may disagree at this distance, "
        "and the score can even change sign.",
        "zh": "为什么“{q}”·“{k}”用 RoPE 得 {rope}，用正弦编码却得 {sin}？这是把位置放进去的两种不同方式，"
        "而不是得到同一个分数的两条路：正弦编码在乘 W_Q、W_K 之前加到嵌入上，RoPE 则在之后转动 q 和 k。"
        "d_k = {d_k} 时，q 和 k 只是 {pairs} 个旋转的数对，转动会改变哪些数对指向同一方向："
        "距离为 0 时一致的数对，到了这个距离可能不再一致，分数甚至会变号。",
    },
    "curves_few_pairs": {
        "en": "At d_k = {d_k} there are only {pairs} pairs, each turning at its own fixed speed, "
        "so RoPE's score against the distance just oscillates. With many pairs (more "
        "dimensions per head: a larger d_model, or fewer heads) the fast pairs' swings average "
        "out and the slow ones keep their agreement; RoFormer's authors show that the largest "
        "score two vectors can reach then falls as they move apart.",
        "zh": "d_k = {d_k} 时只有 {pairs} 个数对，各以固定的速度转动，所以 RoPE 的分数随距离只是来回摆动。"
        "数对多了（每个头的维数更多：更大的 d_model，或更少的头），快的数对的摆动相互平均掉，慢的数对保持一致；"
        "RoFormer 的作者证明，这时两个向量能达到的最大分数会随距离变远而减小。",
    },
    "curves": {"en": "The score against the distance", "zh": "分数随距离的变化"},
    "curves_rope": {"en": "RoPE", "zh": "RoPE"},
    "curves_sinusoidal": {
        "en": "Sinusoid added to the embeddings",
        "zh": "正弦位置编码加到嵌入上",
    },
    "start": {"en": "key at position {pos}", "zh": "键在位置 {pos}"},
    "start_title": {"en": "the key stands at", "zh": "键的位置"},
    "distance": {"en": "distance m − n", "zh": "距离 m − n"},
    "score": {"en": "score q·k", "zh": "分数 q·k"},
    "curves_caption": {
        "en": "The query stands m − n places after the key; each chart has three curves, with "
        "the key at position 0, 10 and 40 (thick to thin). RoPE's three lie on one another "
        "(they differ by at most {rope}); the sinusoid's differ by up to {sin}: there the same "
        "distance gives another score elsewhere in the text. The dashed line marks the "
        "distance of the two positions above.",
        "zh": "查询位于键之后 m − n 个位置；每张图有三条曲线，键分别在位置 0、10、40（由粗到细）。"
        "RoPE 的三条曲线完全重合（最多相差 {rope}）；正弦编码的三条最多相差 {sin}：同样的距离，"
        "换到文本中别的地方，分数就不同了。虚线标出上面两个位置之间的距离。",
    },
    "waves": {
        "en": "Which pairs turn fast, which slowly (wavelengths), and which dimensions pair up",
        "zh": "哪些数对转得快、哪些转得慢（波长），以及哪些维度配成一对",
    },
    "pair_index": {"en": "pair i", "zh": "数对 i"},
    "wavelength": {"en": "wavelength (positions per turn)", "zh": "波长（转一圈的位置数）"},
    "scheme": {"en": "positions", "zh": "位置编码"},
    "series_rope": {
        "en": "RoPE's pairs (d_k = {d_k}, base {base})",
        "zh": "RoPE 的数对（d_k = {d_k}，底数 {base}）",
    },
    "series_pe": {
        "en": "Tokens page: sin–cos columns 2i+1, 2i+2 (d_model = {d})",
        "zh": "词元页：sin–cos 第 2i+1、2i+2 列（d_model = {d}）",
    },
    "waves_body": {
        "en": "Pair 0 turns by 1 radian (about 57°) per position: once round every {first} "
        "positions. Every later pair turns more slowly, the last (pair {i}) once every {last} "
        "positions at base {base}. Fast pairs tell neighbours apart; slow ones still change "
        "across a long text, where the fast ones have gone round many times.",
        "zh": "数对 0 每个位置转 1 弧度（约 57°）：每 {first} 个位置转一圈。后面的数对越转越慢，"
        "在底数 {base} 下，最后一个（数对 {i}）每 {last} 个位置才转一圈。快的数对区分相邻的词元；"
        "慢的数对在很长的文本里仍然在变化，而那时快的早已转了许多圈。",
    },
    "waves_same": {
        "en": "With one head (d_k = d_model = {d}) and base 10 000 the two lines coincide: "
        "pair i turns exactly as fast as columns 2i+1 and 2i+2 of the Tokens page's sinusoid, "
        "which also sit side by side there.",
        "zh": "只有一个头（d_k = d_model = {d}）且底数为 10 000 时，两条线重合：数对 i 转动的快慢"
        "和词元页正弦编码的第 2i+1、2i+2 列完全一样，而那两列在那里也是并排的。",
    },
    "waves_heads": {
        "en": "With {h} heads RoPE spans d_k = {d_k} dimensions, not d_model = {d}: its pairs "
        "are spaced more coarsely than the Tokens page's columns, and the lines meet only at "
        "pair 0. (One head and base 10 000 make them coincide.)",
        "zh": "有 {h} 个头时，RoPE 只覆盖 d_k = {d_k} 维，而不是 d_model = {d} 维：它的数对比词元页"
        "的列间隔更大，两条线只在数对 0 相交。（一个头、底数 10 000 时两条线重合。）",
    },
    "waves_base": {
        "en": "With another base than 10 000 RoPE's pairs turn at other speeds than the Tokens "
        "page's columns (which always use 10 000); the lines meet only at pair 0. A larger "
        "base slows the last pairs down, for longer texts.",
        "zh": "底数不是 10 000 时，RoPE 数对的转速与词元页的列（总是用 10 000）不同，两条线只在"
        "数对 0 相交。底数越大，后面的数对转得越慢，适合更长的文本。",
    },
    "conventions": {"en": "Two ways to pair the dimensions", "zh": "两种配对维度的方式"},
    "conventions_body": {
        "en": "Which two numbers of q make a pair is a convention. The RoFormer paper pairs "
        "**neighbours**, dimensions 2i+1 and 2i+2 (interleaved); GPT-NeoX, Llama and most "
        "Hugging Face code pair dimension i with i + d_k/2 (**halves**, their `rotate_half`). "
        "This app uses **interleaved**: a pair is two numbers side by side, as you read them "
        "off q, and pair i matches the Tokens page's columns 2i+1 and 2i+2. The two are the "
        "same rotation with the dimensions in another order: a model trained one way gives the "
        "same scores the other way once the columns of its W_Q and W_K are reordered.",
        "zh": "q 的哪两个数组成一对，是一种约定。RoFormer 论文把**相邻**的第 2i+1 和 2i+2 维配成一对"
        "（交错式）；GPT-NeoX、Llama 和大多数 Hugging Face 代码把第 i 维和第 i + d_k/2 维配成一对"
        "（**对半式**，即它们的 `rotate_half`）。本应用用**交错式**：一对就是 q 里挨着的两个数，"
        "而且数对 i 正好对应词元页的第 2i+1、2i+2 列。两者是同一种旋转，只是维度的顺序不同："
        "按一种方式训练的模型，只要把 W_Q、W_K 的列重新排列，用另一种方式也得到同样的分数。",
    },
    "col_interleaved": {"en": "interleaved (this app)", "zh": "交错式（本应用）"},
    "col_halves": {"en": "halves", "zh": "对半式"},
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.shift.ask": {
        "en": "With RoPE, the followed token stands at position {pos_q} and the key at "
        "{pos_k}. If both move {shift} places to the right (to {pos_q_after} and "
        "{pos_k_after}), does their score q·k change?",
        "zh": "用 RoPE 时，跟踪的词元在位置 {pos_q}，键在位置 {pos_k}。如果两个都向右移动 {shift} "
        "个位置（到 {pos_q_after} 和 {pos_k_after}），它们的分数 q·k 会变吗？",
    },
    "quiz.shift.why": {
        "en": "The score is {before} at positions {pos_q} and {pos_k}, and {after} at "
        "{pos_q_after} and {pos_k_after}: the same up to rounding (the table below gives the "
        "difference). Every pair of q is turned by {pos_q}·θ_i and of k by {pos_k}·θ_i; the dot "
        "product of two arrows depends only on the angle between them, and moving both adds "
        "{shift}·θ_i to each. All the score sees is the distance, {distance}.",
        "zh": "在位置 {pos_q} 和 {pos_k} 时分数是 {before}，在 {pos_q_after} 和 {pos_k_after} 时是 "
        "{after}：除了舍入误差完全相同（下面的表给出了差）。q 的每个数对转动 {pos_q}·θ_i，k 的转动 "
        "{pos_k}·θ_i；两支箭头的点积只取决于它们之间的夹角，而两个都移动时各自多转 {shift}·θ_i。"
        "分数看到的只有距离 {distance}。",
    },
    "quiz.shift_sinusoidal.ask": {
        "en": "And with the Tokens page's sinusoidal positions added to the embeddings instead "
        "(nothing turned), does the same move change the score?",
        "zh": "如果改用词元页的正弦位置编码，把它加到嵌入上（不做任何转动），同样的移动会改变分数吗？",
    },
    "quiz.shift_sinusoidal.why": {
        "en": "The score is {before} at positions {pos_q} and {pos_k}, and {after} at "
        "{pos_q_after} and {pos_k_after}: it moved by {difference}. The sinusoid is added before "
        "W_Q and W_K, so q·k falls into four parts: meaning with meaning, meaning with position "
        "(twice) and position with position. The middle ones change whenever a token moves, "
        "however far apart the two stay.",
        "zh": "在位置 {pos_q} 和 {pos_k} 时分数是 {before}，在 {pos_q_after} 和 {pos_k_after} 时是 "
        "{after}：变了 {difference}。正弦编码是在 W_Q、W_K 之前加上的，所以 q·k 分成四部分：含义与含义、"
        "含义与位置（两项）、位置与位置。只要词元一移动，中间两项就会变，不管两者之间的距离是否保持不变。",
    },
}
