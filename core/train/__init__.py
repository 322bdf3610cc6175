"""Why scale? A small attention model trained by hand, with and without ÷√d_k.

``config`` its settings and their limits, ``recall`` the task, ``model`` the model and its
backward pass (``backprop`` the attention's own), ``adam`` the optimiser, ``loop`` the
training, ``experiment`` the two sides compared and the sweep over d_k.
"""
