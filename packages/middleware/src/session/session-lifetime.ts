import type { SessionSettings } from './session-options';

/** The times a session's lifetime is measured from (milliseconds since the epoch). */
export interface SessionTimes {
  readonly createdAt: number;
  readonly touchedAt: number;
}

/** Whether a loaded session may be used at `now`: alive and, when bound to a user, current. */
export async function isUsable(
  session: SessionTimes & { readonly userId?: string; readonly generation?: number },
  settings: SessionSettings,
  now: number,
): Promise<boolean> {
  return isAlive(session, settings, now) && (await isCurrent(session, settings));
}

/** Whether a session is within both its idle and its absolute timeout at `now`. */
function isAlive(session: SessionTimes, settings: SessionSettings, now: number): boolean {
  return now - session.touchedAt < settings.idleTimeout && now - session.createdAt < settings.absoluteTimeout;
}

/** Milliseconds a session used at `now` may live: the idle timeout, cut short by the absolute one. */
export function timeToLive(createdAt: number, settings: SessionSettings, now: number): number {
  return Math.min(settings.idleTimeout, createdAt + settings.absoluteTimeout - now);
}

/**
 * Whether a session bound to `userId` at `generation` is still current: always without a user or a
 * `generation` option, else only when the callback answers the same number.
 */
async function isCurrent(
  session: { readonly userId?: string; readonly generation?: number },
  settings: SessionSettings,
): Promise<boolean> {
  if (session.userId === undefined || settings.generation === undefined) return true;
  return (await settings.generation(session.userId)) === session.generation;
}
