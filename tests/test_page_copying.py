"""A model that learns to copy: the questions held back until the guess, the heads' scores at
each checkpoint as training measured them, a text's copies, losses and lines as core
computes them, heads switched off, passages where a name comes back, hostile text with a
clear message, and the written text equal to the uncached pass."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from apptest_util import ROOT, all_text, chart, chart_keys, matrix, open_page, spec
from quiz_util import EN, fill, leaked, press, verdicts

from core.decoder import generate, probe_alphabet, read_text
from core.decoder.measures import ALPHABETS, LATIN, PROBE_PERIOD, feeding_heads, knockout, probe_set
from core.quiz import copy_questions
from realmodel.decoder_files import load_decoder
from ui.texts.copying import TEXTS
from ui.texts.copying_text import TEXTS as TEXT_TEXTS
from ui.views.copying_state import KNOCKOUT_STRINGS

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


def knocked(d):
    """The final model on every alphabet's probe strings, with and without the heads the page
    switches off (core's; tests/test_realmodel_decoder.py holds it to a pass of its own)."""
    c = d.final
    texts = np.concatenate([t[:KNOCKOUT_STRINGS] for t in probe_set(d.vocab).values()])
    return knockout(
        c.weights, texts, PROBE_PERIOD, d.config, feeding_heads(c.previous, c.induction)
    )


def test_the_questions_hold_back_the_training_until_the_guess(d):
    at = open_page("copying", ask="1")
    final, k = d.final, knocked(d)
    qs = copy_questions(
        final.step, final.previous, final.induction, final.first_copy_loss,
        final.second_copy_loss, period=PROBE_PERIOD, count=40, knocked=k,
    )  # fmt: skip
    assert [f.proto.form.form_id for f in at.get("form")] == ["quiz_copying"]
    assert not chart_keys(at) and not at.metric and not leaked(at, qs)
    assert TEXTS["circuit"]["en"][:40] not in all_text(at)  # it answers the questions
    # what the page claims: copying, in layer 2, broken with the previous-token heads off
    answers = ["quiz.choice.down", "quiz.choice.layer_2", "quiz.choice.halved"]
    assert [q.answer for q in qs] == answers
    fill(at, "copying", qs, [q.answer for q in qs])
    press(at, EN["check"])
    assert [v.startswith("Right") for v in verdicts(at)] == [True, True, True]
    text = all_text(at)
    assert f"{final.first_copy_loss:.2f} nats on the first copy" in text
    layer, head, before = k.on_scores.best("induction")
    assert f"from {before:.2f} to {k.off_scores.induction[layer, head]:.2f}" in text
    assert TEXTS["circuit"]["en"][:40] in text
    assert {"copy_training", "copy_previous", "copy_induction", "copy_lines"} <= set(chart_keys(at))


def test_the_checkpoint_slider_shows_each_head_s_scores_as_training_measured_them(d):
    at = open_page("copying")
    np.testing.assert_array_equal(matrix(at, "copy_induction"), d.final.induction)
    step = d.phase_change_step  # the slider stops there: the checkpoints are dense around it
    at.select_slider(key="copy_step_pick").set_value(step).run()
    assert not at.exception
    c = d.at(step)
    np.testing.assert_array_equal(matrix(at, "copy_previous"), c.previous)
    np.testing.assert_array_equal(matrix(at, "copy_induction"), c.induction)
    shown = metrics(at)
    assert shown["Loss on the 1st copy"] == f"{c.first_copy_loss:.2f}"
    layer, head = np.unravel_index(np.argmax(c.induction), c.induction.shape)
    assert shown[f"Induction head L{layer + 1} H{head + 1}"] == f"{c.induction.max():.2f}"
    training = chart(at, "copy_training")
    assert training.loc[training["kind"] == "at", "step"].tolist() == [step]
    phases = training.loc[training["kind"] == "phase", "step"].tolist()
    assert phases == [d.phase_change_step, d.sharpening_step]
    table = at.dataframe[0].value  # each alphabet at the checkpoint, as training measured it
    row = d.log["evals"]["alphabets"][d.log["evals"]["step"].index(step)]
    np.testing.assert_allclose(table["induction"], [row[a]["induction"] for a in ALPHABETS])
    assert at.query_params["ckpt"] == str(step)
    at.sidebar.segmented_control(key="lang").set_value("zh").run()  # the same figure, in Chinese
    assert spec(at, "copy_training")["layer"][0]["encoding"]["x"]["title"] == "训练步"
    at = open_page("copying", ckpt=str(step + 20))  # a link's step: the nearest checkpoint
    assert at.session_state["copy_step_pick"] == step


def test_copies_with_a_separator_their_losses_and_the_lines_to_each_target(d):
    text = "Horatio, tobeornot! Horatio, tobeornot!"  # copies with a space between
    at = open_page("copying")
    at.text_area(key="copy_text_box").input(text).run()
    assert not at.exception and at.query_params["text"] == text
    r = read_text(d.final.weights, d.vocab.encode(text).ids, d.config, unknown=d.vocab.unknown_id)
    assert (r.copies.first, r.copies.second, r.copies.length) == (0, 20, 19)  # written out
    first, second = r.copy_losses
    shown = metrics(at)
    assert shown["Your text's 1st copy: loss"] == f"{first:.2f}" and second < first / 2
    assert shown["Your text's 2nd copy: loss"] == f"{second:.2f}"
    said = next(m.value for m in at.markdown if m.value.startswith("Typed twice:"))
    assert "Horatio" in said and "(19 characters), at position 1 and again at 21" in said
    np.testing.assert_allclose(chart(at, "copy_char_losses")["loss"], r.losses, atol=1e-12)
    lines = chart(at, "copy_lines")
    query = 20 + 19 // 2  # the middle of the second copy
    assert lines.loc[(lines["part"] == "focus") & (lines["x"] == 0), "y"].tolist() == [query]
    bold = lines.loc[(lines["part"] == "focus") & (lines["x"] == 1), "y"].tolist()
    assert bold == [query - 20 + 1]  # the character after the same one in the first copy
    layer, head = np.unravel_index(np.argmax(d.final.induction), d.final.induction.shape)
    drawn = lines[lines["part"] == "line"].set_index("y2")["weight"]  # the default head's
    weights = r.attention[layer, head, query]
    np.testing.assert_allclose(drawn.sort_index(), weights[drawn.sort_index().index.astype(int)])


def test_heads_switched_off_show_what_copying_loses(d):
    text = "qwhzkvbnmxrtplgdc qwhzkvbnmxrtplgdc"
    off = feeding_heads(d.final.previous, d.final.induction)
    at = open_page("copying", text=text)
    at.button(key="copy_off_previous").click().run()  # the page's own shortcut
    assert not at.exception
    link = ",".join(f"{i + 1}.{j + 1}" for i, j in np.argwhere(off))
    assert at.query_params["off"] == link
    ids = d.vocab.encode(text).ids
    on = read_text(d.final.weights, ids, d.config)
    cut = read_text(d.final.weights, ids, d.config, off=off)
    layer, head, share = on.best("target")
    shown = {m.label: (m.value, m.delta) for m in at.metric}
    value, delta = shown[f"Induction score, L{layer + 1} H{head + 1}"]
    assert value == f"{cut.target_share[layer, head]:.2f}"
    assert cut.target_share[layer, head] <= share / 2  # the head itself is untouched
    value, delta = shown["Your text's 2nd copy: loss"]
    assert value == f"{cut.copy_losses[1]:.2f}" and float(delta) > 1.0  # copying is lost
    assert "(off)" in " ".join(at.segmented_control(key="copy_heads").options)
    at.button(key="copy_off_none").click().run()
    assert "off" not in at.query_params and at.metric


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "too_short"),
        ("x", "too_short"),
        ("abcdefghij", "no_repeat"),  # no repetition
        ("👍🏽🙂👩‍💻 " * 2, "unknown_all"),  # only emoji: one unknown each, none copied
        ("café ☃ <b>x</b> **y** 👍🏽 " * 2, "unknown"),
        ("0123456789" * 1000, "cut"),  # 10,000 characters: the model reads 128, the link 400
        # 100 random characters typed twice: the second copy does not fit in 128
        ("".join(np.random.default_rng(1).choice(list(LATIN), 100)) * 2, "copies_cut"),
    ],
)
def test_hostile_text_gets_a_clear_message(d, text, message):
    at = open_page("copying", ckpt="x1e9", at="-5", off="9.9,x")
    at.text_area(key="copy_text_box").input(text).run()
    assert not at.exception, at.exception
    assert at.session_state["copy_step_pick"] == d.final.step  # a step that is none: the last
    alerts = [a.value for kind in ("warning", "info", "caption") for a in getattr(at, kind)]
    expected = TEXT_TEXTS[message]["en"].split("{")[0]
    assert any(a.startswith(expected) for a in alerts), alerts
    assert not any(md.proto.allow_html for md in at.markdown)
    assert "off" not in at.query_params  # no head of that name: none switched off
    assert len(at.query_params.get("text", "")) <= 400
    if message == "too_short":
        assert "copy_char_losses" not in chart_keys(at)
    if message == "cut":
        assert TEXT_TEXTS["cut"]["en"].format(max=128, n=10_000) in alerts
        assert TEXT_TEXTS["link_cut"]["en"].format(keep=400, n=10_000) in alerts
        assert len(chart(at, "copy_char_losses")) == 127
    if message.startswith("unknown"):
        warning = next(a for a in alerts if a.startswith(expected))
        assert "“👍🏽”" in warning and warning.count("👍") == 1  # one grapheme, named once
        assert "“a”" not in warning and at.session_state["copy_at_pick"] == 0


def test_a_name_comes_back_in_a_passage_of_hamlet_and_of_the_analects(d):
    at = open_page("copying")
    for lang, name in (("en", "Hamlet"), ("zh", "伯夷、叔齐")):
        at.button(key=f"copy_passage_{lang}").click().run()
        assert not at.exception
        text = at.session_state["copy_text"]
        assert text.count(name) >= 2 and len(text) <= 128
        r = read_text(
            d.final.weights, d.vocab.encode(text).ids, d.config, unknown=d.vocab.unknown_id
        )
        found = text[r.copies.first : r.copies.first + r.copies.length]
        assert name in found and r.copy_losses[1] < r.copy_losses[0]  # the name comes easier
        assert f"“{found}”" in all_text(at).replace("␣", " ")
        bold = chart(at, "copy_lines")
        query = r.copies.second + r.copies.length // 2
        target = bold.loc[(bold["part"] == "focus") & (bold["x"] == 1), "y"].tolist()
        assert target == [r.copies.first + r.copies.length // 2 + 1]  # the earlier occurrence
        assert query < len(text)


def test_random_strings_of_chinese_and_of_any_character_are_typed_twice(d):
    at = open_page("copying")
    for kind, period in (("chinese", 16), ("any", 20)):
        at.button(key=f"copy_new_{kind}").click().run()
        assert not at.exception
        text = at.session_state["copy_text"]
        assert len(text) == 2 * period and text[:period] == text[period:]
        allowed = set(d.vocab.decode(probe_alphabet(d.vocab, kind)))
        assert set(text) <= allowed


@pytest.mark.parametrize(
    "params",
    [{}, {"wtemp": "0.8", "wseed": "3", "new": "20", "ckpt": "early"}, {"prompt": "z" * 200}],
)
def test_what_it_writes_with_the_caches_equals_the_uncached_pass(d, params):
    if params.get("ckpt") == "early":  # the first checkpoint after step 0
        params = {**params, "ckpt": str(d.steps[1])}
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
