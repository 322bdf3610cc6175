"""Work too long for a rerun, done in worker processes (ui.jobs) and shown while it runs.

Two pools, each of one worker process started when its first job comes: the trainings of
the Train page, and the long computations of the other pages (the Softmax page's sweep over
model sizes). Apart, so that a page's half second never waits behind a ten-second
training. While a job is pending, its place in the queue or its progress is redrawn by a
fragment that polls it, not by rerunning the page; when the job ends, the page reruns and
draws its result.
"""

from __future__ import annotations

import streamlit as st

from ui.i18n import t
from ui.jobs import BUSY, DONE, FAILED, QUEUED, Job, Jobs, Workers
from ui.widgets import md_escape

# One worker a pool: Community Cloud gives a server at most two cores, and the other one
# serves the pages.
WORKERS = 1
# When the server and a worker want the same core, the server's pages come first: a rerun
# waits for nobody, a training a little longer.
NICE = 10
# A worker that has done nothing for this long ends, giving back its 70–90 MB (a server on
# Community Cloud has 690 MB at least); the next job starts one again, in about a second.
IDLE = 600.0
POLL = 1.0  # seconds between two looks at a pending job (a fragment rerun, a few ms each)


@st.cache_resource(show_spinner=False)
def pool(name: str) -> Workers:
    """The worker pool "train" or "pages", once per server process."""
    return Workers(WORKERS, nice=NICE, idle=IDLE)


def ready(jobs: Jobs, job: Job, key: str, texts: str) -> bool:
    """True when the job is done; else its state on the page: pending (polled), or failed
    with a button to try again. `key`: the page's prefix for the keys of these elements;
    `texts`: the catalogue's prefix of its texts (.queued, .progress, .failed, .busy, .retry).
    """
    if job.state == DONE:
        return True
    if job.state == FAILED:
        busy = job.error == BUSY
        text = t(f"{texts}.busy") if busy else t(f"{texts}.failed", error=md_escape(job.error))
        st.error(text, icon=":material/error:")
        st.button(t(f"{texts}.retry"), key=f"{key}_retry", on_click=jobs.retry, args=(job,))
        return False
    st.fragment(_pending, run_every=POLL)(jobs, job, texts)
    return False


def _pending(jobs: Jobs, job: Job, texts: str) -> None:
    """A pending job's place in the queue or its progress; the whole page once it ends."""
    if job.finished:
        st.rerun()
    if job.state == QUEUED:
        st.progress(0.0, text=t(f"{texts}.queued", ahead=jobs.workers.ahead(job)))
    else:
        percent = round(100 * job.progress)
        st.progress(job.progress, text=t(f"{texts}.progress", percent=percent))
