"""What every section shares: results, budgets, statistics, the machine, the table."""

from __future__ import annotations

import ctypes
import glob
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"
ENTRY = ROOT / "dashboard.py"
FLOOR_APP = BENCH / "floor_app.py"
EMPTY_APP = BENCH / "empty_app.py"

SECTIONS = (
    "pages",
    "charts",
    "browser",
    "phone",
    "core",
    "memory",
    "model",
    "class",
    "vote",
    "interactions",
    "train",
    "copying",
)

# The largest settings the sidebar offers; the sentence is made in largest_sentence().
LARGEST = {"d": "1024", "heads": "16"}
SENTENCE_TEXT = (
    "every student moves one slider and watches how each word of this long example "
    "sentence looks at all the other words while the teacher explains why the scores "
    "are divided by the square root of the key width before the softmax turns them "
    "into weights that sum to one and mix the value vectors of the whole sentence into "
    "a new vector for every single token in the classroom today"
)


def log(message: str) -> None:
    """Progress goes to stderr, so that stdout carries only the table."""
    print(message, file=sys.stderr, flush=True)


def page_names() -> list[str]:
    """Every page of the app (one per file in app_pages/), in alphabetical order."""
    from harness.plans import pages

    return sorted(pages())


def largest_sentence() -> str:
    """A sentence of exactly MAX_TOKENS tokens (64), as the app's tokenizer counts them."""
    from core import MAX_TOKENS, tokenize

    words = SENTENCE_TEXT.split()
    words = [words[i % len(words)] for i in range(MAX_TOKENS)]
    sentence = " ".join(words)
    assert len(tokenize(sentence)) == MAX_TOKENS, "the largest sentence must fill the token cap"
    return sentence


def largest_params() -> dict[str, str]:
    return {**LARGEST, "sentence": largest_sentence()}


# ---------------------------------------------------------------------------- statistics


def summary(samples: list[float]) -> dict[str, float | int | None]:
    """Median, 90th percentile (nearest rank), min and count of samples (any unit)."""
    if not samples:
        return {"median": None, "p90": None, "min": None, "n": 0}
    ordered = sorted(samples)
    rank = max(0, math.ceil(0.9 * len(ordered)) - 1)
    return {
        "median": statistics.median(ordered),
        "p90": ordered[rank],
        "min": ordered[0],
        "n": len(ordered),
    }


def ms(seconds: float | None) -> float | None:
    return None if seconds is None else seconds * 1000.0


# ---------------------------------------------------------------------------- results


@dataclass
class Check:
    """One budget: what it says and whether the measurement kept it (None: not measured)."""

    budget: str
    ok: bool | None

    @property
    def verdict(self) -> str:
        return {True: "PASS", False: "MISS", None: "n/a"}[self.ok]


@dataclass
class Row:
    item: str
    setting: str = ""
    values: dict[str, float | int | str | None] = field(default_factory=dict)
    checks: list[Check] = field(default_factory=list)
    note: str = ""


@dataclass
class Column:
    key: str
    header: str
    fmt: str = "{:.1f}"  # applied to numbers; text is shown as it is


@dataclass
class Section:
    name: str
    columns: list[Column] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    skipped: str | None = None  # why the section did not run
    details: dict = field(default_factory=dict)  # JSON only: raw samples and the like
    seconds: float = 0.0  # how long the section took

    def to_json(self) -> dict:
        out = asdict(self)
        out["columns"] = [{"key": c.key, "header": c.header} for c in self.columns]
        for row, raw in zip(self.rows, out["rows"], strict=True):
            for check, raw_check in zip(row.checks, raw["checks"], strict=True):
                raw_check["verdict"] = check.verdict
        return out


def ratio_check(value: float | None, floor: float | None, limit: float, what: str) -> Check:
    ok = None if value is None or not floor else value <= limit * floor
    return Check(f"≤ {limit:g}× {what}", ok)


def limit_check(value: float | None, limit: float, unit: str) -> Check:
    return Check(f"≤ {limit:g} {unit}", None if value is None else value <= limit)


# ---------------------------------------------------------------------------- the machine


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith(("model name", "hardware", "cpu model")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _mem_total_mb() -> float | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) * 1024 / 1e6
    except OSError:
        pass
    return None


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def _openblas() -> str:
    """The BLAS numpy uses, and for OpenBLAS the core it picked at run time and its threads."""
    import numpy as np

    text = "unknown"
    try:
        blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
        text = f"{blas.get('name')} {blas.get('version')}"
    except Exception:  # the layout of show_config changes between numpy versions
        return text
    libs = glob.glob(os.path.join(os.path.dirname(np.__file__) + ".libs", "*openblas*"))
    for path in libs:
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for prefix in ("scipy_openblas", "openblas"):
            for suffix in ("64_", ""):
                core = getattr(lib, f"{prefix}_get_corename{suffix}", None)
                threads = getattr(lib, f"{prefix}_get_num_threads{suffix}", None)
                if core is not None and threads is not None:
                    core.restype, threads.restype = ctypes.c_char_p, ctypes.c_int
                    return f"{text}, core {core().decode()}, {threads()} threads"
    return text


def _git() -> str:
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True, timeout=10
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return f"{head}{' + uncommitted changes' if dirty else ''}" if head else "unknown"


def machine() -> dict[str, str]:
    """What the numbers depend on; printed above the table and kept in the JSON."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count() or 0
    mem = _mem_total_mb()
    info = {
        "cpu": _cpu_model(),
        "cores": f"{os.cpu_count()} ({usable} usable)",
        "memory": f"{mem:,.0f} MB" if mem else "unknown",
        "os": platform.platform(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "numpy": _version("numpy"),
        "blas": _openblas(),
        "streamlit": _version("streamlit"),
        "altair": _version("altair"),
        "pandas": _version("pandas"),
        "pyarrow": _version("pyarrow"),
        "playwright": _version("playwright"),
    }
    for name in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
        info[name] = os.environ.get(name, "unset")
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        if name in os.environ:
            info[name] = os.environ[name]
    info["commit"] = _git()
    info["date"] = time.strftime("%Y-%m-%d %H:%M:%S %z")
    return info


# ---------------------------------------------------------------------------- the table


def _cell(value, fmt: str) -> str:
    if value is None:
        return "—"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return fmt.format(value)
    return str(value)


def render_section(section: Section) -> str:
    lines = [f"== {section.name} " + "=" * max(0, 78 - len(section.name))]
    if section.skipped:
        lines.append(f"{section.name}: {section.skipped}")
        return "\n".join(lines)
    headers = ["", "setting", *(c.header for c in section.columns), "budget", "verdict"]
    table = [headers]
    for row in section.rows:
        table.append(
            [
                row.item,
                row.setting,
                *(_cell(row.values.get(c.key), c.fmt) for c in section.columns),
                "; ".join(c.budget for c in row.checks),
                " ".join(c.verdict for c in row.checks),
            ]
        )
    widths = [max(len(r[i]) for r in table) for i in range(len(headers))]
    numeric = [False, False, *([True] * len(section.columns)), False, False]
    for index, r in enumerate(table):
        cells = [
            cell.rjust(w) if right and index else cell.ljust(w)
            for cell, w, right in zip(r, widths, numeric, strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    for row in section.rows:
        if row.note:
            lines.append(f"  * {row.item} {row.setting}: {row.note}".replace("  ", " ", 1))
    lines += [f"  {note}" for note in section.notes]
    if section.seconds:
        lines.append(f"  ({section.seconds:.0f} s)")
    return "\n".join(lines)


def render_header(info: dict[str, str], options: dict) -> str:
    title = "Attention Lab benchmark"
    lines = [title + (" (quick: fewer repetitions)" if options["quick"] else "")]
    width = max(len(k) for k in info)
    lines += [f"  {k.ljust(width)}  {v}" for k, v in info.items()]
    if busy(info):
        lines.append(
            "  note: the load average exceeded the number of cores while this ran; the other"
            " work on the machine inflates absolute times (the ratios to a floor measured"
            " alongside suffer less)."
        )
    return "\n".join(lines)


def busy(info: dict[str, str]) -> bool:
    """True when the 1-minute load average before or after exceeded the usable cores."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    loads = []
    for key in ("load before", "load after"):
        try:
            loads.append(float(info.get(key, "0").split()[0]))
        except (ValueError, IndexError):
            continue
    return any(load > cores for load in loads)


def render_budgets(sections: list[Section]) -> str:
    """Every budget in one list: PASS, MISS, or n/a when it could not be measured."""
    lines = ["== budgets " + "=" * 70]
    for section in sections:
        for row in section.rows:
            for check in row.checks:
                where = " ".join(part for part in (section.name, row.item, row.setting) if part)
                lines.append(f"  {check.verdict:4}  {where}: {check.budget}")
    if len(lines) == 1:
        lines.append("  (none measured)")
    return "\n".join(lines)
