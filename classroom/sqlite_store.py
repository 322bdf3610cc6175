"""The embedded store: one SQLite file (standard library), nothing to set up.

WAL journal, so that readers (the projector, students' views) never wait for a writer;
synchronous=NORMAL, so a commit is safe from the server process dying (a vote once
acknowledged is in the file) though not from the machine losing power in the next
moment; a busy timeout of BUSY_S, after which a call gives up with StoreUnavailable rather
than hold a student's run. Every change is one transaction (BEGIN IMMEDIATE), so two
threads or two processes on the file never count a vote twice.

Classes not used for bounds.IDLE_S are deleted (with all they hold, by ON DELETE CASCADE)
by the next change made to the store, at most once every PURGE_EVERY_S; one found stale
before that is already treated as gone.
"""

from __future__ import annotations

import os
import queue
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from classroom import bounds, poll, views
from classroom.base import StoreBase
from classroom.errors import ClassFull, ClassNotFound, NotMember, NotOpen
from classroom.sqlite_schema import create_schema

BUSY_S = 2.0  # a write waits this long for another writer's lock, then the call fails
PURGE_EVERY_S = 60.0
POOL_IDLE = 8  # connections kept open between calls (more are opened while many call at once)


class SQLiteStore(StoreBase):
    """Classes in one SQLite file; one store object per process, shared by its threads."""

    failures = (sqlite3.Error, OSError)

    def __init__(self, path: str | os.PathLike, *, busy_s: float = BUSY_S, **kwargs) -> None:
        super().__init__(**kwargs)
        self.path = Path(path)
        self.busy_s = busy_s
        self._idle: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        self._ready = False
        self._setup = threading.Lock()
        self._purged = float("-inf")

    # --- connections ----------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        if not self._ready:
            with self._setup:
                if not self._ready:
                    self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        con = sqlite3.connect(
            self.path, timeout=self.busy_s, isolation_level=None, check_same_thread=False
        )
        try:
            con.execute("PRAGMA foreign_keys = ON")
            con.execute("PRAGMA synchronous = NORMAL")
            if not self._ready:
                with self._setup:
                    if not self._ready:
                        create_schema(con)
                        self._ready = True
        except BaseException:
            con.close()
            raise
        return con

    @contextmanager
    def _tx(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        """One transaction on a pooled connection: committed if the block ends, rolled
        back if it raises (a refusal too: a call does all of its work or none of it). A
        connection that failed is closed, not pooled again."""
        try:
            con = self._idle.get_nowait()
        except queue.Empty:
            con = self._connect()
        try:
            con.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")
        except sqlite3.Error:
            with suppress(sqlite3.Error):
                con.close()
            raise
        except BaseException:
            self._release(con)
            raise
        self._release(con)

    def _release(self, con: sqlite3.Connection) -> None:
        if self._idle.qsize() < POOL_IDLE:
            self._idle.put(con)
        else:
            con.close()

    def close(self) -> None:
        while True:
            try:
                con = self._idle.get_nowait()
            except queue.Empty:
                return
            with suppress(sqlite3.Error):
                con.close()

    # --- a class --------------------------------------------------------------------------

    def _purge(self, con: sqlite3.Connection, now: float, force: bool = False) -> None:
        if force or now - self._purged >= PURGE_EVERY_S or now < self._purged:
            con.execute("DELETE FROM classes WHERE used < ?", (now - bounds.IDLE_S,))
            con.execute("DELETE FROM ended WHERE at < ?", (now - bounds.IDLE_S,))
            self._purged = now

    def _class(self, con: sqlite3.Connection, code: str, now: float) -> tuple:
        row = con.execute(
            "SELECT key_hash, version, student_version, used, joined, asked, offer, offer_page,"
            " offer_link FROM classes WHERE code = ?",
            (code,),
        ).fetchone()
        if row is None or row[3] < now - bounds.IDLE_S:
            raise ClassNotFound()
        return row

    def _present(self, con: sqlite3.Connection, code: str, now: float) -> int:
        (n,) = con.execute(
            "SELECT count(*) FROM members WHERE code = ? AND seen >= ?",
            (code, now - bounds.PRESENT_S),
        ).fetchone()
        return n

    @staticmethod
    def _touch(
        con: sqlite3.Connection, code: str, now: float, version: bool, students: bool = False
    ) -> None:
        con.execute(
            "UPDATE classes SET used = ?, version = version + ?,"
            " student_version = student_version + ? WHERE code = ?",
            (now, int(version), int(students), code),
        )

    def _create(self, code: str, key_hash: str, now: float) -> bool:
        with self._tx(write=True) as con:
            self._purge(con, now, force=True)
            (n,) = con.execute("SELECT count(*) FROM classes").fetchone()
            if n >= bounds.MAX_CLASSES:
                raise ClassFull("classes")
            cur = con.execute(
                "INSERT OR IGNORE INTO classes (code, key_hash, used) VALUES (?, ?, ?)",
                (code, key_hash, now),
            )
            return cur.rowcount == 1

    def _delete(self, code: str, now: float) -> None:
        with self._tx(write=True) as con:
            con.execute("DELETE FROM classes WHERE code = ?", (code,))
            con.execute("INSERT OR REPLACE INTO ended (code, at) VALUES (?, ?)", (code, now))
            con.execute(  # a flood of classes opened and ended keeps the newest codes only
                "DELETE FROM ended WHERE code IN (SELECT code FROM ended ORDER BY at DESC"
                " LIMIT -1 OFFSET ?)",
                (bounds.MAX_CLASSES,),
            )

    def _ended(self, code: str, now: float) -> bool:
        with self._tx() as con:
            row = con.execute(
                "SELECT 1 FROM ended WHERE code = ? AND at >= ?", (code, now - bounds.IDLE_S)
            ).fetchone()
        return row is not None

    def _key_hash(self, code: str, now: float) -> str:
        with self._tx() as con:
            return self._class(con, code, now)[0]

    def _stamp(self, code: str, now: float) -> tuple[str, int, int]:
        row = None
        with self._tx() as con:
            row = con.execute(
                "SELECT key_hash, version, used,"
                " (SELECT count(*) FROM members WHERE code = ?1 AND seen >= ?2)"
                " FROM classes WHERE code = ?1",
                (code, now - bounds.PRESENT_S),
            ).fetchone()
        if row is None or row[2] < now - bounds.IDLE_S:
            raise ClassNotFound()
        return row[0], row[1], row[3]

    # --- the teacher's questions ----------------------------------------------------------

    def _publish(self, code: str, questions: list[poll.ClassQuestion], now: float) -> None:
        with self._tx(write=True) as con:
            self._purge(con, now)
            asked = self._class(con, code, now)[5]
            current = [
                k
                for (k,) in con.execute(
                    "SELECT qkey FROM questions WHERE code = ? AND pos IS NOT NULL ORDER BY pos",
                    (code,),
                )
            ]
            keys = [q.key for q in questions]
            if current == keys:
                self._touch(con, code, now, version=False)
                return
            con.execute(
                "UPDATE questions SET pos = NULL WHERE code = ? AND pos IS NOT NULL", (code,)
            )
            for old in set(current) - set(keys):  # asked, never voted on: forgotten
                con.execute(
                    "DELETE FROM questions WHERE code = ?1 AND qkey = ?2 AND NOT EXISTS"
                    " (SELECT 1 FROM votes WHERE code = ?1 AND qkey = ?2)",
                    (code, old),
                )
            for pos, q in enumerate(questions):
                cur = con.execute(
                    "UPDATE questions SET pos = ? WHERE code = ? AND qkey = ?", (pos, code, q.key)
                )
                if cur.rowcount:
                    continue
                (n,) = con.execute(
                    "SELECT count(*) FROM questions WHERE code = ?", (code,)
                ).fetchone()
                if n >= bounds.MAX_QUESTIONS:
                    raise ClassFull("questions")
                asked += 1
                con.execute(
                    "INSERT INTO questions (code, qkey, n, pos, data) VALUES (?, ?, ?, ?, ?)",
                    (code, q.key, asked, pos, poll.to_json(q)),
                )
            con.execute("UPDATE classes SET asked = ? WHERE code = ?", (asked, code))
            self._touch(con, code, now, version=True, students=True)

    def _state(self, con: sqlite3.Connection, code: str, qkey: str) -> tuple[int, int]:
        row = con.execute(
            "SELECT round, revealed FROM questions WHERE code = ? AND qkey = ?", (code, qkey)
        ).fetchone()
        if row is None:
            raise NotOpen("not_published")
        return row

    def _next_round(self, code: str, qkey: str, now: float) -> None:
        with self._tx(write=True) as con:
            self._class(con, code, now)
            round_open, revealed = self._state(con, code, qkey)
            if revealed:
                raise NotOpen("closed")
            if round_open == 1:
                con.execute(
                    "UPDATE questions SET round = 2 WHERE code = ? AND qkey = ?", (code, qkey)
                )
            self._touch(con, code, now, version=round_open == 1, students=round_open == 1)

    def _reveal(self, code: str, qkey: str, now: float) -> None:
        with self._tx(write=True) as con:
            self._class(con, code, now)
            _, revealed = self._state(con, code, qkey)
            if not revealed:
                con.execute(
                    "UPDATE questions SET revealed = 1 WHERE code = ? AND qkey = ?", (code, qkey)
                )
            self._touch(con, code, now, version=not revealed, students=not revealed)

    def _offer(self, code: str, page: str, link: str, now: float) -> views.Offer:
        with self._tx(write=True) as con:
            number = self._class(con, code, now)[6] + 1
            con.execute(
                "UPDATE classes SET offer = ?, offer_page = ?, offer_link = ? WHERE code = ?",
                (number, page, link, code),
            )
            self._touch(con, code, now, version=True, students=True)
        return views.Offer(number, page, link)

    # --- students -------------------------------------------------------------------------

    def _seen(self, con: sqlite3.Connection, code: str, student: str) -> float | None:
        row = con.execute(
            "SELECT seen FROM members WHERE code = ? AND student = ?", (code, student)
        ).fetchone()
        return None if row is None else row[0]

    def _join(self, code: str, student: str, now: float) -> None:
        with self._tx(write=True) as con:
            self._purge(con, now)
            joined = self._class(con, code, now)[4]
            seen = self._seen(con, code, student)
            if seen is None:
                if joined >= bounds.MAX_MEMBERS:
                    raise ClassFull("members")
                con.execute(
                    "INSERT INTO members (code, student, seen) VALUES (?, ?, ?)",
                    (code, student, now),
                )
                con.execute("UPDATE classes SET joined = joined + 1 WHERE code = ?", (code,))
            else:
                con.execute(
                    "UPDATE members SET seen = ? WHERE code = ? AND student = ?",
                    (now, code, student),
                )
            back = seen is None or seen < now - bounds.PRESENT_S
            self._touch(con, code, now, version=back)

    def _leave(self, code: str, student: str, now: float) -> None:
        with self._tx(write=True) as con:
            self._class(con, code, now)
            if not self._seen(con, code, student):
                raise NotMember()
            con.execute(
                "UPDATE members SET seen = 0 WHERE code = ? AND student = ?", (code, student)
            )
            self._touch(con, code, now, version=True)

    def _question(self, code: str, qkey: str, now: float) -> poll.ClassQuestion | None:
        with self._tx() as con:
            self._class(con, code, now)
            row = con.execute(
                "SELECT data FROM questions WHERE code = ? AND qkey = ?", (code, qkey)
            ).fetchone()
        return None if row is None else poll.from_json(row[0])

    def _vote(self, code: str, student: str, qkey: str, value: str, now: float) -> int:
        with self._tx(write=True) as con:
            self._purge(con, now)
            self._class(con, code, now)
            if not self._seen(con, code, student):
                raise NotMember()
            round_open, revealed = self._state(con, code, qkey)
            if revealed:
                raise NotOpen("closed")
            cur = con.execute(
                "INSERT INTO votes (code, qkey, round, student, value) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT DO UPDATE SET value = excluded.value WHERE value != excluded.value",
                (code, qkey, round_open, student, value),
            )
            con.execute(
                "UPDATE members SET seen = ? WHERE code = ? AND student = ?", (now, code, student)
            )
            self._touch(con, code, now, version=cur.rowcount > 0)
            return round_open

    def _student_stamp(self, code: str, student: str, now: float) -> int:
        with self._tx() as con:
            student_version = self._class(con, code, now)[2]
            seen = self._seen(con, code, student)
        if not seen:
            raise NotMember()
        if seen < now - bounds.HEARTBEAT_S:
            with self._tx(write=True) as con:
                self._class(con, code, now)
                con.execute(
                    "UPDATE members SET seen = ? WHERE code = ? AND student = ? AND seen > 0",
                    (now, code, student),
                )
                self._touch(con, code, now, version=False)
        return student_version

    def _snapshot(self, code: str, now: float, votes_of: str) -> views.Snapshot:
        with self._tx() as con:
            c = self._class(con, code, now)
            where = "" if votes_of == "all" else " AND pos IS NOT NULL"
            rows = con.execute(
                "SELECT qkey, pos, data, round, revealed FROM questions WHERE code = ?"
                f"{where} ORDER BY n",
                (code,),
            ).fetchall()
            questions = {k: (poll.from_json(d), r, bool(x)) for k, _, d, r, x in rows}
            placed = sorted((pos, k) for k, pos, *_ in rows if pos is not None)
            current = [k for _, k in placed]
            wanted = [k for k, _, _, _, x in rows if votes_of != "revealed" or x]
            votes: dict[str, dict[int, dict[str, str]]] = {k: {} for k in wanted}
            if wanted:
                marks = ",".join("?" * len(wanted))
                for k, r, s, v in con.execute(
                    "SELECT qkey, round, student, value FROM votes"
                    f" WHERE code = ? AND qkey IN ({marks})",
                    (code, *wanted),
                ):
                    votes[k].setdefault(r, {})[s] = v
            present = self._present(con, code, now)
        offer = views.Offer(c[6], c[7], c[8]) if c[6] else None
        return views.Snapshot(code, c[1], c[2], present, c[4], current, questions, votes, offer)
