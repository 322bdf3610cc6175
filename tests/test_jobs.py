"""The job queue of the trainings (ui/jobs.py), without Streamlit: one job per key, a queue
in order, progress from the worker, and every way a job can fail reported as its error.

The jobs' functions are this module's, so that the worker process can import them.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from ui.jobs import BUSY, DONE, FAILED, QUEUED, RUNNING, Jobs, Workers

TIMEOUT = 60.0  # seconds a job may take here, the worker's start included


def square(x: int, *, progress, seconds: float = 0.0, log: str | None = None) -> int:
    """x², after `seconds` of sleep reported as progress; a line in `log` for every call."""
    if log:
        with open(log, "a") as f:
            f.write(f"{x}\n")
    for i in range(10):
        time.sleep(seconds / 10)
        progress((i + 1) / 10)
    return x * x


def refuse(*, progress) -> None:
    raise ValueError("no such setting")


def fail_once(flag: str, *, progress) -> str:
    """Fails on its first call, succeeds after (the flag file remembers)."""
    if not Path(flag).exists():
        Path(flag).touch()
        raise RuntimeError("first call")
    return "second call"


def die(*, progress) -> None:
    os._exit(3)


def unpicklable(*, progress):
    return lambda: None


def niceness(*, progress) -> int:
    return os.nice(0)


def finished(job, timeout: float = TIMEOUT):
    deadline = time.monotonic() + timeout
    while not job.finished:
        assert time.monotonic() < deadline, f"{job.key} still {job.state}"
        time.sleep(0.02)
    return job


NICE = 3


@pytest.fixture(scope="module")
def workers():
    return Workers(1, nice=NICE)


def test_the_worker_gives_way_to_the_server(workers):
    job = finished(Jobs(workers, keep=1).submit("nice", niceness))
    assert job.result == min(19, os.nice(0) + NICE)


def test_the_same_key_asked_twice_is_one_job_computed_once(workers, tmp_path):
    jobs = Jobs(workers, keep=4)
    log = str(tmp_path / "calls")
    first = jobs.submit("nine", square, 3, seconds=0.3, log=log)
    again = jobs.submit("nine", square, 3, seconds=0.3, log=log)
    assert again is first
    assert finished(first).state == DONE and first.result == 9 and first.progress == 1.0
    assert jobs.submit("nine", square, 3, log=log) is first  # kept: not computed again
    assert Path(log).read_text() == "3\n"


def test_jobs_run_in_order_and_each_knows_how_many_are_ahead(workers):
    jobs = Jobs(workers, keep=8)
    a, b, c = (jobs.submit(f"order-{x}", square, x, seconds=0.5) for x in (1, 2, 3))
    deadline = time.monotonic() + TIMEOUT
    while a.state == QUEUED:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert (a.state, b.state, c.state) == (RUNNING, QUEUED, QUEUED)
    assert [workers.ahead(j) for j in (a, b, c)] == [0, 1, 2]
    finished(a)
    assert workers.ahead(c) <= 1 and b.state in (RUNNING, DONE)
    assert [finished(j).result for j in (a, b, c)] == [1, 4, 9]


def test_progress_comes_back_while_the_job_runs(workers):
    job = Jobs(workers, keep=2).submit("slow", square, 5, seconds=1.0)
    seen = set()
    while not job.finished:
        seen.add(job.progress)
        time.sleep(0.05)
    assert any(0 < p < 1 for p in seen), seen
    assert job.result == 25


def test_a_failing_job_reports_its_error_and_can_be_tried_again(workers, tmp_path):
    jobs = Jobs(workers, keep=4)
    job = finished(jobs.submit("refused", refuse))
    assert job.state == FAILED and job.error == "ValueError: no such setting"
    assert jobs.submit("refused", refuse) is job  # failed stays failed until retried
    flaky = finished(jobs.submit("flaky", fail_once, str(tmp_path / "flag")))
    assert flaky.state == FAILED and "RuntimeError: first call" in flaky.error
    assert jobs.retry(flaky) is flaky and flaky.state in (QUEUED, RUNNING)
    assert finished(flaky).state == DONE and flaky.result == "second call" and not flaky.error


def test_a_result_that_cannot_come_back_is_an_error(workers):
    job = finished(Jobs(workers, keep=2).submit("lambda", unpicklable))
    assert job.state == FAILED and "pickle" in job.error.lower()


def test_a_worker_that_dies_fails_its_job_and_the_next_job_gets_a_new_worker(workers):
    jobs = Jobs(workers, keep=4)
    dead = finished(jobs.submit("die", die))
    assert dead.state == FAILED and "exit code 3" in dead.error
    assert finished(jobs.submit("after", square, 4)).result == 16


def test_a_flood_of_new_keys_keeps_the_job_just_asked_for():
    """More jobs waiting than are kept: the one refused for a full queue is still the job
    of its key (it was once dropped at once, and asking for it raised a KeyError)."""
    few = Workers(1, waiting=2)
    jobs = Jobs(few, keep=1)
    running = jobs.submit("long", square, 1, seconds=0.5)
    while running.state == QUEUED:
        time.sleep(0.02)
    waiting = [jobs.submit(f"waits {i}", square, i) for i in range(2)]
    refused = jobs.submit("refused", square, 3)
    assert refused.state == FAILED and refused.error == BUSY
    assert jobs.submit("refused", square, 3) is refused  # the same job, until retry()
    assert [finished(job).result for job in waiting] == [0, 1]


def test_a_full_queue_refuses_more_jobs():
    few = Workers(1, waiting=1)
    jobs = Jobs(few, keep=4)
    running = jobs.submit("long", square, 1, seconds=0.5)
    while running.state == QUEUED:
        time.sleep(0.02)
    waiting = jobs.submit("waits", square, 2)
    refused = jobs.submit("refused", square, 3)
    assert refused.state == FAILED and refused.error == BUSY
    assert finished(waiting).result == 4
    assert finished(jobs.retry(refused)).result == 9  # room again


def test_an_idle_worker_ends_and_the_next_job_starts_another():
    few = Workers(1, idle=0.3)
    jobs = Jobs(few, keep=4)
    assert finished(jobs.submit("first", square, 2)).result == 4
    first = few.processes[0]
    assert first.wait(timeout=TIMEOUT) == 0  # ended on its own, having nothing to do
    assert finished(jobs.submit("second", square, 3)).result == 9
    assert few.processes[0] is not first


def test_only_the_last_finished_jobs_are_kept(workers, tmp_path):
    jobs = Jobs(workers, keep=2)
    log = str(tmp_path / "calls")
    for x in (1, 2, 3):
        finished(jobs.submit(x, square, x, log=log))
    finished(jobs.submit(3, square, 3, log=log))  # kept
    finished(jobs.submit(1, square, 1, log=log))  # forgotten: computed again
    assert Path(log).read_text().split() == ["1", "2", "3", "1"]
