import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { STATUS_CODES } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { parse as parseQuerystring } from 'node:querystring';
import { Readable } from 'node:stream';
import { parse as secureJsonParse } from 'secure-json-parse';
import { HttpError, LightResponse, ServerRequest, statusText, TextResponse } from '../src';
import { call, createApp } from './support/app';

/** The request `fetch()` would build for a raw query string. */
function requestWithQuery(query: string): ServerRequest {
  return ServerRequest.fromRequest(new Request(`http://localhost/?${query}`));
}

describe('request.query, parsed as Node querystring.parse does', () => {
  const TRICKY = [
    '',
    '&',
    'a',
    'a=',
    '=',
    '=x',
    'a=1&a=2&a=3',
    'a+b=c+d',
    '%zz=%41%zz',
    '%FF=%E9',
    'a=%',
    'a=%4',
    'a=%4z',
    'a=b=c',
    'a&&b',
    '&a&',
    '__proto__=1&constructor=2&toString=3',
    '%C3%A9=%C3',
    'a=%2B+',
    'x=%e2%82',
    'v=%+41',
  ];

  test.each(TRICKY)('%j', (query) => {
    const request = requestWithQuery(query);
    expect(request.query).toEqual({ ...parseQuerystring(request.search) });
    expect(Object.getPrototypeOf(request.query)).toBeNull();
  });

  test('agrees with querystring.parse on any mix of escapes, separators and plus signs', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9%=&+.\-_~]{0,40}$/), (query) => {
        const request = requestWithQuery(query);
        expect(JSON.stringify(request.query)).toBe(JSON.stringify(parseQuerystring(request.search)));
      }),
      { numRuns: 5000 },
    );
  });

  test('reads at most 1000 keys, as querystring.parse does', () => {
    const query = Array.from({ length: 1005 }, (_, index) => `k${index}=v`).join('&');
    expect(Object.keys(requestWithQuery(query).query)).toHaveLength(1000);
  });

  test('a form body is parsed the same way, without the key cap', async () => {
    const body = Array.from({ length: 1200 }, (_, index) => `k${index}=%41+b`).join('&') + '&k0=%zz';
    const request = ServerRequest.fromRequest(
      new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
    );
    const form = await request.form({ maxFields: 2000 });
    expect(form).toEqual({ ...parseQuerystring(body, '&', '=', { maxKeys: 0 }) });
    expect(form.k0).toEqual(['A b', '%zz']);
  });
});

describe('trust proxy addresses, matched in plain JS as Node BlockList does', () => {
  const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join('.'));
  const group = fc.nat(0xffff).map((n) => n.toString(16));
  const v6 = fc.oneof(
    fc.array(group, { minLength: 8, maxLength: 8 }).map((groups) => groups.join(':')),
    fc
      .tuple(fc.array(group, { maxLength: 3 }), fc.array(group, { maxLength: 3 }))
      .map(([head, tail]) => `${head.join(':')}::${tail.join(':')}`),
    v4.map((address) => `::ffff:${address}`),
    fc.constantFrom('::1', '::', 'fe80::1%eth0'),
  );
  const rule = fc.oneof(
    v4,
    v6.filter((address) => !address.includes('%')),
    fc.tuple(v4, fc.nat(32)).map(([address, bits]) => `${address}/${bits}`),
    fc
      .tuple(
        v6.filter((address) => !address.includes('%')),
        fc.nat(128),
      )
      .map(([address, bits]) => `${address}/${bits}`),
  );

  function blockList(rules: readonly string[]): BlockList {
    const list = new BlockList();
    for (const entry of rules) {
      const [address, bits] = entry.split('/') as [string, string | undefined];
      const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    }
    return list;
  }

  test('a peer is trusted exactly when BlockList says it is in the list', () => {
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 4 }), fc.oneof(v4, v6), (rules, peer) => {
        const request = ServerRequest.fromRequest(
          new Request('http://localhost/', { headers: { 'x-forwarded-for': '203.0.113.9' } }),
          { trustProxy: rules, clientAddress: peer },
        );
        const plain = peer.startsWith('::ffff:') && isIP(peer.slice(7)) === 4 ? peer.slice(7) : peer;
        const trusted = blockList(rules).check(plain, isIP(plain) === 4 ? 'ipv4' : 'ipv6');
        expect(request.clientAddress).toBe(trusted ? '203.0.113.9' : peer);
      }),
      { numRuns: 3000 },
    );
  });

  test.each([
    ['10.0.0.0/8', '::ffff:10.1.2.3', true],
    ['::/0', '192.0.2.1', true],
    ['10.0.0.0/8', '::a00:1', false],
    ['fe80::1', 'fe80::1%eth0', true],
  ])('rule %s and peer %s: trusted %s', (entry, peer, trusted) => {
    const request = ServerRequest.fromRequest(
      new Request('http://localhost/', { headers: { 'x-forwarded-for': '203.0.113.9' } }),
      { trustProxy: [entry], clientAddress: peer },
    );
    expect(request.clientAddress).toBe(trusted ? '203.0.113.9' : peer);
  });

  test.each(['01.2.3.4', '1::2::3', '10.0.0.0/33', '::1/129', '10.0.0.0/8x', 'localhost'])(
    'refuses the entry %j when the application is made',
    (entry) => {
      expect(() => createApp({ trustProxy: [entry] })).toThrow('Option trustProxy must be false');
    },
  );
});

describe('status texts from the core table', () => {
  test.each(Object.entries(STATUS_CODES))('%s is %s, as in node:http', (status, text) => {
    expect(statusText(Number(status))).toBe(text);
  });

  test('an HttpError and a light response read the table', () => {
    expect(new HttpError(418).message).toBe("I'm a Teapot");
    expect(new TextResponse('x', 451).statusText).toBe('Unavailable For Legal Reasons');
    expect(new TextResponse('x', 599).statusText).toBe('');
  });
});

describe('bodies as bytes', () => {
  test('request.bytes() is a Uint8Array and text() keeps a byte order mark, as Buffer#toString does', async () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69, 0xff]);
    const request = ServerRequest.fromRequest(new Request('http://localhost/', { method: 'POST', body }));
    expect(await request.bytes()).toEqual(body);
    expect(await request.text()).toBe(Buffer.from(body).toString('utf8'));
  });

  test('a light response streams an async iterable (a Node Readable among them) and reads it as text', async () => {
    async function* chunks(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode('hé');
      yield new TextEncoder().encode('llo');
    }
    expect(await new LightResponse(chunks()).text()).toBe('héllo');
    expect(await new LightResponse(Readable.from([Buffer.from('node '), Buffer.from('stream')])).text()).toBe(
      'node stream',
    );
    const app = createApp();
    app.get('/stream', () => new LightResponse(chunks(), { headers: { 'content-type': 'text/plain' } }));
    expect(await (await call(app, '/stream')).text()).toBe('héllo');
  });

  test('a HEAD answer keeps the UTF-8 length of a dropped string body', async () => {
    const app = createApp();
    const text = 'é€😀\ud800x';
    app.get('/text', () => new TextResponse(text));
    const response = await call(app, '/text', { method: 'HEAD' });
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
  });

  test('a HEAD answer releases a dropped async iterable body', async () => {
    let released!: () => void;
    const finished = new Promise<void>((resolve) => (released = resolve));
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) yield new Uint8Array(8);
      } finally {
        released();
      }
    }
    const app = createApp();
    app.get('/endless', () => {
      const body = endless();
      void body.next(); // started, so return() runs its finally
      return new LightResponse(body);
    });
    expect((await call(app, '/endless', { method: 'HEAD' })).status).toBe(200);
    await expect(finished).resolves.toBeUndefined();
  });
});

describe('request.json(), refusing prototype poisoning as secure-json-parse does', () => {
  /** What `request.json()` makes of `body`: the value, or `'refused'` when it answers an error. */
  async function jsonOf(body: string): Promise<unknown> {
    const request = ServerRequest.fromRequest(
      new Request('http://localhost/', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      }),
    );
    return request.json({ maxDepth: 1000 }).catch(() => 'refused');
  }

  function secureJsonOf(body: string): unknown {
    try {
      return secureJsonParse(body, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return 'refused';
    }
  }

  const POISONED = [
    '{"__proto__":{"polluted":1}}',
    '{"a":[{"b":{"__proto__":null}}]}',
    '{"\\u005f_proto__":{}}',
    '{"__pr\\u006fto__":1}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"x":{"\\u0063onstructor":{"prototype":1}}}',
    '[{"constructor":{"prototype":null}}]',
  ];
  const ACCEPTED = [
    '{"constructor":1}',
    '{"constructor":{"name":"x"}}',
    '{"prototype":{"constructor":1}}',
    '{"text":"__proto__ constructor \\u0041"}',
    '\ufeff{"bom":true}',
    '"__proto__"',
    '[1,2,{"a":null}]',
  ];

  test.each([...POISONED, ...ACCEPTED])('%s', async (body) => {
    expect(await jsonOf(body)).toEqual(secureJsonOf(body));
  });

  test("a poisoned body answers 400 with the parser's reason", async () => {
    const request = ServerRequest.fromRequest(
      new Request('http://localhost/', {
        method: 'POST',
        body: POISONED[2],
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(request.json()).rejects.toMatchObject({
      code: 'FRAMEWORK_ERR_BODY_INVALID_JSON',
      status: 400,
      message: expect.stringContaining('(Object contains forbidden prototype property)'),
    });
  });

  test('any JSON document, with keys drawn to collide with the forbidden ones', async () => {
    const key = fc.constantFrom('__proto__', 'constructor', 'prototype', 'a', '\\u005f_proto__');
    const document = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.array(fc.tuple(key, tie('value')), { maxLength: 3 }).map((entries) => new RawObject(entries)),
      ),
    })).value;
    await fc.assert(
      fc.asyncProperty(document, async (value) => {
        const body = toJsonText(value);
        expect(await jsonOf(body)).toEqual(secureJsonOf(body));
      }),
      { numRuns: 2000 },
    );
  });
});

/** An object written with the keys as given, even `__proto__` and escaped ones. */
class RawObject {
  constructor(readonly entries: [string, unknown][]) {}
}

function toJsonText(value: unknown): string {
  if (value instanceof RawObject) {
    return `{${value.entries.map(([key, inner]) => `"${key}":${toJsonText(inner)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}
