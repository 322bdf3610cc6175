"""The tallies' CSV: five columns, nothing personal, nothing a spreadsheet would run."""

from __future__ import annotations

import csv
import io

from classroom.export import Tally, tallies_csv


def test_the_csv_has_the_five_columns_and_no_formula_a_spreadsheet_would_run():
    rows = [
        Tally("overview.top", "overview?d=4", 1, "cake", 3),
        Tally("overview.top", "overview?d=4", 1, "=HYPERLINK(1)", 1),
        Tally("softmax.sum", "softmax", 2, "-0.5", 2),
    ]
    text = tallies_csv(rows)
    assert text.startswith("\ufeff")
    read = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert read == [
        ["question", "settings", "round", "choice", "count"],
        ["overview.top", "overview?d=4", "1", "cake", "3"],
        ["overview.top", "overview?d=4", "1", "'=HYPERLINK(1)", "1"],
        ["softmax.sum", "softmax", "2", "-0.5", "2"],
    ]
