"""Texts of a class: teaching one on the projector, joining one, voting, and what can go
wrong (ui.classroom)."""

LATIN = {"QR", "localhost", "server", "address"}

TEXTS = {
    # the sidebar: join or teach
    "sb.class": {"en": "Join or teach a class", "zh": "加入或开设课堂"},
    "sb.class_help": {
        "en": "Vote on the page's questions with your class: type the code your teacher "
        "shows, or open a class for your own students.",
        "zh": "和全班一起为每页的问题投票：输入老师展示的课堂码，或者为你的学生开设一个课堂。",
    },
    "sb.code": {"en": "Class code", "zh": "课堂码"},
    "sb.code_placeholder": {"en": "e.g. K7M-4QX-9PA", "zh": "例如 K7M-4QX-9PA"},
    "sb.join": {"en": "Join", "zh": "加入"},
    "sb.teach": {"en": "Teach a class", "zh": "开设课堂"},
    "sb.teach_help": {
        "en": "Opens a class: a code, a link and a QR code for your students, and on this "
        "screen the spread of their votes, without the answer until you reveal it. No "
        "accounts, no names.",
        "zh": "开设一个课堂：给学生一个课堂码、一个链接和一个二维码；这块屏幕上显示全班的投票分布，"
        "在你揭晓之前不显示答案。不需要账号，也不记录姓名。",
    },
    # a student in class
    "in_class": {"en": "In class **{code}**", "zh": "已在课堂 **{code}** 中"},
    "leave": {"en": "Leave the class", "zh": "退出课堂"},
    "landing": {
        "en": "Your teacher's page: **{page}**. Open it to answer its question with the class.",
        "zh": "老师现在讲的是：**{page}**。打开这一页，和全班一起回答其中的问题。",
    },
    "landing_open": {"en": "Open the page", "zh": "打开这一页"},
    "joining": {
        "en": "Joining class **{code}**: the class cannot be reached yet. Your page works as "
        "usual, and it joins by itself when the class is back.",
        "zh": "正在加入课堂 **{code}**：暂时连不上课堂。页面照常可用，连上后会自动加入。",
    },
    "unreachable": {
        "en": "The class cannot be reached right now. Your page works as usual; it "
        "reconnects by itself.",
        "zh": "暂时连不上课堂。页面照常可用，稍后会自动重新连接。",
    },
    "offer": {
        "en": "Your teacher invites the class to **{page}**.",
        "zh": "老师邀请全班前往 **{page}**。",
    },
    "offer_go": {"en": "Go there", "zh": "前往"},
    "offer_dismiss": {"en": "Not now", "zh": "暂不"},
    "vote.counted": {
        "en": "Your vote is in. Talk it over with your neighbours.",
        "zh": "你的投票已收到。和旁边的同学讨论一下吧。",
    },
    "vote.counted_note": {
        "en": "Round {round}: you can change your vote until the round closes. The answer "
        "comes when your teacher reveals it.",
        "zh": "第 {round} 轮：本轮结束前，你可以改投。老师揭晓后才会公布答案。",
    },
    "vote.waiting": {
        "en": "The class is not voting on this question right now. Your vote is kept; the "
        "answer comes when your teacher reveals it.",
        "zh": "全班现在没有在为这道题投票。你的投票已保留；老师揭晓后才会公布答案。",
    },
    "vote.unreachable": {
        "en": "Your vote could not be recorded: the class cannot be reached. Vote again in "
        "a moment.",
        "zh": "你的投票没能记录：暂时连不上课堂。请稍后再投一次。",
    },
    "vote.not_published": {
        "en": "Your vote was not counted: the class is voting on the teacher's page and "
        "settings, and yours differ.",
        "zh": "你的投票没有计入：全班投票的是老师这一页和这组设置下的问题，而你的页面或设置与老师不同。",
    },
    "vote.closed": {
        "en": "Your vote was not counted: voting on this question is over.",
        "zh": "你的投票没有计入：这道题的投票已经结束。",
    },
    "vote.not_member": {
        "en": "Your vote was not counted: you are not in this class any more. Join it again "
        "with its code.",
        "zh": "你的投票没有计入：你已不在这个课堂中。请用课堂码重新加入。",
    },
    "vote.invalid": {
        "en": "Your vote was not counted: it is not an answer to this question.",
        "zh": "你的投票没有计入：它不是这道题的答案。",
    },
    "vote.again": {"en": "Round {round}: vote again", "zh": "第 {round} 轮：再投一次"},
    "vote.again_body": {
        "en": "Talk it over with your neighbours, then vote again. Your first vote stays "
        "as it was.",
        "zh": "先和旁边的同学讨论，再投一次。你第一轮的投票不会改变。",
    },
    "vote.send": {"en": "Vote", "zh": "投票"},
    "student.waiting": {
        "en": "The class is voting. The votes show here once your teacher reveals the answer.",
        "zh": "全班正在投票。老师揭晓答案后，投票结果会显示在这里。",
    },
    "student.revealed": {
        "en": "Your class's votes, now that the answer is revealed:",
        "zh": "答案已揭晓，这是全班的投票：",
    },
    "held": {
        "en": "The class is voting on this question; the rest of the page comes with the reveal.",
        "zh": "全班正在为这道题投票；老师揭晓答案后，这一页的其余内容才会出现。",
    },
    "held.elsewhere": {
        "en": "The class is voting on this page's question at your teacher's settings; the "
        "rest of the page comes with the reveal. Take the class's settings to vote with "
        "everyone.",
        "zh": "全班正在按老师的设置为这一页的问题投票；老师揭晓答案后，这一页的其余内容才会出现。"
        "换成全班的设置，就能和大家一起投票。",
    },
    "held.take": {"en": "Take the class's settings", "zh": "换成全班的设置"},
    # the teacher's panel
    "panel.title": {"en": "Class {code}", "zh": "课堂 {code}"},
    "panel.join": {"en": "Join: code, link and QR code", "zh": "加入方式：课堂码、链接和二维码"},
    "panel.how": {
        "en": "Scan the QR code, open the link, or type the code in the sidebar, under "
        "“Share, or join a class”.",
        "zh": "扫描二维码、打开链接，或者在侧边栏的“分享 · 加入课堂”里输入课堂码。",
    },
    "panel.via_network": {
        "en": "The link uses this computer's address on the local network, **{host}**: the "
        "page is open here at a local address, which phones cannot open. Phones must be on "
        "the same network (Wi-Fi).",
        "zh": "链接使用的是这台电脑在局域网中的地址 **{host}**：这里的页面开在本机地址上，"
        "手机打不开。手机需要连接同一个网络（Wi-Fi）。",
    },
    "panel.via_setting": {
        "en": "The link uses the app's public address, **{host}** (the setting "
        "`ATTENTION_LAB_PUBLIC_URL`).",
        "zh": "链接使用的是应用的公开地址 **{host}**（设置项 `ATTENTION_LAB_PUBLIC_URL`）。",
    },
    "panel.no_address.no_network": {
        "en": "No QR code: this page is open at a local address (localhost), and this "
        "computer has no address on a network that phones could open. Connect it to the "
        "room's network and open the class again, or set `ATTENTION_LAB_PUBLIC_URL` to the "
        "address students can open.",
        "zh": "没有二维码：这里的页面开在本机地址（localhost）上，而这台电脑没有手机能访问的网络地址。"
        "请把它连到教室的网络后重新开设课堂，或者把 `ATTENTION_LAB_PUBLIC_URL` 设为学生能打开的地址。",
    },
    "panel.no_address.loopback_only": {
        "en": "No QR code: the server listens on this computer only (its `server.address` "
        "is a local address), so no phone can open it. Start it with `--server.address "
        "0.0.0.0`, or set `ATTENTION_LAB_PUBLIC_URL` to the address students can open.",
        "zh": "没有二维码：服务器只在这台电脑上监听（它的 `server.address` 是本机地址），手机打不开。"
        "请用 `--server.address 0.0.0.0` 启动，或者把 `ATTENTION_LAB_PUBLIC_URL` 设为学生能打开的地址。",
    },
    "panel.caution.bad_setting": {
        "en": "The setting `ATTENTION_LAB_PUBLIC_URL` is left out: it is not the app's "
        "address (it should be the address of its first page, like "
        "https://lab.school.example/, with no page name, settings or spaces). Correct it, or "
        "remove it.",
        "zh": "已忽略设置项 `ATTENTION_LAB_PUBLIC_URL`：它不是应用的地址（应当是应用首页的地址，"
        "形如 https://lab.school.example/，不带页面名、设置或空格）。请改正，或者删掉它。",
    },
    "panel.caution.container": {
        "en": "This app runs in a container: the address above is the container's, which "
        "phones can open only if the container shares this computer's network. If they "
        "cannot, set `ATTENTION_LAB_PUBLIC_URL` to the address they can open.",
        "zh": "这个应用运行在容器里：上面的地址是容器自己的，只有容器与这台电脑共用网络时手机才能打开。"
        "如果手机打不开，请把 `ATTENTION_LAB_PUBLIC_URL` 设为手机能打开的地址。",
    },
    "panel.qr_title": {"en": "The link to join class {code}", "zh": "加入课堂 {code} 的链接"},
    "panel.bring": {"en": "Bring the class here", "zh": "让全班来这里"},
    "panel.bring_help": {
        "en": "Offers every student a button to this page at these settings. Nobody is moved "
        "without clicking it.",
        "zh": "给每位学生一个按钮，可以打开这一页和这组设置。不点按钮就不会跳转。",
    },
    "panel.brought": {
        "en": "Offered to the class: this page at these settings.",
        "zh": "已向全班发出邀请：这一页，这组设置。",
    },
    "panel.csv": {"en": "Download the tallies (CSV)", "zh": "下载投票统计（CSV）"},
    "panel.csv_help": {
        "en": "The anonymous counts of every question voted on: question, settings, round, "
        "choice, count. No names, no times.",
        "zh": "每道投过票的题的匿名计数：题目、设置、轮次、选项、人数。不含姓名，也不含时间。",
    },
    "panel.end": {"en": "End the class", "zh": "结束课堂"},
    "panel.end_confirm": {
        "en": "Ending deletes the class and every vote in it, now. Download the tallies "
        "first if you want them.",
        "zh": "结束后，这个课堂和其中的所有投票会立即删除。如需保留，请先下载投票统计。",
    },
    "panel.end_now": {"en": "End and delete it", "zh": "结束并删除"},
    "panel.unreachable": {
        "en": "The class cannot be reached right now: the votes show again by themselves "
        "when it is back. Every page works as usual.",
        "zh": "暂时连不上课堂：恢复连接后投票会自动重新显示。各页面照常可用。",
    },
    "panel.not_asked": {
        "en": "The class is not voting on this question yet (the class cannot be reached).",
        "zh": "全班还没有开始为这道题投票（暂时连不上课堂）。",
    },
    # the projector
    "board.present": {"en": "**{present}** in class", "zh": "课堂中 **{present}** 人"},
    "board.voted": {
        "en": "**{voters}** voted in round {round}",
        "zh": "第 {round} 轮已投票 **{voters}** 人",
    },
    "board.question": {"en": "Question {n}", "zh": "第 {n} 题"},
    "board.question_line": {"en": "{question}: {line}", "zh": "{question}：{line}"},
    "board.no_votes": {"en": "No votes yet.", "zh": "还没有人投票。"},
    "board.number": {
        "en": "The class types a number.",
        "zh": "全班输入一个数。",
    },
    "board.again": {"en": "Discuss and vote again", "zh": "讨论后再投一次"},
    "board.again_help": {
        "en": "Round 2 opens: neighbours argue for two minutes, then everyone votes again. "
        "Round 1 stays on the chart, greyed.",
        "zh": "开启第 2 轮：同桌先讨论两分钟，然后每人再投一次。第 1 轮保留在图上，显示为灰色。",
    },
    "board.reveal": {"en": "Reveal", "zh": "揭晓答案"},
    "board.reveal_help": {
        "en": "Shows the answer here and on every student's device, with the share right in "
        "each round. Voting on this question ends.",
        "zh": "在这里和每位学生的设备上显示答案，以及每一轮答对的比例。这道题的投票随即结束。",
    },
    "board.round": {"en": "Round {round}", "zh": "第 {round} 轮"},
    "board.votes": {"en": "votes", "zh": "票数"},
    "board.answer": {"en": "{label} (the answer)", "zh": "{label}（答案）"},
    "board.share": {"en": "share right", "zh": "答对比例"},
    "board.shares": {
        "en": "Right: {first} of {voters1} in round 1 ({share1}), {second} of {voters2} in "
        "round 2 ({share2}).",
        "zh": "答对：第 1 轮 {voters1} 人中 {first} 人（{share1}），第 2 轮 {voters2} 人中 "
        "{second} 人（{share2}）。",
    },
    "board.share_one": {
        "en": "Right: {right} of {voters} ({share}).",
        "zh": "答对：{voters} 人中 {right} 人（{share}）。",
    },
    "board.before": {"en": "Round 1 (before discussing)", "zh": "第 1 轮（讨论前）"},
    "board.after": {"en": "Round 2 (after discussing)", "zh": "第 2 轮（讨论后）"},
    "board.moves": {
        "en": "Of those who voted twice: {became_right} changed to the answer, "
        "{became_wrong} changed away from it, {stayed_right} stayed right, {stayed_wrong} "
        "stayed wrong.",
        "zh": "两轮都投票的同学中：{became_right} 人改对了，{became_wrong} 人改错了，"
        "{stayed_right} 人一直答对，{stayed_wrong} 人一直答错。",
    },
    # messages: a link, a code or a key that opens no class, and the class's end
    "msg.malformed_code": {
        "en": "That is not a class code: a class code has nine letters and digits, like "
        "K7M-4QX-9PA.",
        "zh": "这不是课堂码：课堂码由九个字母和数字组成，例如 K7M-4QX-9PA。",
    },
    "msg.not_found": {
        "en": "There is no class with this code: it may have ended, or a character is mistyped.",
        "zh": "没有这个课堂码对应的课堂：它可能已经结束，或者有字符输错了。",
    },
    "msg.not_teacher": {
        "en": "This teacher link is not valid for that class: only the link the class was "
        "opened with teaches it.",
        "zh": "这个老师链接对该课堂无效：只有开设课堂时得到的链接才能主持它。",
    },
    "msg.unavailable": {
        "en": "The class store cannot be reached right now, so no class can be opened. "
        "Every page works as usual; try again in a moment.",
        "zh": "暂时连不上课堂存储，无法开设课堂。各页面照常可用，请稍后再试。",
    },
    "msg.full": {
        "en": "No more classes can be opened on this server right now. Try again later.",
        "zh": "这台服务器目前不能再开设更多课堂，请稍后再试。",
    },
    "msg.ended": {
        "en": "This class has ended: your teacher closed it, and its votes are deleted. "
        "Every page works as usual.",
        "zh": "这个课堂已经结束：老师关闭了它，其中的投票都已删除。各页面照常可用。",
    },
    "msg.ended_by_you": {
        "en": "The class has ended and everything in it is deleted.",
        "zh": "课堂已结束，其中的所有内容都已删除。",
    },
    "msg.end_unavailable": {
        "en": "The class cannot be reached, so it was not ended. Try again in a moment (a "
        "class nobody uses is deleted after 12 hours anyway).",
        "zh": "暂时连不上课堂，因此没有结束它。请稍后再试（无人使用的课堂 12 小时后也会自动删除）。",
    },
}
