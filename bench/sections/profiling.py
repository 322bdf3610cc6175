"""Where a page's rerun spends its time: cProfile in the script thread, summarised.

Three lists, each per rerun: the project's own functions (cumulative), the Streamlit
commands the page calls (cumulative), and the hottest functions by their own time.
"""

from __future__ import annotations

import cProfile
import pstats
import re
from dataclasses import dataclass

from bench.sections.apptest import (
    ScriptTimer,
    alternate,
    errors,
    open_page,
    quiet_streamlit,
    split,
)
from bench.sections.common import ROOT

_SITE = re.compile(r".*[/\\](?:site|dist)-packages[/\\]")
_ELEMENT = re.compile(r"streamlit[/\\](elements|commands)[/\\]")


def short_path(path: str) -> str:
    """A file as package/module.py or as a path inside the repository, never the machine's."""
    root = str(ROOT)
    if path.startswith(root):
        return path[len(root) :].lstrip("/\\")
    if _SITE.match(path):
        return _SITE.sub("", path)
    if path.startswith("<"):
        return path
    return path.replace("\\", "/").rsplit("/", 1)[-1]


@dataclass
class Entry:
    where: str  # file:line(function)
    calls: float  # per rerun
    own_ms: float  # per rerun
    cumulative_ms: float  # per rerun


@dataclass
class Profile:
    page: str
    setting: str
    reps: int
    parts: dict  # apptest.split() of the unprofiled reruns, in seconds
    project: list[Entry]
    streamlit: list[Entry]
    hottest: list[Entry]
    error: str = ""

    def render(self) -> str:
        p = {k: 1000 * (v or 0.0) for k, v in self.parts.items() if k != "n"}
        lines = [
            f"-- {self.page} at {self.setting}: rerun {p['run']:.0f} ms; AppTest "
            f"{p['apptest']:.0f} (page compile {p['compile']:.0f}), frame {p['frame']:.0f}, "
            f"page {p['page']:.0f} (medians of {self.reps}; the lists below are "
            "per rerun under cProfile, which inflates them, with the page compiled once)"
        ]
        if self.error:
            lines.append(f"   the page raised: {self.error}")
        for title, entries in (
            ("project code, cumulative ms", self.project),
            ("Streamlit commands, cumulative ms", self.streamlit),
            ("hottest functions, own ms", self.hottest),
        ):
            lines.append(f"   {title}:")
            for e in entries:
                value = e.own_ms if title.startswith("hottest") else e.cumulative_ms
                lines.append(f"     {value:8.1f}  {e.calls:7.0f}×  {e.where}")
        return "\n".join(lines)


def _entries(stats: pstats.Stats, reps: int, keep, key, top: int) -> list[Entry]:
    rows = []
    for (path, line, func), (_cc, nc, tt, ct, _callers) in stats.stats.items():
        if keep(path, func):
            where = f"{short_path(path)}:{line}({func})"
            rows.append(Entry(where, nc / reps, 1000 * tt / reps, 1000 * ct / reps))
    rows.sort(key=key, reverse=True)
    return rows[:top]


def _is_project(path: str, func: str) -> bool:
    return path.startswith(str(ROOT)) and "bench" not in path[len(str(ROOT)) :].split("/")[:2]


def _is_streamlit_command(path: str, func: str) -> bool:
    return bool(_ELEMENT.search(path)) and not func.startswith("_") and func != "<module>"


def profile_page(
    page: str, params: dict[str, str], setting: str, reps: int = 8, top: int = 14
) -> Profile:
    """Profile `reps` reruns of a page after a temperature change (after a timed pass)."""
    timer = ScriptTimer()
    with quiet_streamlit(), timer.installed():
        at = open_page(page, params)
        plain = alternate(at, timer, reps=reps)
        # Profile what a real server does: the page compiled once, not on every run.
        timer.keep_bytecode = True
        alternate(at, timer, reps=1, warmup=1)
        timer.profiler = cProfile.Profile()
        alternate(at, timer, reps=reps, warmup=0)
        profiler, timer.profiler, timer.keep_bytecode = timer.profiler, None, False
    stats = pstats.Stats(profiler)
    return Profile(
        page=page,
        setting=setting,
        reps=reps,
        parts=split(plain),
        project=_entries(stats, reps, _is_project, lambda e: e.cumulative_ms, top),
        streamlit=_entries(stats, reps, _is_streamlit_command, lambda e: e.cumulative_ms, top),
        hottest=_entries(stats, reps, lambda p, f: True, lambda e: e.own_ms, top),
        error=errors(at),
    )
