"""All texts, one module per page; merged into one catalogue keyed "module.name".

A module may also say which words its Chinese texts keep in Latin letters (``LATIN``: the
names of functions, models, formats, tools and people); LATIN gathers them all.
"""

from __future__ import annotations

import importlib
import pkgutil


def _load() -> tuple[dict[str, dict[str, str]], frozenset[str]]:
    catalog: dict[str, dict[str, str]] = {}
    latin: set[str] = set()
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        latin |= getattr(module, "LATIN", set())
        for key, entry in module.TEXTS.items():
            full = f"{info.name}.{key}"
            if full in catalog:
                raise KeyError(f"duplicate text key {full}")
            catalog[full] = entry
    return catalog, frozenset(latin)


CATALOG, LATIN = _load()
