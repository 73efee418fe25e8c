import type { SessionChange, StoredSession } from '@framework/middleware';
import { StoreRedisError } from '../errors';

// One Redis hash per session: its data as `d:<key>` → JSON text, its times and user as `m:*` fields,
// so no data key can overwrite them and one key is written or deleted without touching the others.
// A key holding a lone surrogate, which UTF-8 would turn into U+FFFD (one field for many keys), is
// written as `j:<key as JSON>`, which escapes it.
const DATA = 'd:';
const JSON_DATA = 'j:';
const LONE_SURROGATE = /\p{Cs}/u;
const CREATED_AT = 'm:c';
const TOUCHED_AT = 'm:t';
const USER_ID = 'm:u';
const GENERATION = 'm:g';

/** The hash fields and values of a whole session, flat: field, value, field, value… */
export function sessionFields(session: StoredSession): string[] {
  const fields = [CREATED_AT, String(session.createdAt), TOUCHED_AT, String(session.touchedAt)];
  if (session.userId !== undefined) fields.push(USER_ID, session.userId);
  if (session.generation !== undefined) fields.push(GENERATION, String(session.generation));
  return fields.concat(dataFields(session.data));
}

/** What `SESSION_SET` needs of a change: the pairs to write (the touch included) and the fields to delete. */
export function changeFields(change: SessionChange): { readonly pairs: string[]; readonly unset: string[] } {
  return {
    pairs: [TOUCHED_AT, String(change.touchedAt), ...dataFields(change.set)],
    unset: change.unset.map(fieldOf),
  };
}

function dataFields(data: Readonly<Record<string, unknown>>): string[] {
  const fields: string[] = [];
  for (const key of Object.keys(data)) fields.push(fieldOf(key), JSON.stringify(data[key]));
  return fields;
}

function fieldOf(key: string): string {
  return LONE_SURROGATE.test(key) ? JSON_DATA + JSON.stringify(key) : DATA + key;
}

/** The data key a hash field holds, or undefined for a field of the session's own. */
function keyOf(field: string): string | undefined {
  if (field.startsWith(DATA)) return field.slice(DATA.length);
  if (field.startsWith(JSON_DATA)) return JSON.parse(field.slice(JSON_DATA.length)) as string;
  return undefined;
}

/** The session a hash holds (HGETALL's reply), undefined for an absent key; a foreign shape throws. */
export function sessionOf(hash: Readonly<Record<string, string>>, key: string): StoredSession | undefined {
  const fields = Object.keys(hash);
  if (fields.length === 0) return undefined;
  const data: Record<string, unknown> = Object.create(null);
  for (const field of fields) {
    try {
      const dataKey = keyOf(field);
      if (dataKey !== undefined) data[dataKey] = JSON.parse(hash[field] as string);
    } catch {
      throw badSession(key, `its field ${JSON.stringify(field)} is not JSON`);
    }
  }
  const createdAt = Number(hash[CREATED_AT]);
  const touchedAt = Number(hash[TOUCHED_AT]);
  if (!Number.isFinite(createdAt) || !Number.isFinite(touchedAt))
    throw badSession(key, 'it has no creation or last use time');
  const generation = hash[GENERATION] === undefined ? undefined : Number(hash[GENERATION]);
  if (generation !== undefined && !Number.isFinite(generation))
    throw badSession(key, 'its generation is not a number');
  const userId = hash[USER_ID];
  return {
    data,
    createdAt,
    touchedAt,
    ...(userId !== undefined && { userId }),
    ...(generation !== undefined && { generation }),
  };
}

function badSession(key: string, problem: string): StoreRedisError {
  return new StoreRedisError(
    'FRAMEWORK_ERR_STORE_REDIS_BAD_REPLY',
    `RedisSessionStore: the key ${JSON.stringify(key)} is not a session this store wrote: ${problem}.`,
  );
}
