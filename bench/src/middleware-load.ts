import type autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { signCookieValue } from '@framework/middleware';

/** The middleware the middleware bench measures, each against `bare` (the same application without it). */
export const MIDDLEWARE_CASES = [
  'bare',
  'cors',
  'securityHeaders',
  'cookies',
  'conditionalGet',
  'compress (gzip)',
  'compress (brotli)',
  'serveStatic',
  'validate',
] as const;

export type MiddlewareCase = (typeof MIDDLEWARE_CASES)[number];

export const ORIGIN = 'https://app.example.com';
export const COOKIE_SECRET = 'a bench secret that is at least thirty-two characters long';
/**
 * The body every case answers with: 2 KiB of JSON-like text that compresses about as well as real API
 * answers do (to about half), over compress()'s 1 KiB threshold.
 */
export const BODY = JSON.stringify(
  Array.from({ length: 40 }, (_, id) => ({
    id,
    title: `Note ${id}`,
    hash: createHash('sha1').update(String(id)).digest('hex'),
  })),
)
  .padEnd(2048, ' ')
  .slice(0, 2048);

/**
 * The one request every case gets, so the cases differ only by their middleware: a query for
 * validate(), an allowed Origin for cors(), a signed cookie for cookies(), and gzip and brotli accepted.
 */
export const MIDDLEWARE_REQUESTS: autocannon.Request[] = [
  {
    method: 'GET',
    path: '/?page=2',
    headers: {
      origin: ORIGIN,
      cookie: `theme=dark; session=${encodeURIComponent(signCookieValue('session', 'user-7', COOKIE_SECRET))}`,
      'accept-encoding': 'gzip, deflate, br',
    },
  },
];
