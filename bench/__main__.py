"""``python -m bench``: run the benchmark, print the table, optionally write it as JSON.

It prints; the tables worth keeping go into docs/performance.md (RECORD), by hand, with the
date and the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from bench.sections.common import (
    ROOT,
    SECTIONS,
    Section,
    log,
    machine,
    page_names,
    render_budgets,
    render_header,
    render_section,
)

RECORD = "docs/performance.md"  # where the measured tables are kept


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description="Speed and memory of Attention Lab, against its budgets.",
        epilog=f"The figures measured, and when, are kept in {RECORD}: a new measurement "
        "of a section replaces its table there.",
    )
    parser.add_argument(
        "--only",
        default=",".join(SECTIONS),
        help=f"comma-separated sections to run (default: all of {','.join(SECTIONS)})",
    )
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, to try it out")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    parser.add_argument(
        "--reps", type=int, default=0, help="repetitions per measurement (overrides the default)"
    )
    parser.add_argument(
        "--pages",
        default="",
        help="comma-separated pages for the pages, charts and interactions sections (default: "
        "every file in app_pages/)",
    )
    parser.add_argument(
        "--no-explain",
        dest="explain",
        action="store_false",
        help="do not profile the pages that miss a budget",
    )
    parser.add_argument(
        "--profile",
        metavar="PAGE",
        help="only profile one page's rerun (a file name in app_pages/, without .py)",
    )
    parser.add_argument(
        "--largest", action="store_true", help="with --profile: at the largest settings"
    )
    parser.add_argument("--top", type=int, default=14, help="with --profile: lines per list")
    args = parser.parse_args(argv)
    args.sections = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = sorted(set(args.sections) - set(SECTIONS))
    if unknown:
        parser.error(f"unknown section(s): {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    args.page_list = [p.strip() for p in args.pages.split(",") if p.strip()] or page_names()
    missing = sorted(set(args.page_list) - set(page_names()))
    if missing:
        parser.error(f"no page {', '.join(missing)}; pages: {', '.join(page_names())}")
    if args.profile and args.profile not in page_names():
        parser.error(f"no page {args.profile!r}; pages: {', '.join(page_names())}")
    return args


def run_section(name: str, args: argparse.Namespace) -> list[Section]:
    """A section's table, or its tables (a section may print more than one)."""
    from importlib import import_module

    module = {"core": "engine"}.get(name, name)
    start = time.perf_counter()
    try:
        found = import_module(f"bench.sections.{module}").run(args)
    except Exception as exc:  # one broken section must not lose the others' results
        import traceback

        log(traceback.format_exc())
        found = Section(name, skipped=f"failed: {type(exc).__name__}: {exc}")
    tables = found if isinstance(found, list) else [found]
    tables[-1].seconds = time.perf_counter() - start
    return tables


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.json:
        args.json = Path(args.json).resolve()
    os.chdir(ROOT)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))

    if args.profile:
        from bench.sections.pages import profile_one

        reps = args.reps or (4 if args.quick else 10)
        print(profile_one(args.profile, args.largest, reps, args.top))
        return 0

    info = machine()
    info["load before"] = load()
    options = {"quick": args.quick, "sections": args.sections, "reps": args.reps or "default"}
    sections = []
    for name in args.sections:
        log(f"-- {name}")
        for section in run_section(name, args):
            log(render_section(section))
            sections.append(section)
    info["load after"] = load()

    parts = [render_header(info, options)]
    parts += [render_section(s) for s in sections]
    parts.append(render_budgets(sections))
    if any(s.name == "pages" for s in sections):
        from bench.sections.pages import profile_report

        report = profile_report(next(s for s in sections if s.name == "pages"))
        if report:
            parts.append(report)
    print("\n\n".join(parts))
    log(f"the measured tables are kept in {RECORD}")

    if args.json:
        payload = {
            "machine": info,
            "options": options,
            "sections": [s.to_json() for s in sections],
            "budgets": [
                {
                    "section": s.name,
                    "item": row.item,
                    "setting": row.setting,
                    "budget": check.budget,
                    "verdict": check.verdict,
                }
                for s in sections
                for row in s.rows
                for check in row.checks
            ],
        }
        Path(args.json).write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
        log(f"wrote {args.json}")
    return 2 if any(s.skipped and s.skipped.startswith("failed") for s in sections) else 0


if __name__ == "__main__":
    sys.exit(main())
