"""The line view of attention: its lines are the followed query's weights, none under the
threshold, only the heads shown; and its text names the strongest keys."""

from __future__ import annotations

import numpy as np
import pytest
from test_chart_templates import assert_as_altair_builds

from ui.figures.lines import attention_lines
from ui.i18n import set_language, t

LABELS = ["[CLS]", "i", "ate", "the", "cake", "and", "it", "was", "delicious", ".", "[SEP]"]
NAMES = [f"H{i}" for i in range(1, 5)]
IT, CAKE = 6, 4


def weights() -> np.ndarray:  # [4, 11, 11]: head 2 ("H3") sends "it" mostly to "cake"
    rng = np.random.default_rng(7)
    w = rng.random((4, 11, 11)) ** 6  # many small weights, some under the threshold
    w[2, IT, CAKE] = 20.0
    return w / w.sum(axis=-1, keepdims=True)


def lines(view):
    df = view.figure.data.to_pandas()
    return df[df["part"] == "line"]


def test_the_lines_are_the_query_s_weights_in_the_shown_heads_none_under_the_threshold():
    w = weights()
    view = attention_lines(w, LABELS, IT, NAMES, [0, 2], "lines", t)
    drawn = {(r.head, r.label): r.weight for r in lines(view).itertuples()}
    expected = {
        (NAMES[h], LABELS[j]): w[h, IT, j] for h in (0, 2) for j in range(11) if w[h, IT, j] >= 0.02
    }
    assert drawn.keys() == expected.keys()
    np.testing.assert_allclose([drawn[k] for k in expected], list(expected.values()), rtol=1e-12)
    assert (w[[0, 2], IT] < 0.02).any()  # so some were left out
    assert "0.02" in view.caption
    assert set(lines(view)["query"]) == {"it"}
    # the tooltip's exact weight: three decimals
    row = lines(view).set_index(["head", "label"]).loc[("H3", "cake")]
    assert row["text"] == f"{w[2, IT, CAKE]:.3f}"


def test_switching_heads_changes_which_heads_lines_are_sent():
    w = weights()
    one = attention_lines(w, LABELS, IT, NAMES, [1], "lines", t)
    two = attention_lines(w, LABELS, IT, NAMES, [3, 0], "lines", t)
    assert set(lines(one)["head"]) == {"H2"}
    assert set(lines(two)["head"]) == {"H1", "H4"}
    none = attention_lines(w, LABELS, IT, NAMES, [], "lines", t)
    assert none.figure is None and none.summary == t("lines.none")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_text_names_the_top_key_with_its_weight(lang):
    set_language(lang)
    try:
        w = weights()
        view = attention_lines(w, LABELS, IT, NAMES, [2], "lines", t)
        assert f"H3: cake {w[2, IT, CAKE]:.2f}" in view.summary
        assert "“it”" in view.summary
        assert view.figure.spec["description"].startswith(view.summary[:10])
    finally:
        set_language("en")


@pytest.mark.parametrize("present", [False, True])
@pytest.mark.parametrize("shown", [[0], [0, 1, 2, 3]])
def test_the_line_view_is_the_spec_altair_builds(monkeypatch, present, shown):
    w = weights()
    (figure,) = assert_as_altair_builds(
        monkeypatch,
        lambda: attention_lines(w, LABELS, IT, NAMES, shown, "k", t, present=present).figure,
    )
    df = figure.data.to_pandas()
    assert (df["part"] == "token").sum() + (df["part"] == "focus").sum() == 2 * len(LABELS)


def test_the_page_s_view_is_kept_for_the_same_weights_and_made_anew_in_another_language():
    from ui.i18n import set_language
    from ui.lines import _view

    w, names = weights(), ["H1", "H2", "H3", "H4"]
    args = (w, [f"t{i}" for i in range(11)], IT, names, [2], "k")
    first = _view(*args, "en")
    assert _view(w.copy(), *args[1:], "en") is first  # equal contents: no work again
    set_language("zh")
    try:
        other = _view(*args, "zh")
    finally:
        set_language("en")
    assert other is not first and other.summary != first.summary
