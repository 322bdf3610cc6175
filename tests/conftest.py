"""Fixtures shared by the test files: the pretrained model, read once per test process; and
no network (the Hugging Face hub offline) unless a test puts a stand-in in its place.
``--shuffle SEED`` runs the tests in another order."""

from __future__ import annotations

import functools
import json
import os
import random
from pathlib import Path

import pytest

# The suite never reaches for the network: the Hugging Face hub is read from its cache only
# (offline, a download that cannot succeed waits about 25 s on its retries). The tests of
# the download path put a stand-in for the hub in its place (tests/test_bert.py).
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from realmodel import FIX_COMMAND, ModelUnavailable, load_model, locate_model

IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
FIXTURES = Path(__file__).parent / "fixtures"


def scan_components_once() -> None:
    """Every new AppTest scans the metadata of every installed package for Streamlit
    components (about 0.35 s, most of a page's test); a server does it once at its start.
    The installed packages do not change during a test run, so one scan a process serves
    every AppTest (the app itself uses no such component either way). A Streamlit without
    the scanner is left as it is."""
    try:
        from streamlit.components.v2 import manifest_scanner

        scan = manifest_scanner.scan_component_manifests
    except (ImportError, AttributeError):
        return
    manifest_scanner.scan_component_manifests = functools.cache(scan)


scan_components_once()


def pytest_addoption(parser):
    parser.addoption(
        "--shuffle",
        type=int,
        metavar="SEED",
        help="run the tests in an order shuffled by SEED (the same on every xdist worker), "
        "to show that no test depends on another having run before it",
    )


def pytest_collection_modifyitems(config, items):
    seed = config.getoption("--shuffle")
    if seed is not None:
        random.Random(seed).shuffle(items)


def pytest_report_header(config):
    seed = config.getoption("--shuffle")
    return None if seed is None else f"tests shuffled with seed {seed}"


@pytest.fixture(scope="session")
def model():
    """all-MiniLM-L6-v2 from its package or folder (never downloaded): skipped when missing,
    except under CI, which installs it."""
    try:
        return load_model(locate_model(download=False))
    except ModelUnavailable as exc:
        if IN_CI:
            pytest.fail(f"CI installs the model, but it is missing: {exc}")
        pytest.skip(f"pretrained model not installed (fix: {FIX_COMMAND})")


@pytest.fixture(scope="session")
def reference() -> dict:
    """The model's outputs recorded once from the reference implementation."""
    return json.loads((FIXTURES / "minilm_reference.json").read_text(encoding="utf-8"))


@pytest.fixture(params=["en", "zh"])
def lang(request):
    """The test runs in English, then in Chinese (the catalogue's language, set back after)."""
    from ui.i18n import set_language

    set_language(request.param)
    yield request.param
    set_language("en")
