"""A small character-level decoder trained by realmodel.train_decoder (attention only).

vocab: characters to ids; model: weights and the forward pass; backward: loss and
gradients; data and train: the training mix and one Adam step; measures: previous-token
and induction scores, the copies' losses, the first token's share; generate: writing text
with a KV cache in every layer, checked against the uncached pass.
"""
