"""A store that just failed is not asked again for a moment."""

from __future__ import annotations

import pytest

from classroom.errors import StoreUnavailable
from classroom.outage import Outage


def test_after_a_failure_calls_fail_at_once_for_a_moment_then_try_again():
    now = [100.0]
    outage = Outage(quiet_s=2.0, clock=lambda: now[0])
    tried = []

    def call(fails: bool) -> None:
        with outage.guard((OSError,)):
            tried.append(fails)
            if fails:
                raise OSError("down")

    with pytest.raises(StoreUnavailable):
        call(True)
    now[0] += 1.9
    with pytest.raises(StoreUnavailable):
        call(False)
    assert tried == [True]  # not even tried
    now[0] += 0.2
    call(False)
    assert tried == [True, False]
