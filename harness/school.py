"""A school: two replicas of the app behind HAProxy, all on 127.0.0.1.

``School()`` starts two app servers (harness.server.StreamlitServer, each on its own
free port) and Debian's HAProxy with the project's own configuration,
deploy/haproxy.cfg, whose addresses come from the environment. Every process is stopped
by its own PID. ``kill(name)`` stops one replica at once, as a crash would. ``warm()``
opens every page once on every replica (straight, not through the balancer), as a
school's servers that have been up a while have done: a student who lands on one after
a fail-over does not wait for the page's first import there.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from harness.server import ROOT, Child, StreamlitServer, free_port, healthy, start_all

HAPROXY_CONFIG = ROOT / "deploy" / "haproxy.cfg"
DEFAULT_HAPROXY = "/usr/sbin/haproxy"  # Debian's package
COOKIE = "ATTENTION_LAB_REPLICA"


def haproxy_path() -> str | None:
    """$HAPROXY_PATH, else haproxy on the PATH, else Debian's; None when there is none."""
    configured = os.environ.get("HAPROXY_PATH")
    if configured:
        return configured if Path(configured).is_file() else None
    return shutil.which("haproxy") or (DEFAULT_HAPROXY if Path(DEFAULT_HAPROXY).is_file() else None)


class HAProxy(Child):
    """HAProxy in the foreground with deploy/haproxy.cfg, in front of the given servers."""

    name = "HAProxy"
    STOP_TIMEOUT_S = 10

    def __init__(self, backends: dict[str, int], executable: str | None = None) -> None:
        if len(backends) != 2:
            raise ValueError("deploy/haproxy.cfg names two replicas, app1 and app2")
        self.executable = executable or haproxy_path()
        if self.executable is None:
            raise FileNotFoundError("HAProxy was not found (apt-get install haproxy)")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = dict(os.environ, LB_BIND=f"127.0.0.1:{self.port}")
        for name, port in backends.items():
            self.env[name.upper()] = f"127.0.0.1:{port}"
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 (open until stop())
        self.proc: subprocess.Popen | None = None

    def start(self) -> HAProxy:
        cmd = [self.executable, "-db", "-f", str(HAPROXY_CONFIG)]
        self.proc = subprocess.Popen(
            cmd, env=self.env, stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT
        )
        return self

    def wait_ready(self) -> None:
        """Until a health request through the balancer is answered by a replica."""
        self.wait(lambda: healthy(self.url), "answering through to a replica", timeout=90.0)


class School:
    """Two replicas of the app and HAProxy in front of them; `with` starts and stops all."""

    def __init__(self, **server_kwargs) -> None:
        self.replicas = {
            name: StreamlitServer(**server_kwargs) for name in ("app1", "app2")
        }  # the names are deploy/haproxy.cfg's (and the cookie's values)
        self.balancer = HAProxy({name: s.port for name, s in self.replicas.items()})
        self.url = self.balancer.url

    def __enter__(self) -> School:
        start_all([*self.replicas.values(), self.balancer])
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def warm(self, pages: list[str]) -> list[str]:
        """Every page once on every replica, the replicas at once; returns the errors seen."""
        from harness.protocol_student import run_apart, visit

        async def everything() -> list[str]:
            found = await asyncio.gather(*(visit(s.url, pages) for s in self.replicas.values()))
            return [e for errors, _ in found for e in errors]

        return run_apart(everything())

    def kill(self, name: str) -> float:
        """Stop one replica at once (SIGKILL to its own PID); returns time.monotonic()."""
        self.replicas[name].kill()
        return time.monotonic()

    def stop(self) -> None:
        self.balancer.stop()
        for server in self.replicas.values():
            server.stop()
