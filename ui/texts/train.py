"""Texts of the "Why scale? Train it" page: one attention model trained with and without ÷√d_k."""

# Words its Chinese texts keep in Latin letters: names of functions, models, formats,
# tools and people (tests/test_chinese.py finds no other English).
LATIN = {"Adam"}

TEXTS = {
    "title": {"en": "Why scale? Train it", "zh": "为什么缩放？亲手训练"},
    "intro": {
        "en": "The Scaling and Softmax pages showed what dividing by √d_k does to a row of "
        "scores. Here the division has to prove itself in training. A small attention model "
        "learns a task twice, from the same starting weights and on the same data: once "
        "with ÷√d_k and once without. Then you compare how fast each one learns, what "
        "happens to its gradients and how sharp its attention is.",
        "zh": "「缩放」和「Softmax」两页展示了除以 √d_k 对一行分数的影响。这一页让它在训练中接受检验："
        "同一个小型注意力模型，用相同的初始权重、相同的数据训练两次，一次除以 √d_k，一次不除。"
        "然后比较两者学得多快、梯度怎样变化、注意力有多尖锐。",
    },
    "formula_caption": {
        "en": "The two runs differ only in this division; weights, data and Adam are the same.",
        "zh": "两次训练只差这一步除法；权重、数据和 Adam 优化器都相同。",
    },
    # the task and the model
    "task": {"en": "The task: find the matching key", "zh": "任务：找到匹配的键"},
    "task_body": {
        "en": "Each sequence first lists {pairs} tokens that each carry a key and its value, "
        "such as `k3=v7`, every key different. Then come {queries} query tokens such as "
        "`k3=?`. The right answer at a query is the value stored with its key, and nothing "
        "in the query token itself says what it is: the model has to find the earlier token "
        "with the same key and copy its value. That is attention's job: the query's q must "
        "match that token's k. Every step draws new random sequences, so the accuracy is "
        "always measured on sequences the model has not seen. Guessing gets 1 in {values}.",
        "zh": "每个序列先列出 {pairs} 个词元，每个都带一个键和它的值，例如 `k3=v7`，键各不相同；"
        "然后是 {queries} 个查询词元，例如 `k3=?`。查询处的正确答案是和它的键存在一起的那个值，"
        "而查询词元本身不含任何线索：模型必须找到前面键相同的词元，把它的值搬过来。"
        "这正是注意力要做的事：查询的 q 必须和那个词元的 k 匹配。每一步都抽取新的随机序列，"
        "所以准确率总是在模型没见过的序列上测得的。瞎猜的准确率是 {values} 分之 1。",
    },
    "example": {
        "en": "The sequence: {tokens}",
        "zh": "这个序列：{tokens}",
    },
    "model_body": {
        "en": "The model: token embeddings, one attention layer (W_Q, W_K, W_V and W_O) and a "
        "linear read-out, trained with Adam. Forward and backward passes are written out by "
        "hand in numpy, the backward pass of softmax included. At the start the entries of q "
        "and k have variance 1, the setting of the paper's footnote 4, so the unscaled scores "
        "have variance about d_k.",
        "zh": "模型：词元嵌入、一层注意力（W_Q、W_K、W_V 和 W_O），再加一个线性输出层，用 Adam 训练。"
        "前向和反向传播都用 numpy 手写，包括 softmax 的反向传播。初始时 q 和 k 的每个分量方差为 1，"
        "即论文脚注 4 的设定，所以不缩放的分数方差约为 d_k。",
    },
    # controls
    "controls": {"en": "Settings", "zh": "设置"},
    "dk": {"en": "d_k (query and key width)", "zh": "d_k（查询与键的维度）"},
    "dk_help": {
        "en": "The length of each head's query and key vectors. The model's other sizes stay "
        "fixed, so only the size of the scores changes with d_k.",
        "zh": "每个头的查询向量和键向量的长度。模型的其他尺寸保持不变，所以改变 d_k 只会改变分数的大小。",
    },
    "heads": {"en": "Heads h", "zh": "头数 h"},
    "heads_help": {
        "en": "Each head has its own W_Q, W_K and W_V with this d_k. Here h × d_k is at most "
        "{width}.",
        "zh": "每个头都有自己的 W_Q、W_K 和 W_V，维度为这里的 d_k。这里 h × d_k 最多为 {width}。",
    },
    "lr": {"en": "Learning rate (Adam)", "zh": "学习率（Adam）"},
    "lr_help": {
        "en": "Adam's step size. Small values learn slowly; large ones make the loss jump or "
        "blow up.",
        "zh": "Adam 的步长。太小学得慢；太大会让损失剧烈跳动，甚至发散。",
    },
    "steps": {"en": "Training steps", "zh": "训练步数"},
    "steps_help": {
        "en": "Weight updates per run. Each step trains on {batch} new sequences.",
        "zh": "每次训练更新权重的次数。每一步都在 {batch} 个新序列上训练。",
    },
    "seeds": {"en": "Seeds per run", "zh": "每组的随机种子数"},
    "seeds_help": {
        "en": "How many models each side trains, each from its own random start. The curves "
        "show their mean, and their range as a band.",
        "zh": "每一边训练多少个模型，每个都从自己的随机初始值开始。曲线显示它们的平均值，阴影带是它们的范围。",
    },
    "target": {"en": "Target accuracy", "zh": "目标准确率"},
    "target_help": {
        "en": "What counts as learned: the accuracy averaged over the last {window} steps "
        "reaches this.",
        "zh": "怎样算学会：最近 {window} 步的平均准确率达到这个值。",
    },
    "shared": {
        "en": "From the sidebar: causal mask **{mask}**, seed {seed}, so the seeds here are "
        "{seeds}.",
        "zh": "来自侧边栏：因果掩码**{mask}**，随机种子 {seed}，所以这里用的种子是 {seeds}。",
    },
    "on": {"en": "on", "zh": "开"},
    "off": {"en": "off", "zh": "关"},
    "estimate": {
        "en": "Training both sides takes about {seconds} s.",
        "zh": "训练两边大约需要 {seconds} 秒。",
    },
    "run": {"en": "Train both", "zh": "训练两边"},
    "progress": {"en": "Training… {percent} %", "zh": "训练中…… {percent} %"},
    "queued": {
        "en": "Waiting for the trainer: {ahead} training(s) ahead of yours.",
        "zh": "等待训练：前面还有 {ahead} 个训练。",
    },
    "failed": {
        "en": "The training stopped with an error: {error}",
        "zh": "训练因出错而停止：{error}",
    },
    "busy": {
        "en": "Too many trainings are waiting on this server; try again in a moment.",
        "zh": "这台服务器上排队的训练太多了，请稍后再试。",
    },
    "retry": {"en": "Try again", "zh": "重试"},
    "press": {
        "en": "Press **Train both** to train the two sides with these settings.",
        "zh": "按 **训练两边**，用这些设置训练两边的模型。",
    },
    # what validate() changed
    "fixed": {
        "en": "Some training settings were changed so that they can be trained:",
        "zh": "部分训练设置已被调整，以便能够训练：",
    },
    "fixed_item": {
        "en": "**{name}**: {given} → {used} ({reason})",
        "zh": "**{name}**：{given} → {used}（{reason}）",
    },
    "name_d_k": {"en": "d_k", "zh": "d_k"},
    "name_n_heads": {"en": "heads", "zh": "头数"},
    "name_lr": {"en": "learning rate", "zh": "学习率"},
    "name_steps": {"en": "steps", "zh": "步数"},
    "name_n_seeds": {"en": "seeds", "zh": "种子数"},
    "name_seed": {"en": "seed", "zh": "随机种子"},
    "name_target": {"en": "target accuracy", "zh": "目标准确率"},
    "name_batch": {"en": "sequences per step", "zh": "每步序列数"},
    "name_d_model": {"en": "d_model", "zh": "d_model"},
    "name_n_pairs": {"en": "key-value tokens", "zh": "键值词元数"},
    "name_n_queries": {"en": "queries", "zh": "查询数"},
    "name_n_keys": {"en": "keys", "zh": "键的种类数"},
    "name_n_values": {"en": "values", "zh": "值的种类数"},
    "name_scale": {"en": "scaling", "zh": "缩放"},
    "name_causal": {"en": "causal mask", "zh": "因果掩码"},
    "reason_invalid": {
        "en": "not a valid value, so the default is used",
        "zh": "不是有效的值，因此使用默认值",
    },
    "reason_too_small": {"en": "below the smallest allowed value", "zh": "低于允许的最小值"},
    "reason_too_large": {"en": "above the largest allowed value", "zh": "高于允许的最大值"},
    "reason_rounded": {"en": "not a whole number, so rounded", "zh": "不是整数，因此取整"},
    "reason_unknown": {"en": "not a setting, so ignored", "zh": "不是一个设置项，因此忽略"},
    "reason_n_pairs": {
        "en": "more key-value tokens than keys: one per key",
        "zh": "键值词元比键的种类还多：每种键一个",
    },
    "reason_n_queries": {
        "en": "more queries than key-value tokens: one per token",
        "zh": "查询比键值词元还多：每个词元一个",
    },
    "reason_width": {
        "en": "lowered so that h × d_k is at most {width}",
        "zh": "已调低，使 h × d_k 不超过 {width}",
    },
    "reason_time": {
        "en": "lowered so that training takes at most about {seconds} s",
        "zh": "已调低，使训练最多约 {seconds} 秒",
    },
    "reason_choice": {
        "en": "moved to the nearest value the control offers",
        "zh": "改为控件提供的最接近的值",
    },
    # the comparison
    "scaled": {"en": "with ÷√d_k", "zh": "除以 √d_k"},
    "unscaled": {"en": "without ÷√d_k", "zh": "不除以 √d_k"},
    "learning": {"en": "How fast each side learns", "zh": "两边各学得多快"},
    "col_seed": {"en": "seed", "zh": "种子"},
    "steps_caption": {
        "en": "Steps until the accuracy, averaged over {window} steps, first reached {target}.",
        "zh": "平均准确率（按 {window} 步平均）首次达到 {target} 所用的步数。",
    },
    "cell_steps": {"en": "{steps}", "zh": "{steps}"},
    "cell_missed": {"en": "not within {steps}", "zh": "{steps} 步内未达到"},
    "cell_diverged": {"en": "diverged at step {step}", "zh": "第 {step} 步发散"},
    "verdict_scaled_first": {
        "en": "At d_k = {d_k}, every seed **with ÷√d_k** reached {target} before any seed "
        "without it.",
        "zh": "在 d_k = {d_k} 时，**除以 √d_k** 的每个种子都比不除的任何种子更早达到 {target}。",
    },
    "verdict_unscaled_first": {
        "en": "At d_k = {d_k}, every seed **without ÷√d_k** reached {target} before any seed "
        "with it.",
        "zh": "在 d_k = {d_k} 时，**不除以 √d_k** 的每个种子都比除以的任何种子更早达到 {target}。",
    },
    "verdict_close": {
        "en": "At d_k = {d_k} the two sides are **close**: their seeds' step counts overlap, "
        "or their means differ by less than {close}.",
        "zh": "在 d_k = {d_k} 时，两边**很接近**：它们各个种子的步数范围有重叠，或平均值相差不到 {close}。",
    },
    "verdict_mixed": {
        "en": "At d_k = {d_k} the seeds disagree: the two sides' step counts overlap, and "
        "some seeds did not reach {target} within {steps} steps.",
        "zh": "在 d_k = {d_k} 时，各种子的结果不一致：两边的步数范围有重叠，而且有些种子没有在 {steps} 步内达到 {target}。",
    },
    "verdict_neither": {
        "en": "At d_k = {d_k}, neither side reached {target} within {steps} steps.",
        "zh": "在 d_k = {d_k} 时，两边都没有在 {steps} 步内达到 {target}。",
    },
    "diverged": {
        "en": "**Diverged** {side}: seed {seeds}. The loss or a gradient became infinite or "
        "not a number, so training stopped there; the charts show the steps before it.",
        "zh": "{side}这一边**发散**了：种子 {seeds}。损失或某个梯度变成了无穷大或非数值，"
        "训练就此停止；图中只显示此前的步数。",
    },
    "loss": {"en": "loss (nats)", "zh": "损失（奈特）"},
    "accuracy": {"en": "accuracy", "zh": "准确率"},
    "x_step": {"en": "training step", "zh": "训练步"},
    "band": {"en": "range over seeds", "zh": "各种子的范围"},
    "chance_loss": {"en": "guessing: ln {values}", "zh": "瞎猜：ln {values}"},
    "target_line": {"en": "target {target}", "zh": "目标 {target}"},
    "curves_caption": {
        "en": "Lines: the mean over {n} seed(s); bands: from the lowest to the highest seed. "
        "The loss is the cross-entropy of the right answer, on a log axis.",
        "zh": "线：{n} 个种子的平均值；阴影带：从最低到最高的种子。损失是相对于正确答案的交叉熵，纵轴为对数坐标。",
    },
    # gradients
    "gradients": {"en": "What happens to the gradients", "zh": "梯度发生了什么"},
    "gradients_body": {
        "en": 'It is often said that without scaling "the gradients become tiny". Measured, '
        "it is subtler, because two things change at once. Dividing the scores by √d_k also "
        "divides their gradient by √d_k; without scaling that factor is missing, so the "
        "gradient that reaches **W_Q and W_K** (first chart) tends to be *larger*. But unscaled rows "
        "are sharper, and a nearly one-hot row barely changes when its scores change: the "
        "gradient **through softmax**, the size of softmax's Jacobian on the query rows "
        "(second chart), shrinks as the rows saturate. That is what a saturated row loses: the "
        "signal about which other key should have won. The size of the step is another "
        "matter: Adam divides every update by the gradient's recent size.",
        "zh": "常有人说，不缩放的话「梯度会变得很小」。实际测量下来，情况更微妙，因为有两件事同时在变。"
        "把分数除以 √d_k，也会把它们的梯度除以 √d_k；不缩放就少了这个因子，"
        "所以到达 **W_Q 和 W_K** 的梯度（第一张图）往往反而*更大*。但不缩放的行更尖锐，"
        "而几乎独热的行在分数变化时几乎不动：**穿过 softmax** 的梯度，"
        "即 softmax 在查询行上的雅可比矩阵的大小（第二张图），会随着行的饱和而变小。"
        "饱和的行失去的正是这一点：关于本该选中哪一个别的键的信号。至于步子多大，那是另一回事："
        "Adam 会把每次更新除以梯度最近的大小。",
    },
    "start": {
        "en": "At the first step of this run, with ÷√d_k and without: ‖∂L/∂W_Q‖ {q_on} and "
        "{q_off}; ‖J‖ of softmax {j_on} and {j_off}; entropy {h_on} and {h_off} nats.",
        "zh": "本次训练的第一步，除以 √d_k 与不除：‖∂L/∂W_Q‖ 分别为 {q_on} 和 {q_off}；"
        "softmax 的 ‖J‖ 分别为 {j_on} 和 {j_off}；熵分别为 {h_on} 和 {h_off} 奈特。",
    },
    "grad_norm": {"en": "‖∂L/∂W_Q‖ and ‖∂L/∂W_K‖", "zh": "‖∂L/∂W_Q‖ 与 ‖∂L/∂W_K‖"},
    "jacobian": {"en": "‖J‖ of softmax", "zh": "softmax 的 ‖J‖"},
    "matrix": {"en": "matrix", "zh": "矩阵"},
    "grad_caption": {
        "en": "Both on log axes, means over the seeds. First: the Frobenius norm of the loss's "
        "gradient at W_Q (solid) and W_K (dashed). Second: the mean Frobenius norm of the "
        "softmax Jacobian diag(p) − p pᵀ over the query rows; it is 0 for a one-hot row.",
        "zh": "两图纵轴都是对数坐标，取各种子的平均。第一张：损失对 W_Q（实线）和 W_K（虚线）的梯度的 "
        "Frobenius 范数。第二张：softmax 雅可比矩阵 diag(p) − p pᵀ 在查询行上的平均 Frobenius 范数；"
        "独热的行为 0。",
    },
    # entropy
    "entropy": {"en": "How sharp the attention is", "zh": "注意力有多尖锐"},
    "entropy_body": {
        "en": "The entropy of the query rows' attention, in nats: {uniform} when a row spreads "
        "evenly over every token it may see, 0 when one token takes it all. The larger d_k, "
        "the sharper the unscaled rows are at the start, before the model has learned "
        "anything, so the token they favour then is a random one. Solving the task needs "
        "sharp rows too, on the right token: compare where each side starts with where it "
        "ends.",
        "zh": "查询行注意力的熵（单位：奈特）：一行均匀分布在它能看到的所有词元上时为 {uniform}，"
        "全部集中在一个词元上时为 0。d_k 越大，不缩放的行在一开始就越尖锐，而那时模型什么都还没学，"
        "所以它偏向的词元是随机的。解决这个任务同样需要尖锐的行，但要落在正确的词元上："
        "比较两边从哪里开始、到哪里结束。",
    },
    "entropy_axis": {"en": "entropy (nats)", "zh": "熵（奈特）"},
    "even_line": {"en": "even attention", "zh": "均匀注意力"},
    # maps
    "maps": {"en": "One sequence, before and after", "zh": "同一个序列，训练前后"},
    "maps_body": {
        "en": "The attention of the query tokens on the sequence below, for seed {seed}. The "
        "outlined cell in each row holds the answer. Before training, compare how spread "
        "the two sides are; after training, whether they found the outlined cells.",
        "zh": "下面这个序列中各查询词元的注意力，种子 {seed}。每一行中被框出的格子存放着答案。"
        "训练前，比较两边的注意力有多分散；训练后，看它们是否找到了框出的格子。",
    },
    "before": {"en": "{side}, before training", "zh": "{side}，训练前"},
    "after": {"en": "{side}, after training", "zh": "{side}，训练后"},
    "after_diverged": {
        "en": "{side}, at the last finite step",
        "zh": "{side}，最后一个有限值的步",
    },
    # the sweep
    "sweep": {
        "en": "The punchline: steps to {target} against d_k",
        "zh": "关键结论：达到 {target} 所需步数与 d_k 的关系",
    },
    "sweep_body": {
        "en": "Now the same comparison at d_k = {dims}, with your learning rate, heads, mask "
        "and target. Each side at each d_k trains {seeds} seed(s) for at most {steps} steps "
        "and stops once all of them have reached the target. A point is a seed; the line "
        "joins their means. A triangle on the dashed line at the top is a seed that had not "
        "reached the target within {steps} steps: its true count is larger.",
        "zh": "现在在 d_k = {dims} 上重复同样的比较，使用你设定的学习率、头数、掩码和目标。"
        "每个 d_k 的每一边训练 {seeds} 个种子，最多 {steps} 步，所有种子都达到目标后就停止。"
        "每个点是一个种子；线连接它们的平均值。顶部虚线上的三角形表示该种子在 {steps} 步内没有达到目标："
        "它真正需要的步数更多。",
    },
    "sweep_run": {"en": "Run the sweep", "zh": "运行扫描"},
    "sweep_estimate": {
        "en": "At most about {seconds} s; usually less, since a side stops once every seed "
        "has reached the target.",
        "zh": "最多约 {seconds} 秒；通常更快，因为某一边所有种子都达到目标后就会停止。",
    },
    "sweep_press": {
        "en": "Press **Run the sweep** to train both sides at every d_k.",
        "zh": "按 **运行扫描**，在每个 d_k 上训练两边。",
    },
    "sweep_fewer": {
        "en": "The sweep uses {seeds} seed(s) and {heads} head(s) (at most {max_seeds} seeds, "
        "and h × 512 at most {width}).",
        "zh": "扫描使用 {seeds} 个种子、{heads} 个头（最多 {max_seeds} 个种子，且 h × 512 不超过 {width}）。",
    },
    "y_steps": {"en": "steps to {target}", "zh": "达到 {target} 的步数"},
    "x_dk": {"en": "d_k (log scale)", "zh": "d_k（对数坐标）"},
    "budget_line": {"en": "budget: {steps} steps", "zh": "预算：{steps} 步"},
    "reached": {"en": "reached", "zh": "已达到"},
    "not_reached": {"en": "not reached", "zh": "未达到"},
    "mean": {"en": "mean over seeds", "zh": "各种子平均"},
    "marker": {"en": "your d_k", "zh": "你的 d_k"},
    "col_dk": {"en": "d_k", "zh": "d_k"},
    "sweep_cell_all": {"en": "{mean} ({lo}–{hi})", "zh": "{mean}（{lo}–{hi}）"},
    "sweep_cell_some": {
        "en": "≥ {mean} ({lo}–{hi}), {reached}/{seeds}",
        "zh": "≥ {mean}（{lo}–{hi}），{reached}/{seeds}",
    },
    "sweep_cell_none": {"en": "not within {steps}", "zh": "{steps} 步内未达到"},
    "sweep_table_caption": {
        "en": "Mean steps over the seeds, and the lowest to the highest. Where only some seeds "
        "reached the target (2/3: two of three), the others count as the budget, so the mean "
        "is only a lower bound.",
        "zh": "各种子的平均步数，以及最低到最高。若只有部分种子达到目标（2/3：三个中有两个），"
        "其余的按预算计，所以平均值只是一个下限。",
    },
    "takeaway": {
        "en": "**What to take away:** ÷√d_k is one fixed factor, and a model could learn to "
        "shrink W_Q and W_K by itself. What the factor buys is that the scores, and so "
        "softmax, start out in a range where softmax is not saturated. How much that is "
        "worth at each d_k is what the sweep measures.",
        "zh": "**要点：** ÷√d_k 只是一个固定的因子，模型本来也可以自己学会把 W_Q 和 W_K 缩小。"
        "这个因子带来的是：分数、进而 softmax，从一开始就处在不饱和的范围里。"
        "它在每个 d_k 上值多少，正是扫描所测量的。",
    },
    # The page's questions (core.quiz): what is asked, and why the answer is what it is.
    "quiz.gradient.ask": {
        "en": "At d_k = {d_k}, switch ÷√d_k off. Two things pull the gradient that reaches W_Q "
        "at the first step, from the same start: the scores are no longer divided, which "
        "makes it √d_k times larger; and softmax of larger scores is closer to one-hot, "
        "which lets less through it. Which wins: is that gradient larger or smaller than "
        "with ÷√d_k?",
        "zh": "在 d_k = {d_k} 时关掉 ÷√d_k。从同一个起点出发，第一步传到 W_Q 的梯度受两股力量影响："
        "分数不再被除，这让它大 √d_k 倍；而分数变大后 softmax 更接近独热，能穿过它的部分变少。"
        "哪一股更强：这个梯度比除以 √d_k 时更大还是更小？",
    },
    "quiz.gradient.why": {
        "en": "{answer}: {q_off} without against {q_on} with, as the scores are not divided. "
        "Yet what gets through softmax shrinks: the norm of its Jacobian is {j_off} against "
        "{j_on}. Large scores make rows nearly one-hot, so most of the signal that should "
        "teach W_Q and W_K which key to prefer is lost, and training wanders: watch the "
        "curves below.",
        "zh": "{answer}：不除以时为 {q_off}，除以时为 {q_on}，因为分数没有被缩小。可是能穿过 softmax 的部分变小了："
        "它的雅可比矩阵范数是 {j_off}，对比 {j_on}。分数太大让各行几乎变成独热，本该告诉 W_Q 和 W_K "
        "该偏向哪个键的信号大多丢失了，训练就会走弯路：看看下面的曲线。",
    },
}
