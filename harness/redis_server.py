"""Debian's redis-server on 127.0.0.1, for the class store's tests and the benchmark.

Started on a free port with a directory of its own, where it keeps an append-only file:
stopped (SIGTERM) and started again, the same object on the same port and directory still
has every write it acknowledged. Waited for until it answers PING; stopped by its own PID,
never by name.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from harness.server import Child, free_port

DEFAULT_REDIS = "/usr/bin/redis-server"  # Debian's package redis-server


def redis_server_path() -> str | None:
    """$REDIS_SERVER_PATH, else redis-server on the PATH, else Debian's; None if none."""
    configured = os.environ.get("REDIS_SERVER_PATH")
    if configured:
        return configured if Path(configured).is_file() else None
    found = shutil.which("redis-server")
    return found or (DEFAULT_REDIS if Path(DEFAULT_REDIS).is_file() else None)


class RedisServer(Child):
    """One redis-server in the foreground; `with` starts it, waits for PING, stops it."""

    name = "Redis server"
    STOP_TIMEOUT_S = 10

    def __init__(
        self, directory: str | Path, *, port: int | None = None, executable: str | None = None
    ) -> None:
        self.executable = executable or redis_server_path()
        if self.executable is None:
            raise FileNotFoundError("redis-server was not found (apt-get install redis-server)")
        self.directory = Path(directory)
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 (open until stop())
        self.proc: subprocess.Popen | None = None

    def start(self) -> RedisServer:
        self.directory.mkdir(parents=True, exist_ok=True)
        cmd = [
            self.executable,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.directory),
            "--appendonly", "yes",  # what it acknowledged survives a stop and start
            "--save", "",
            "--daemonize", "no",
            "--logfile", "",
        ]  # fmt: skip
        if self._log.closed:
            self._log = tempfile.TemporaryFile()  # noqa: SIM115 (open until stop())
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT
        )
        return self

    def answers(self) -> bool:
        """Whether it answers PING (not while it is still loading its file)."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(64).startswith(b"+PONG")
        except OSError:
            return False

    def wait_ready(self) -> None:
        self.wait(self.answers, "answering PING", timeout=30.0)
