"""A training that fails in the worker process while its test says so (for test_page_train).

Its own module, importing only core, so that the worker need not import the test's.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from core.train.experiment import compare


def broken(pid: int) -> Path:
    """While this file exists, broken_compare() fails in the workers of test process `pid`."""
    return Path(tempfile.gettempdir()) / f"attention-lab-broken-training-{pid}"


def broken_compare(config, **options):
    """compare(), but an error in the workers of a test process while its flag file exists
    (in that process itself, the flag named by its own parent is not there)."""
    if broken(os.getppid()).exists():
        raise RuntimeError("the training broke")
    return compare(config, **options)
