import { expect } from '@jest/globals';
import { type ParsedAnswer, rawRequest } from '../support/raw-http';
import type { ExpectedAnswer } from './hostile-cases';

/** Traces of internals an answer must never carry in production mode. */
const LEAKS = [/\bat .*:\d+:\d+/, /node_modules/, /\/work\/|\/srv\/|\/home\//, /\.ts\b/, /"stack"/, /secret/];

/** Asserts the status line, the listed headers and the body of `answer`, and that it leaks nothing. */
export function expectAnswer(answer: ParsedAnswer | undefined, expected: ExpectedAnswer): void {
  expect(answer?.statusLine).toBe(expected.statusLine);
  if (answer === undefined) return;
  for (const [name, value] of Object.entries(expected.headers ?? {})) {
    if (value === null) expect(answer.headers[name]).toBeUndefined();
    else if (typeof value === 'string') expect(answer.headers[name]).toBe(value);
    else expect(answer.headers[name]).toMatch(value);
  }
  if (typeof expected.body === 'string') expect(answer.body).toBe(expected.body);
  else if (expected.body !== undefined) expect(answer.body).toMatch(expected.body);
  expectNoLeak(answer);
}

/**
 * Asserts that nothing internal (a stack, a source path) shows in `answer` and that no injected text
 * became a header (a 404's JSON `detail` may quote the escaped path; the header block never may).
 */
export function expectNoLeak(answer: ParsedAnswer): void {
  for (const leak of LEAKS) {
    expect(answer.rawHead).not.toMatch(leak);
    expect(answer.body).not.toMatch(leak);
  }
  expect(answer.rawHead).not.toMatch(/injected/i);
  expect(answer.headers['set-cookie']).toBeUndefined();
}

/** Asserts that the server still answers a normal request on a fresh connection, and that no prototype changed. */
export async function expectStillServing(origin: string): Promise<void> {
  const answer = await rawRequest(origin, 'GET /static HTTP/1.1');
  expect(`${answer.statusLine} ${answer.body}`).toBe('HTTP/1.1 200 OK static');
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();
