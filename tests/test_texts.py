"""The text catalogue: every key in English and Chinese, with the same placeholders."""

from __future__ import annotations

import re
import string

from ui.i18n import LANG_NAMES
from ui.texts import CATALOG

CJK = re.compile(r"[\u3400-\u9fff]")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_text_has_both_languages_with_the_same_placeholders():
    wrong = []
    for key, entry in CATALOG.items():
        if set(entry) != set(LANG_NAMES) or not all(entry[lang].strip() for lang in entry):
            wrong.append(f"{key}: languages {sorted(entry)}")
        elif placeholders(entry["en"]) != placeholders(entry["zh"]):
            wrong.append(f"{key}: {placeholders(entry['en'])} vs {placeholders(entry['zh'])}")
    assert not wrong, "\n".join(wrong)


def test_the_chinese_texts_are_chinese():
    # Formulas and names may stay as they are; prose must not be left in English.
    english_only = [
        key
        for key, entry in CATALOG.items()
        if len(entry["zh"]) > 40 and not CJK.search(entry["zh"])
    ]
    assert not english_only, english_only


def test_no_text_is_written_twice_in_its_module():
    """A key written twice in one module's dictionary would silently keep only the last."""
    import ast
    import collections
    from pathlib import Path

    twice = []
    for path in sorted((Path(__file__).parent.parent / "ui" / "texts").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
                keys = [k.value for k in node.value.keys if isinstance(k, ast.Constant)]
                counts = collections.Counter(keys)
                twice += [f"{path.name}: {k}" for k, n in counts.items() if n > 1]
    assert not twice, twice
