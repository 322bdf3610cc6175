"""The shared store: Redis, for a school's replicas behind a load balancer.

Every change is one Lua script, which Redis runs atomically: a vote, checked and counted,
cannot interleave with another replica's vote or the teacher's reveal. Reads are one or
two pipelined round trips. Every key of a class lives under one hash tag, ``{CODE}``:

    P:{CODE}           hash  key (SHA-256 of the teacher key), v, sv (versions), used,
                             joined, asked, cur (current question keys, comma-separated),
                             offer, offer_page, offer_link, ttl_at; per question
                             r:<qkey> (round open), x:<qkey> (revealed), n:<qkey> (order)
    P:{CODE}:m         zset  student -> last seen (0: left)
    P:{CODE}:q         hash  question key -> classroom.poll.to_json
    P:{CODE}:v:<qkey>  hash  "<round>:<student>" -> vote
    P:classes          zset  code -> last used (how many classes are open)
    P:ended            zset  code -> when it was ended (kept bounds.IDLE_S, nothing else)

Every key of a class expires bounds.IDLE_S after the class was last changed (refreshed at
most once a minute, and at once on a key just written); a class whose last change is
older than that is treated as gone and deleted by the next script that meets it. Scripts
name keys they compute, so this is for one Redis server (with its replicas), not Redis
Cluster.

The client waits SOCKET_TIMEOUT_S to connect and for a reply, and tries once more after a
failure (every change is safe to repeat): a dead server costs a call about a second, and
classroom.outage makes the calls after it fail at once for a moment. A server that comes
back is reconnected to by the next call.
"""

from __future__ import annotations

from classroom import bounds, poll, views
from classroom.base import StoreBase
from classroom.errors import ClassFull, ClassNotFound, NotMember, NotOpen

try:
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry
except ImportError:  # only the factory asks for this store, and says what is missing
    redis = None

PREFIX = "attention-lab"
SOCKET_TIMEOUT_S = 0.5
TTL_REFRESH_S = 60  # every key of a class gets its full TTL again at most this often

# Shared by every script. KEYS[1] the class's hash, KEYS[2] the index of classes;
# ARGV[1] now, ARGV[2] IDLE_S, ARGV[3] the TTL in ms, ARGV[4] the code.
_PRELUDE = """
local meta, index = KEYS[1], KEYS[2]
local now, idle, ttl, code = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], ARGV[4]
local members, questions = meta .. ':m', meta .. ':q'
local function class_keys()
  local keys = {meta, members, questions}
  for _, q in ipairs(redis.call('HKEYS', questions)) do keys[#keys + 1] = meta .. ':v:' .. q end
  return keys
end
local function gone()
  local used = redis.call('HGET', meta, 'used')
  if not used then return true end
  if tonumber(used) < now - idle then
    redis.call('DEL', unpack(class_keys()))
    redis.call('ZREM', index, code)
    return true
  end
  return false
end
local function touch(version, students, written)
  redis.call('HSET', meta, 'used', ARGV[1])
  redis.call('ZADD', index, ARGV[1], code)
  if version then redis.call('HINCRBY', meta, 'v', 1) end
  if students then redis.call('HINCRBY', meta, 'sv', 1) end
  redis.call('PEXPIRE', meta, ttl)  -- the class's hash outlives its other keys
  local at = tonumber(redis.call('HGET', meta, 'ttl_at') or '0')
  if now - at >= TTL_REFRESH_S or now < at then
    for _, k in ipairs(class_keys()) do redis.call('PEXPIRE', k, ttl) end
    redis.call('HSET', meta, 'ttl_at', ARGV[1])
  else
    for _, k in ipairs(written) do redis.call('PEXPIRE', k, ttl) end
  end
end
""".replace("TTL_REFRESH_S", str(TTL_REFRESH_S))

# ARGV[5] key hash, ARGV[6] MAX_CLASSES
_CREATE = """
redis.call('ZREMRANGEBYSCORE', index, '-inf', '(' .. (now - idle))
if redis.call('ZCARD', index) >= tonumber(ARGV[6]) then return {'full'} end
if not gone() then return {'taken'} end
redis.call('HSET', meta, 'key', ARGV[5], 'v', 0, 'sv', 0, 'used', ARGV[1], 'joined', 0,
           'asked', 0, 'offer', 0, 'cur', '', 'ttl_at', ARGV[1])
redis.call('PEXPIRE', meta, ttl)
redis.call('ZADD', index, ARGV[1], code)
return {'ok'}
"""

_DELETE = """
redis.call('DEL', unpack(class_keys()))
redis.call('ZREM', index, code)
return {'ok'}
"""

# ARGV[5] student, ARGV[6] MAX_MEMBERS, ARGV[7] PRESENT_S
_JOIN = """
if gone() then return {'not_found'} end
local seen = redis.call('ZSCORE', members, ARGV[5])
if not seen then
  if tonumber(redis.call('HGET', meta, 'joined')) >= tonumber(ARGV[6]) then return {'full'} end
  redis.call('HINCRBY', meta, 'joined', 1)
end
redis.call('ZADD', members, ARGV[1], ARGV[5])
touch((not seen) or tonumber(seen) < now - tonumber(ARGV[7]), false, {members})
return {'ok'}
"""

# ARGV[5] student
_LEAVE = """
if gone() then return {'not_found'} end
local seen = redis.call('ZSCORE', members, ARGV[5])
if not seen or tonumber(seen) == 0 then return {'not_member'} end
redis.call('ZADD', members, 0, ARGV[5])
touch(true, false, {})
return {'ok'}
"""

# ARGV[5] student: marked here again (a heartbeat)
_SEEN = """
if gone() then return {'not_found'} end
local seen = redis.call('ZSCORE', members, ARGV[5])
if not seen or tonumber(seen) == 0 then return {'not_member'} end
redis.call('ZADD', members, ARGV[1], ARGV[5])
touch(false, false, {})
return {'ok'}
"""

# ARGV[5] student, ARGV[6] question key, ARGV[7] the vote (checked by classroom.poll)
_VOTE = """
if gone() then return {'not_found'} end
local seen = redis.call('ZSCORE', members, ARGV[5])
if not seen or tonumber(seen) == 0 then return {'not_member'} end
local q = ARGV[6]
if redis.call('HEXISTS', questions, q) == 0 then return {'not_published'} end
if redis.call('HEXISTS', meta, 'x:' .. q) == 1 then return {'closed'} end
local r = redis.call('HGET', meta, 'r:' .. q) or '1'
local votes = meta .. ':v:' .. q
local field = r .. ':' .. ARGV[5]
local old = redis.call('HGET', votes, field)
redis.call('HSET', votes, field, ARGV[7])
redis.call('ZADD', members, ARGV[1], ARGV[5])
touch(old ~= ARGV[7], false, {votes})
return {'ok', r}
"""

# ARGV[5] MAX_QUESTIONS, then pairs: question key, its JSON
_PUBLISH = """
if gone() then return {'not_found'} end
local keys, data, keep = {}, {}, {}
for i = 6, #ARGV, 2 do
  keys[#keys + 1] = ARGV[i]
  data[ARGV[i]] = ARGV[i + 1]
  keep[ARGV[i]] = true
end
local cur = table.concat(keys, ',')
local old = redis.call('HGET', meta, 'cur') or ''
if cur == old then
  touch(false, false, {})
  return {'ok'}
end
local drop, adding = {}, 0
for q in string.gmatch(old, '[^,]+') do
  if not keep[q] and redis.call('EXISTS', meta .. ':v:' .. q) == 0 then drop[#drop + 1] = q end
end
for _, q in ipairs(keys) do
  if redis.call('HEXISTS', questions, q) == 0 then adding = adding + 1 end
end
if adding > 0 and redis.call('HLEN', questions) - #drop + adding > tonumber(ARGV[5]) then
  return {'full'}
end
for _, q in ipairs(drop) do
  redis.call('HDEL', questions, q)
  redis.call('HDEL', meta, 'r:' .. q, 'x:' .. q, 'n:' .. q)
end
for _, q in ipairs(keys) do
  if redis.call('HEXISTS', questions, q) == 0 then
    local n = redis.call('HINCRBY', meta, 'asked', 1)
    redis.call('HSET', questions, q, data[q])
    redis.call('HSET', meta, 'r:' .. q, 1, 'n:' .. q, n)
  end
end
redis.call('HSET', meta, 'cur', cur)
touch(true, true, {questions})
return {'ok'}
"""

# ARGV[5] question key
_NEXT_ROUND = """
if gone() then return {'not_found'} end
local q = ARGV[5]
if redis.call('HEXISTS', questions, q) == 0 then return {'not_published'} end
if redis.call('HEXISTS', meta, 'x:' .. q) == 1 then return {'closed'} end
local opened = redis.call('HGET', meta, 'r:' .. q) == '1'
if opened then redis.call('HSET', meta, 'r:' .. q, 2) end
touch(opened, opened, {})
return {'ok'}
"""

# ARGV[5] question key
_REVEAL = """
if gone() then return {'not_found'} end
local q = ARGV[5]
if redis.call('HEXISTS', questions, q) == 0 then return {'not_published'} end
local shown = redis.call('HSETNX', meta, 'x:' .. q, 1) == 1
touch(shown, shown, {})
return {'ok'}
"""

# ARGV[5] page, ARGV[6] link
_OFFER = """
if gone() then return {'not_found'} end
local n = redis.call('HINCRBY', meta, 'offer', 1)
redis.call('HSET', meta, 'offer_page', ARGV[5], 'offer_link', ARGV[6])
touch(true, true, {})
return {'ok', n}
"""

_REFUSALS = {
    "not_found": ClassNotFound,
    "not_member": NotMember,
    "not_published": NotOpen,
    "closed": NotOpen,
    "full": ClassFull,
}


class RedisStore(StoreBase):
    """Classes in a Redis server, shared by every replica that names it."""

    failures = (redis.RedisError,) if redis else ()

    def __init__(self, url: str, *, prefix: str = PREFIX, **kwargs) -> None:
        if redis is None:
            raise RuntimeError("the Redis store needs the redis package (pip install redis)")
        super().__init__(**kwargs)
        self.prefix = prefix
        self.client = redis.Redis.from_url(
            url,
            decode_responses=True,
            socket_timeout=SOCKET_TIMEOUT_S,
            socket_connect_timeout=SOCKET_TIMEOUT_S,
            retry=Retry(NoBackoff(), 1),
            health_check_interval=30,
        )
        self._scripts = {
            name: self.client.register_script(_PRELUDE + body)
            for name, body in {
                "create": _CREATE,
                "delete": _DELETE,
                "join": _JOIN,
                "leave": _LEAVE,
                "seen": _SEEN,
                "vote": _VOTE,
                "publish": _PUBLISH,
                "next_round": _NEXT_ROUND,
                "reveal": _REVEAL,
                "offer": _OFFER,
            }.items()
        }

    def close(self) -> None:
        self.client.close()

    def _meta(self, code: str) -> str:
        return f"{self.prefix}:{{{code}}}"

    def _call(self, script: str, code: str, now: float, *args) -> list:
        keys = [self._meta(code), f"{self.prefix}:classes"]
        argv = [repr(now), bounds.IDLE_S, bounds.IDLE_S * 1000, code, *args]
        return self._scripts[script](keys=keys, args=argv)

    def _run(self, script: str, code: str, now: float, *args) -> list:
        """A change, atomically; a refusal of the script becomes its ClassError."""
        status, *rest = self._call(script, code, now, *args)
        if status in _REFUSALS:
            raise _REFUSALS[status](status)
        return rest

    @staticmethod
    def _alive(used: str | None, now: float) -> None:
        if used is None or float(used) < now - bounds.IDLE_S:
            raise ClassNotFound()

    # --- a class --------------------------------------------------------------------------

    def _create(self, code: str, key_hash: str, now: float) -> bool:
        (status,) = self._call("create", code, now, key_hash, bounds.MAX_CLASSES)
        if status == "full":
            raise ClassFull("classes")
        return status == "ok"

    def _delete(self, code: str, now: float) -> None:
        self._run("delete", code, 0.0)
        ended = f"{self.prefix}:ended"
        pipe = self.client.pipeline(transaction=True)
        pipe.zadd(ended, {code: now})
        pipe.zremrangebyscore(ended, "-inf", now - bounds.IDLE_S)
        pipe.zremrangebyrank(ended, 0, -bounds.MAX_CLASSES - 1)  # the newest codes only
        pipe.execute()

    def _ended(self, code: str, now: float) -> bool:
        at = self.client.zscore(f"{self.prefix}:ended", code)
        return at is not None and at >= now - bounds.IDLE_S

    def _key_hash(self, code: str, now: float) -> str:
        key, used = self.client.hmget(self._meta(code), "key", "used")
        self._alive(used, now)
        return key

    def _stamp(self, code: str, now: float) -> tuple[str, int, int]:
        meta = self._meta(code)
        pipe = self.client.pipeline(transaction=False)
        pipe.hmget(meta, "key", "v", "used")
        pipe.zcount(f"{meta}:m", now - bounds.PRESENT_S, "+inf")
        (key, version, used), present = pipe.execute()
        self._alive(used, now)
        return key, int(version), present

    # --- the teacher's questions ----------------------------------------------------------

    def _publish(self, code: str, questions: list[poll.ClassQuestion], now: float) -> None:
        pairs = [x for q in questions for x in (q.key, poll.to_json(q))]
        try:
            self._run("publish", code, now, bounds.MAX_QUESTIONS, *pairs)
        except ClassFull:
            raise ClassFull("questions") from None

    def _next_round(self, code: str, qkey: str, now: float) -> None:
        self._run("next_round", code, now, qkey)

    def _reveal(self, code: str, qkey: str, now: float) -> None:
        self._run("reveal", code, now, qkey)

    def _offer(self, code: str, page: str, link: str, now: float) -> views.Offer:
        (number,) = self._run("offer", code, now, page, link)
        return views.Offer(int(number), page, link)

    # --- students -------------------------------------------------------------------------

    def _join(self, code: str, student: str, now: float) -> None:
        try:
            self._run("join", code, now, student, bounds.MAX_MEMBERS, bounds.PRESENT_S)
        except ClassFull:
            raise ClassFull("members") from None

    def _leave(self, code: str, student: str, now: float) -> None:
        self._run("leave", code, now, student)

    def _question(self, code: str, qkey: str, now: float) -> poll.ClassQuestion | None:
        meta = self._meta(code)
        pipe = self.client.pipeline(transaction=False)
        pipe.hget(meta, "used")
        pipe.hget(f"{meta}:q", qkey)
        used, data = pipe.execute()
        self._alive(used, now)
        return None if data is None else poll.from_json(data)

    def _vote(self, code: str, student: str, qkey: str, value: str, now: float) -> int:
        (round_open,) = self._run("vote", code, now, student, qkey, value)
        return int(round_open)

    def _student_stamp(self, code: str, student: str, now: float) -> int:
        meta = self._meta(code)
        pipe = self.client.pipeline(transaction=False)
        pipe.hmget(meta, "sv", "used")
        pipe.zscore(f"{meta}:m", student)
        (student_version, used), seen = pipe.execute()
        self._alive(used, now)
        if not seen:
            raise NotMember()
        if seen < now - bounds.HEARTBEAT_S:
            self._run("seen", code, now, student)
        return int(student_version)

    def _snapshot(self, code: str, now: float, votes_of: str) -> views.Snapshot:
        meta = self._meta(code)
        pipe = self.client.pipeline(transaction=True)
        pipe.hgetall(meta)
        pipe.zcount(f"{meta}:m", now - bounds.PRESENT_S, "+inf")
        if votes_of == "all":
            pipe.hgetall(f"{meta}:q")
        fields, present, *every = pipe.execute()
        self._alive(fields.get("used"), now)
        current = [k for k in fields.get("cur", "").split(",") if k]
        # every question in the order they were asked, or the teacher's page's
        keys = sorted(every[0], key=lambda k: int(fields[f"n:{k}"])) if every else current
        wanted = [k for k in keys if votes_of != "revealed" or f"x:{k}" in fields]
        pipe = self.client.pipeline(transaction=True)
        if not every and keys:
            pipe.hmget(f"{meta}:q", keys)
        for k in wanted:
            pipe.hgetall(f"{meta}:v:{k}")
        replies = pipe.execute() if len(pipe) else []
        data = every[0] if every else {}
        if not every and keys:
            data = dict(zip(keys, replies.pop(0), strict=True))
        questions = {}
        for k in keys:
            if data.get(k) is None:  # dropped between the two reads: the next read has it
                continue
            round_open = int(fields.get(f"r:{k}", 1))
            questions[k] = (poll.from_json(data[k]), round_open, f"x:{k}" in fields)
        votes: dict[str, dict[int, dict[str, str]]] = {}
        for k, given in zip(wanted, replies, strict=True):
            rounds: dict[int, dict[str, str]] = {}
            for field, value in given.items():
                r, student = field.split(":", 1)
                rounds.setdefault(int(r), {})[student] = value
            votes[k] = rounds
        offer = None
        if int(fields.get("offer", 0)):
            offer = views.Offer(int(fields["offer"]), fields["offer_page"], fields["offer_link"])
        return views.Snapshot(
            code,
            int(fields["v"]),
            int(fields["sv"]),
            present,
            int(fields["joined"]),
            [k for k in current if k in questions],
            questions,
            votes,
            offer,
        )
