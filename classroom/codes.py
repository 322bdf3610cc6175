"""Who may do what in a class: its short code, the teacher's key, a student's id.

The code is what a room types from the projector: CODE_LENGTH characters from ALPHABET,
shown in groups of three ("K7M-4QX-9PA"). The alphabet leaves out 0/O and 1/I/L, so no
character can be read as another, and typing is forgiving (lower case, spaces, dashes).
31⁹ ≈ 2.6·10¹³ codes. Guessing is bounded by what the servers can run: a join attempt is
a script run, and the cheapest run measured costs a server about 17 ms of CPU, so two
replicas on two cores each answer at most about 240 attempts a second. Even at 500 a
second for twelve hours (2.2·10⁷ attempts, the servers doing nothing else) against 50
classes open at once, the expected number of classes found is 2.2·10⁷ × 50 / 2.6·10¹³ ≈
4·10⁻⁵. Eight characters would make that 10⁻³; a code is no secret anyway (it is on the
wall), only a door nobody finds by chance: what a class keeps from students is guarded by
the teacher key, not by the code.

The teacher key is 256 bits from ``secrets``, in the teacher's link only; the store keeps
its SHA-256 (a key that random needs no salt or slow hash) and checks a key given with
``hmac.compare_digest``. A student is a random 128-bit id for the length of the class;
nothing else about a student is ever stored.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata

from classroom.errors import ClassNotFound, NotMember, NotTeacher

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0, 1, I, L, O
CODE_LENGTH = 9
CODE_GROUP = 3  # shown as K7M-4QX-9PA
KEY_BYTES = 32  # 256 bits: 43 characters in a link
STUDENT_BYTES = 16  # 128 bits: 22 characters

_SEPARATORS = re.compile(r"[\s\-_.·]+")
_CODE = re.compile(f"[{ALPHABET}]{{{CODE_LENGTH}}}")
_KEY = re.compile(rf"[A-Za-z0-9_-]{{{len(secrets.token_urlsafe(KEY_BYTES))}}}")
_STUDENT = re.compile(rf"[A-Za-z0-9_-]{{{len(secrets.token_urlsafe(STUDENT_BYTES))}}}")
MAX_TYPED_CODE = 40  # what a student may type around a code (spaces, dashes) before it is no code


def new_code() -> str:
    """A fresh class code, CODE_LENGTH characters of ALPHABET (the store checks it is free)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def show_code(code: str) -> str:
    """The code as the projector shows it: "K7M4QX9PA" -> "K7M-4QX-9PA"."""
    return "-".join(code[i : i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


def parse_code(raw: object) -> str:
    """A typed or linked code -> its canonical form; ClassNotFound("malformed_code") for
    anything that cannot be one (wrong length, a character outside ALPHABET, not text)."""
    if not isinstance(raw, str) or len(raw) > MAX_TYPED_CODE:
        raise ClassNotFound("malformed_code")
    code = _SEPARATORS.sub("", unicodedata.normalize("NFKC", raw)).upper()
    if not _CODE.fullmatch(code):
        raise ClassNotFound("malformed_code")
    return code


def new_teacher_key() -> str:
    """The secret of the teacher's link (256 bits, URL-safe)."""
    return secrets.token_urlsafe(KEY_BYTES)


def key_hash(key: str) -> str:
    """What the store keeps of a teacher key."""
    return hashlib.sha256(key.encode("ascii")).hexdigest()


def check_key(raw: object, stored_hash: str) -> None:
    """NotTeacher unless ``raw`` is the key whose hash is ``stored_hash`` (compared in
    constant time; a malformed key is refused the same way, before any comparison)."""
    if not isinstance(raw, str) or not _KEY.fullmatch(raw):
        raise NotTeacher()
    if not hmac.compare_digest(key_hash(raw), stored_hash):
        raise NotTeacher()


def new_student_id() -> str:
    """An anonymous student for the length of a class (kept in the student's session)."""
    return secrets.token_urlsafe(STUDENT_BYTES)


def parse_student(raw: object) -> str:
    """A student id as new_student_id makes them; NotMember for anything else."""
    if not isinstance(raw, str) or not _STUDENT.fullmatch(raw):
        raise NotMember("malformed_student")
    return raw
