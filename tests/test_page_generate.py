"""Generating page: one token at a time with a KV cache, why cache, heads that share keys and
values, and a real model's cache; every number as core computes it, held back until guessed."""

from __future__ import annotations

import re

import numpy as np
import pytest
from apptest_util import all_text, chart, chart_keys, charts, open_page, unfold_all
from quiz_util import EN, fill, leaked, press, verdicts
from test_chinese import english, visible_texts
from test_quiz import settings

from core import ARTICLE_SENTENCE
from core.decoder import generate as decoder_generate
from core.generate.inference_cost import decode_work, kv_cache_numbers, memory_estimate
from core.generate.kvcache import generate
from core.generate.model_configs import PRESETS
from core.gqa import kv_head_choices
from core.multihead import pool_kv_heads
from core.quiz.generate import decode_questions, memory_questions, sharing_questions
from realmodel.decoder_files import load_decoder
from ui import state
from ui.texts import CATALOG
from ui.texts.generate import TEXTS

# A numpy warning (overflow, division by zero) is a bug at any setting.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")

LONG = " ".join(f"w{i}" for i in range(64))
SHARE, MEMORY = ("gen_share",), ("gen_memory",)


def decoded(params: dict, g: int | None = None):
    """The sentence generated as core does it for these link settings (not the app's cache)."""
    s = state.with_changes(settings(params), causal=True)
    p = state._compute_pipeline(s)
    g = s.n_heads if g is None else g
    gqa = pool_kv_heads(p.params, s.n_heads, g)
    gen = generate(
        p.x, gqa, n_heads=s.n_heads, n_kv_heads=g, scale=s.scale, temperature=s.temperature
    )
    return s, p, gen


def step_cells(at, key: str = "gen_step") -> dict[str, np.ndarray]:
    """The step's table by part: the query row, the cached keys, weights and values, the
    output row, and how many rows are still to come."""
    df = chart(at, key)
    rows = list(df["row"].cat.categories)
    df = df.assign(i=df["row"].cat.codes, j=df["col"].cat.codes)
    grid = df.pivot(index="i", columns="j", values="value")
    d = (len(df["col"].cat.categories) - 1) // 2
    cached = df[df["kind"] != "future"]["i"]
    t = int(cached[(cached > 0) & (cached < len(rows) - 1)].max())
    return {
        "query": grid.loc[0].to_numpy()[:d],
        "keys": grid.loc[1:t].to_numpy()[:, :d],
        "weights": grid.loc[1:t].to_numpy()[:, d],
        "values": grid.loc[1:t].to_numpy()[:, d + 1 :],
        "output": grid.loc[len(rows) - 1].to_numpy()[d + 1 :],
        "future": int((df["kind"] == "future").groupby(df["i"]).any().sum()),
        "outlined": sorted(set(df[df["focus"]]["i"])),
    }


@pytest.mark.parametrize(
    "params",
    [{}, {"d": "16", "heads": "2", "temp": "0.5"}, {"d": "64", "heads": "4", "scale": "0"}],
)
def test_the_step_shows_core_s_cache_query_weights_and_output(params):
    at = open_page("generate", **params)
    assert not at.exception
    _, p, gen = decoded(params)
    step = p.labels.index(at.session_state["focus"]) + 1  # opens on the followed token
    cells, s_t = step_cells(at), gen.step(step)
    d = min(8, s_t.keys.shape[2])
    np.testing.assert_allclose(cells["query"], s_t.query[0, :d], atol=1e-12)
    np.testing.assert_allclose(cells["keys"], s_t.keys[0, :, :d], atol=1e-12)
    np.testing.assert_allclose(cells["values"], s_t.values[0, :, :d], atol=1e-12)
    np.testing.assert_allclose(cells["weights"], s_t.weights[0], atol=1e-12)
    np.testing.assert_allclose(cells["output"], s_t.head_outputs[0, :d], atol=1e-12)
    assert cells["weights"].sum() == pytest.approx(1.0, abs=1e-12)
    assert cells["future"] == p.n - step  # the tokens still to come, greyed
    assert cells["outlined"] == [step]  # the row this step added to the cache
    # The proof, stated from core: this step against row t of the whole causal pass; an
    # exact match is said so, never "by at most 0".
    text = all_text(at)
    diff, most = gen.step_diff[step - 1], gen.max_diff
    kind = "exact" if most == 0 else "step_exact" if diff == 0 else "rounding"
    said = TEXTS[f"same_{kind}"]["en"].split("{")[0]
    assert said in text and "at most 0 " not in text and "at most 0," not in text
    for value in {"step_exact": (most,), "rounding": (diff, most)}.get(kind, ()):
        assert f"{value:.1e}" in text
    assert most <= 1e-12


def test_the_article_s_sentence_at_step_6_and_the_full_causal_map_beside_it():
    at = open_page("generate", sections=("gen_full_open",))
    _, p, gen = decoded({})
    assert p.labels[5] == "it" and at.session_state["gen_step_pick"] == 6
    full = chart(at, "gen_full").pivot(index="i", columns="j", values="value").to_numpy()
    np.testing.assert_allclose(full, gen.full.weights[0], atol=1e-15)
    np.testing.assert_allclose(full[5, :6], step_cells(at)["weights"], atol=1e-15)
    assert (full[np.triu_indices(9, 1)] == 0).all()  # the causal mask, always on here
    assert TEXTS["formula_caption"]["en"] in all_text(at)
    assert "causal" not in [w.key for w in at.sidebar.toggle]  # not the sidebar's to switch


def test_moving_the_step_redraws_its_part_and_puts_it_in_the_link():
    at = open_page("generate")
    at.select_slider(key="gen_step_pick").set_value(3).run()
    assert not at.exception
    cells = step_cells(at)
    assert len(cells["weights"]) == 3 and cells["future"] == 6
    assert at.query_params["step"] == "3"
    at = open_page("generate", step="3")  # the link reopens that step
    assert at.session_state["gen_step_pick"] == 3


def test_play_steps_forward_from_where_it_is_and_again_from_the_start():
    at = open_page("generate", step="4")
    at.button(key="gen_play").click().run()
    assert at.session_state["gen_playing"] and at.session_state["gen_step"] == 5
    assert at.button(key="gen_play").label == TEXTS["pause"]["en"]
    at.button(key="gen_play").click().run()  # pause: stays
    assert not at.session_state["gen_playing"] and at.session_state["gen_step"] == 5
    at.select_slider(key="gen_step_pick").set_value(9).run()
    at.button(key="gen_play").click().run()  # at the last token: from the first again
    assert at.session_state["gen_playing"] and at.session_state["gen_step"] == 1
    assert len(step_cells(at)["weights"]) == 1
    # Reaching the last step stops the play (the timer's ticks run in a browser: e2e).
    at = open_page("generate", step="8")
    at.button(key="gen_play").click().run()
    assert at.session_state["gen_step"] == 9 and not at.session_state["gen_playing"]
    assert at.button(key="gen_play").label == TEXTS["play"]["en"]


@pytest.mark.parametrize(("length", "n"), [("sentence", 9), ("1000", 1000), ("10000", 10_000)])
def test_why_cache_counts_the_multiply_adds_both_ways(length, n):
    at = open_page("generate")
    at.segmented_control(key="gen_tokens").set_value(length).run()
    w = decode_work(n, d_model=4, n_heads=1, n_kv_heads=1, d_k=4)
    text = all_text(at).replace("\u202f", " ")
    total = f"**{w.without_cache_total[-1]:,}**".replace(",", " ")
    assert total in text and f"**{w.with_cache_total[-1]:,}**".replace(",", " ") in text
    assert f"**{w.saving:.2f}×**" in text
    per_step = chart(at, "gen_work_step")
    assert per_step["x"].max() == n and len(per_step) <= 2 * 200
    ends = per_step[per_step["x"] == n].set_index("series")["y"]
    assert ends[TEXTS["series_without"]["en"]] == w.without_cache[-1]
    assert ends[TEXTS["series_with"]["en"]] == w.with_cache[-1]
    totals = chart(at, "gen_work_total")
    assert totals["y"].max() == w.without_cache_total[-1]
    if n == 9:  # the article's model: 936 with a cache, 2 088 without, 45 key rows
        assert (w.with_cache_total[-1], w.without_cache_total[-1]) == (936, 2088)
        assert "45 key rows" in text


def test_the_questions_hold_back_why_cache_until_the_guess():
    at = open_page("generate", ask="1")
    qs = decode_questions(decode_work(9, d_model=4, n_heads=1, n_kv_heads=1, d_k=4))
    assert [f.proto.form.form_id for f in at.get("form")] == ["quiz_generate"]
    assert "gen_work_step" not in chart_keys(at) and "gen_step" in chart_keys(at)
    assert not leaked(at, qs) and "2 088" not in all_text(at).replace("\u202f", " ")
    fill(at, "generate", qs, [45])
    press(at, EN["check"])
    assert verdicts(at) and at.success
    assert {"gen_work_step", "gen_work_total"} <= set(chart_keys(at))


@pytest.mark.parametrize(("h", "g"), [(8, 2), (4, 1), (16, 16)])
def test_sharing_shows_who_reads_what_every_map_and_the_cache_against_g(h, g):
    params = {"d": "64", "heads": str(h), "g": str(g)}
    at = open_page("generate", sections=SHARE, **params)
    assert not at.exception
    s, p, gen = decoded(params, g)
    edges = chart(at, "gen_readers").query("kind == 'edge'")
    kx = np.arange(g) * (h // g) + h // g / 2  # each key/value head under its group
    np.testing.assert_allclose(edges["x2"], kx[np.arange(h) // (h // g)])
    maps = {}
    for df in charts(at, "gen_maps"):
        for name, rows in df.groupby("head", observed=True, sort=False):
            maps[str(name)] = rows.pivot(index="i", columns="j", values="value").to_numpy()
    assert list(maps) == [f"Head {i + 1} · KV {i // (h // g) + 1}" for i in range(h)]
    np.testing.assert_allclose(np.stack(list(maps.values())), gen.full.weights, atol=1e-12)
    bars = chart(at, "gen_cache_g")
    choices = kv_head_choices(h)
    numbers = [
        kv_cache_numbers(n_layers=1, n_kv_heads=k, d_head=s.d_k, n_tokens=p.n) for k in choices
    ]
    np.testing.assert_array_equal(bars["value"], numbers)
    assert bars["hl"].tolist() == [k == g for k in choices]
    assert at.query_params["g"] == str(g)


def test_one_head_has_nothing_to_share_and_is_asked_nothing():
    at = open_page("generate", sections=SHARE, ask="1")
    assert TEXTS["one_head"]["en"] in [i.value for i in at.info]
    assert "quiz_generate_share" not in [f.proto.form.form_id for f in at.get("form")]
    assert "gen_readers" not in chart_keys(at)


def test_the_sharing_question_holds_back_its_section():
    at = open_page("generate", sections=SHARE, ask="1", d="64", heads="8", g="2")
    (q,) = sharing_questions(8, 2)
    assert "quiz_generate_share" in [f.proto.form.form_id for f in at.get("form")]
    assert not {"gen_readers", "gen_maps_1", "gen_cache_g"} & set(chart_keys(at))
    fill(at, "generate_share", [q], [4])
    at.button(key="quiz_generate_share_check").click().run()
    assert not at.exception and {"gen_readers", "gen_cache_g"} <= set(chart_keys(at))


def test_the_calculator_asks_the_issue_s_two_questions_then_shows_the_cache_beside_the_weights():
    at = open_page("generate", sections=MEMORY, ask="1")
    e = memory_estimate(PRESETS["llama3_8b"], n_tokens=8192, number_type="fp16")
    qs = memory_questions(e)
    asked = " ".join(md.value for md in at.markdown)
    assert "32 layers and 8 key/value heads of 128 dimensions, in fp16" in asked
    assert "one key/value head instead of 8" in asked
    assert not at.metric and "gen_memory" not in chart_keys(at) and not leaked(at, qs)
    fill(at, "generate_memory", qs, ["1.07", "8"])  # 1.07: the same size read in GB
    at.button(key="quiz_generate_memory_check").click().run()
    assert len([v for v in verdicts(at) if v.startswith("Right")]) == 2
    metrics = {m.label: m.value for m in at.metric}
    assert metrics == {"KV cache (GiB)": "1", "Weights (GiB)": "14.96", "Cache ÷ weights": "0.07"}
    assert f"{2**30:,}".replace(",", "\u202f") in "".join(el.value for el in at.get("latex"))
    assert "**122\u202f533**" in all_text(at)  # tokens at which the cache outgrows the weights
    lines = chart(at, "gen_memory")
    llama3 = lines[lines["series"] == "Llama 3 8B"]
    assert llama3["x"].max() == 153_166  # 5/4 of 122 533: the crossing in view
    np.testing.assert_allclose(llama3["y"], llama3["x"] * 128 / 2**20, atol=1e-9)  # KiB → GiB


@pytest.mark.parametrize(
    ("params", "size", "unit"),
    [
        ({"preset": "falcon_7b", "ctx": "2048", "type": "bf16"}, "16", "MiB"),
        ({"preset": "llama2_7b", "ctx": "4096", "batch": "32"}, "64", "GiB"),
        ({"preset": "qwen2_5_0_5b", "ctx": "32768", "type": "fp8"}, "192", "MiB"),
    ],
)
def test_presets_contexts_types_and_batches_from_the_link(params, size, unit):
    at = open_page("generate", sections=(*MEMORY, "gen_presets"), **params)
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics[f"KV cache ({unit})"] == size
    c = PRESETS[params["preset"]]
    assert c.source in " ".join(cap.value for cap in at.caption)  # its source, named
    listed = next(md.value for md in at.markdown if md.value.startswith("- **"))
    for p in PRESETS.values():  # every model, with its source
        assert f"**{p.name}** ({p.attention})" in listed and f"]({p.source})" in listed


def test_changing_the_model_takes_its_own_context_and_kv_heads():
    at = open_page("generate", sections=MEMORY)
    at.selectbox(key="gen_preset").set_value("gpt2").run()
    assert at.session_state["gen_ctx"] == 1024 and at.session_state["gen_kv"] == 12
    assert at.query_params["preset"] == "gpt2" and at.query_params["ctx"] == "1024"
    at.select_slider(key="gen_kv").set_value(1).run()  # what if it had one key/value head
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["KV cache (MiB)"] == "3"  # 2·12·1·64·1024·2 bytes = 3 MiB, 12× less


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"heads": "8", "d": "64", "g": "3", "step": "abc"}, {"gen_g": 2, "gen_step_pick": 6}),
        ({"heads": "4", "d": "16", "g": "99", "step": "99"}, {"gen_g": 4, "gen_step_pick": 9}),
        (
            {"preset": "gpt5", "ctx": "1e12", "type": "fp4", "batch": "-3"},
            {"gen_preset": "llama3_8b", "gen_ctx": 1_048_576, "gen_type": "fp16", "gen_batch": 1},
        ),
        ({"ctx": "nan", "batch": "9999", "step": "-5"}, {"gen_ctx": 8192, "gen_batch": 256}),
    ],
)
def test_a_tampered_link_gets_the_nearest_value_offered(params, expected):
    at = open_page("generate", sections=SHARE + MEMORY, **params)
    assert not at.exception, at.exception
    for key, value in expected.items():
        assert at.session_state[key] == value, key
    assert at.session_state["gen_step_pick"] >= 1


@pytest.mark.parametrize("sentence", ["cake", "🎂 👩‍👩‍👧 🇫🇷 it", "我吃了蛋糕，它很好吃。", LONG])
def test_hostile_sentences_at_large_settings(sentence):
    params = {"sentence": sentence, "d": "1024", "heads": "16", "g": "4", "temp": "0.05"}
    at = unfold_all(open_page("generate", sections=SHARE + MEMORY, **params))
    assert not at.exception, at.exception
    _, p, gen = decoded(params, 4)
    if p.n == 1:  # one token: one step, its only weight 1, nothing to play
        assert "gen_step_pick" not in [w.key for w in at.select_slider]
        assert step_cells(at)["weights"].tolist() == [1.0]
    for key in chart_keys(at):
        values = chart(at, key).get("value", chart(at, key).get("y"))
        if values is not None:
            assert np.isfinite(values.dropna().to_numpy(dtype=float)).all(), key
    assert gen.max_diff <= 1e-12


def test_in_chinese_with_shared_heads_no_english_is_left():
    params = {"lang": "zh", "sentence": "我吃了蛋糕，它很好吃。", "d": "64", "heads": "8", "g": "2"}
    at = unfold_all(open_page("generate", sections=SHARE + MEMORY, **params))
    assert not at.exception
    left = {word for text in visible_texts(at) for word in english(text)}
    assert not left, sorted(left)
    assert re.search(r"[\u3400-\u9fff]", chart(at, "gen_step")["row"].cat.categories[0])


def test_a_step_feeds_its_token_in_and_predicts_the_next(lang):
    """Step t's token is the input (its query reads the cache); nothing says it is "being
    generated", which would leave a student asking how an unwritten token has a query."""
    at = open_page("generate", lang=lang)
    text = all_text(at)
    for key in ("generate.step_name", "generate.step"):
        head = CATALOG[key][lang].split("{")[0]
        assert head in text or CATALOG[key][lang] in [s.label for s in at.select_slider]
    said = {"en": ("being generated", "generating “"), "zh": ("正在生成", "：生成“")}[lang]
    labels = [w.label for w in (*at.select_slider, *at.slider)]
    assert not [p for p in said if p in text or any(p in label for label in labels)]


def test_the_sharing_section_opens_on_heads_that_share(lang):
    at = open_page("generate", ask="1", lang=lang, heads="4", d="16", sections=("gen_share",))
    assert at.select_slider(key="gen_g_pick").value == 2  # GQA: 4 query heads over 2
    ask = CATALOG["generate.quiz.group.ask"][lang].format(h=4, g=2)
    assert ask in all_text(at)
    at.select_slider(key="gen_g_pick").set_value(4).run()  # g = h: nothing shared, no question
    assert not [ti for ti in at.text_input if ti.key.startswith("quiz_generate_share")]
    text = all_text(at)
    assert "1×" not in text and "1 倍" not in text
    assert CATALOG["generate.g_now_mha"][lang].split("{")[0] in text


def test_the_decoder_we_trained_writes_after_the_sentence_with_a_cache_in_each_layer():
    at = open_page("generate", model="decoder", layer="2", dstep="40")
    assert not at.exception
    d = load_decoder()
    g = decoder_generate(d.final.weights, d.vocab.encode(ARTICLE_SENTENCE).ids, 24, d.config)
    assert [c.value for c in at.code] == [ARTICLE_SENTENCE + d.vocab.decode(g.new_ids)]
    cells, s_t = step_cells(at, "gen_dstep"), g.steps[39].layers[1]  # step 40, layer 2
    np.testing.assert_allclose(cells["query"], s_t.query[0, :8], atol=1e-12)
    np.testing.assert_allclose(cells["keys"], s_t.keys[0, :, :8], atol=1e-12)
    np.testing.assert_allclose(cells["weights"], s_t.weights[0], atol=1e-12)
    np.testing.assert_allclose(cells["values"], s_t.values[0, :, :8], atol=1e-12)
    np.testing.assert_allclose(cells["output"], s_t.head_outputs[0, :8], atol=1e-12)
    assert len(cells["weights"]) == 40 and cells["future"] == len(g.steps) - 40
    text = all_text(at)
    for diff in (g.step_diff[39], g.max_diff):
        assert ("0" if diff == 0 else f"{diff:.1e}") in text
    assert g.same_choices and g.max_diff <= 1e-12
    assert "gen_step" not in chart_keys(at) and "gen_work_step" in chart_keys(at)  # toy's rest
    assert at.query_params["model"] == "decoder" and at.query_params["dstep"] == "40"
    zh = open_page("generate", model="decoder", lang="zh")
    left = {word for text in visible_texts(zh) for word in english(text)}
    assert not left, sorted(left)
