"""Long computations in worker processes, a few at a time, each computed once.

A job is one call ``fn(*args, progress=report, **kwargs)`` of a core function, asked for
by a key that says what it computes. Jobs.submit() gives whoever asks for a key the same
Job, from the first request until the job is forgotten (a bounded number of finished ones
are kept), so a result asked for by thirty sessions is computed once. Jobs wait in one
queue, first come first served, for one of the worker processes; Job.state, .progress and
Workers.ahead() say where a job is, and .result or .error how it ended.

A worker is a fresh interpreter (never a fork of the threaded server), started when its
first job comes and again after one died. It imports this module, which needs only the
standard library, and what the jobs' functions need (core): not multiprocessing's "spawn",
which runs the parent's __main__ again in the child, and in a Streamlit server __main__ is
the app's script (Streamlit installs each run's script as __main__): every worker would run
the whole app in bare mode, Streamlit and pandas included (130 MB before any job). Jobs,
progress and results go over two pipes as multiprocessing's own Connection, pickled. In
the server, one thread per worker hands it jobs and waits on its pipe, so the computation
takes none of the server's interpreter time. Nothing here imports Streamlit.
"""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
PROGRESS_EVERY = 0.1  # seconds between two progress reports of a worker: enough for a bar
BUSY = "busy"  # the error of a job refused because the queue was full
ROOT = Path(__file__).resolve().parent.parent  # where a worker finds the package `ui`


@dataclass(eq=False)
class Job:
    """One call to compute: where it is (state, progress) and how it ended (result, error).

    The worker's thread writes these fields; a reader sees the result set before the state
    says DONE, and the error before it says FAILED.
    """

    key: Hashable
    fn: Callable
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    state: str = QUEUED
    progress: float = 0.0  # 0 … 1, as the function reported it
    result: object = None
    error: str = ""  # what went wrong, in words (BUSY: refused, the queue was full)

    @property
    def finished(self) -> bool:
        return self.state in (DONE, FAILED)


def serve(jobs: Connection, replies: Connection, nice: int = 0) -> None:
    """A worker process: run each job received, reporting its progress, its result or its
    error, until the server closes the pipe. `nice`: added to the process's niceness."""
    os.nice(nice)
    # Ctrl-C at the server's terminal reaches the whole process group: a worker ends when
    # the server closes its pipe, and its traceback would only add noise.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            message = jobs.recv_bytes()
        except EOFError:
            return
        last = 0.0

        def report(fraction: float) -> None:
            nonlocal last
            now = time.monotonic()
            if now - last >= PROGRESS_EVERY:
                replies.send(("progress", float(fraction)))
                last = now

        try:
            fn, args, kwargs = pickle.loads(message)  # a function this process cannot import…
            result = fn(*args, progress=report, **kwargs)
            replies.send(("done", result))  # … or a result that cannot be pickled: an error too
        except Exception as exc:  # the job's error is the student's to see, not the worker's end
            replies.send(("error", f"{type(exc).__name__}: {exc}"))


class Workers:
    """`count` worker processes and the one queue in front of them.

    At most `waiting` jobs may wait; put() refuses more (a class of students, each with a
    job or two, stays below it; a flood of requests does not grow the queue without end).
    `nice`: how much less the workers' CPU time counts than the server's when both want it
    (Linux niceness, 0 … 19). `idle`: seconds without a job after which a worker ends, its
    memory given back (the next job starts another); None: it stays.
    """

    def __init__(
        self, count: int, *, waiting: int = 32, nice: int = 0, idle: float | None = None
    ) -> None:
        self._waiting = waiting
        self._nice = nice
        self._idle = idle
        self._queue: deque[Job] = deque()
        self._running: list[Job] = []
        self._changed = threading.Condition()
        self.processes: list[subprocess.Popen | None] = [None] * count
        for i in range(count):
            name = f"worker-{i}"
            threading.Thread(target=self._hand_out, args=(i,), name=name, daemon=True).start()

    def put(self, job: Job) -> bool:
        """Queue a job; False, and the job untouched, when the queue is full."""
        with self._changed:
            if len(self._queue) >= self._waiting:
                return False
            job.state, job.progress, job.error = QUEUED, 0.0, ""
            self._queue.append(job)
            self._changed.notify()
            return True

    def ahead(self, job: Job) -> int:
        """How many jobs will run before this one starts: those running and those queued
        before it (0 once it runs, or when it is not here)."""
        with self._changed:
            if job in self._queue:
                return len(self._running) + self._queue.index(job)
            return 0

    def _start(self, i: int) -> tuple[subprocess.Popen, Connection, Connection]:
        """Worker i's process, and the two ends of its pipes that the server keeps."""
        jobs_out, jobs_in = os.pipe()  # server -> worker
        replies_out, replies_in = os.pipe()  # worker -> server
        code = "import sys; from ui.jobs import serve, Connection as C; " + (
            "serve(C(int(sys.argv[1]), writable=False), C(int(sys.argv[2]), readable=False), "
            "int(sys.argv[3]))"
        )
        # The server's import path: a job's function is found as it is found here.
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        try:
            process = subprocess.Popen(
                [sys.executable, "-c", code, *map(str, (jobs_out, replies_in, self._nice))],
                pass_fds=(jobs_out, replies_in),
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
            )
        except OSError:
            os.close(jobs_in)
            os.close(replies_out)
            raise
        finally:  # only the worker holds its ends: its death is then an EOF here
            os.close(jobs_out)
            os.close(replies_in)
        self.processes[i] = process
        return process, Connection(jobs_in, readable=False), Connection(replies_out, writable=False)

    def _hand_out(self, i: int) -> None:
        """One worker's thread in the server: take the next job, have it run, read its end."""
        process = send = receive = None
        while True:
            with self._changed:
                while not self._queue:
                    if not self._changed.wait(timeout=self._idle) and process is not None:
                        send.close()  # the worker's end of file: it returns, and exits
                        receive.close()
                        process.wait()
                        process = send = receive = None
                job = self._queue.popleft()
                job.state = RUNNING
                self._running.append(job)
            try:
                if process is None or process.poll() is not None:
                    process, send, receive = self._start(i)
                send.send((job.fn, job.args, job.kwargs))
                while (message := receive.recv())[0] == "progress":
                    job.progress = message[1]
                kind, value = message
                if kind == "done":
                    job.result, job.progress = value, 1.0
                else:
                    job.error = value
                job.state = DONE if kind == "done" else FAILED
            except (EOFError, OSError) as exc:  # the worker died (or never started): the job
                if process is None:  # fails, and the next one gets a new worker
                    job.error = f"the worker process could not start: {exc}"
                else:
                    try:
                        code = process.wait(timeout=1)
                    except subprocess.TimeoutExpired:  # alive, but its pipe broke: end it
                        process.kill()
                        code = process.wait()
                    for end in (send, receive):
                        end.close()
                    job.error = f"the worker process stopped (exit code {code})"
                job.state = FAILED
                process = send = receive = None
            except Exception as exc:  # e.g. a job that cannot be pickled: the worker is fine
                job.error = f"{type(exc).__name__}: {exc}"
                job.state = FAILED
            finally:
                with self._changed:
                    self._running.remove(job)


class Jobs:
    """Jobs by key, run by `workers`: while a job is queued, running or among the last
    `keep` finished, asking for its key again gives the same job."""

    def __init__(self, workers: Workers, keep: int) -> None:
        self.workers = workers
        self._keep = keep
        self._jobs: OrderedDict[Hashable, Job] = OrderedDict()
        self._lock = threading.Lock()

    def submit(self, key: Hashable, fn: Callable, *args, **kwargs) -> Job:
        """The job of this key: the one there is, or a new one queued to compute
        fn(*args, progress=…, **kwargs). A failed job stays failed until retry()."""
        with self._lock:
            job = self._jobs.get(key)
            if job is None:
                job = self._jobs[key] = Job(key, fn, args, kwargs)
                self._queue(job)
                # The oldest finished ones go; never this one (refused for a full queue,
                # it is finished already, and its key must still give it).
                finished = [k for k, j in self._jobs.items() if j.finished and k != key]
                for old in finished[: max(0, len(self._jobs) - self._keep)]:
                    del self._jobs[old]
            self._jobs.move_to_end(key)
            return job

    def retry(self, job: Job) -> Job:
        """A failed job queued again, so that every session waiting on it sees it run again
        (or the job its key has now, if another took its place)."""
        with self._lock:
            current = self._jobs.setdefault(job.key, job)
            if current is job and job.state == FAILED:
                self._jobs.move_to_end(job.key)
                self._queue(job)
            return current

    def _queue(self, job: Job) -> None:
        if not self.workers.put(job):
            job.error, job.state = BUSY, FAILED
