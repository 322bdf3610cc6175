"""The tallies' CSV: the counts and the shares right, nothing personal, nothing a spreadsheet
would run."""

from __future__ import annotations

import csv
import io

from classroom.export import COLUMNS, Tally, tallies_csv


def read(text: str) -> list[list[str]]:
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


def test_the_csv_has_its_columns_and_no_formula_a_spreadsheet_would_run():
    rows = [
        Tally("overview.top", "overview?d=4", 1, "cake", 3, right=True),
        Tally("overview.top", "overview?d=4", 1, "=HYPERLINK(1)", 1),
        Tally("softmax.sum", "softmax", 2, "-0.5", 2),
    ]
    found = read(tallies_csv(rows))
    assert found[0] == list(COLUMNS)
    assert [r[:6] for r in found[1:]] == [
        ["overview.top", "overview?d=4", "1", "cake", "3", "1"],
        ["overview.top", "overview?d=4", "1", "'=HYPERLINK(1)", "1", "0"],
        ["softmax.sum", "softmax", "2", "-0.5", "2", "0"],
    ]


def test_each_question_carries_its_share_right_in_both_rounds_and_the_shift():
    def rows(question: str, round_: int, right: int, wrong: int) -> list[Tally]:
        return [
            Tally(question, "p", round_, "a", right, right=True),
            Tally(question, "p", round_, "b", wrong),
        ]

    tallies = (
        rows("up", 1, 3, 7)  # 30 % right, then 70 %: a shift of +40 points
        + rows("up", 2, 7, 3)
        + rows("down", 1, 5, 5)  # 50 %, then 40 %: −10 points
        + rows("down", 2, 4, 6)
        + rows("once", 1, 1, 3)  # one round only: no second share, no shift
        + rows("none", 1, 0, 0)  # published, no vote in its round: no share at all
    )
    found = {(r[0], r[2], r[3]): r[5:] for r in read(tallies_csv(tallies))[1:]}
    assert found["up", "1", "a"] == ["1", "0.300", "0.700", "0.400"]
    assert found["up", "2", "b"] == ["0", "0.300", "0.700", "0.400"]
    assert found["down", "2", "a"] == ["1", "0.500", "0.400", "-0.100"]
    assert found["once", "1", "b"] == ["0", "0.250", "", ""]
    assert found["none", "1", "a"] == ["1", "", "", ""]
