"""The house's layers: core at the bottom, then realmodel and classroom (the class's store),
ui, the pages and the frame, harness and bench on top. An import never runs up the
layers, core and classroom know nothing of Streamlit, and no package's modules import each
other in a circle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# package -> the packages of the project it may import (besides itself)
ALLOWED = {
    "core": set(),
    "realmodel": {"core"},
    "classroom": {"core"},
    "ui": {"core", "realmodel", "classroom"},
    "app_pages": {"core", "realmodel", "classroom", "ui"},
    "dashboard": {"core", "realmodel", "classroom", "ui"},
    "harness": {"core", "realmodel", "classroom", "ui"},
    "bench": {"core", "realmodel", "classroom", "ui", "harness"},
}
STREAMLIT_FREE = {"core", "classroom"}
PROJECT = set(ALLOWED)


def modules() -> dict[str, Path]:
    found = {"dashboard": ROOT / "dashboard.py"}
    for package in PROJECT - {"dashboard"}:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imports(path: Path) -> set[str]:
    """The modules a file imports, wherever in the file (inside functions too)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out |= {f"{node.module}.{alias.name}" for alias in node.names}
    return out


def test_imports_run_down_the_layers_only():
    wrong = []
    for name, path in modules().items():
        top = name.split(".")[0]
        for imported in imports(path):
            other = imported.split(".")[0]
            if other in PROJECT and other != top and other not in ALLOWED[top]:
                wrong.append(f"{name} imports {imported}")
            if top in STREAMLIT_FREE and other == "streamlit":
                wrong.append(f"{name} imports Streamlit")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_modules_import_each_other_in_a_circle():
    found = modules()
    graph = {
        name: {m for m in imports(path) if m in found and m != name} for name, path in found.items()
    }
    # Importing a package runs its __init__: an edge to "a.b" is an edge to "a" too.
    for name, targets in graph.items():
        graph[name] = targets | {
            t.rsplit(".", 1)[0] for t in targets if t.rsplit(".", 1)[0] in found
        }
    cycles, state = [], {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if nxt == node or nxt.startswith(node + "."):  # a package importing its own parts
                continue
            if state.get(nxt) == "open":
                cycles.append(" -> ".join([*trail[trail.index(nxt) :], nxt]))
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, "\n".join(cycles)


def test_only_the_frame_writes_the_link():
    """Pages and their views leave the link to the frame (ui.frame.write_link after a page
    and after a fragment's run), so a page cannot forget it or write it twice."""
    writers = {
        name
        for name, path in modules().items()
        if "sync_query_params(" in path.read_text(encoding="utf-8")
        and not name.startswith(("harness", "bench"))
    }
    assert writers == {"ui.settings", "ui.frame"}
