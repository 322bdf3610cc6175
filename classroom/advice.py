"""What to do after a round's votes, from the share of the room that chose the answer.

Peer Instruction's rule of thumb (Crouch & Mazur 2001, "Peer Instruction: Ten years of
experience and results", Am. J. Phys. 69, 970; Lasry, Mazur & Watkins 2008, "Peer
instruction: From Harvard to the two-year college", Am. J. Phys. 76, 1066): with fewer than
about 30 % right after a vote, the idea needs teaching again before a discussion can help;
between about 30 and 70 %, neighbours who disagree should discuss and vote again; above
about 70 %, a short explanation is enough. The thresholds are here and nowhere else.

The edges belong to the discussion: exactly 30 % or exactly 70 % right is "discuss" (29 %
is "reteach", 71 % "move on"), decided in whole numbers of votes, never by a float's last
bit. The step names no choice: the room may read it on the projector.
"""

from __future__ import annotations

RETEACH_BELOW = 30  # percent right: below this, explain the idea again before anything else
MOVE_ON_ABOVE = 70  # percent right: above this, explain briefly and move on
STEPS = ("reteach", "discuss", "move_on")


def next_step(right: int, voters: int) -> str | None:
    """The step a round's votes suggest (one of STEPS); None before anyone has voted."""
    if voters <= 0:
        return None
    if 100 * right < RETEACH_BELOW * voters:
        return "reteach"
    if 100 * right > MOVE_ON_ABOVE * voters:
        return "move_on"
    return "discuss"
