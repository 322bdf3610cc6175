"""Attention over long contexts: softmax one tile at a time (``online_softmax``,
``tile_memory``), masks beyond causal and how far they reach (``windows``,
``receptive_field``), and where a trained model puts its spare attention (``sinks``).
"""
