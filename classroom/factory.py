"""Which store a server keeps its classes in: one setting, ATTENTION_LAB_CLASS_STORE.

- unset, empty or ``sqlite``: SQLite, the file ``classes.sqlite3`` in the data directory:
  $ATTENTION_LAB_DATA, else ``~/.attention-lab/``;
- ``sqlite:///srv/lab/classes.sqlite3`` (or ``sqlite:relative/path``): that SQLite file;
- ``redis://host:6379/0``, ``rediss://…`` (TLS), ``unix:///run/redis.sock``: that Redis
  server, shared by every replica given the same value.

The setting comes from the environment, else from Streamlit's secrets under the same name
(classroom.setting: the UI passes both). A value
that names no store is a mistake of the deployment: ValueError, with what was expected.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from classroom.sqlite_store import SQLiteStore
from classroom.store import ClassStore

SETTING = "ATTENTION_LAB_CLASS_STORE"
DATA_SETTING = "ATTENTION_LAB_DATA"
DEFAULT_DATA_DIR = "~/.attention-lab"
DB_NAME = "classes.sqlite3"
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def data_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the SQLite store keeps its file by default."""
    return Path(environ.get(DATA_SETTING, "").strip() or DEFAULT_DATA_DIR).expanduser()


def open_store(
    setting: str | None = None, *, environ: Mapping[str, str] = os.environ, **kwargs
) -> ClassStore:
    """The store the setting names (SQLite by default). Nothing is reached yet: a store
    that is down makes its calls raise StoreUnavailable, not this. ``kwargs`` go to the
    store (``clock``, ``quiet_s``; a test's ``prefix`` for Redis)."""
    value = (setting or "").strip()
    if value in ("", "sqlite"):
        return SQLiteStore(data_dir(environ) / DB_NAME, **kwargs)
    if value.startswith("sqlite:"):
        path = value.removeprefix("sqlite:")
        path = path.removeprefix("//") if path.startswith("///") else path
        if not path:
            raise ValueError(f"{SETTING}: sqlite: needs a file, as in sqlite:///path/classes.db")
        return SQLiteStore(Path(path).expanduser(), **kwargs)
    if value.startswith(REDIS_SCHEMES):
        from classroom.redis_store import RedisStore

        return RedisStore(value, **kwargs)
    raise ValueError(
        f"{SETTING} names no store: use sqlite (the default), sqlite:///path/file.db or "
        "redis://host:6379/0"
    )
