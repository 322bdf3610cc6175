"""A class's code, the teacher's key and a student's id: what they are made of, and
that nothing else passes for them."""

from __future__ import annotations

import math

import pytest

from classroom import codes
from classroom.errors import ClassNotFound, NotMember, NotTeacher


def test_a_code_uses_only_unambiguous_characters():
    assert not set("01IOL") & set(codes.ALPHABET)
    assert len(codes.ALPHABET) == 31
    for _ in range(200):
        code = codes.new_code()
        assert len(code) == codes.CODE_LENGTH and set(code) <= set(codes.ALPHABET)
    assert math.log2(len(codes.ALPHABET) ** codes.CODE_LENGTH) > 44


def test_a_code_is_read_as_typed_and_shown_in_groups():
    code = "K7M4QX9PA"
    assert codes.show_code(code) == "K7M-4QX-9PA"
    for typed in ("k7m4qx9pa", "K7M-4QX-9PA", " k7m 4qx 9pa ", "Ｋ７Ｍ４ＱＸ９ＰＡ", "K7M.4QX.9PA"):
        assert codes.parse_code(typed) == code


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "K7M4QX9P",
        "K7M4QX9PAA",
        "K7M4QX9P0",
        "K7M4QX9PI",
        "<script>",
        None,
        123,
        ["K7M"],
        "x" * 999,
    ],
)
def test_anything_but_a_code_is_malformed(raw):
    with pytest.raises(ClassNotFound) as refused:
        codes.parse_code(raw)
    assert refused.value.reason == "malformed_code"


def test_the_teacher_key_is_kept_as_a_hash_and_checked_exactly():
    key = codes.new_teacher_key()
    assert len(key) == 43 and codes.new_teacher_key() != key  # 256 bits, URL-safe
    stored = codes.key_hash(key)
    assert key not in stored
    codes.check_key(key, stored)
    flipped = key[:-1] + ("A" if key[-1] != "A" else "B")
    for forged in (flipped, key[:-1], key + "A", "", None, 42, stored, key.upper() + "!"):
        with pytest.raises(NotTeacher):
            codes.check_key(forged, stored)


def test_a_student_is_a_random_id_and_nothing_else():
    ids = {codes.new_student_id() for _ in range(100)}
    assert len(ids) == 100
    for sid in ids:
        assert codes.parse_student(sid) == sid
    for forged in ("", "x", "a" * 23, None, 5, "../../etc/passwd" + "a" * 6):
        with pytest.raises(NotMember):
            codes.parse_student(forged)
