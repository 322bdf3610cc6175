"""A store that just failed is not asked again for a moment: calls fail at once instead.

A dead Redis behind a black-holed address costs each call its connect timeout; with a
whole class refreshing, every student's run would wait that long. After a failure the
store answers StoreUnavailable at once for QUIET_S, then tries again: the first call after
that finds out whether the store is back, so the class recovers by itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from classroom.errors import StoreUnavailable

QUIET_S = 2.0  # a projector refreshing every 1–2 s notices the store is back within ~4 s


class Outage:
    """Remembers a failure of the store for ``quiet_s`` seconds."""

    def __init__(self, quiet_s: float = QUIET_S, clock: Callable[[], float] = time.monotonic):
        self.quiet_s = quiet_s
        self._clock = clock
        self._until = 0.0

    @contextmanager
    def guard(self, failures: tuple[type[BaseException], ...]) -> Iterator[None]:
        """Run a call to the store: StoreUnavailable at once while a failure is recent, and
        for any of ``failures`` the call raises (which starts a quiet spell)."""
        if self._until and self._clock() < self._until:
            raise StoreUnavailable()
        reached = True
        try:
            yield
        except failures as exc:
            reached = False
            self._until = self._clock() + self.quiet_s
            raise StoreUnavailable() from exc
        finally:
            if reached:  # it answered (a refusal is an answer too)
                self._until = 0.0
