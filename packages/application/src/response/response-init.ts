import type { LightResponseInit } from './light-response';

/** The second argument of the response helpers: a status, or `{ status, headers }`. */
export type StatusOrInit = number | LightResponseInit;

export function toInit(init: StatusOrInit | undefined, defaultStatus: number): LightResponseInit {
  if (init === undefined) return defaultStatus === 200 ? NO_INIT : { status: defaultStatus };
  if (typeof init === 'number') return { status: init };
  return init.status === undefined ? { ...init, status: defaultStatus } : init;
}

const NO_INIT: LightResponseInit = /* @__PURE__ */ Object.freeze({});
