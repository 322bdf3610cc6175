"""browser: from a keyboard move of the temperature slider to the redrawn page, in Chromium.

The real server runs the app (``streamlit run dashboard.py``) and a second one runs the
floor app, each on its own free port. In one headless Chromium, one tab per target (the
floor app, /softmax, /multihead) focuses the sidebar's temperature thumb and presses
ArrowRight, then ArrowLeft (1.00 → 1.05 → 1.00), again and again; the targets take turns,
so a busy moment of the machine hits them alike. Each move is timed inside the page from
the key press until the script run has ended and the last chart has finished redrawing
(see bench/sections/chromium.py for the probes).

Budget: each page at most 1.3× the floor app.
"""

from __future__ import annotations

from bench.sections import chromium
from bench.sections.common import (
    ENTRY,
    FLOOR_APP,
    Column,
    Row,
    Section,
    log,
    ratio_check,
    summary,
)
from harness.browser import launch, missing
from harness.server import StreamlitServer

PAGES = ("softmax", "multihead")
FLOOR_RATIO = 1.3

COLUMNS = [
    Column("median", "median ms"),
    Column("p90", "p90 ms"),
    Column("start", "run started ms"),
    Column("run", "run ended ms"),
    Column("ratio", "× floor", "{:.2f}×"),
    Column("n", "n", "{:d}"),
]


def run(options) -> Section:
    section = Section("browser", COLUMNS)
    if problem := missing():
        section.skipped = f"skipped: {problem}"
        return section
    reps = options.reps or (4 if options.quick else 14)
    warmup = 2
    log(f"browser: floor app, {', '.join(PAGES)}; {reps} slider moves each")
    samples: dict[str, list[dict]] = {}
    with (
        StreamlitServer(FLOOR_APP) as floor,
        StreamlitServer(ENTRY) as app,
        launch() as browser,
    ):
        section.details["chromium"] = browser.version
        label = chromium.app_temperature_label()
        targets = [("floor app", f"{floor.url}/", chromium.TEMPERATURE_LABEL)]
        targets += [(page, f"{app.url}/{page}", label) for page in PAGES]
        tabs = []
        for name, url, thumb_label in targets:
            tab = chromium.new_page(browser)
            chromium.open_url(tab, url)
            tabs.append((name, tab, chromium.temperature_thumb(tab, thumb_label)))
            samples[name] = []
        for i in range(warmup + reps):
            key = "ArrowRight" if i % 2 == 0 else "ArrowLeft"
            for name, tab, thumb in tabs:
                tab.bring_to_front()
                chromium.wait_idle(tab)
                times = chromium.move_slider(tab, thumb, key)
                if i >= warmup:
                    samples[name].append(times)
            log(f"  move {i + 1}/{warmup + reps}")
        raised = {}
        for name, tab, _ in tabs:
            boxes = tab.get_by_test_id("stException")
            if boxes.count():
                first = boxes.first.inner_text().strip().splitlines()
                raised[name] = f"the page shows an exception: {' '.join(first[:2])[:150]}"

    section.details["samples_ms"] = {
        name: [{k: round(v, 1) if isinstance(v, float) else v for k, v in s.items()} for s in rows]
        for name, rows in samples.items()
    }
    floor_ms = summary([s["chart"] for s in samples["floor app"]])["median"]
    for name, rows in samples.items():
        chart = summary([s["chart"] for s in rows])
        values = {
            "median": chart["median"],
            "p90": chart["p90"],
            "run": summary([s["run"] for s in rows])["median"],
            "start": summary([s["start"] for s in rows])["median"],
            "n": chart["n"],
            "ratio": chart["median"] / floor_ms if floor_ms else None,
        }
        # A page that raised has not really been measured: its budget is n/a.
        value = None if name in raised else chart["median"]
        checks = [] if name == "floor app" else [ratio_check(value, floor_ms, FLOOR_RATIO, "floor")]
        uncharted = sum(not s["charted"] for s in rows)
        notes = [raised.get(name, "")]
        notes.append(f"{uncharted} of {len(rows)} moves redrew no chart" if uncharted else "")
        note = "; ".join(n for n in notes if n)
        section.rows.append(Row(name, "defaults", values, checks, note))
    section.notes += [
        "median/p90: key press → the run has ended and the last chart is redrawn (measured in",
        "  the page; 300 ms of quiet after it end a move); run started/ended: key press → the",
        "  first/last message from the server.",
        f"Chromium {section.details['chromium']}, viewport "
        f"{chromium.VIEWPORT['width']}×{chromium.VIEWPORT['height']}.",
    ]
    return section
