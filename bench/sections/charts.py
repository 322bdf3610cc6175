"""charts: the CPU time to build every figure of each page, and to turn its data into Arrow.

Each page is opened with AppTest while every figure function (a public function of
ui.charts or ui.figures that returns a Figure) is recorded with its arguments, at several
temperatures (1.00, 1.05, …) and at another setting (Chinese, the presenter view, d_model
16 with 2 heads, the mask on, another sentence). The recorded calls are then replayed
outside Streamlit and timed in CPU time of this thread (``time.thread_time``), so other
work on the machine does not count:

- cold: every cache of the charts emptied first: the first use of each layout in a process
  that did not warm them;
- new data: after one temperature's calls, another temperature's (a slider move: the
  layouts are known, the data is new);
- same: the same calls again (a rerun whose inputs did not change: a page's own control);
- new setting: in a process that has warmed its layouts (where the app does) and made the
  defaults' calls, the other setting's (each student's language, presenter view, shapes);
- arrow: Streamlit's conversion of each figure's data for the browser
  (``dataframe_util.convert_anything_to_arrow_bytes``, what st.vega_lite_chart calls);
- altair calls: calls into the altair package (and jsonschema, its validator) in the
  script thread (cProfile), in the page's first run at the other setting after the
  defaults' runs (each page starts from empty layout caches, then warm_layouts()
  where the app has it: ui.figures.warm), and in a temperature move after that.

The Train page is measured after both its training and its sweep have run (at a small
step count, so that the section stays short). Below the table: one student at a time on
the real server, the script's CPU per kind of interaction (bench/sections/one_student.py).
"""

from __future__ import annotations

import contextlib
import cProfile
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from bench.sections import one_student
from bench.sections.apptest import ScriptTimer, errors, open_page, quiet_streamlit
from bench.sections.common import Column, Row, Section, log

TEMPERATURES = (1.0, 1.05, 1.1, 1.15, 1.2, 1.25)
OTHER = {"lang": "zh", "present": True, "d_model": 16, "n_heads": 2, "causal": True,
         "sentence": "the cat sat on the mat because it was warm today"}  # fmt: skip
TRAIN_CONTROLS = {"train_steps": 40, "train_seeds": 2}  # a short training and sweep
NEW_SETTING_REPS = 3  # each warms the layouts again (about 3 s)
COLUMNS = [
    Column("figures", "figures", "{:d}"),
    Column("cold", "cold ms"),
    Column("new_data", "new data ms"),
    Column("same", "same ms"),
    Column("new_setting", "new setting ms"),
    Column("arrow", "arrow ms", "{:.2f}"),
    Column("altair_other", "altair calls, new setting", "{:d}"),
    Column("altair_rerun", "altair calls, rerun", "{:d}"),
]


@dataclass
class Call:
    func: Callable
    args: tuple
    kwargs: dict
    lang: str
    result: object = None


@dataclass
class Recorder:
    """Wraps the figure functions; keeps the outermost calls made in the script thread."""

    calls: list[Call] = field(default_factory=list)
    local: threading.local = field(default_factory=threading.local)

    def wrap(self, func: Callable) -> Callable:
        recorder = self

        def recorded(*args, **kwargs):
            from ui.i18n import lang

            depth = getattr(recorder.local, "depth", 0)
            recorder.local.depth = depth + 1
            try:
                result = func(*args, **kwargs)
            finally:
                recorder.local.depth = depth
            if depth == 0:
                recorder.calls.append(Call(func, args, kwargs, lang(), result))
            return result

        recorded.__wrapped__ = func
        return recorded


def _chart_modules() -> list:
    """ui.charts and every module of ui.figures (and of ui.charts, if it is a package)."""
    import importlib
    import pkgutil

    importlib.import_module("ui.widgets")
    for package in ("ui.charts", "ui.figures"):
        module = importlib.import_module(package)
        for info in pkgutil.iter_modules(getattr(module, "__path__", [])):
            importlib.import_module(f"{package}.{info.name}")
    return [m for n, m in sorted(sys.modules.items()) if n.startswith(("ui.charts", "ui.figures"))]


def _figure_functions() -> list[Callable]:
    found = {}
    for module in _chart_modules():
        for name, obj in vars(module).items():
            returns = str(getattr(obj, "__annotations__", {}).get("return", ""))
            if (
                callable(obj)
                and not name.startswith("_")
                and getattr(obj, "__module__", "") == module.__name__
                and "Figure" in returns
            ):
                found[id(obj)] = obj
    return list(found.values())


@contextlib.contextmanager
def recording() -> Iterator[Recorder]:
    """Every figure function wrapped, wherever a module of the app holds it."""
    recorder = Recorder()
    originals = {id(f): f for f in _figure_functions()}
    wrappers = {key: recorder.wrap(f) for key, f in originals.items()}
    patched = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("ui"):
            continue
        for attr, obj in list(vars(module).items()):
            if id(obj) in originals and obj is originals[id(obj)]:
                setattr(module, attr, wrappers[id(obj)])
                patched.append((module, attr, obj))
    try:
        yield recorder
    finally:
        for module, attr, obj in patched:
            setattr(module, attr, obj)


def clear_layouts() -> None:
    """Empty every cache of the chart modules (layouts, and whatever else they keep)."""
    for module in _chart_modules():
        for obj in vars(module).values():
            clear = getattr(obj, "cache_clear", None)
            if callable(clear) and not isinstance(obj, type):
                clear()


def replay(calls: list[Call]) -> float:
    """CPU seconds of this thread to make the calls again, each in its own language."""
    from ui.i18n import set_language

    total = 0.0
    for call in calls:
        set_language(call.lang)
        start = time.thread_time()
        call.func(*call.args, **call.kwargs)
        total += time.thread_time() - start
    return total


def figures_of(value) -> list:
    from ui.charts import Figure

    if isinstance(value, Figure):
        return [value]
    if isinstance(value, (list, tuple)):
        return [f for v in value for f in figures_of(v)]
    return []


def arrow_seconds(calls: list[Call], reps: int) -> float:
    from streamlit import dataframe_util

    data = [f.data for call in calls for f in figures_of(call.result)]
    samples = []
    for _ in range(reps):
        start = time.thread_time()
        for d in data:
            dataframe_util.convert_anything_to_arrow_bytes(d)
        samples.append(time.thread_time() - start)
    return statistics.median(samples)


def _profiled(at, timer: ScriptTimer) -> int:
    """Run the page once under cProfile; the calls it made into altair or jsonschema."""
    import pstats

    timer.profiler = cProfile.Profile()
    try:
        at.run()
    finally:
        profiler, timer.profiler = timer.profiler, None
    return sum(
        nc
        for (path, _line, _func), (_cc, nc, *_rest) in pstats.Stats(profiler).stats.items()
        if "/altair/" in path or "/jsonschema/" in path
    )


@dataclass
class Recorded:
    runs: list[list[Call]]  # the defaults, one list per temperature of TEMPERATURES
    other: list[Call]  # the other setting
    altair_other: int  # altair calls in the other setting's first run
    altair_rerun: int  # altair calls in a temperature move at the other setting


def _record(page: str, timer: ScriptTimer) -> Recorded:
    """The page's figure calls at each temperature, then at the other setting."""
    with recording() as rec:
        at = open_page(page, {})
        if page == "train":
            for key, value in TRAIN_CONTROLS.items():
                at.session_state[key] = value
            at.run()
            at.button(key="train_run").click().run()
            at.button(key="train_sweep_run").click().run()
        runs = []
        for temperature in TEMPERATURES:
            at.slider(key="temperature").set_value(temperature)
            rec.calls.clear()
            at.run()
            runs.append(list(rec.calls))
        for key, value in OTHER.items():
            at.session_state[key] = value
        # The Train page trains anew for the other setting (its mask): both buttons again.
        clicks = ("train_run", "train_sweep_run") if page == "train" else ("",)
        altair_other = 0
        for key in clicks:
            if key:
                at.button(key=key).click()
            rec.calls.clear()
            altair_other += _profiled(at, timer)
        other = list(rec.calls)
        at.slider(key="temperature").set_value(TEMPERATURES[0])
        altair_rerun = _profiled(at, timer)
    problem = errors(at)
    if problem:
        raise RuntimeError(problem)
    return Recorded(runs, other, altair_other, altair_rerun)


def _warm_layouts():
    """The app's warm-up of its chart layouts, in English; None where it has none."""
    try:
        from ui.figures.warm import warm_layouts
    except ImportError:
        return None
    from ui.i18n import set_language

    def warm():
        set_language("en")
        warm_layouts()

    return warm


def _median_ms(samples: list[float]) -> float | None:
    return 1000 * statistics.median(samples) if samples else None


def run(options) -> Section:
    reps = options.reps or (3 if options.quick else 7)
    section = Section("charts", COLUMNS)
    section.details = {"reps": reps}
    timer = ScriptTimer()
    totals: dict[str, float] = {}
    with quiet_streamlit(), timer.installed():
        warm = _warm_layouts()

        def started() -> None:  # as a new process: empty caches, warmed if the app warms
            clear_layouts()
            if warm is not None:
                warm()

        if warm is not None:
            clear_layouts()
            start = time.thread_time()
            warm()
            spent = 1000 * (time.thread_time() - start)
            section.notes.append(f"warm_layouts() from empty caches: {spent:.0f} ms CPU")
        for page in options.page_list:
            started()
            try:
                rec = _record(page, timer)
            except Exception as exc:
                log(f"  {page}: failed: {type(exc).__name__}: {exc}")
                section.rows.append(Row(page, note=f"could not run: {exc}"))
                continue
            runs, first = rec.runs, rec.runs[0]
            n = sum(len(figures_of(c.result)) for c in first)
            if not n:
                section.rows.append(Row(page, values={"figures": 0}, note="no charts"))
                continue
            cold, new_data, same, new_setting = [], [], [], []
            for rep in range(reps):
                clear_layouts()
                cold.append(replay(first))
                if rep < NEW_SETTING_REPS:  # each in a new process's caches: warmed anew
                    started()
                    replay(first)
                    new_setting.append(replay(rec.other))
            started()
            replay(first)
            new_data += [replay(calls) for calls in runs[1:]]
            same += [replay(runs[-1]) for _ in range(reps)]
            values = {
                "figures": n,
                "cold": _median_ms(cold),
                "new_data": _median_ms(new_data),
                "same": _median_ms(same),
                "new_setting": _median_ms(new_setting),
                "arrow": 1000 * arrow_seconds(first, reps),
                "altair_other": rec.altair_other,
                "altair_rerun": rec.altair_rerun,
            }
            for key in ("cold", "new_data", "same", "new_setting", "arrow"):
                totals[key] = totals.get(key, 0.0) + values[key]
            log(f"  {page}: " + ", ".join(f"{k} {v:.1f}" for k, v in values.items()))
            section.rows.append(Row(page, values=values))
    if totals:
        section.rows.append(Row("all pages", values=totals))
    section.notes.append(
        "ms: CPU of this thread, median over the repetitions, for all of a page's figures;"
        " the Train page with its training and sweep shown."
    )
    try:
        cpu = one_student.measure()
    except Exception as exc:  # no server here: the table above stands alone
        section.notes.append(f"one student on the real server: failed: {exc}")
    else:
        section.details["one_student_ms"] = cpu
        section.notes += one_student.notes(cpu)
    return section
