"""A real Streamlit server for the browser sections (harness.server), and its resident memory."""

from __future__ import annotations

from pathlib import Path

from harness.server import StreamlitServer as Server


class StreamlitServer(Server):
    """The shared server (harness.server), and what it holds in memory."""

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
