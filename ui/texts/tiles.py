"""Texts of the Softmax one tile at a time page (FlashAttention's online softmax)."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"FlashAttention", "HBM", "SRAM"}

TEXTS = {
    "title": {"en": "Softmax one tile at a time", "zh": "逐块计算 softmax"},
    "intro": {
        "en": "The Softmax page takes a whole row of scores at once and first subtracts the "
        "row's largest score, so that no e^x overflows. A long text has far too many keys "
        "for that: the full matrix of scores would not fit in a GPU's memory. FlashAttention "
        "walks the keys in **tiles** of B instead. Between tiles each query keeps only a "
        "few running numbers, which the formula below defines; when a tile brings a "
        "larger maximum, what was kept is rescaled. After the last tile the result is the "
        "full softmax's, exactly. Below, the row of your followed token.",
        "zh": "Softmax 页面一次处理整行分数，并先减去这一行的最大分数，免得 e^x 溢出。文本很长时，"
        "键多得没法这样做：完整的分数矩阵根本放不进 GPU 的显存。FlashAttention 改为把键分成每 B "
        "个一组的**块**，逐块处理。块与块之间，每个查询只保留少数几个不断更新的量（由下面的公式定义）；"
        "某一块带来更大的最大值时，就把已保留的量重新缩放。走完最后一块，结果与完整的 "
        "softmax 完全相同。下面是你跟踪的词元的那一行。",
    },
    "formula_caption": {
        "en": "x_j: the scores softmax sees (the Softmax page's z). t: a tile of B keys, walked "
        "one after the other. m, ℓ and a start at −∞, 0 and 0. The factor e^(m_{t−1} − m_t) is "
        "1 when the tile does not raise the maximum, and below 1 when it does. o: the output, "
        "the same as softmax(x)·V.",
        "zh": "x_j：softmax 看到的分数（即 Softmax 页面上的 z）。t：由 B 个键组成的一块，一块接一块地"
        "处理。m、ℓ 和 a 的初始值分别是 −∞、0 和 0。因子 e^(m_{t−1} − m_t) 在这一块没有抬高最大值时为 "
        "1，抬高时小于 1。o：输出，与 softmax(x)·V 相同。",
    },
    "tile": {"en": "Tile size B (keys per tile)", "zh": "块大小 B（每块的键数）"},
    "tile_help": {
        "en": "How many keys are handled together. A B as large as the sentence makes one tile: "
        "the whole softmax at once, as on the Softmax page.",
        "zh": "一次一起处理多少个键。B 不小于句子长度时只有一块：一次算完整个 softmax，就像 Softmax 页面那样。",
    },
    "row": {
        "en": "The row of “{token}”: {n} keys in {tiles} tiles of {tile}: {listing}",
        "zh": "“{token}”这一行：{n} 个键，分成 {tiles} 块，每块 {tile} 个：{listing}",
    },
    "row_more": {"en": "… ({more} more tiles)", "zh": "……（还有 {more} 块）"},
    "walk": {"en": "The walk, tile by tile", "zh": "逐块走一遍"},
    "step": {"en": "Tiles walked so far", "zh": "已经处理的块数"},
    "step_help": {
        "en": "Move it to walk the keys one tile further (or back).",
        "zh": "拖动它，多处理一块（或退回一块）。",
    },
    "one_tile": {
        "en": "With B = {tile}, every key is in one tile: the walk is the whole softmax in one "
        "step, as on the Softmax page. Pick a smaller B to see m and ℓ carried from tile to tile.",
        "zh": "B = {tile} 时所有键都在同一块里：一步就算完整个 softmax，就像 Softmax 页面那样。选一个更小的 "
        "B，就能看到 m 和 ℓ 如何从一块带到下一块。",
    },
    "status": {"en": "tile", "zh": "块"},
    "status_walked": {"en": "walked", "zh": "已处理"},
    "status_current": {"en": "this step's tile", "zh": "这一步的块"},
    "status_later": {"en": "still to come", "zh": "尚未处理"},
    "x_keys": {"en": "key (tiles of {tile})", "zh": "键（每块 {tile} 个）"},
    "y_score": {"en": "score x", "zh": "分数 x"},
    "col_tile": {"en": "tile · keys", "zh": "块 · 键"},
    "col_m": {"en": "m after its tile", "zh": "所在块处理后的 m"},
    "row_caption": {
        "en": "Bars: the scores of the followed token's row, key by key; the grey bands group "
        "them in tiles. Black dash: the running maximum m once the key's tile is walked. "
        "−∞: a masked key (a later token, with the causal mask on).",
        "zh": "柱子：跟踪词元那一行中每个键的分数；灰色条带把它们按块分组。黑色短线：处理完该键所在的块之后的"
        "当前最大值 m。−∞：被掩码遮住的键（打开因果掩码时排在后面的词元）。",
    },
    "step_first": {
        "en": "**Tile {k}** ({keys}) is the first with a key to see. m = its largest score, "
        "{m}; ℓ = the sum of e^(x − m) over its keys, {l}. Nothing was kept before it, so "
        "nothing is rescaled.",
        "zh": "**第 {k} 块**（{keys}）是第一个有可见键的块。m = 它的最大分数 {m}；ℓ = 它的各个键的 "
        "e^(x − m) 之和 {l}。在它之前什么也没保留，所以无需缩放。",
    },
    "step_raised": {
        "en": "**Tile {k}** ({keys}): its largest score, {tmax}, is above m = {m_old}. So m "
        "becomes {m_new}, and ℓ and the output kept so far, measured against the old m, are "
        "both multiplied by e^({m_old} − {m_new}) = {factor}: ℓ = {factor} × {l_old} + "
        "{tile_sum} = {l_new} (the last term is the tile's own sum of e^(x − m)).",
        "zh": "**第 {k} 块**（{keys}）：它的最大分数 {tmax} 大于 m = {m_old}。于是 m 变为 {m_new}；"
        "到目前为止保留的 ℓ 和输出是按旧的 m 算的，两者都要乘以 e^({m_old} − {m_new}) = {factor}："
        "ℓ = {factor} × {l_old} + {tile_sum} = {l_new}（最后一项是这一块自己的 e^(x − m) 之和）。",
    },
    "step_kept": {
        "en": "**Tile {k}** ({keys}): its largest score, {tmax}, is not above m = {m}. m "
        "stays and nothing is rescaled (the factor is 1): ℓ = {l_old} + {tile_sum} = {l_new}.",
        "zh": "**第 {k} 块**（{keys}）：它的最大分数 {tmax} 不大于 m = {m}。m 不变，也无需缩放（因子为 "
        "1）：ℓ = {l_old} + {tile_sum} = {l_new}。",
    },
    "step_masked": {
        "en": "**Tile {k}** ({keys}): every key is masked (tokens after “{token}”, with the "
        "causal mask on). Its largest score is −∞, and m, ℓ and the output stay as they were.",
        "zh": "**第 {k} 块**（{keys}）：所有键都被掩码遮住（打开因果掩码时排在“{token}”之后的词元）。"
        "它的最大分数是 −∞，m、ℓ 和输出都保持不变。",
    },
    "step_kept_numbers": {
        "en": "Kept for the next tile: m = {m}, ℓ = {l} and the unnormalised output a = {acc}. "
        "Were this the last tile, the output would be o = a / ℓ = {out}.",
        "zh": "留给下一块的：m = {m}，ℓ = {l}，以及未归一化的输出 a = {acc}。如果这是最后一块，输出就是 "
        "o = a / ℓ = {out}。",
    },
    "col_max": {"en": "max", "zh": "最大"},
    "col_m_after": {"en": "m", "zh": "m"},
    "col_factor": {"en": "factor", "zh": "因子"},
    "col_l": {"en": "ℓ", "zh": "ℓ"},
    "history": {
        "en": "Every tile walked so far, as a table",
        "zh": "已处理的每一块：表格",
    },
    "table_caption": {
        "en": "One row per tile walked: its largest score, then m and ℓ after it, and the "
        "factor e^(m_old − m_new) that rescaled what was kept (1: m stayed; 0 on the first "
        "tile: nothing was kept yet). —: no key of the tile can be seen.",
        "zh": "每处理一块占一行：它的最大分数，处理后的 m 和 ℓ，以及缩放已保留量的因子 e^(m_old − m_new)"
        "（1：m 没变；第一块为 0：那时还什么都没保留）。—：这一块没有可见的键。",
    },
    "lines_caption": {
        "en": "The first chart: m and ℓ after each tile. The second: the running output "
        "o = a / ℓ, component by component; its dashed lines are the full softmax's answer, "
        "where the walk ends.",
        "zh": "第一张图：每处理一块之后的 m 和 ℓ。第二张图：当前输出 o = a / ℓ 的各个分量；其中的虚线是完整 "
        "softmax 的答案，也就是这一遍走完时的落点。",
    },
    "dims_cut": {
        "en": "The first {shown} of the output's {d_v} components are drawn.",
        "zh": "图中画出输出 {d_v} 个分量中的前 {shown} 个。",
    },
    "series": {"en": "running value", "zh": "当前量"},
    "series_m": {"en": "m (running max)", "zh": "m（当前最大值）"},
    "series_l": {"en": "ℓ (running sum)", "zh": "ℓ（当前总和）"},
    "series_output": {"en": "component of o", "zh": "o 的分量"},
    "component": {"en": "o{c}", "zh": "o{c}"},
    "x_step": {"en": "tiles walked", "zh": "已处理的块数"},
    "y_running": {"en": "value after the tile", "zh": "处理该块之后的值"},
    "y_output": {"en": "running output o", "zh": "当前输出 o"},
    "walk_on": {
        "en": "Walk on to the last tile ({last}) to compare the result with the full softmax.",
        "zh": "继续走到最后一块（第 {last} 块），就能把结果和完整的 softmax 对比。",
    },
    "result": {
        "en": "**After the last tile:** o = a / ℓ = {out}. The full softmax's weights · V for "
        "“{token}” (the row the Weighted sum page draws): {full}. They differ by at most "
        "{diff}, and the weights e^(x − m)/ℓ differ from softmax's by at most {wdiff}: "
        "rounding in the last digits of float64, not an approximation.",
        "zh": "**走完最后一块：** o = a / ℓ = {out}。对“{token}”用完整 softmax 算出的权重 · V"
        "（加权求和页面画出的那一行）：{full}。两者最多相差 {diff}，权重 e^(x − m)/ℓ 与 softmax 的权重"
        "最多相差 {wdiff}：这只是 float64 最后几位的舍入误差，不是近似。",
    },
    "memory": {
        "en": "Why it matters: the memory at long lengths",
        "zh": "为什么重要：长文本时的内存",
    },
    "memory_body": {
        "en": "Counted: the numbers the softmax makes and must keep at once, for one head. The "
        "full softmax makes the n × n matrix of scores (for one query, its row of n). The tiles "
        "keep each query's m, ℓ and running output, and one tile of B scores at a time. Q, K, "
        "V and the output are the same both ways and not counted.",
        "zh": "这里统计的是：对一个头而言，softmax 需要生成并同时保存的数。完整的 softmax 生成 n × n "
        "的分数矩阵（对一个查询来说是它那一行的 n 个分数）。分块时，每个查询保存自己的 m、ℓ 和当前输出，"
        "外加一次一块的 B 个分数。Q、K、V 和输出两种做法都一样，不计入。",
    },
    "x_n": {"en": "tokens n", "zh": "词元数 n"},
    "y_bytes": {"en": "bytes (float32, one head)", "zh": "字节（float32，一个头）"},
    "way_full": {"en": "full softmax", "zh": "完整 softmax"},
    "way_tiles": {"en": "in tiles", "zh": "分块"},
    "scope_all": {"en": "every query", "zh": "所有查询"},
    "scope_one": {"en": "one query", "zh": "一个查询"},
    "marker": {"en": "your sentence: n = {n}", "zh": "你的句子：n = {n}"},
    "memory_here": {
        "en": "For your sentence (n = {n}, B = {tile}, d_v = {d_v}): the full softmax holds "
        "{full} numbers, the tiles {tiled}; for one query, {full_row} against {tiled_row}. "
        "The n × n matrix holds more than all the tiles from n = {crossover} on, one query's "
        "row more than its tiles from n = {row_crossover} on: at a sentence's length the tiles "
        "save little or nothing. The saving is all at long lengths.",
        "zh": "对你的句子（n = {n}，B = {tile}，d_v = {d_v}）：完整的 softmax 保存 {full} 个数，分块保存 "
        "{tiled} 个；对一个查询来说是 {full_row} 对 {tiled_row}。从 n = {crossover} 起，n × n 矩阵比所有块的"
        "状态加起来还多；从 n = {row_crossover} 起，一个查询的整行比它的分块状态多：在一句话的长度上，分块"
        "几乎省不了什么。节省全都在长文本上。",
    },
    "memory_long": {
        "en": "At {longest} tokens with these tiles: {full} against {tiled}. A head as "
        "FlashAttention runs it (B = {real_tile}, d_v = {real_d_v}, float16): {real_full} "
        "against {real_tiled}, {ratio} times less.",
        "zh": "{longest} 个词元、用这样的分块时：{full} 对 {tiled}。按 FlashAttention 实际运行的头"
        "（B = {real_tile}，d_v = {real_d_v}，float16）：{real_full} 对 {real_tiled}，少了 {ratio} 倍。",
    },
    "not_shown": {
        "en": "**What this page does not show**\n"
        "- **The GPU's memory levels.** FlashAttention is fast because each tile of Q, K and V "
        "is copied once from the GPU's large, slow memory (HBM) into its small, fast on-chip "
        "memory (SRAM) and worked on there, and the n × n matrix is never written back. This "
        "page counts the numbers alive at once; it models no hardware and no copies.\n"
        "- **The backward pass.** Training recomputes each tile's scores from the m and ℓ it "
        "saved, rather than keeping the n × n weights for the gradients.\n"
        "- **Scores made tile by tile.** This app makes the whole score matrix first and the "
        "walk reads it, so both sides see the very same numbers; FlashAttention makes each "
        "tile's scores as it goes, which changes the memory, not a single number.",
        "zh": "**本页没有展示的内容**\n"
        "- **GPU 的存储层级。** FlashAttention 之所以快，是因为 Q、K、V 的每一块只从 GPU 容量大但慢的"
        "显存（HBM）复制一次到容量小但快的片上存储（SRAM），在那里算完，而且 n × n 矩阵从不写回显存。"
        "本页只统计同时存在的数，不模拟任何硬件，也不统计复制。\n"
        "- **反向传播。** 训练时会用保存下来的 m 和 ℓ 重新计算每一块的分数，而不是为了求梯度保存 n × n "
        "的权重。\n"
        "- **逐块生成分数。** 本应用先算出整个分数矩阵，再逐块读取，这样两边用的是完全相同的数；"
        "FlashAttention 则边走边算每一块的分数，这改变的是内存，不会改变任何一个数。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.l.ask": {
        "en": "The row of “{token}” is walked in tiles of {tile}. After a tile whose largest "
        "score is above the running maximum m, does the running sum ℓ grow, shrink, or could "
        "it do either?",
        "zh": "“{token}”这一行按每块 {tile} 个键逐块处理。某一块的最大分数大于当前最大值 m 时，处理完这一块，"
        "当前总和 ℓ 是变大、变小，还是都有可能？",
    },
    "quiz.l.why": {
        "en": "{answer}. After such a tile, ℓ = e^(m_old − m_new)·ℓ_old + the tile's sum of "
        "e^(x − m_new). The first part is smaller than ℓ_old, since the factor is below 1; the "
        "second is at least 1, since the tile's own maximum gives e⁰ = 1. Either can win: in "
        "tiles of 2, the scores 0 0 | 5 0 take ℓ from {shrink_before} to {shrink_after}, and "
        "0 0 | 1 1 from {grow_before} to {grow_after}. In the row of “{token}” with tiles of "
        "{tile}, {raised} tile(s) after the first raised m; ℓ grew after {grew} of them and "
        "shrank after {shrank}. The first, at tile {step}: m went from {m_old} to {m_new}, the "
        "factor was {factor}, and ℓ = {factor} × {l_old} + {tile_sum} = {l_new}.",
        "zh": "{answer}。处理完这样一块后，ℓ = e^(m_old − m_new)·ℓ_old + 这一块的 e^(x − m_new) 之和。前一部分"
        "比 ℓ_old 小，因为因子小于 1；后一部分至少为 1，因为这一块自己的最大值贡献 e⁰ = 1。哪一边占上风都有"
        "可能：每块 2 个键时，分数 0 0 | 5 0 让 ℓ 从 {shrink_before} 变为 {shrink_after}，而 0 0 | 1 1 让它从 "
        "{grow_before} 变为 {grow_after}。在“{token}”这一行、每块 {tile} 个键时，第一块之后有 {raised} 块抬高了 "
        "m；其中 {grew} 块之后 ℓ 变大，{shrank} 块之后变小。第一次发生在第 {step} 块：m 从 {m_old} 变为 "
        "{m_new}，因子为 {factor}，ℓ = {factor} × {l_old} + {tile_sum} = {l_new}。",
    },
    "quiz.l.why_none": {
        "en": "{answer}. After such a tile, ℓ = e^(m_old − m_new)·ℓ_old + the tile's sum of "
        "e^(x − m_new). The first part is smaller than ℓ_old, since the factor is below 1; the "
        "second is at least 1, since the tile's own maximum gives e⁰ = 1. Either can win: in "
        "tiles of 2, the scores 0 0 | 5 0 take ℓ from {shrink_before} to {shrink_after}, and "
        "0 0 | 1 1 from {grow_before} to {grow_after}. In the row of “{token}” with tiles of "
        "{tile}, no tile after the first raised m: its largest score came in the first tile. "
        "Try B = 1 to watch m rise as the walk goes.",
        "zh": "{answer}。处理完这样一块后，ℓ = e^(m_old − m_new)·ℓ_old + 这一块的 e^(x − m_new) 之和。前一部分"
        "比 ℓ_old 小，因为因子小于 1；后一部分至少为 1，因为这一块自己的最大值贡献 e⁰ = 1。哪一边占上风都有"
        "可能：每块 2 个键时，分数 0 0 | 5 0 让 ℓ 从 {shrink_before} 变为 {shrink_after}，而 0 0 | 1 1 让它从 "
        "{grow_before} 变为 {grow_after}。在“{token}”这一行、每块 {tile} 个键时，第一块之后没有哪一块抬高 m："
        "它的最大分数出现在第一块里。试试 B = 1，看 m 如何一路升高。",
    },
    "quiz.kept.ask": {
        "en": "Between two tiles, how many numbers must one query keep, however long the text? "
        "Its value vectors have d_v = {d_v} numbers.",
        "zh": "在两块之间，一个查询必须保留多少个数（不管文本有多长）？它的值向量有 d_v = {d_v} 个数。",
    },
    "quiz.kept.why": {
        "en": "{kept}: the running maximum m, the running sum ℓ and the running output's {d_v} "
        "numbers, d_v + 2 in all. While a tile is worked on, its {tile} scores are there too "
        "({held} in all). The full softmax keeps the whole row of scores instead, one per key: "
        "{n} here, and as many as the text is long.",
        "zh": "{kept} 个：当前最大值 m、当前总和 ℓ，以及当前输出的 {d_v} 个数，一共 d_v + 2 个。处理某一块时，"
        "它的 {tile} 个分数也在（一共 {held} 个）。完整的 softmax 则要保留整行分数，每个键一个：这里是 {n} 个，"
        "文本有多长就有多少个。",
    },
}
