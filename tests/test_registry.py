"""Every page is one declaration (ui.page.Page) that everything listing pages reads; a new
page is its own files plus one line in ui/registry.py."""

from __future__ import annotations

import difflib
import json
import os
import shutil
import subprocess
import sys

from apptest_util import ROOT

from ui import registry
from ui.page import MODEL_CONTROLS, SECTIONS
from ui.settings import PARAMS
from ui.texts import CATALOG


def test_every_page_has_its_file_its_title_and_a_known_place():
    pages = registry.pages()
    assert list(pages) == list(registry.ORDER)
    for name, page in pages.items():
        assert (ROOT / page.path).is_file() and (ROOT / "ui" / "texts" / f"{name}.py").is_file()
        assert {"en", "zh"} <= set(CATALOG[f"{name}.title"])
        assert page.section in SECTIONS and set(page.controls) <= set(MODEL_CONTROLS)
    # The navigation's groups come in order: a page never goes back to an earlier group.
    places = [SECTIONS.index(page.section) for page in pages.values()]
    assert places == sorted(places)


def test_every_stop_of_the_lesson_asks_and_the_tour_follows_the_navigation():
    tour = registry.tour()
    assert tour == tuple(name for name in registry.ORDER if name in tour)
    assert set(tour) <= set(registry.questions())
    assert registry.where(1) == ("lesson", 1, len(registry.part("lesson")))
    last = registry.where(len(tour))
    assert last == ("further", len(registry.part("further")), len(registry.part("further")))


def test_no_two_controls_share_a_key_or_a_name_in_the_link():
    params = registry.params().values()
    names = [p.name for p in params] + list(PARAMS.values())
    assert len(set(names)) == len(names)
    assert len({p.key for p in params}) == len(params)


# A page in the style of the others: its declaration with a control in the link and a
# question, its page file, its texts. Nothing else in the repository is touched but the one
# line that registers it.
DEMO_VIEW = """
from core.quiz import Question
from ui.page import Page, Param

COUNT = Param("demo_count", "count", 2)


def demo_questions(n: int) -> list[Question]:
    return [Question("demo.double", "compare", "number", 2 * n, values={"n": n})]


PAGE = Page(
    "demo",
    icon=":material/science:",
    section="further",
    tour="further",
    controls=("seed",),
    params=(COUNT,),
    questions={"demo": demo_questions},
)
"""
DEMO_PAGE = """
import streamlit as st

from ui.frame import open_page
from ui.i18n import t
from ui.quiz import ask
from ui.views.demo import COUNT, PAGE

s = open_page(PAGE, about_input=False)
n = COUNT.whole(range(1, 10))
st.slider(t("demo.count"), 1, 9, key=COUNT.key)
if ask("demo", s, n):
    st.markdown(t("demo.answer", double=2 * n))
"""
DEMO_TEXTS = """
TEXTS = {
    "title": {"en": "A page of one's own", "zh": "自己的一页"},
    "intro": {"en": "Counting.", "zh": "数数。"},
    "count": {"en": "Count", "zh": "数目"},
    "answer": {"en": "Twice is {double}.", "zh": "两倍是 {double}。"},
    "quiz.double.ask": {"en": "What is twice {n}?", "zh": "{n} 的两倍是多少？"},
    "quiz.double.why": {"en": "{answer}, by doubling.", "zh": "{answer}，乘以二。"},
}
"""
OPEN_DEMO = """
import json
from streamlit.testing.v1 import AppTest
from ui import registry

at = AppTest.from_file("dashboard.py", default_timeout=60)
at.query_params.update({"count": "7", "ask": "1", "tour": "15"})
at.switch_page("app_pages/demo.py").run()
print(json.dumps({
    "errors": [str(e.message) for e in at.exception],
    "header": [h.value for h in at.header],
    "markdown": [m.value for m in at.markdown],
    "count": at.session_state["demo_count"],
    "link": at.query_params.get("count"),
    "tour": registry.tour(),
    "params": sorted(registry.params()),
}))
"""


def test_a_new_page_is_its_own_files_and_one_registration_line(tmp_path):
    tree = tmp_path / "app"
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    for name in files:
        if (ROOT / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    for path, text in {
        "ui/views/demo.py": DEMO_VIEW,
        "app_pages/demo.py": DEMO_PAGE,
        "ui/texts/demo.py": DEMO_TEXTS,
    }.items():
        (tree / path).write_text(text.lstrip(), encoding="utf-8")
    registry_file = tree / "ui" / "registry.py"
    source = registry_file.read_text(encoding="utf-8")
    last = f'    "{registry.ORDER[-1]}",\n)'
    registry_file.write_text(source.replace(last, last[:-1] + '    "demo",\n)'), encoding="utf-8")
    diff = difflib.ndiff(source.splitlines(), registry_file.read_text().splitlines())
    changed = [line for line in diff if line[:1] in "+-"]
    assert changed == ['+     "demo",']  # one line

    done = subprocess.run(
        [sys.executable, "-c", OPEN_DEMO],
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=240,
        env={**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(tree)},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert not seen["errors"], seen["errors"]
    assert seen["header"] == ["A page of one's own"]
    assert "What is twice 7?" in seen["markdown"]  # its question, asked first
    assert "Twice is 14." not in seen["markdown"]  # and its answer held back
    assert seen["count"] == 7 and seen["link"] == "7"  # its control, read from the link
    assert seen["tour"][-1] == "demo"  # the last stop going further
    assert "demo_count" in seen["params"]
