import { describe, expect, test } from '@jest/globals';
import { Readable } from 'node:stream';
import {
  EmptyResponse,
  HtmlResponse,
  JsonResponse,
  LightResponse,
  RedirectResponse,
  TextResponse,
} from '../src';

describe('response helpers', () => {
  test('read like a Response', async () => {
    const text = new TextResponse('hello', 201);
    expect([text.status, text.ok, text.statusText]).toEqual([201, true, 'Created']);
    expect(text.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(await text.text()).toBe('hello');
    const json = new JsonResponse({ a: [1] }, { status: 422, headers: { 'x-a': 'b' } });
    expect(json.ok).toBe(false);
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(json.headers.get('x-a')).toBe('b');
    expect(await json.json()).toEqual({ a: [1] });
    expect(json.data).toEqual({ a: [1] });
    expect(new HtmlResponse('<b>x</b>').headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(new EmptyResponse().status).toBe(204);
    expect(new EmptyResponse().body).toBeNull();
    const redirect = new RedirectResponse('/to', 301);
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, '/to']);
  });

  test('body is a ReadableStream created on demand', async () => {
    const response = new TextResponse('streamed');
    expect(await new Response(response.body).text()).toBe('streamed');
  });

  test('headers are mutable and set-cookie stays separate', () => {
    const response = new TextResponse('x', { headers: [['set-cookie', 'a=1']] });
    response.headers.append('Set-Cookie', 'b=2');
    response.headers.set('x-one', '1');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect([...response.headers.keys()]).toEqual(['content-type', 'set-cookie', 'set-cookie', 'x-one']);
    response.headers.delete('X-One');
    expect(response.headers.has('x-one')).toBe(false);
  });

  test('toResponse() builds a real Response', async () => {
    const web = new JsonResponse({ ok: true }, 202).toResponse();
    expect(web).toBeInstanceOf(Response);
    expect(web.status).toBe(202);
    expect(await web.json()).toEqual({ ok: true });
  });

  test("a Response's headers are its own: changing one leaves the next answer's content type alone", () => {
    const first = new TextResponse('a').toResponse();
    first.headers.set('content-type', 'text/x-changed');
    first.headers.append('x-extra', '1');
    const next = new TextResponse('b').toResponse();
    expect(next.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(next.headers.get('x-extra')).toBeNull();
  });

  test('stream bodies read through text()', async () => {
    const response = new LightResponse(Readable.from([Buffer.from('a'), Buffer.from('b')]));
    expect(await response.text()).toBe('ab');
  });

  test('rejects an out-of-range status', () => {
    expect(() => new TextResponse('x', 99)).toThrow(
      'Response status must be an integer from 200 to 599, got 99.',
    );
  });
});
