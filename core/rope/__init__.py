"""Rotary positions (RoPE): q and k turned pair by pair (``rotary``), and RoPE beside the
sinusoidal positions on the same sentence (``compare``).
"""
