"""Rotary positions (RoPE) page: q and k turned pair by pair, worked out here by hand from
the article's vectors; the same shift leaves RoPE's score and moves the sinusoid's; the
page's own controls in the link; the question held back; d_k = 1 explained."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from apptest_util import all_text, chart, open_page, spec, table
from quiz_util import EN, fill, leaked, press, verdicts

from core import article_example
from core.quiz.rope_cross import rope_questions
from core.rope.compare import shift_proof
from ui.settings import DEFAULTS
from ui.state import _compute_pipeline
from ui.texts.rope import TEXTS
from ui.views import rope

PROOF = [TEXTS["scheme_rope"]["en"], TEXTS["scheme_sinusoidal"]["en"]]
IT, CAKE = 5, 3  # their places in the article's sentence


def pe(pos: int, d: int) -> np.ndarray:
    """The paper's sinusoid, written out: sin at even columns, cos at odd ones."""
    return np.array(
        [
            math.sin(pos / 10000 ** (c / d))
            if c % 2 == 0
            else math.cos(pos / 10000 ** ((c - 1) / d))
            for c in range(d)
        ]
    )


def turned(v: np.ndarray, pos: int, base: float = 10000.0) -> np.ndarray:
    """RoFormer's rotation by hand: pair (2i, 2i+1) turned by pos·base^(−2i/d)."""
    d, out = len(v), np.empty(len(v))
    for i in range(d // 2):
        a = pos * base ** (-2 * i / d)
        x, y = v[2 * i], v[2 * i + 1]
        out[2 * i], out[2 * i + 1] = (
            x * math.cos(a) - y * math.sin(a),
            x * math.sin(a) + y * math.cos(a),
        )
    return out


def article_qk() -> tuple[np.ndarray, np.ndarray, dict]:
    """q of "it" and k of "cake" from the article's embeddings, no position in them."""
    ex = article_example()
    e_it, e_cake = ex["x"][IT] - pe(IT, 4), ex["x"][CAKE] - pe(CAKE, 4)
    return e_it @ ex["w_q"], e_cake @ ex["w_k"], ex


def proof_table(at) -> list[list[str]]:
    """The proof's Markdown table as cells, its heading row first."""
    heading = f"| | {PROOF[0]} | {PROOF[1]} |"
    (text,) = [md.value for md in at.markdown if md.value.startswith(heading)]
    lines = [line for line in text.splitlines() if not line.startswith("|---")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]


def proof_rows(at) -> dict[str, list[str]]:
    """The proof table's columns as printed: [before, after, difference] for each scheme."""
    rows = proof_table(at)[1:]
    return {name: [row[k] for row in rows] for k, name in ((1, "rope"), (2, "sinusoidal"))}


def printed(x: float) -> str:
    return f"{x:.4g}"


def test_the_pairs_turn_by_position_times_theta():
    at = open_page("rope", sections=("rope_pair_table",))
    assert not at.exception
    q, k, _ = article_qk()
    vectors = chart(at, "rope_vectors").pivot(index="i", columns="j", values="value").to_numpy()
    np.testing.assert_allclose(vectors, [q, k, turned(q, IT), turned(k, CAKE)], atol=1e-12)
    arrows = chart(at, "rope_pairs")
    arrows = arrows[arrows["kind"] == "arrow"]
    for v, (vector, pos) in enumerate(((q, IT), (k, CAKE))):
        mine = arrows[(arrows["vector"].cat.codes == v) & arrows["turned"]].sort_values("panel")
        got = mine[["a", "b"]].to_numpy().ravel()
        np.testing.assert_allclose(got, turned(vector, pos), atol=1e-12)
    score = turned(q, IT) @ turned(k, CAKE)
    assert f"q′·k′ = **{score:.4f}**" in all_text(at)


def test_the_same_shift_keeps_rope_s_score_and_moves_the_sinusoid_s():
    at = open_page("rope")
    q, k, ex = article_qk()
    rows = proof_rows(at)
    want = printed(turned(q, IT) @ turned(k, CAKE))
    assert rows["rope"][:2] == [want, want]
    assert abs(float(rows["rope"][2])) < 1e-12  # rounding alone, written as it is (1.11e-16)
    # The sinusoid at their own places is the article's X; five places on, PE(10) and PE(8).
    e_it, e_cake = ex["x"][IT] - pe(IT, 4), ex["x"][CAKE] - pe(CAKE, 4)
    at_home = (ex["x"][IT] @ ex["w_q"]) @ (ex["x"][CAKE] @ ex["w_k"])
    moved = ((e_it + pe(10, 4)) @ ex["w_q"]) @ ((e_cake + pe(8, 4)) @ ex["w_k"])
    assert rows["sinusoidal"] == [printed(at_home), printed(moved), printed(moved - at_home)]


def test_moving_the_positions_and_the_shift_reruns_the_explorer_and_the_link():
    at = open_page("rope", d="16", heads="2", seed="3")
    first = proof_rows(at)["rope"][0]
    at.slider(key="rope_pos_q").set_value(20).run()
    at.slider(key="rope_pos_k").set_value(18).run()  # the same distance, 2, further on
    at.slider(key="rope_shift").set_value(30).run()
    assert not at.exception
    rows = proof_rows(at)
    assert rows["rope"][:2] == [first, first]  # RoPE: the distance alone
    assert abs(float(rows["rope"][2])) < 1e-12
    assert proof_table(at)[2][0] == TEXTS["row_after"]["en"].format(q=50, k=48)
    assert (at.query_params["pq"], at.query_params["pk"], at.query_params["shift"]) == (
        "20",
        "18",
        "30",
    )
    # Another key token puts the positions back at the tokens' own places.
    at.selectbox(key="rope_key").set_value("the").run()
    assert (at.slider(key="rope_pos_q").value, at.slider(key="rope_pos_k").value) == (IT, 2)


def test_rope_s_curves_lie_on_one_another_and_the_sinusoid_s_do_not():
    sentence = "the dog sat on the sofa and it slept"
    at = open_page("rope", sections=("rope_curves",), d="32", seed="1", sentence=sentence)
    for scheme, apart in (("rope", False), ("sinusoidal", True)):
        df = chart(at, f"rope_curve_{scheme}")
        curves = df.groupby(["start", "distance"], observed=True)["score"].first().unstack()
        spread = float(np.ptp(curves.to_numpy(), axis=0).max())
        assert (spread > 0.01) if apart else (spread < 1e-12), (scheme, spread)


@pytest.mark.parametrize(
    ("heads", "base", "same"), [(1, 10000, True), (2, 10000, False), (1, 100, False)]
)
def test_the_wavelengths_meet_the_tokens_page_s_columns(heads, base, same):
    at = open_page("rope", sections=("rope_waves",), d="16", heads=str(heads), base=str(base))
    df = chart(at, "rope_wavelengths")
    rope_w, tokens_w = (
        df[df["series"].cat.codes == s].sort_values("i")["wavelength"] for s in (0, 1)
    )
    d_k = 16 // heads
    np.testing.assert_allclose(
        rope_w, [2 * math.pi * base ** (2 * i / d_k) for i in range(d_k // 2)]
    )
    np.testing.assert_allclose(tokens_w, [2 * math.pi * 10000 ** (2 * i / 16) for i in range(8)])
    assert (len(rope_w) == len(tokens_w) and np.allclose(rope_w, tokens_w)) == same
    key = "waves_same" if same else ("waves_heads" if heads > 1 else "waves_base")
    assert TEXTS[key]["en"].format(h=heads, d_k=d_k, d=16) in all_text(at)


def test_the_conventions_say_which_dimensions_pair_up():
    at = open_page("rope", sections=("rope_waves",), d="8")
    names = [TEXTS[f"col_{c}"]["en"] for c in ("interleaved", "halves")]
    df = table(at, *names)
    assert df[names[0]].tolist() == ["1, 2", "3, 4", "5, 6", "7, 8"]
    assert df[names[1]].tolist() == ["1, 5", "2, 6", "3, 7", "4, 8"]
    assert "**interleaved**" in TEXTS["conventions_body"]["en"]


@pytest.mark.parametrize(("d", "heads"), [("4", "4"), ("16", "16")])
def test_d_k_of_one_has_no_pair_to_turn_and_says_so(d, heads):
    at = open_page("rope", d=d, heads=heads)
    assert not at.exception
    assert TEXTS["no_pairs"]["en"].format(d=d, h=heads, d_k=1) in [w.value for w in at.warning]
    at.button(key="rope_fewer_heads").click().run()
    assert at.session_state["n_heads"] == int(d) // 2
    assert not at.warning and chart(at, "rope_pairs")["panel"].nunique() == 1  # one pair


def test_a_tampered_link_gets_values_the_controls_offer():
    at = open_page("rope", pq="abc", pk="999", base="7", shift="-4", key="<b>x</b>")
    assert not at.exception
    assert at.slider(key="rope_pos_q").value == IT  # no number: the token's own place
    assert at.slider(key="rope_pos_k").value == rope.POSITIONS[-1]
    assert at.select_slider(key="rope_base").value == 100
    assert at.slider(key="rope_shift").value == 0
    assert at.selectbox(key="rope_key").value == "cake"


def test_the_last_of_64_tokens_and_one_token():
    long = " ".join(f"w{i}" for i in range(64))
    at = open_page("rope", sentence=long, focus="w63", key="w0", d="64", heads="4")
    assert not at.exception and at.slider(key="rope_pos_q").value == 63
    one = open_page("rope", sentence="cake")
    assert not one.exception and abs(float(proof_rows(one)["rope"][2])) < 1e-12


def test_the_answer_is_held_back_until_a_guess():
    at = open_page("rope", ask="1")
    p = _compute_pipeline(DEFAULTS)
    head = p.params.head(0, 1)
    qs = rope_questions(
        shift_proof(p.embeddings[IT], p.embeddings[CAKE], head.w_q, head.w_k, IT, CAKE, 5)
    )
    assert [q_.answer for q_ in qs] == ["quiz.choice.no", "quiz.choice.yes"]
    # A rounding-sized difference (1e-16) is 0 to any chart's index columns: not a leak.
    sized = [replace(q_, reveal={n: v for n, v in q_.reveal.items() if abs(v) > 1e-9}) for q_ in qs]
    assert not verdicts(at) and not leaked(at, sized)
    assert PROOF[1] not in all_text(at)
    fill(at, "rope", qs, ["quiz.choice.no", "quiz.choice.no"])
    press(at, EN["check"])
    shown = verdicts(at)
    assert shown[0].startswith(EN["right"].split("{")[0]) and shown[1].startswith(
        EN["wrong"].split("{")[0]
    )
    assert proof_rows(at)["sinusoidal"][0] == printed(qs[1].reveal["before"])


def test_the_presenter_view_draws_the_pairs_larger():
    small, large = (spec(open_page("rope", present=p), "rope_pairs") for p in ("0", "1"))
    assert large["spec"]["width"] > small["spec"]["width"] >= 150


def test_the_two_scores_and_the_oscillation_are_explained(lang):
    """At the article's sentence "it"·"cake" scores about −0.27 with RoPE and 3.28 with the
    sinusoid: the page says why, and at d_k = 4 why the score against distance oscillates."""
    from ui.texts import CATALOG

    at = open_page("rope", lang=lang, sections=("rope_curves",))
    text = all_text(at)
    assert CATALOG["rope.why_differ"][lang].split("{")[0] in text
    few = CATALOG["rope.curves_few_pairs"][lang].format(d_k=4, pairs=2)
    assert few in text
    wide = open_page("rope", lang=lang, d="64", heads="1", sections=("rope_curves",))
    assert CATALOG["rope.curves_few_pairs"][lang].format(d_k=64, pairs=32) not in all_text(wide)
