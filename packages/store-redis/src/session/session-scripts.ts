import { LuaScript } from '../lua-script';

/**
 * Applies one request's change to a session hash, atomically. KEYS[1]: the session. ARGV: time to
 * live (ms), `createdAt` ('' when the session must already exist), n, then n field/value pairs to
 * write, then the fields to delete. An absent session is created only when `createdAt` is given, so a
 * save that finishes after a `destroy()` never brings the session back. Answers 1 when written, 0 when not.
 */
export const SESSION_SET = new LuaScript(`
local key = KEYS[1]
if redis.call('EXISTS', key) == 0 then
  if ARGV[2] == '' then return 0 end
  redis.call('HSET', key, 'm:c', ARGV[2])
end
local pairs = tonumber(ARGV[3])
for i = 4, 3 + 2 * pairs, 2 do
  redis.call('HSET', key, ARGV[i], ARGV[i + 1])
end
for i = 4 + 2 * pairs, #ARGV do
  redis.call('HDEL', key, ARGV[i])
end
redis.call('PEXPIRE', key, ARGV[1])
return 1
`);

/**
 * Replaces one session id by another, atomically: KEYS[1] (the old id) and KEYS[2] (the new one) are
 * deleted, then KEYS[2] is written from the field/value pairs of ARGV[2..] with time to live ARGV[1]
 * (ms). No client ever sees both ids alive, nor the new one half written.
 */
export const SESSION_ROTATE = new LuaScript(`
redis.call('DEL', KEYS[1], KEYS[2])
for i = 2, #ARGV, 2 do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
end
redis.call('PEXPIRE', KEYS[2], ARGV[1])
return 1
`);
