"""Softmax one tile at a time: the followed row walked in tiles, checked against a walk worked
here from the row's scores (m = the largest score seen, l = Σ e^(x − m) over the keys seen),
and against the full softmax the one attention function gives; the memory counted by hand;
the questions held back until the guess."""

from __future__ import annotations

import re

import numpy as np
import pytest
from apptest_util import all_text, chart, chart_keys, chart_specs, open_page, table
from quiz_util import EN, fill, leaked, press, verdicts, wrong

from core.long_context.online_softmax import tiled_attention
from ui import state
from ui.registry import questions
from ui.settings import DEFAULTS, Settings, parse_params
from ui.texts.tiles import TEXTS

COLUMNS = [TEXTS[f"col_{c}"]["en"] for c in ("tile", "max", "m_after", "l", "factor")]
TILE, MAX, M, L, FACTOR = COLUMNS
WALK = ("tiles_row", "tiles_ml", "tiles_output")

pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def pipeline(params: dict):
    """The toy model's forward pass at these link settings, built afresh (not the app's)."""
    values, _ = parse_params({k: str(v) for k, v in params.items()})
    return state._compute_pipeline(Settings(**{**DEFAULTS.__dict__, **values}))


def by_hand(x: np.ndarray, tile: int) -> list[tuple[float, float]]:
    """(m, l) after each tile, from the definitions: over the keys seen so far."""
    out = []
    for stop in range(tile, len(x) + tile, tile):
        seen = x[:stop][np.isfinite(x[:stop])]
        m = seen.max()
        out.append((m, np.exp(seen - m).sum()))
    return out


OPEN = ("tiles_history",)  # the folded table of the tiles walked


def walk_to_the_end(at, tile: int | None = None):
    if tile is not None:
        at.select_slider(key="tiles_b").set_value(tile).run()
    if slider := [s for s in at.slider if s.key == "tiles_step"]:
        slider[0].set_value(slider[0].max).run()
    assert not at.exception
    return at


@pytest.mark.parametrize(
    ("params", "tile"),
    [
        ({}, None),
        ({}, 1),
        ({"d": "16", "heads": "2", "focus": "cake"}, 4),
        ({"temp": "0.05", "tile": "8", "sentence": "a b c d e f g h i j k"}, None),
    ],
)
def test_the_walk_is_the_definition_and_ends_on_the_full_softmax(params, tile):
    at = walk_to_the_end(open_page("tiles", sections=OPEN, **params), tile)
    tile = at.session_state["tiles_b"]  # a link's or a control's value, as the page used it
    p = pipeline(params)
    qi = p.labels.index(at.session_state["focus"])
    tr = p.mha.head(0)
    x = chart(at, "tiles_row").sort_values("j")["value"].to_numpy(dtype=float)
    np.testing.assert_allclose(x, tr.scaled[qi], rtol=0, atol=1e-12)  # the row softmax sees
    rows = table(at, *COLUMNS)
    hand = by_hand(x, tile)
    assert len(rows) == len(hand) == -(-p.n // tile)
    np.testing.assert_allclose(rows[L], [total for _, total in hand], rtol=1e-12)
    assert list(rows[M]) == [f"{m:.3f}" for m, _ in hand]
    # The last step: the output is softmax(x)·V, to the digits printed, and the difference
    # stated is rounding.
    e = np.exp(x - x.max())
    full = (e / e.sum()) @ tr.v
    text = all_text(at)
    assert "(" + ", ".join(f"{v:.3f}".replace("-0.000", "0.000") for v in full[:8]) in text
    stated = re.search(r"differ by at most (\S+), and the weights[^:]* at most (\S+):", text)
    assert stated and float(stated[1]) < 1e-12 and float(stated[2]) < 1e-12


def test_a_tile_that_raises_m_rescales_what_was_kept():
    # Defaults, B = 2: "it"'s second tile [the cake] raises m from 0.702 to 1.640.
    at = open_page("tiles", sections=OPEN)
    at.slider(key="tiles_step").set_value(2).run()
    x = chart(at, "tiles_row").sort_values("j")["value"].to_numpy(dtype=float)
    (m1, l1), (m2, _) = by_hand(x, 2)[:2]
    factor = np.exp(m1 - m2)
    rows = table(at, *COLUMNS)
    assert rows[FACTOR].iloc[1] == pytest.approx(factor, rel=1e-12)
    assert rows[FACTOR].iloc[0] == 0  # nothing kept before the first tile
    said = (
        TEXTS["step_raised"]["en"]
        .split("{factor}")[0]
        .format(
            k=2, keys="the cake", tmax=f"{x[2:4].max():.4f}", m_old=f"{m1:.4f}", m_new=f"{m2:.4f}"
        )
    )
    assert said in all_text(at)
    assert f"ℓ = {factor:.4f} × {l1:.4f} + " in all_text(at)
    assert "tiles_row" in chart_keys(at) and len(rows) == 2
    # A new tile size starts the walk again at its first tile.
    at.select_slider(key="tiles_b").set_value(4).run()
    assert at.slider(key="tiles_step").value == 1 and len(table(at, *COLUMNS)) == 1


def test_masked_keys_are_minus_infinity_and_their_tiles_change_nothing():
    # "I" sees only itself: its 4 later tiles are all masked
    at = open_page("tiles", sections=OPEN, mask="1", focus="I")
    at.slider(key="tiles_step").set_value(3).run()
    df = chart(at, "tiles_row").sort_values("j")
    assert df["value"].isna().sum() == 8 and (df["text"].iloc[1:] == "−∞").all()
    rows = table(at, *COLUMNS)
    first = f"{df['value'].iloc[0]:.3f}"
    assert list(rows[MAX]) == [first, "—", "—"]  # no key of tiles 2, 3 to see
    assert list(rows[FACTOR].iloc[1:]) == [1.0, 1.0] and len(set(rows[L])) == 1
    assert TEXTS["step_masked"]["en"].split("{keys}")[0].format(k=3) in all_text(at)


def test_the_memory_of_the_article_s_sentence_and_at_128k_by_hand():
    at = open_page("tiles", sections=("tiles_memory",))
    text = all_text(at)
    # n = 9, B = 2, d_v = 4: 81 scores against 9·(4 + 2) + 2 = 56; one query 9 against 8.
    here = TEXTS["memory_here"]["en"].format(
        n=9, tile=2, d_v=4, full=81, tiled=56, full_row=9, tiled_row=8, crossover=7,
        row_crossover=9,
    )  # fmt: skip
    assert here in text
    # 2³⁴ scores · 4 B = 64 GiB; (131 072 · 6 + 2) · 4 B = 3.0 MiB; a real head in float16:
    # 2³⁴ · 2 B = 32 GiB against (131 072 · 66 + 128) · 2 B = 16.5 MiB, 1 986 times less.
    long = TEXTS["memory_long"]["en"].format(
        longest="131,072", full="64 GiB", tiled="3 MiB", real_tile=128, real_d_v=64,
        real_full="32 GiB", real_tiled="16.5 MiB", ratio="1,986",
    )  # fmt: skip
    assert long in text
    df = chart(at, "tiles_bytes")
    assert df["n"].max() == 131_072 and df["bytes"].max() == 2**36


@pytest.mark.parametrize(("given", "used"), [("3", 2), ("1000", 16), ("abc", 2), ("-5", 1)])
def test_a_tampered_tile_size_becomes_one_the_control_offers(given, used):
    at = open_page("tiles", tile=given)
    assert not at.exception
    assert at.session_state["tiles_b"] == used
    assert at.query_params.get("tile", "2") == str(used)


def test_one_token_is_one_tile():
    at = open_page("tiles", sentence="cake")
    assert not at.exception
    assert not [s for s in at.slider if s.key == "tiles_step"]
    assert TEXTS["one_tile"]["en"].format(tile=1) in all_text(at)
    assert "differ by at most 0," in all_text(at)


def test_the_answers_are_held_back_until_the_guess():
    p = pipeline({})
    qs = questions()["tiles"](tiled_attention(p.mha.head(0), 2, query=5), "it")
    at = open_page("tiles", ask="1")
    assert not at.exception and not verdicts(at)
    assert not set(WALK) & set(chart_keys(at)) and not at.dataframe
    assert not leaked(at, qs), leaked(at, qs)
    fill(at, "tiles", qs, [qs[0].answer, wrong(qs[1])])
    press(at, EN["check"])
    assert set(WALK) <= set(chart_keys(at))
    shown = verdicts(at)
    assert shown[0].startswith(EN["right"].split("{")[0])
    assert shown[1].startswith(EN["wrong"].split("{")[0]) and "6" in shown[1]  # d_v + 2


def test_the_memory_legend_shows_each_line_style():
    """The legend of "every query" and "one query" draws a solid and a dashed swatch: its line
    layer is not filled (a filled mark's legend left its swatches without a stroke), and
    the points are a layer of their own, in no legend."""
    at = open_page("tiles", sections=("tiles_memory",))
    spec = next(s for s in chart_specs(at) if s.get("usermeta", {}).get("key") == "tiles_bytes")
    line = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "line")
    assert not line["mark"].get("point") and not line["mark"].get("filled")
    legend = line["encoding"]["strokeDash"]["legend"]
    assert legend["symbolType"] == "stroke" and legend["symbolStrokeColor"]
    assert legend["symbolSize"] >= 100  # long enough for a dash to show
