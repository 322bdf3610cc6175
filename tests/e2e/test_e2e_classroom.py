"""A class in a real room, over the real server.

1. The frames (six protocol students in class and one outside it, on SQLite and on
   Redis): before the teacher reveals, no message the server sends any student in class
   holds the question's answer, a verdict, an explanation or a held-back figure, in round
   1 or 2, whatever the student's settings ("Questions first" off by ask=0 in the link,
   another followed token); after it, each student reads their own verdict for each
   round; a student outside the class on the same page gets the verdict at once. The
   teacher's browser behind a proxy (its page at the proxy's public address) gets a join
   link there.
2. Chromium, on a server that listens on every interface, as a laptop's does: a teacher
   at http://localhost:<port> opens a class on the projector (1280 × 720, and a second
   projector tab in Chinese); the QR code decodes to the machine's network address, which
   serves the app. Two phones (390 px; one in Chinese by its browser's language) join by
   the link, see the projector's letters, vote and read "vote is in" with no verdict, are
   asked again in round 2, read their verdicts after the reveal, are reached by "Bring
   the class here" wherever they scrolled, and read that the class ended. Screenshots of
   each side at each step.
3. With ATTENTION_LAB_PUBLIC_URL set, the QR code decodes to that address.
"""

from __future__ import annotations

import io
import re
import urllib.request
from urllib.parse import parse_qs, urlsplit

import pytest

from classroom import address
from harness.browser import CHROMIUM_ARGS, chromium_path, new_context
from harness.protocol_student import run_apart
from harness.redis_server import RedisServer, redis_server_path
from harness.server import StreamlitServer, free_port

from . import class_frames as frames
from .conftest import PHONE, AppPage, unavailable

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixture reports it (skip, or a failure under CI)
    expect = None

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PAGE = "/weighted_sum"  # a choice (yes / no) and a number within 0.01
PROXY = "https://lab.school.example"  # the address a browser behind a proxy shows
SKIP = "quiz_weighted_sum_skip"  # "Show me without guessing"


def text(key: str, lang: str = "en", **values) -> str:
    from ui.texts import CATALOG

    entry = CATALOG[key][lang]
    return entry.format(**values) if values else entry


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    """The app as a laptop serves a room: listening on every interface (so the machine's
    network address answers), its classes in a real redis-server."""
    if redis_server_path() is None:
        unavailable("redis-server was not found (apt-get install redis-server)")
    tmp = tmp_path_factory.mktemp("room")
    with RedisServer(tmp / "redis") as redis:
        env = {"ATTENTION_LAB_CLASS_STORE": redis.url, "ATTENTION_LAB_DATA": str(tmp)}
        with StreamlitServer(env=env, address="0.0.0.0") as server:
            yield server


# ---------------------------------------------------------------------------- the frames


async def _class_loop(url: str) -> dict:
    qs = frames.questions()
    choice_q, number_q = qs
    scan = frames.Scan(frames.giveaways(qs))
    right, wrong = choice_q.answer, next(c for c in choice_q.choices if c != choice_q.answer)
    near, far = f"{number_q.target:.2f}", f"{number_q.target + 1:.2f}"

    control = frames.session(url)  # a fresh page, then a student outside the class
    await control.connect()
    scan.watch(control, "outside")
    scan.phase = "fresh"
    await control.open("weighted_sum")
    scan.phase = "before"
    outside = await frames.vote(control, wrong, far)

    teacher = frames.session(url, browser_url=PROXY)
    await teacher.connect()
    await teacher.open("weighted_sum", "present=1")
    teacher.press("class_teach_page")
    reply = await teacher.rerun("teach")
    code = teacher.query()["class"]
    links = [c for c in reply.codes if f"class={code}" in c]

    # Five students: two in English, two in Chinese (one of those by its browser's language
    # alone: the link says none), and one who added ask=0 ("Questions first" off) to the
    # link. A sixth follows another token ("ate"): another question, the same figures.
    plan = [
        ("en", "en", ""),
        ("en", "en", ""),
        ("zh", "zh", ""),
        (None, "zh", ""),
        ("en", "en", "&ask=0"),
    ]
    students = []
    for i, (asked_lang, lang, extra) in enumerate([*plan, ("en", "en", "&focus=ate")]):
        s = frames.session(url, locale="zh-CN" if lang == "zh" else "en-US")
        await s.connect()
        scan.watch(s, f"student {i} ({lang}{extra})")
        query = f"class={code}" + (f"&lang={asked_lang}" if asked_lang else "") + extra
        landing = await s.open("weighted_sum", query)
        assert landing.status == "finished", landing.errors
        welcome = text("classroom.landing", lang).split("{")[0]
        assert any(welcome in said for said in landing.texts), (lang, landing.texts)
        s.press("class_landed")
        page = await s.rerun("page")
        students.append((s, lang))
    elsewhere, _ = students.pop()  # following "ate": its page waits, and says why
    held = {"alerts": page.alerts, "widgets": set(elsewhere.widgets)}

    # Round 1: every student votes; student 2 changes its mind before the round closes.
    # round -> student -> (choice, number)
    given = {1: {}, 2: {}}
    said = {}
    for i, (s, _) in enumerate(students):
        first = (right if i % 2 == 0 else wrong, near if i % 3 == 0 else far)
        if i == 2:
            await frames.vote(s, wrong, far)
        said[i] = await frames.vote(s, *first)
        given[1][i] = first
    teacher.press("class_again_weighted_sum_1")  # round 2 of the choice question
    await teacher.rerun("round 2")
    for i, (s, _) in enumerate(students):
        for fragment in list(s.fragments):  # the student's poll: round 2 reruns the page
            await s.fragment(fragment)
        await s.rerun("look")
        if i < 3:  # three vote again: student 0 now wrong, 1 and 2 right; 3 does not
            again = (wrong if i == 0 else right, given[1][i][1])
            await frames.vote(s, *again)
            given[2][i] = again
    before = {"frames": scan.frames.get("before", 0), "found": scan.found.get("before", [])}

    scan.phase = "after"
    for n in (1, 2):
        teacher.press(f"class_reveal_weighted_sum_{n}")
        await teacher.rerun(f"reveal {n}")
    after = {}
    for i, (s, _) in enumerate([*students, (elsewhere, "en")]):
        for fragment in list(s.fragments):
            await s.fragment(fragment)
        after[i] = (await s.rerun("after the reveal")).alerts
    held["widgets_after"] = set(elsewhere.widgets)
    for s in [control, teacher, elsewhere] + [s for s, _ in students]:
        await s.close()
    return {
        "fresh": scan.found.get("fresh", []),
        "outside": outside,
        "outside_found": {
            x.split(":")[1].split()[0]
            for x in scan.found.get("before", [])
            if x.startswith("outside")
        },
        "links": links,
        "said": said,
        "before": before,
        "after": after,
        "after_found": scan.found.get("after", []),
        "held": held,
        "asks": [not extra for *_, extra in plan],
        "given": given,
        "langs": [lang for _, lang in students],
        "questions": qs,
    }


@pytest.mark.parametrize("store", ["sqlite", "redis"])
def test_before_the_reveal_no_frame_gives_the_answer_away(store, request, record_property):
    url = request.getfixturevalue("server" if store == "sqlite" else "room").url
    run = run_apart(_class_loop(url))
    choice_q, number_q = run["questions"]

    assert not run["fresh"], f"a fresh page already gives it away: {run['fresh']}"
    assert run["outside_found"] == {"verdict", "explanation", "answer"}  # the scan can find
    assert any(a.startswith(frames.verdict_start(False, "en")) for a in run["outside"])
    assert run["links"] and all(link.startswith(f"{PROXY}/weighted_sum?") for link in run["links"])

    students = [f for f in run["before"]["found"] if not f.startswith("outside")]
    assert not students, "before the reveal:\n" + "\n".join(students[:20])
    for i, lang in enumerate(run["langs"]):
        assert text("classroom.vote.counted", lang) in run["said"][i], (i, run["said"][i])
    held = run["held"]  # following another token: held, said why, the class's offered
    assert text("classroom.held.elsewhere") in held["alerts"], held["alerts"]
    assert {"class_take_weighted_sum"} <= held["widgets"] and SKIP not in held["widgets"]
    assert SKIP in held["widgets_after"]  # after the reveal, as outside a class
    # ask=0, after the reveal: the page's rest, which the scan finds (so it would have then)
    assert any(f.startswith("student 4 (en&ask=0): answer") for f in run["after_found"])

    for i, lang in enumerate(run["langs"]):  # each student's own verdict per round
        if not run["asks"][i]:  # questions folded away (ask=0): the verdict is in the fold
            continue
        rounds = [r for r in (1, 2) if i in run["given"][r]]  # the choice had two rounds
        expected = [
            frames.verdict_start(choice_q.is_right(run["given"][r][i][0]), lang, r) for r in rounds
        ]
        expected.append(frames.verdict_start(number_q.is_right(run["given"][1][i][1]), lang))
        shown = [a for a in run["after"][i] if any(a.startswith(e[:8]) for e in expected)]
        assert len(shown) == len(expected), (i, run["after"][i])
        for e in expected:
            assert any(a.startswith(e) for a in shown), (i, e, shown)
    record_property("frames_before_reveal", run["before"]["frames"])
    print(f"\n{store}: {run['before']['frames']} messages to 7 students before the reveal")


# ---------------------------------------------------------------------------- the room


def decode_qr(app: AppPage) -> str:
    """The QR code on the projector, read from its pixels as a phone's camera would."""
    import zxingcpp
    from PIL import Image

    image = app.main.get_by_test_id("stImage").first.locator("img")
    image.wait_for()
    # The image's bytes arrive after the element, and a new element fades in: read the
    # pixels once they are all there, and again while they settle, as a camera would.
    app.page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=image.element_handle()
    )
    for _ in range(10):
        shot = image.screenshot()
        found = zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)).convert("L"))
        if found:
            return found[0].text
        app.page.wait_for_timeout(300)
    raise AssertionError("the QR code on the projector does not decode")


def serves_the_app(link: str) -> bool:
    url = urlsplit(link)
    with urllib.request.urlopen(f"{url.scheme}://{url.netloc}/_stcore/health", timeout=10) as r:
        return r.status == 200 and r.read().strip() == b"ok"


def shoot(apps: dict, step: str) -> None:
    for name, app in apps.items():
        app.screenshot(f"class_{step}_{name}")


def test_a_class_in_a_room(browser, room):
    if address.lan_address() is None:  # what the walk checks is that the QR code finds it
        unavailable("this machine has no network address a phone could open (no route out)")
    local = f"http://localhost:{room.port}"
    context = new_context(browser, viewport=PROJECTOR)
    phones_zh = new_context(browser, viewport=PHONE, locale="zh-CN")
    try:
        _room_walk(context, phones_zh, local)
    finally:
        context.close()
        phones_zh.close()


def _room_walk(context, phones_zh, local: str) -> None:
    teacher = AppPage(context.new_page(), local)
    teacher.open(f"{PAGE}?present=1")
    with teacher.rerun():
        teacher.main.get_by_role("button", name=text("classroom.sb.teach")).click()
    expect(teacher.page).to_have_url(re.compile(r"[?&]teach="))
    query = parse_qs(urlsplit(teacher.page.url).query)
    code, key = query["class"][0], query["teach"][0]
    teacher.check("the projector, class opened")

    # The QR code: the machine's network address, which serves the app.
    link = teacher.main.get_by_test_id("stCode").inner_text().strip()
    scanned = decode_qr(teacher)
    assert scanned == link, (scanned, link)
    host = urlsplit(scanned).hostname
    assert host not in ("localhost", "127.0.0.1", "::1") and not host.startswith("127.")
    assert f"class={code}" in scanned and key not in scanned and "present" not in scanned
    assert serves_the_app(scanned)
    expect(teacher.main).to_contain_text(host)  # the projector says which address

    projector_zh = AppPage(context.new_page(), local)  # the teacher's own link, in Chinese
    projector_zh.open(f"{PAGE}?present=1&lang=zh&class={code}&teach={key}")
    phone = AppPage(context.new_page(), local)
    phone.page.set_viewport_size(PHONE)
    phone_zh = AppPage(phones_zh.new_page(), local)
    apps = {"projector": teacher, "projector_zh": projector_zh}
    apps |= {"phone": phone, "phone_zh": phone_zh}
    join = urlsplit(scanned)._replace(scheme="", netloc="").geturl()  # the path and query
    for app, lang in ((phone, "en"), (phone_zh, "zh")):
        app.open(join)  # no lang= in the link: the phone's own language
        landed = app.main.get_by_role("button", name=text("classroom.landing_open", lang))
        expect(landed).to_be_visible()
    shoot(apps, "1_join")
    for app, lang in ((phone, "en"), (phone_zh, "zh")):
        with app.rerun():
            app.main.get_by_role("button", name=text("classroom.landing_open", lang)).click()
    expect(teacher.main).to_contain_text(counts(2, 0))

    # The choices carry the projector's letters; a vote is in, and nothing of the answer.
    for app, lang, choice, number in ((phone, "en", "quiz.choice.yes", "3.57"),
                                      (phone_zh, "zh", "quiz.choice.no", "4,2")):  # fmt: skip
        letter = "A" if choice == "quiz.choice.yes" else "B"
        app.main.get_by_text(f"{letter} · {text(choice, lang)}", exact=True).click()
        app.main.get_by_role("textbox", name=text("quiz.your_answer", lang)).fill(number)
        with app.rerun():
            app.main.get_by_role("button", name=text("classroom.vote.send", lang)).click()
        expect(app.main.get_by_text(text("classroom.vote.counted", lang))).to_have_count(1)
        assert_no_verdict(app, lang)
    expect(teacher.main).to_contain_text(counts(2, 2))
    teacher.check("the projector with two votes")
    assert "A · yes" in teacher.main_fingerprint()  # the same letters on the projector
    shoot(apps, "2_vote")

    with teacher.rerun():
        teacher.main.locator(".st-key-class_again_weighted_sum_1").get_by_role("button").click()
    expect(teacher.main).to_contain_text(counts(2, 0, 2))
    for app, lang in ((phone, "en"), (phone_zh, "zh")):  # round 2 reaches them by itself
        expect(app.main.get_by_text(text("classroom.vote.again", lang, round=2))).to_be_visible()
        assert_no_verdict(app, lang)
    phone_zh.main.get_by_text(f"A · {text('quiz.choice.yes', 'zh')}", exact=True).click()
    with phone_zh.rerun():
        phone_zh.main.get_by_role("button", name=text("classroom.vote.send", "zh")).click()
    expect(teacher.main).to_contain_text(counts(2, 1, 2))
    shoot(apps, "3_round2")

    with teacher.rerun():
        teacher.main.locator(".st-key-class_reveal_weighted_sum_1").get_by_role("button").click()
    expect(teacher.main).to_contain_text("Right: 1 of 2 in round 1 (50%), 1 of 1 in round 2")
    teacher.check("the projector after the reveal")
    round1 = text("classroom.board.round", "zh", round=1)
    expect(phone_zh.main.get_by_text(f"{round1} · ", exact=False).first).to_be_visible()
    for app, lang in ((phone, "en"), (phone_zh, "zh")):
        expect(app.main.get_by_text(text("classroom.student.revealed", lang))).to_be_visible()
        app.check(f"a phone ({lang}) after the reveal")
        assert app.overflow_at_rest()["docScroll"] <= app.page.viewport_size["width"] + 1
    shoot(apps, "4_reveal")

    # "Bring the class here" reaches a phone scrolled to the page's foot.
    phone.main.evaluate("(m) => m.scrollTo(0, m.scrollHeight)")
    with teacher.rerun():
        teacher.main.get_by_role("button", name=text("classroom.panel.bring")).click()
    go = phone.main.get_by_role("button", name=text("classroom.offer_go"))
    expect(go).to_be_in_viewport()
    shoot(apps, "5_bring_here")

    teacher.main.get_by_role("button", name=text("classroom.panel.end")).click()
    with teacher.rerun():
        teacher.page.get_by_role("button", name=text("classroom.panel.end_now")).click()
    for app, lang in ((phone, "en"), (phone_zh, "zh")):
        expect(app.main.get_by_text(text("classroom.msg.ended", lang))).to_be_visible()
        assert text("classroom.msg.not_found", lang) not in app.main_fingerprint()
    shoot(apps, "6_end")


def counts(present: int, voters: int, round_: int = 1) -> str:
    """The projector's live line as the browser shows it (markdown's ** gone), as far as
    the first question's count."""
    voted = text("classroom.board.voted", voters=voters, round=round_)
    line = f"{text('classroom.board.present', present=present)} · Question 1: {voted}"
    return line.replace("**", "")


def assert_no_verdict(app: AppPage, lang: str) -> None:
    shown = app.main_fingerprint()
    for k in ("quiz.right", "quiz.wrong", "quiz.skipped", "quiz.claim"):
        assert text(k, lang).split("{")[0] not in shown, k
    assert text("classroom.student.revealed", lang) not in shown


def test_a_public_address_is_the_link(browser, tmp_path):
    port = free_port()
    public = f"http://127.0.0.1:{port}/"  # set by the deployment; not the browser's address
    env = {"ATTENTION_LAB_PUBLIC_URL": public, "ATTENTION_LAB_DATA": str(tmp_path)}
    with StreamlitServer(env=env, port=port) as server:
        context = new_context(browser, viewport=PROJECTOR)
        try:
            teacher = AppPage(context.new_page(), f"http://localhost:{server.port}")
            teacher.open(f"{PAGE}?present=1")
            with teacher.rerun():
                teacher.main.get_by_role("button", name=text("classroom.sb.teach")).click()
            scanned = decode_qr(teacher)
            assert scanned.startswith(f"{public}weighted_sum?") and "class=" in scanned
            assert serves_the_app(scanned)
            expect(teacher.main).to_contain_text("ATTENTION_LAB_PUBLIC_URL")
        finally:
            context.close()


def test_the_address_a_proxy_gives_is_the_link(browser, tmp_path):
    """Behind a proxy or on Community Cloud the teacher's browser reaches the app by the
    proxy's name, which is the Host header the server receives; the app takes its address
    from the browser (``st.context.url``), so the join link and its QR code carry that name,
    not this machine's. Here Chromium resolves a public-looking name to this machine, as a
    proxy in front of it would answer for it."""
    name = "lab.school.test"
    with StreamlitServer(env={"ATTENTION_LAB_DATA": str(tmp_path)}) as server:
        rules = f"--host-resolver-rules=MAP {name} 127.0.0.1"
        args = [*CHROMIUM_ARGS, rules]
        proxied = browser.browser_type.launch(executable_path=chromium_path(), args=args)
        try:
            context = proxied.new_context(viewport=PROJECTOR, locale="en-US")
            origin = f"http://{name}:{server.port}"
            context.route(  # nothing leaves this machine: only the name mapped to it
                re.compile(r"^(?!" + re.escape(origin) + r"(/|$))(https?|wss?)://"),
                lambda route: route.abort(),
            )
            teacher = AppPage(context.new_page(), origin)
            teacher.open(f"{PAGE}?present=1")
            with teacher.rerun():
                teacher.main.get_by_role("button", name=text("classroom.sb.teach")).click()
            scanned = decode_qr(teacher)
            assert scanned.startswith(f"http://{name}:{server.port}{PAGE}?"), scanned
            assert "class=" in scanned and "teach=" not in scanned
            expect(teacher.main).to_contain_text(name)  # the projector says which address
        finally:
            proxied.close()
