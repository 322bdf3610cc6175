"""A process seen from outside: its CPU time, whether it is busy, and its resident memory.

CPU time is the process's own CPU clock (``clock_getcpuclockid``): utime + stime of every
thread it has had, the exited ones included (Streamlit runs each script run in a thread
of its own), to the nanosecond. ``/proc/<pid>/stat`` holds the same sum in clock ticks
(10 ms here), too coarse for a rerun of a few tens of milliseconds; it is the fallback
where the clock cannot be had.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import time
from pathlib import Path

STILL_S = 0.05  # a process whose CPU time has not moved for this long is at rest
STILL_CPU_S = 0.0005  # … moved by less than this (the event loop's own wake-ups)
POLL_S = 0.01
SETTLE_TIMEOUT_S = 30.0


def _cpu_clock(pid: int) -> int | None:
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        clock = ctypes.c_int()
        if libc.clock_getcpuclockid(pid, ctypes.byref(clock)) == 0:
            time.clock_gettime(clock.value)  # refused for a process it may not read
            return clock.value
    return None


class ProcessClock:
    """The CPU time of one process (every thread), read from outside it."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.clock = _cpu_clock(pid)
        self.source = "CPU clock (ns)" if self.clock is not None else "/proc stat (ticks)"

    def cpu(self) -> float:
        """utime + stime of every thread so far, in seconds."""
        if self.clock is not None:
            with contextlib.suppress(OSError):
                return time.clock_gettime(self.clock)
        try:
            fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return 0.0

    async def settle(self, timeout: float = SETTLE_TIMEOUT_S) -> float:
        """Until the CPU time has not moved for STILL_S; returns it (seconds) at that point.

        Asynchronous, so that a websocket client in the same loop keeps reading meanwhile.
        """
        deadline = time.monotonic() + timeout
        window: list[tuple[float, float]] = []
        while True:
            now, cpu = time.monotonic(), self.cpu()
            window = [(t, c) for t, c in window if now - t <= STILL_S] + [(now, cpu)]
            if now - window[0][0] >= STILL_S * 0.8 and cpu - window[0][1] < STILL_CPU_S:
                return cpu
            if now > deadline:
                return cpu
            await asyncio.sleep(POLL_S)


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


def memory_mb(pid: int | None) -> dict[str, float]:
    """Resident memory now (rss) and at its peak (hwm) of a process and its children, in MB
    of 10^6 bytes; with the number of processes counted."""
    totals = {"rss": 0.0, "hwm": 0.0, "processes": 0}
    if pid is None:
        return totals
    for each in descendants(pid):
        status = proc_status(each)
        totals["rss"] += status.get("VmRSS", 0) * 1024 / 1e6
        totals["hwm"] += status.get("VmHWM", 0) * 1024 / 1e6
        totals["processes"] += 1
    return totals
