"""The SQLite store's tables (classroom.sqlite_store): classes, their members, questions
and votes, and the codes of classes ended. A file made by an older schema is made again.
"""

from __future__ import annotations

import sqlite3

SCHEMA_VERSION = 2

SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY,
    key_hash TEXT NOT NULL,           -- SHA-256 of the teacher key
    version INTEGER NOT NULL DEFAULT 0,
    student_version INTEGER NOT NULL DEFAULT 0,
    used REAL NOT NULL,               -- time of the last change
    joined INTEGER NOT NULL DEFAULT 0,
    asked INTEGER NOT NULL DEFAULT 0, -- questions published so far (their order)
    offer INTEGER NOT NULL DEFAULT 0,
    offer_page TEXT,
    offer_link TEXT
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS classes_used ON classes (used);
CREATE TABLE IF NOT EXISTS members (
    code TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
    student TEXT NOT NULL,
    seen REAL NOT NULL,               -- 0 once left
    PRIMARY KEY (code, student)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS members_seen ON members (code, seen);
CREATE TABLE IF NOT EXISTS questions (
    code TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
    qkey TEXT NOT NULL,
    n INTEGER NOT NULL,               -- order of publication
    pos INTEGER,                      -- place on the teacher's page; NULL when not current
    data TEXT NOT NULL,               -- classroom.poll.to_json
    round INTEGER NOT NULL DEFAULT 1,
    revealed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (code, qkey)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ended (      -- codes of classes ended, for "this class has ended"
    code TEXT PRIMARY KEY,
    at REAL NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ended_at ON ended (at);
CREATE TABLE IF NOT EXISTS votes (
    code TEXT NOT NULL,
    qkey TEXT NOT NULL,
    round INTEGER NOT NULL,
    student TEXT NOT NULL,
    value TEXT NOT NULL,              -- classroom.poll.canonical_vote
    PRIMARY KEY (code, qkey, round, student),
    FOREIGN KEY (code, qkey) REFERENCES questions (code, qkey) ON DELETE CASCADE
) WITHOUT ROWID;
"""


def create_schema(con: sqlite3.Connection) -> None:
    """The tables, in WAL mode, unless the file has them at this schema's version."""
    con.execute("PRAGMA journal_mode = WAL")  # kept in the file: once is enough
    (version,) = con.execute("PRAGMA user_version").fetchone()
    if version != SCHEMA_VERSION:
        con.executescript(SCHEMA)
        con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
