"""The README and docs/: the two commands word for word (and CI's run of the test command),
a README a teacher can read, and every link between them leading to a file and a heading
that exist, as GitHub makes them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
RUN = (
    "python3 -m venv .venv && . .venv/bin/activate && pip install -r requirements.txt "
    "&& streamlit run dashboard.py"
)
TEST = (
    "python3 -m venv .venv && . .venv/bin/activate && pip install -r requirements-dev.txt "
    "&& python -m pytest"
)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to -."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    found, seen = set(), {}
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.M):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found | set(re.findall(r'<a id="([^"]+)"', text))


def test_the_readme_keeps_its_commands_and_is_short():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert f"{RUN}" in lines and f"{TEST}" in lines
    assert 'python -m pytest -m "not browser"' in README.read_text(encoding="utf-8")
    assert len(lines) <= 200
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert TEST in ci  # CI runs the README's test command, word for word


def test_the_docs_are_where_the_readme_says():
    text = README.read_text(encoding="utf-8")
    for name in ("teacher-guide", "deployment", "performance"):
        assert f"(docs/{name}.md)" in text
    assert "docs/performance.md" in (ROOT / "bench" / "__main__.py").read_text(encoding="utf-8")


def test_every_link_leads_to_a_file_and_a_heading():
    broken = []
    for source in [README, *DOCS]:
        text = FENCE.sub("", source.read_text(encoding="utf-8"))
        for target in LINK.findall(text):
            if re.match(r"^[a-z]+:", target):  # http(s), mailto: not ours to check
                continue
            path, _, anchor = target.partition("#")
            found = (source.parent / path).resolve() if path else source
            if not found.exists():
                broken.append(f"{source.name}: {target} (no file)")
            elif anchor and anchor not in anchors(found):
                broken.append(f"{source.name}: {target} (no heading)")
    assert not broken, "\n".join(broken)
