"""interactions: one interaction at a time on each page, as the class section measures it
first, for a few pages alone (``python -m bench --only interactions --pages softmax``)."""

from __future__ import annotations

from bench.sections import class_probe
from bench.sections.classroom import REPS, _one_at_a_time
from bench.sections.common import Section, log


def run(options) -> Section:
    reps = options.reps or (2 if options.quick else REPS)
    pages = options.page_list
    log(f"interactions: one at a time on {len(pages)} pages, {reps} of each kind")
    probes, info = class_probe.probe_pages(pages, reps, log)
    return _one_at_a_time(probes, info, reps, measured=not options.quick)
