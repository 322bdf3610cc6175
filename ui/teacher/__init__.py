"""The teacher's side: notes on every stop (presenter view only), the projector's suggested
next step after a vote, and a lesson on one printable sheet."""
