"""One setting picks the class store; SQLite by default, in the data directory."""

from __future__ import annotations

import pytest

from classroom.factory import SETTING, data_dir, open_store
from classroom.redis_store import RedisStore
from classroom.setting import setting
from classroom.sqlite_store import SQLiteStore


def test_one_setting_picks_the_store_sqlite_by_default(tmp_path):
    env = {"ATTENTION_LAB_DATA": str(tmp_path)}
    redis = {SETTING: "redis://r:6379/0"}
    assert setting(SETTING, {}) == "" and setting(SETTING, {}, redis) == redis[SETTING]
    assert setting(SETTING, {SETTING: " sqlite "}, redis) == "sqlite"  # the environment's
    assert setting(SETTING, {SETTING: "  "}, redis) == redis[SETTING]  # blank: the secrets'
    assert setting(SETTING, {}, {SETTING: 5}) == "" == setting(SETTING, {}, None)
    assert data_dir({}).name == ".attention-lab" and data_dir(env) == tmp_path
    default = open_store("", environ=env)
    assert isinstance(default, SQLiteStore) and default.path == tmp_path / "classes.sqlite3"
    assert open_store("sqlite:///" + str(tmp_path / "a.db")[1:]).path == tmp_path / "a.db"
    assert isinstance(open_store("redis://127.0.0.1:1/0"), RedisStore)
    for wrong in ("postgres://x", "sqlite:", "redis"):
        with pytest.raises(ValueError):
            open_store(wrong)
