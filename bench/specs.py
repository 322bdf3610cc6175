"""Are the charts the same as another revision's? Every page's Vega-Lite specs and data, compared.

``python -m bench.specs [REF]`` (default ``main``) opens every page with AppTest at a few
settings, in this working tree and in REF (exported with ``git archive`` into a temporary
folder), each in its own process. For every chart, found by its key (the spec's usermeta),
it compares the spec Streamlit sends (``proto.spec``, byte for byte) and the data (the Arrow
bytes), and prints per page and setting how many are the same; the exit status is 1 when
one differs or is missing. The Train page is opened with a short training and its sweep.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Questions off (ask=0): every page draws all its charts at once, the answers' included.
SETTINGS = {
    "defaults": {"ask": "0"},
    "zh, presenter": {"lang": "zh", "present": "1", "ask": "0"},
    "d 16, 2 heads, mask, T 0.5": {
        "ask": "0",
        "d": "16",
        "heads": "2",
        "mask": "1",
        "temp": "0.5",
        "sentence": "the cat sat on the mat because it was warm today",
    },
    "d 64, 4 heads, no scaling, long": {
        "ask": "0",
        "d": "64",
        "heads": "4",
        "scale": "0",
        "sentence": " ".join(["every student moves one slider and watches the words"] * 3),
    },
}
TRAIN = {"steps": "40", "seeds": "2"}  # a short training, then its sweep


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def collect(pages: list[str]) -> dict:
    """{setting: {page: {key: [spec digest, data digest]}}} of this tree (run inside it)."""
    import logging

    from streamlit.testing.v1 import AppTest

    logging.getLogger("streamlit").setLevel(logging.CRITICAL)
    out: dict = {}
    for setting, params in SETTINGS.items():
        for page in pages:
            at = AppTest.from_file(str(Path.cwd() / "dashboard.py"), default_timeout=180)
            for name, value in {**params, **(TRAIN if page == "train" else {})}.items():
                at.query_params[name] = value
            at.switch_page(f"app_pages/{page}.py").run()
            if page == "train":
                at.button(key="train_run").click().run()
                at.button(key="train_sweep_run").click().run()
            charts = {}
            for chart in at.get("vega_lite_chart"):
                proto = chart.proto
                key = json.loads(proto.spec).get("usermeta", {}).get("key", "?")
                data = proto.data.data + b"".join(d.data.data for d in proto.datasets)
                charts[key] = [_digest(proto.spec.encode()), _digest(data)]
            errors = [str(e.message).splitlines()[0] for e in at.exception]
            out.setdefault(setting, {})[page] = {"charts": charts, "errors": errors}
    return out


def _run(tree: Path, pages: list[str]) -> dict:
    """collect() in a process of its own, inside ``tree`` (this file, that tree's app)."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, __file__, "--collect", "--pages", ",".join(pages)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"collecting the charts in {tree} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _export(ref: str, into: Path) -> None:
    archive = into / "tree.tar"
    with archive.open("wb") as f:
        subprocess.run(["git", "archive", ref], cwd=ROOT, stdout=f, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "tree", filter="data")


def _compare(ours: dict, theirs: dict, ref: str) -> int:
    differ = 0
    print(f"charts of this tree against {ref}: spec and data, byte for byte")
    for setting, by_page in ours.items():
        for page, mine in by_page.items():
            other = theirs[setting][page]
            keys = sorted(set(mine["charts"]) | set(other["charts"]))
            spec = {k for k in keys if _same(mine, other, k, 0)}
            data = {k for k in keys if _same(mine, other, k, 1)}
            bad = sorted(set(keys) - (spec & data))
            errors = mine["errors"] + other["errors"]
            differ += len(bad) + len(errors)
            line = f"  {setting:32} {page:13} {len(keys):3} charts: "
            line += f"{len(spec)} specs, {len(data)} data the same"
            line += f"; differ: {', '.join(bad)}" if bad else ""
            print(line + (f"; errors: {errors}" if errors else ""))
    print("all the same" if not differ else f"{differ} differences")
    return differ


def _same(mine: dict, other: dict, key: str, part: int) -> bool:
    a, b = mine["charts"].get(key), other["charts"].get(key)
    return a is not None and b is not None and a[part] == b[part]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.specs", description=__doc__)
    parser.add_argument("ref", nargs="?", default="main", help="the revision to compare with")
    parser.add_argument("--pages", default="", help="comma-separated pages (default: all)")
    parser.add_argument("--collect", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    pages = [p for p in args.pages.split(",") if p] or sorted(
        p.stem for p in (ROOT / "app_pages").glob("*.py") if not p.stem.startswith("_")
    )
    if args.collect:  # inside one tree: print its charts' digests
        print(json.dumps(collect(pages)))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        _export(args.ref, Path(tmp))
        theirs = _run(Path(tmp) / "tree", pages)
    ours = _run(ROOT, pages)
    return 1 if _compare(ours, theirs, args.ref) else 0


if __name__ == "__main__":
    sys.exit(main())
