"""Published configurations of real decoder models, for the KV cache's memory calculator.

Every number is the model's own: layers, query heads and key/value heads, d_model and the
context length from its config.json on the Hugging Face Hub (the link beside it; Falcon's
config names no context length, its model card does); d_head = d_model / h. The
parameter count is the number of distinct parameters the config's tensor shapes make, a
matrix shared by the embedding and the output layer counted once.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.gqa import attention_kind


@dataclass(frozen=True)
class ModelConfig:
    """What the cache's size depends on, for one published model."""

    name: str
    n_layers: int  # L  (num_hidden_layers, n_layer)
    n_heads: int  # h query heads  (num_attention_heads, n_head)
    n_kv_heads: int  # g key/value heads  (num_key_value_heads; 1 for multi_query)
    d_head: int  # d_k = d_v
    d_model: int  # hidden_size, n_embd
    n_params: int
    context: int  # the longest context it was made for (max_position_embeddings, n_ctx)
    source: str  # where the numbers come from

    @property
    def attention(self) -> str:
        """ "MHA" (g = h), "MQA" (g = 1) or "GQA" (between)."""
        return attention_kind(self.n_heads, self.n_kv_heads)

    @property
    def group(self) -> int:
        """How many query heads share each key/value head: h / g."""
        return self.n_heads // self.n_kv_heads


PRESETS: dict[str, ModelConfig] = {
    # hidden_size 4096, num_hidden_layers 32, num_attention_heads 32, num_key_value_heads
    # 32, max_position_embeddings 4096; vocabulary 32000 in and out, not shared.
    "llama2_7b": ModelConfig(
        name="Llama 2 7B",
        n_layers=32,
        n_heads=32,
        n_kv_heads=32,
        d_head=128,
        d_model=4096,
        n_params=6_738_415_616,
        context=4096,
        source="https://huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json",
    ),
    # hidden_size 4096, num_hidden_layers 32, num_attention_heads 32, num_key_value_heads
    # 8, max_position_embeddings 8192; vocabulary 128256 in and out, not shared.
    "llama3_8b": ModelConfig(
        name="Llama 3 8B",
        n_layers=32,
        n_heads=32,
        n_kv_heads=8,
        d_head=128,
        d_model=4096,
        n_params=8_030_261_248,
        context=8192,
        source="https://huggingface.co/meta-llama/Meta-Llama-3-8B/blob/main/config.json",
    ),
    # hidden_size 4544, n_layer 32, n_head 71, multi_query true (one key/value head);
    # head_dim 64 and a 2048-token sequence length from the model card. The output layer
    # shares the input embedding (tie_word_embeddings is not set, so it is the default,
    # true): counted once. Counted twice, as some listings do, it is 7 217 189 760.
    "falcon_7b": ModelConfig(
        name="Falcon 7B",
        n_layers=32,
        n_heads=71,
        n_kv_heads=1,
        d_head=64,
        d_model=4544,
        n_params=6_921_720_704,
        context=2048,
        source="https://huggingface.co/tiiuae/falcon-7b/blob/main/config.json",
    ),
    # hidden_size 896, num_hidden_layers 24, num_attention_heads 14, num_key_value_heads
    # 2, max_position_embeddings 32768, tie_word_embeddings true.
    "qwen2_5_0_5b": ModelConfig(
        name="Qwen2.5 0.5B",
        n_layers=24,
        n_heads=14,
        n_kv_heads=2,
        d_head=64,
        d_model=896,
        n_params=494_032_768,
        context=32768,
        source="https://huggingface.co/Qwen/Qwen2.5-0.5B/blob/main/config.json",
    ),
    # n_embd 768, n_layer 12, n_head 12, n_positions 1024; the output layer shares the
    # token embedding.
    "gpt2": ModelConfig(
        name="GPT-2 (124M)",
        n_layers=12,
        n_heads=12,
        n_kv_heads=12,
        d_head=64,
        d_model=768,
        n_params=124_439_808,
        context=1024,
        source="https://huggingface.co/openai-community/gpt2/blob/main/config.json",
    ),
}
