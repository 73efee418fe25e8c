import type { LightResponseInit } from './light-response';

/** The second argument of the response helpers: a status, or `{ status, headers }`. */
export type StatusOrInit<Status extends number = number> =
  Status | (LightResponseInit & { readonly status?: Status });

/**
 * The status type of a response built without naming one: `Default`, what it answers at run time,
 * joined with `number & {}`, so that a type written without a status (`JsonResponse<T>`) still takes
 * a response of any status, and a typed client still reads `Default`.
 */
export type UnnamedStatus<Default extends number> = Default | (number & {});

export function toInit(init: StatusOrInit | undefined, defaultStatus: number): LightResponseInit {
  if (init === undefined) return defaultStatus === 200 ? NO_INIT : { status: defaultStatus };
  if (typeof init === 'number') return { status: init };
  return init.status === undefined ? { ...init, status: defaultStatus } : init;
}

const NO_INIT: LightResponseInit = /* @__PURE__ */ Object.freeze({});
