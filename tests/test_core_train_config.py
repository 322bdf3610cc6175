"""A training's settings: the defaults, clamping what a link or a student gives, the time
limit, and what cannot be trained at all."""

import numpy as np
import pytest

from core.train.config import LIMITS, TIME_LIMIT, TrainConfig, estimate_seconds, validate
from core.train.loop import train_side
from core.train.recall import recall_batch


def test_the_defaults_need_no_change():
    checked = validate()
    assert not checked.changed and checked.config == TrainConfig()


@pytest.mark.parametrize(
    ("given", "used", "reason"),
    [
        ({"lr": 0}, {"lr": LIMITS["lr"][0]}, "too_small"),
        ({"lr": 1e9}, {"lr": LIMITS["lr"][1]}, "too_large"),
        ({"lr": "inf"}, {"lr": LIMITS["lr"][1]}, "too_large"),
        ({"lr": float("nan")}, {"lr": TrainConfig().lr}, "invalid"),
        ({"steps": 0}, {"steps": LIMITS["steps"][0]}, "too_small"),
        ({"steps": "abc"}, {"steps": TrainConfig().steps}, "invalid"),
        ({"n_heads": "2.6"}, {"n_heads": 3}, "rounded"),
        ({"d_k": -5}, {"d_k": 1}, "too_small"),
        ({"d_k": 10**12}, {"d_k": LIMITS["d_k"][1]}, "too_large"),
        ({"scale": "maybe"}, {"scale": True}, "invalid"),
        ({"n_seeds": None}, {"n_seeds": TrainConfig().n_seeds}, "invalid"),
    ],
)
def test_bad_settings_are_clamped_and_reported(given, used, reason):
    checked = validate(given)
    for name, value in used.items():
        assert getattr(checked.config, name) == value
    assert [a.reason for a in checked.adjustments][:1] == [reason]
    assert checked.messages and all(isinstance(m, str) for m in checked.messages)


def test_text_from_a_link_is_read():
    checked = validate({"d_k": "256", "scale": "0", "causal": "false", "lr": "3e-3"})
    assert not checked.changed
    c = checked.config
    assert (c.d_k, c.scale, c.causal, c.lr) == (256, False, False, 0.003)


def test_unknown_settings_are_ignored_and_reported():
    checked = validate({"d_kk": 3})
    assert checked.config == TrainConfig()
    assert checked.adjustments[0].reason == "unknown"


def test_impossible_task_sizes_are_made_possible():
    checked = validate(n_keys=4, n_pairs=9, n_queries=30)
    c = checked.config
    assert c.n_pairs == 4 and c.n_queries == 4
    assert {a.reason for a in checked.adjustments} >= {"n_pairs", "n_queries"}
    recall_batch(np.random.default_rng(0), 2, **c.task)


def test_the_largest_settings_are_cut_to_the_time_limit():
    largest = {name: hi for name, (lo, hi) in LIMITS.items()}
    checked = validate(largest)
    assert estimate_seconds(checked.config) <= TIME_LIMIT
    assert "time" in {a.reason for a in checked.adjustments}
    assert checked.config.d_k == LIMITS["d_k"][1]  # d_k, the point of the page, is kept


def test_a_config_passes_through_validate():
    config = TrainConfig(d_k=16, lr=0.003, steps=120, scale=False)
    assert validate(config).config == config


def test_training_refuses_what_cannot_be_computed():
    with pytest.raises(ValueError):
        train_side(TrainConfig(n_pairs=20, n_keys=16))
    with pytest.raises(ValueError):
        train_side(TrainConfig(lr=float("nan")))
