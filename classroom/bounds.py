"""How much one class may store and for how long: every bound, with its reason.

A hostile client can send anything, but each thing it sends is bounded here, so one class
holds at most MAX_QUESTIONS × 2 rounds × MAX_MEMBERS votes of at most MAX_CHOICE_CHARS
characters (120 000 votes, about 15 MB in the worst case; a real lesson stores a few
thousand, well under 1 MB), and a store holds at most MAX_CLASSES classes.
"""

from __future__ import annotations

from core.tokens import MAX_TOKENS

# A class is deleted after this long without a change (a vote, a join, a student's
# heartbeat, anything the teacher does): a lesson is over by then.
IDLE_S = 12 * 3600

# Ids ever joined, those who left included (a student who reloads the page gets a new
# session and so a new id): a 300-seat lecture hall where everyone reloads twice. It
# bounds the votes of a round too, since only a member votes.
MAX_MEMBERS = 1000

# Questions kept with their votes. Publishing drops the teacher's earlier questions that
# got no vote, so moving a slider through twenty settings keeps none of them: this counts
# questions the class voted on, about 30 for the whole tour of the lesson.
MAX_QUESTIONS = 60

# Questions a page asks at once (the pages ask one or two).
MAX_CURRENT = 8

# A choice is a token of the sentence (at most MAX_TOKENS of them) or a text key.
MAX_CHOICES = MAX_TOKENS + 16
MAX_CHOICE_CHARS = 200  # a token's label; a guess longer than this answers nothing

# The teacher's page and link. A link holds the sentence (2000 characters, up to 12 in
# the link each when percent-encoded) and the other settings.
MAX_PAGE_CHARS = 64
MAX_LINK_CHARS = 32_768
MAX_ID_CHARS = 64  # a question's id, "softmax.sum"
MAX_SIGNATURE_CHARS = 100_000  # only hashed, never stored: the bound is the hash's work

# Open classes per store: each empty one is a few hundred bytes, and a flood of "Teach a
# class" cannot grow the store past this (it then refuses new classes until some end or
# expire).
MAX_CLASSES = 10_000

# A student counts as here while seen within PRESENT_S; a student's page refreshing its
# view writes "seen" at most every HEARTBEAT_S (three heartbeats missed: gone).
PRESENT_S = 90
HEARTBEAT_S = 30
