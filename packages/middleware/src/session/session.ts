import { MiddlewareError } from '../errors';
import type { SessionBackend } from './session-backend';
import type { SessionKeys } from './session-keys';
import type { SessionSettings } from './session-options';
import type { SessionState } from './session-state';

/** What a `Session` works with; made by `session()`, never by hand. */
export interface SessionContext {
  /** @internal */
  readonly state: SessionState;
  /** @internal */
  readonly backend: SessionBackend;
  /** @internal */
  readonly keys: SessionKeys;
  /** @internal */
  readonly settings: SessionSettings;
}

/** Options of `session.regenerate()`. */
export interface RegenerateOptions {
  /** The user who just signed in; kept with the session for revocation by generation. */
  readonly userId?: string;
}

const MAX_USER_ID_LENGTH = 256;
const contexts = new WeakMap<Session<object>, SessionContext>();

/**
 * One request's session, typed by the `Data` you declare. Values are kept as JSON: give JSON values
 * (a `Date` comes back as a string) and call `set` again after changing an object in place. Only the
 * keys a request sets or deletes are saved, so two requests of one session that change different keys
 * both keep their change.
 *
 * @example
 * const account = session<{ userId: string; cart: string[] }>({ secret });
 * app.post('/cart', [account, async (request) => {
 *   const s = account.get(request);
 *   s.set('cart', [...(s.get('cart') ?? []), 'book-7']);
 *   return new JsonResponse({ items: s.get('cart') });
 * }]);
 */
export class Session<Data extends object = Record<string, unknown>> {
  /** Made by `session()`; read it with `getSession(request)`. */
  constructor(context: SessionContext) {
    contexts.set(this, context);
  }

  /** The value of `key`, or undefined. */
  get<K extends keyof Data & string>(key: K): Data[K] | undefined {
    return stateOf(this).data.get(key) as Data[K] | undefined;
  }

  /** Whether `key` holds a value. */
  has(key: keyof Data & string): boolean {
    return stateOf(this).data.has(key);
  }

  /** Sets `key` to a JSON value; anything JSON cannot carry throws `FRAMEWORK_ERR_SESSION_INVALID_VALUE`. */
  set<K extends keyof Data & string>(key: K, value: Data[K]): void {
    checkJson(key, value);
    const state = stateOf(this);
    state.data.set(key, value);
    state.changed.add(key);
  }

  /** Removes `key`. */
  delete(key: keyof Data & string): void {
    const state = stateOf(this);
    state.data.delete(key);
    state.changed.add(key);
  }

  /** The data as a null-prototype object. */
  toJSON(): Partial<Data> {
    const data: Record<string, unknown> = Object.create(null);
    for (const [key, value] of stateOf(this).data) data[key] = value;
    return data as Partial<Data>;
  }

  /** True until the session has been saved once (a first visit, or after `destroy()`). */
  get isNew(): boolean {
    return !stateOf(this).stored;
  }

  /** The user `regenerate({ userId })` bound the session to. */
  get userId(): string | undefined {
    return stateOf(this).userId;
  }

  /**
   * Gives the session a new id and a new start (the absolute timeout counts again), keeping its data;
   * the old id is destroyed in the same store operation, so a session id planted before sign-in
   * (fixation) is worth nothing after it. Call it at every sign-in and change of privilege, with the
   * user's id to allow revocation by generation.
   */
  async regenerate(options: RegenerateOptions = {}): Promise<void> {
    const { state, backend, settings } = contextOf(this);
    const userId = options.userId ?? state.userId;
    if (userId !== undefined) checkUserId(userId);
    const generation = userId === undefined ? undefined : await generationOf(settings, userId);
    const oldId = state.renew(settings.now());
    state.userId = userId;
    state.generation = generation;
    await backend.rotate(state, oldId);
  }

  /**
   * Ends the session now: the store forgets it at once and the answer drops the cookie. Values set
   * afterwards start a new session with a new id. A cookie-only session cannot be forgotten by the
   * server: a copy of its cookie stays valid until it expires unless the user's generation moves on.
   */
  async destroy(): Promise<void> {
    const { state, backend, settings } = contextOf(this);
    await backend.destroy(state);
    state.reset(settings.now());
  }
}

function contextOf(session: Session<object>): SessionContext {
  return contexts.get(session) as SessionContext;
}

/** The state behind a session. */
export function stateOf(session: Session<object>): SessionState {
  return contextOf(session).state;
}

/** The keys that bind tokens to a session (used by `csrf()`). */
export function keysOf(session: Session<object>): SessionKeys {
  return contextOf(session).keys;
}

function checkJson(key: string, value: unknown): void {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (cause) {
    throw invalidValue(
      `the value of ${JSON.stringify(key)} cannot be written as JSON (${(cause as Error).message}).`,
    );
  }
  if (json === undefined)
    throw invalidValue(
      `the value of ${JSON.stringify(key)} is not a JSON value; use delete() to remove a key.`,
    );
}

function checkUserId(userId: unknown): void {
  if (typeof userId !== 'string' || userId === '' || userId.length > MAX_USER_ID_LENGTH)
    throw invalidValue(`regenerate({ userId }) needs a string of 1 to ${MAX_USER_ID_LENGTH} characters.`);
}

async function generationOf(settings: SessionSettings, userId: string): Promise<number | undefined> {
  if (settings.generation === undefined) return undefined;
  const generation = await settings.generation(userId);
  if (typeof generation !== 'number' || !Number.isFinite(generation))
    throw invalidValue(
      `the generation callback answered ${String(generation)} for a signing-in user; it must answer a number.`,
    );
  return generation;
}

function invalidValue(problem: string): MiddlewareError {
  return new MiddlewareError('FRAMEWORK_ERR_SESSION_INVALID_VALUE', `session: ${problem}`);
}
