import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import { Application, escapeControlCharacters, escapedStackOf } from '../../src';
import { call } from '../support/app';

describe('the default 5xx report against hostile request input', () => {
  let stderr: string[];
  beforeEach(() => {
    stderr = [];
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      stderr.push(args.map(String).join(' '));
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  test('escapes bidirectional controls and C1 in the error text: a viewer shows the line as it was written', async () => {
    const app = new Application(new FindMyWayRouter(), { development: false });
    app.pipeRoutingMiddleware().pipeDispatchMiddleware();
    app.get('/users/{id}', (request) => {
      throw new Error(`no user ${request.params.id}`);
    });
    // A right-to-left override, an isolate and its pop, a right-to-left mark, NEL and CSI.
    const id = '%E2%80%AEnimda%E2%81%A6x%E2%81%A9%E2%80%8F%C2%85%C2%9B2J';
    expect((await call(app, `/users/${id}`)).status).toBe(500);
    expect(stderr).toHaveLength(1);
    const [heading = '', ...frames] = (stderr[0] ?? '').split('\n');
    expect(heading).toContain('failed: Error: no user \\u202enimda\\u2066x\\u2069\\u200f\\u0085\\u009b2J');
    expect(heading).not.toMatch(/[\u0085\u009b\u200f\u202e\u2066\u2069]/);
    for (const frame of frames) expect(frame).toMatch(/^ {4}at /);
  });
});

describe('escapeControlCharacters() and escapedStackOf()', () => {
  test('escape every control, separator and bidirectional formatting character, and nothing else', () => {
    const controls =
      '\u0000\t\n\r\u001b\u007f\u0085\u009f\u061c\u200e\u200f\u2028\u2029\u202a\u202e\u2066\u2069';
    expect(escapeControlCharacters(controls)).toBe(
      '\\u0000\\t\\n\\r\\u001b\\u007f\\u0085\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069',
    );
    const text = 'plain ASCII, é, עברית, عربي, 漢字, emoji 😀, zero width joiner \u200d';
    expect(escapeControlCharacters(text)).toBe(text);
  });

  test('give the heading on one line and each frame on its own, whatever the message holds', () => {
    const error = new Error('line one\nline two\u2028three');
    const stack = escapedStackOf(error);
    expect(stack?.heading).toBe('Error: line one\\nline two\\u2028three');
    expect(stack?.frames.split('\n').slice(1).length).toBeGreaterThan(0);
    for (const frame of stack?.frames.split('\n').slice(1) ?? []) expect(frame).toMatch(/^ {4}at /);
  });

  test('are undefined for a value without a string stack, or whose stack cannot be read', () => {
    const unreadable = Object.defineProperty({}, 'stack', {
      get() {
        throw new Error('no stack here');
      },
    });
    expect([escapedStackOf('text'), escapedStackOf({ stack: 42 }), escapedStackOf(unreadable)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
