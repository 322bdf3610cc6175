"""Training the decoder by hand (core.decoder.data, core.decoder.train): the data of a step,
packing, a few Adam steps, and a resumed run repeating the original's steps."""

import numpy as np
import pytest
from decoder_util import TINY, tiny_weights

from core.decoder.data import NATURAL, REPEATED, DataMix, batch_at, held_out_split
from core.decoder.train import pack, start, train_step, unpack


def test_the_held_out_part_starts_at_a_line_and_is_about_the_share_asked():
    text = "".join(f"line {i}\n" for i in range(100))
    train, held = held_out_split(text, 0.1)
    assert train + held == text
    assert held.startswith("line ") and train.endswith("\n")
    assert abs(len(held) / len(text) - 0.1) < 0.02


def test_packing_keeps_every_parameter_in_its_place():
    w = tiny_weights(7)
    back = unpack(pack(w, np.float64), TINY)
    for name in w.names():
        np.testing.assert_array_equal(back[name], w[name])
    assert pack(w).dtype == np.float32  # training's own type, the checkpoints'
    with pytest.raises(ValueError):
        unpack(pack(w)[:, :-1], TINY)


def tiny_mix() -> DataMix:
    text = np.arange(TINY.n_vocab).repeat(5)
    return DataMix(
        texts=(text, text[::-1].copy()),
        alphabets=(np.array([0, 1, 2]), np.arange(TINY.n_vocab)),
        shares=(0.5, 0.5),
        batch=4,
        natural=1,
        min_period=2,
        max_period=3,
    )


def test_a_steps_data_depends_on_the_seed_and_the_step_alone():
    a, b = batch_at(tiny_mix(), 3, 10, TINY.n_ctx), batch_at(tiny_mix(), 3, 10, TINY.n_ctx)
    np.testing.assert_array_equal(a.ids, b.ids)
    assert a.ids.shape == (4, TINY.n_ctx + 1)
    assert a.kind.tolist() == [NATURAL, REPEATED, REPEATED, REPEATED]
    assert not np.array_equal(a.ids, batch_at(tiny_mix(), 3, 11, TINY.n_ctx).ids)
    for row in a.ids[1:]:  # a repeated string repeats with a period of 2 or 3
        assert any(np.array_equal(row[p:], row[:-p]) for p in (2, 3))
    drawn = np.concatenate([batch_at(tiny_mix(), 3, t, TINY.n_ctx).ids[1:] for t in range(40)])
    assert set(drawn.ravel()) - {0, 1, 2}  # both alphabets are drawn from
    with pytest.raises(ValueError, match="share"):
        DataMix(texts=(), alphabets=(np.array([0]),), shares=(0.5,))


def test_training_lowers_the_loss_and_a_resumed_run_repeats_its_steps():
    state, losses = start(tiny_weights(8)), []
    states = []
    for t in range(1, 31):
        state, loss = train_step(state, batch_at(tiny_mix(), 0, t, TINY.n_ctx), TINY, 1e-2)
        losses.append(loss.loss)
        states.append(state)
    assert np.mean(losses[-5:]) < np.mean(losses[:5]) - 0.3
    again = states[19]
    for t in range(21, 31):
        again, _ = train_step(again, batch_at(tiny_mix(), 0, t, TINY.n_ctx), TINY, 1e-2)
    np.testing.assert_array_equal(again.theta, state.theta)  # the same arithmetic, in order
    assert again.step == state.step == state.adam.t == 30 and state.theta.dtype == np.float32
