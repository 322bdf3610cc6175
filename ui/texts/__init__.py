"""All texts, one module per page; merged into one catalogue keyed "module.name"."""

from __future__ import annotations

import importlib
import pkgutil


def _load() -> dict[str, dict[str, str]]:
    catalog: dict[str, dict[str, str]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for key, entry in module.TEXTS.items():
            full = f"{info.name}.{key}"
            if full in catalog:
                raise KeyError(f"duplicate text key {full}")
            catalog[full] = entry
    return catalog


CATALOG = _load()
