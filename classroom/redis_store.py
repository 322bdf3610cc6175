"""The shared store: Redis, for a school's replicas behind a load balancer.

Every change is one Lua script (classroom.redis_scripts), which Redis runs atomically: a
vote, checked and counted, cannot interleave with another replica's vote or the teacher's
reveal. Reads are one or two pipelined round trips. Every key of a class lives under one
hash tag, ``{CODE}``:

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
from classroom.redis_scripts import SCRIPTS

try:
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry
except ImportError:  # only the factory asks for this store, and says what is missing
    redis = None

PREFIX = "attention-lab"
SOCKET_TIMEOUT_S = 0.5

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
        self._scripts = {name: self.client.register_script(body) for name, body in SCRIPTS.items()}

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
