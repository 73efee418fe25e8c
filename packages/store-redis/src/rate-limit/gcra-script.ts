import { LuaScript } from '../lua-script';

/**
 * One GCRA hit, atomically: the same steps as `gcraStep` of `@framework/middleware`, in whole
 * microseconds (exact integers in Lua's doubles). KEYS[1] holds the key's TAT; ARGV: now, interval,
 * span, cost. Answers `{ allowed (1/0), TAT after the hit }`, the TAT as a decimal string (a Lua
 * number would reach the client truncated to 14 digits). An allowed hit stores the new TAT with an
 * expiry at the moment the allowance is whole again; a refused one changes nothing.
 */
export const GCRA_HIT = new LuaScript(`
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local span = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local tat = tonumber(redis.call('GET', KEYS[1]) or '') or now
if tat < now then tat = now end
local nextTat = tat + cost * interval
if nextTat - now > span then
  return {0, string.format('%.0f', tat)}
end
local ttl = math.ceil((nextTat - now) / 1000)
redis.call('SET', KEYS[1], string.format('%.0f', nextTat), 'PX', string.format('%.0f', ttl))
return {1, string.format('%.0f', nextTat)}
`);
