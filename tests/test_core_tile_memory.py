"""The memory a full softmax holds against the tiles, counted by hand."""

import numpy as np
import pytest

from core.long_context.tile_memory import CHART_N, LONGEST, tile_memory


def test_the_article_sentence_by_hand():
    # 9 tokens, tiles of 2, d_v = 4
    mem = tile_memory(9, tile=2, d_v=4)
    assert mem.full_row.tolist() == [9]  # one row of 9 scores
    assert mem.tiled_row.tolist() == [8]  # 2 scores + m + l + 4 outputs
    assert mem.full.tolist() == [81]  # 9 × 9
    assert mem.tiled.tolist() == [56]  # 9 queries × (4 + 2) + one tile of 2
    assert mem.full_bytes.tolist() == [324] and mem.tiled_bytes.tolist() == [224]
    assert mem.full_row_bytes.tolist() == [36] and mem.tiled_row_bytes.tolist() == [32]
    np.testing.assert_allclose(mem.ratio, [81 / 56])


def test_128k_tokens_by_hand():
    mem = tile_memory(131_072, tile=128, d_v=64, bytes_per_number=2)
    assert mem.full.tolist() == [17_179_869_184]  # 2³⁴ scores
    assert mem.full_bytes.tolist() == [34_359_738_368]  # 32 GiB in float16, one head
    assert mem.tiled.tolist() == [131_072 * 66 + 128]
    assert mem.tiled_row.tolist() == [194]
    assert mem.full_row.tolist() == [131_072]


def test_the_chart_goes_to_128k_in_powers_of_two():
    assert CHART_N[0] == 1 and CHART_N[-1] == LONGEST == 128 * 1024
    assert np.all(CHART_N[1:] == 2 * CHART_N[:-1])
    mem = tile_memory(CHART_N, tile=4, d_v=8)
    assert mem.full.shape == mem.tiled.shape == mem.full_row.shape == (18,)
    assert np.all(mem.tiled_row == 14)  # a query's tiles hold the same at every length
    np.testing.assert_array_equal(mem.full, CHART_N.astype(np.int64) ** 2)


@pytest.mark.parametrize(("tile", "d_v"), [(1, 1), (2, 4), (4, 64), (128, 64), (7, 3)])
def test_crossovers_are_the_first_lengths_where_the_full_softmax_holds_more(tile, d_v):
    n = np.arange(1, 400)
    mem = tile_memory(n, tile=tile, d_v=d_v)
    assert mem.crossover == n[np.argmax(n * n > n * (d_v + 2) + tile)]
    assert mem.row_crossover == n[np.argmax(n > tile + 2 + d_v)]
    assert mem.ratio[mem.crossover - 2] <= 1 < mem.ratio[mem.crossover - 1]


def test_hand_crossovers():
    mem = tile_memory(1, tile=2, d_v=4)
    assert mem.crossover == 7  # 49 > 6·7 + 2 = 44, while 36 ≤ 6·6 + 2 = 38
    assert mem.row_crossover == 9  # 9 > 2 + 2 + 4


@pytest.mark.parametrize(
    "bad",
    [{"n": 0}, {"n": [4, -1]}, {"tile": 0}, {"d_v": 0}, {"tile": 1.5}, {"bytes_per_number": 0}],
)
def test_bad_sizes_are_refused(bad):
    args = {"n": 9, "tile": 2, "d_v": 4} | bad
    with pytest.raises(ValueError):
        tile_memory(args.pop("n"), **args)
