"""A model that learns to copy: the questions held back until the guess, the heads' scores at
each checkpoint as training measured them, a text's losses and lines as core computes them,
hostile text with a clear message, and the written text equal to the uncached pass."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from apptest_util import ROOT, all_text, chart, chart_keys, matrix, open_page, spec
from quiz_util import EN, fill, leaked, press, verdicts

from core.decoder import generate, head_scores, probe_alphabet, probe_texts, read_text
from core.decoder.measures import PROBE_COUNT, PROBE_PERIOD
from core.quiz import copy_questions
from realmodel.decoder_files import load_decoder
from ui.texts.copying import TEXTS

pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")

WRITE = ("copy_write_open",)


@pytest.fixture(scope="module")
def d():
    return load_decoder()


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def written(at) -> list[str]:
    """The code blocks of the writing section: the prompt, then what the model wrote."""
    return [c.value for c in at.code]


def test_the_questions_hold_back_the_training_until_the_guess(d):
    at = open_page("copying", ask="1")
    final = d.final
    qs = copy_questions(
        final.step, final.previous, final.induction, final.first_copy_loss,
        final.second_copy_loss, period=PROBE_PERIOD, count=PROBE_COUNT,
    )  # fmt: skip
    assert [f.proto.form.form_id for f in at.get("form")] == ["quiz_copying"]
    assert not chart_keys(at) and not at.metric and not leaked(at, qs)
    assert [q.answer for q in qs] == ["quiz.choice.down", "quiz.choice.layer_2"]
    fill(at, "copying", qs, [q.answer for q in qs])
    press(at, EN["check"])
    assert [v.startswith("Right") for v in verdicts(at)] == [True, True]
    text = all_text(at)
    assert f"{final.first_copy_loss:.2f} nats on the first copy" in text
    assert {"copy_training", "copy_previous", "copy_induction", "copy_lines"} <= set(chart_keys(at))


def test_the_checkpoint_slider_shows_each_head_s_scores_as_training_measured_them(d):
    at = open_page("copying")
    np.testing.assert_array_equal(matrix(at, "copy_induction"), d.final.induction)
    at.select_slider(key="copy_step_pick").set_value(400).run()
    assert not at.exception
    c = d.at(400)
    np.testing.assert_array_equal(matrix(at, "copy_previous"), c.previous)
    np.testing.assert_array_equal(matrix(at, "copy_induction"), c.induction)
    shown = metrics(at)
    assert shown["Loss on the 1st copy"] == f"{c.first_copy_loss:.2f}"
    assert shown["Loss on the 2nd copy"] == f"{c.second_copy_loss:.2f}"
    layer, head = np.unravel_index(np.argmax(c.induction), c.induction.shape)
    assert shown[f"Induction head L{layer + 1} H{head + 1}"] == f"{c.induction.max():.2f}"
    training = chart(at, "copy_training")
    assert training.loc[training["kind"] == "at", "step"].tolist() == [400]
    phases = training.loc[training["kind"] == "phase", "step"].tolist()
    assert phases == [d.phase_change_step, d.sharpening_step]
    assert at.query_params["ckpt"] == "400"
    at.sidebar.segmented_control(key="lang").set_value("zh").run()  # the same figure, in Chinese
    assert spec(at, "copy_training")["layer"][0]["encoding"]["x"]["title"] == "训练步"
    at = open_page("copying", ckpt="450")  # a link's step: the nearest checkpoint
    assert at.session_state["copy_step_pick"] == 400


def test_a_text_typed_twice_its_two_copies_and_the_lines_to_each_target(d):
    text = "tobeornottobe" * 2  # 13 letters typed twice
    at = open_page("copying")
    at.text_area(key="copy_text_box").input(text).run()
    assert not at.exception and at.query_params["text"] == text
    r = read_text(d.final.weights, d.vocab.encode(text).ids, d.config)
    first, second = r.copies
    shown = metrics(at)
    assert shown["Your text's 1st copy (13 characters): loss"] == f"{first:.2f}"
    assert shown["Your text's 2nd copy: loss"] == f"{second:.2f}" and second < first - 1
    np.testing.assert_allclose(chart(at, "copy_char_losses")["loss"], r.losses, atol=1e-12)
    lines = chart(at, "copy_lines")
    query = 13 + 6  # the middle of the second copy
    assert lines.loc[(lines["part"] == "focus") & (lines["x"] == 0), "y"].tolist() == [query]
    bold = lines.loc[(lines["part"] == "focus") & (lines["x"] == 1), "y"].tolist()
    assert bold == [r.targets[query]] == [query - 13 + 1]  # after the same character before
    layer, head, share = r.best("target")
    assert f"**{share:.2f}** of its attention on the target" in all_text(at)
    layer, head = np.unravel_index(np.argmax(d.final.induction), d.final.induction.shape)
    drawn = lines[lines["part"] == "line"].set_index("y2")["weight"]  # the default head's
    weights = r.attention[layer, head, query]
    np.testing.assert_allclose(drawn.sort_index(), weights[drawn.sort_index().index.astype(int)])
    assert TEXTS["not_letters"]["en"] not in all_text(at)
    at.text_area(key="copy_text_box").input("to be or not to be, " * 2).run()
    assert TEXTS["not_letters"]["en"] in all_text(at)  # never shown copied in training


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "too_short"),
        ("x", "too_short"),
        ("ab" * 200, "cut"),  # 400 characters: the model reads 128
        ("café ☃ <b>x</b> **y** 😀 " * 2, "unknown"),
    ],
)
def test_hostile_text_gets_a_clear_message(d, text, message):
    at = open_page("copying", text=text, ckpt="x1e9", at="-5")
    assert not at.exception, at.exception
    assert at.session_state["copy_step_pick"] == d.final.step  # a step that is none: the last
    alerts = [a.value for kind in ("warning", "info") for a in getattr(at, kind)]
    expected = TEXTS[message]["en"].split("{")[0]
    assert any(a.startswith(expected) for a in alerts), alerts
    assert not any(md.proto.allow_html for md in at.markdown)
    if message == "too_short":
        assert "copy_char_losses" not in chart_keys(at)
    if message == "cut":
        assert TEXTS["cut"]["en"].format(max=128, n=400) in alerts
        assert len(chart(at, "copy_char_losses")) == 127
    if message == "unknown":
        warning = next(a for a in alerts if a.startswith(expected))
        assert all(f"“{c}”" in warning for c in "é☃😀") and "“a”" not in warning
        assert at.session_state["copy_at_pick"] == 0  # a position below the first: the first


def test_random_chinese_typed_twice_is_not_copied_and_the_page_says_so(d):
    at = open_page("copying")
    at.button(key="copy_new_chinese").click().run()
    assert not at.exception
    text = at.session_state["copy_text"]
    assert len(text) == 32 and text[:16] == text[16:]
    assert all("\u4e00" <= c <= "\u9fff" for c in text)
    scores = head_scores(
        d.final.weights, probe_texts(probe_alphabet(d.vocab, "chinese")), PROBE_PERIOD, d.config
    )
    chinese = next(i.value for i in at.info if "Chinese" in i.value)
    assert f"best induction score is {scores.induction.max():.2f}" in chinese
    assert scores.induction.max() < 0.2 < 0.6 < d.final.induction.max()


@pytest.mark.parametrize(
    "params",
    [{}, {"wtemp": "0.8", "wseed": "3", "new": "20", "ckpt": "300"}, {"prompt": "z" * 200}],
)
def test_what_it_writes_with_the_caches_equals_the_uncached_pass(d, params):
    at = open_page("copying", sections=WRITE, **params)
    assert not at.exception
    prompt = params.get("prompt", at.session_state["copy_prompt_box"])[:127]
    n_new = 1 if len(prompt) == 127 else int(params.get("new", 50))
    step = int(params.get("ckpt", d.final.step))
    g = generate(
        d.at(step).weights, d.vocab.encode(prompt).ids, n_new, d.config,
        temperature=float(params.get("wtemp", 0)), seed=int(params.get("wseed", 0)),
    )  # fmt: skip
    assert g.same_choices and g.max_diff < 1e-12
    assert written(at) == [prompt, d.vocab.decode(g.new_ids)]
    caption = next(c.value for c in at.caption if c.value.startswith("**The same as"))
    assert f"at most {g.max_diff:.1e}" in caption and "picks the same characters" in caption
    if not params:  # the default: the text's first copy and four more, copied on
        first = at.session_state["copy_prompt_box"][:24]
        assert written(at)[1] == ((first * 4)[4:])[:50]


def test_the_frame_and_every_page_s_declaration_import_nothing_of_the_decoder():
    """The model is read when a page first asks for it: what every run imports (the frame,
    every page's declaration and questions, the warm-up's figures) holds none of its
    modules (in a fresh interpreter, so that no other test has imported them)."""
    script = (
        "import sys; import ui.frame, ui.sidebar, ui.quiz, ui.figures.warm; "
        "from ui import registry; registry.pages(); registry.questions(); "
        "print(sorted(m for m in sys.modules if m.startswith(('core.decoder', "
        "'realmodel.decoder_files', 'realmodel.train_decoder', 'safetensors'))))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_without_its_files_the_page_says_so_and_stops(monkeypatch):
    import realmodel.decoder_files as files
    from ui.views import copying_state

    def broken(*_):
        raise files.DecoderUnavailable("training.json cannot be read")

    monkeypatch.setattr(files, "load_decoder", broken)
    copying_state.decoder.clear()
    try:
        at = open_page("copying", ask="1")
        assert not at.exception
        assert [e.value for e in at.error] == [TEXTS["unavailable"]["en"]]
        assert not at.get("form") and not chart_keys(at)
    finally:
        copying_state.decoder.clear()
