"""`streamlit run` on a free port: waited for by its health endpoint, stopped by its own PID.

Used by the end-to-end tests and by the benchmark; it never stops a process by name.
With ``runs=PATH`` the server is started through harness.instrumented, which writes one
line per script run (its page, wall and CPU time) to PATH.

Every process the harness starts (a server, a load balancer) is a ``Child``: started,
waited for until it answers, and stopped by its own PID; ``start_all`` starts several and
stops them all if one does not come up.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from harness.process import memory_mb

ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT_S = 90.0  # generous: a busy 2-core machine imports Streamlit slowly


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthy(url: str) -> bool:
    """Whether Streamlit's health endpoint at this base URL answers "ok"."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as r:
            return r.status == 200 and r.read().strip() == b"ok"
    except (urllib.error.URLError, OSError):
        return False


class Child:
    """A process this harness started: its log, a wait until it answers, a stop by its PID."""

    _log: object
    proc: subprocess.Popen | None = None
    name = "process"
    STOP_TIMEOUT_S = 15

    def start(self) -> Child:
        raise NotImplementedError

    def wait_ready(self) -> None:
        raise NotImplementedError

    def __enter__(self):
        start_all([self])
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    def wait(self, ready, what: str, timeout: float = START_TIMEOUT_S) -> None:
        """Until ready() holds; an error with the log's tail if the process exits first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.alive():
                raise RuntimeError(f"the {self.name} exited early:\n{self.log_tail()}")
            if ready():
                return
            time.sleep(0.2)
        raise RuntimeError(f"the {self.name} was not {what} after {timeout:.0f} s")

    def log_tail(self, chars: int = 4000) -> str:
        self._log.flush()
        self._log.seek(0)
        return self._log.read().decode("utf-8", "replace")[-chars:]

    def memory_mb(self) -> dict[str, float]:
        """Resident memory now (rss) and at its peak (hwm), its children included."""
        return memory_mb(self.pid if self.alive() else None)

    def signal(self, signum: int) -> None:
        """Send a signal to this process (its own PID, nothing else)."""
        if self.alive():
            os.kill(self.proc.pid, signum)

    def kill(self) -> None:
        """Stop at once, as a crash would (SIGKILL to its own PID)."""
        if self.alive():
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=self.STOP_TIMEOUT_S)

    def stop(self) -> None:
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(timeout=self.STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=self.STOP_TIMEOUT_S)
        if not self._log.closed:
            self._log.close()


def start_all(children: list[Child]) -> None:
    """Start every child, then wait until each answers; on any failure stop them all."""
    try:
        for child in children:
            child.start()
        for child in children:
            child.wait_ready()
    except BaseException:
        for child in reversed(children):
            child.stop()
        raise


class StreamlitServer(Child):
    """One `streamlit run SCRIPT` on 127.0.0.1 (or ``address``); `with` starts it, waits until
    healthy, stops it."""

    name = "Streamlit server"

    def __init__(
        self,
        script: str | Path = "dashboard.py",
        *,
        options: dict[str, str] | None = None,
        runs: str | Path | None = None,
        env: dict[str, str] | None = None,
        port: int | None = None,
        address: str = "127.0.0.1",
    ) -> None:
        """``options``: more Streamlit flags ({"server.disconnectedSessionTTL": "10"});
        ``runs``: a file for the per-run records of harness.instrumented; ``env``: more
        environment variables for the server (harness.instrumented reads some);
        ``address``: where it listens ("0.0.0.0": on every interface, as a laptop's
        `streamlit run` does, so the machine's network address serves it too)."""
        self.script = Path(script)
        self.address = address
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.options = dict(options or {})
        self.runs = Path(runs) if runs else None
        self.env = dict(env or {})
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 (open until stop())
        self.proc: subprocess.Popen | None = None

    def start(self) -> StreamlitServer:
        """Start the server and return at once (wait_ready or wait_listening to wait)."""
        script = self.script.relative_to(ROOT) if self.script.is_absolute() else self.script
        cmd = [
            sys.executable,
            "-m",
            "harness.instrumented" if self.runs is not None else "streamlit",
            "run",
            str(script),
            "--server.headless",
            "true",
            "--server.port",
            str(self.port),
            "--server.address",
            self.address,
            "--browser.gatherUsageStats",
            "false",
            # Files edited while it runs must not trigger reruns.
            "--server.fileWatcherType",
            "none",
        ]
        for name, value in self.options.items():
            cmd += [f"--{name}", str(value)]
        env = dict(os.environ, **self.env)
        if self.runs is not None:
            env["ATTENTION_LAB_RUNS"] = str(self.runs)
        self.proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        return self

    def healthy(self) -> bool:
        return healthy(self.url)

    def listening(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return True
        except OSError:
            return False

    def wait_ready(self) -> None:
        self.wait(self.healthy, "healthy")

    def wait_listening(self) -> None:
        """Ready to accept a connection, without sending it a single request."""
        self.wait(self.listening, "listening")
