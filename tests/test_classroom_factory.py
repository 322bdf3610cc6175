"""One setting picks the class store; SQLite by default, in the data directory."""

from __future__ import annotations

import pytest

from classroom.factory import SETTING, data_dir, open_store, store_setting
from classroom.redis_store import RedisStore
from classroom.sqlite_store import SQLiteStore


def test_one_setting_picks_the_store_sqlite_by_default(tmp_path):
    env = {"ATTENTION_LAB_DATA": str(tmp_path)}
    assert store_setting({}) == "" and store_setting({}, {SETTING: "redis://r:6379/0"}) != ""
    assert store_setting({SETTING: "sqlite"}, {SETTING: "redis://r:6379/0"}) == "sqlite"
    assert store_setting({}, {SETTING: 5}) == ""
    assert data_dir({}).name == ".attention-lab" and data_dir(env) == tmp_path
    default = open_store("", environ=env)
    assert isinstance(default, SQLiteStore) and default.path == tmp_path / "classes.sqlite3"
    assert open_store("sqlite:///" + str(tmp_path / "a.db")[1:]).path == tmp_path / "a.db"
    assert isinstance(open_store("redis://127.0.0.1:1/0"), RedisStore)
    for wrong in ("postgres://x", "sqlite:", "redis"):
        with pytest.raises(ValueError):
            open_store(wrong)
