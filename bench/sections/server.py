"""A real Streamlit server for the browser sections, and its resident memory.

The server is started with ``sys.executable -m streamlit run`` on a free port, waited for
through /_stcore/health, and stopped through its own process id, never by name.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from bench.sections.common import ROOT, free_port

START_TIMEOUT_S = 90.0


class StreamlitServer:
    def __init__(self, script: Path) -> None:
        self.script = script
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self._log = tempfile.TemporaryFile()  # noqa: SIM115  (closed in stop())

    def __enter__(self) -> StreamlitServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> StreamlitServer:
        cmd = [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(self.script.relative_to(ROOT)),
            "--server.headless",
            "true",
            "--server.port",
            str(self.port),
            "--server.address",
            "127.0.0.1",
            "--browser.gatherUsageStats",
            "false",
            # Files edited while the benchmark runs must not trigger reruns.
            "--server.fileWatcherType",
            "none",
        ]
        self.proc = subprocess.Popen(
            cmd, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT
        )
        self._wait_healthy()
        return self

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def healthy(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=5) as r:
                return r.status == 200 and r.read().strip() == b"ok"
        except (urllib.error.URLError, OSError):
            return False

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if not self.alive():
                raise RuntimeError(f"the Streamlit server exited early:\n{self.log_tail()}")
            if self.healthy():
                return
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the Streamlit server was not healthy after {START_TIMEOUT_S:.0f} s")

    def log_tail(self, chars: int = 3000) -> str:
        self._log.flush()
        self._log.seek(0)
        return self._log.read().decode("utf-8", "replace")[-chars:]

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=15)
        if not self._log.closed:
            self._log.close()

    def memory_mb(self) -> dict[str, float]:
        """Resident memory now (rss) and at its peak (hwm) of the server and its children."""
        if self.proc is None:
            return {"rss": 0.0, "hwm": 0.0}
        pids = descendants(self.proc.pid)
        totals = {"rss": 0.0, "hwm": 0.0}
        for pid in pids:
            status = proc_status(pid)
            totals["rss"] += status.get("VmRSS", 0) * 1024 / 1e6
            totals["hwm"] += status.get("VmHWM", 0) * 1024 / 1e6
        totals["processes"] = len(pids)
        return totals


def proc_status(pid: int) -> dict[str, int]:
    """The kB fields of /proc/<pid>/status (VmRSS, VmHWM, …); empty if the process is gone."""
    out = {}
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return out
    for line in text.splitlines():
        name, _, value = line.partition(":")
        parts = value.split()
        if len(parts) == 2 and parts[1] == "kB":
            out[name] = int(parts[0])
    return out


def descendants(pid: int) -> list[int]:
    """The process and all its children, grandchildren, … (from /proc/<pid>/task/*/children)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                todo += [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
    return found
