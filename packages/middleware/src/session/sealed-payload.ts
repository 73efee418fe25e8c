import type { SessionState } from './session-state';
import type { StoredSession } from './session-store';

/** A cookie-only session as its cookie carries it (before sealing): short keys, as every byte counts. */
interface Payload {
  readonly i: string;
  readonly c: number;
  readonly t: number;
  readonly d: Record<string, unknown>;
  readonly u?: string;
  readonly g?: number;
}

/** The JSON a cookie-only session is sealed as. */
export function toPayload(state: SessionState, now: number): string {
  const { data, createdAt, touchedAt, userId, generation } = state.toStored(now);
  const payload: Payload = {
    i: state.id,
    c: createdAt,
    t: touchedAt,
    d: data as Record<string, unknown>,
    ...(userId !== undefined && { u: userId }),
    ...(generation !== undefined && { g: generation }),
  };
  return JSON.stringify(payload);
}

/** The session in an opened payload, or undefined when it is not one this version wrote. */
export function fromPayload(json: string): { id: string; session: StoredSession } | undefined {
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(json) as Partial<Payload>;
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { i, c, t, d, u, g } = payload;
  if (typeof i !== 'string' || typeof c !== 'number' || typeof t !== 'number') return undefined;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return undefined;
  if ((u !== undefined && typeof u !== 'string') || (g !== undefined && typeof g !== 'number'))
    return undefined;
  const data: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(d)) data[key] = d[key];
  return {
    id: i,
    session: {
      data,
      createdAt: c,
      touchedAt: t,
      ...(u !== undefined && { userId: u }),
      ...(g !== undefined && { generation: g }),
    },
  };
}
