"""The Lua scripts of classroom.redis_store, one per change (a script is atomic in Redis).

Each is the prelude, shared by every script, then its own body; the key layout they work on
is classroom.redis_store's.
"""

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

SCRIPTS = {
    name: _PRELUDE + body
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
