"""Generating one token at a time: the KV cache (``kvcache``), what it saves and costs
(``inference_cost``), and the published models it is measured on (``model_configs``).
"""
