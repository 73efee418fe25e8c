import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Application, JsonResponse } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import {
  addressBucket,
  clientAddressKey,
  MemoryRateLimitStore,
  rateLimit,
  type RateLimitStore,
} from '../src';
import { listen, send, type Served } from './support/app';

describe('the default rate-limit key', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['::203.0.113.7', '0:0:0:0::/64'],
  ])('puts %s in the bucket %s', (address, bucket) => {
    expect(addressBucket(address)).toBe(bucket);
  });

  it.each([
    '',
    'unknown',
    '1.2.3',
    '1.2.3.4.5',
    '256.1.1.1',
    '01.2.3.4',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '12345::',
    'g::1',
    ':::',
    '1:2:3:4:5:6:7::8',
    'x'.repeat(100),
  ])('refuses %j as an address', (address) => {
    expect(addressBucket(address)).toBeUndefined();
  });

  it('gives every IPv4 client of a dual-stack server its own bucket (CVE-2026-30827)', () => {
    const buckets = new Set(
      ['::ffff:192.0.2.1', '::ffff:192.0.2.2', '::ffff:198.51.100.9'].map(addressBucket),
    );
    expect(buckets).toEqual(new Set(['192.0.2.1', '192.0.2.2', '198.51.100.9']));
  });

  it('counts the addresses of one /64 as one client, and other /64s apart', async () => {
    const app = new Application(new FindMyWayRouter(), { development: false });
    app.pipe(rateLimit({ limit: 2, window: 60_000 }));
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/', () => new JsonResponse('ok'));
    const status = async (clientAddress: string): Promise<number> =>
      (await app.fetchWith(new Request('http://localhost/'), { clientAddress })).status;
    expect([
      await status('2001:db8:aa:1::1'),
      await status('2001:db8:aa:1:ffff::2'),
      await status('2001:db8:aa:1:1234:5678:9abc:def0'),
      await status('2001:db8:aa:2::1'),
    ]).toEqual([200, 200, 429, 200]);
  });
});

describe('the default key over a socket', () => {
  const keysSeen: string[] = [];
  const memory = new MemoryRateLimitStore();
  const recording: RateLimitStore = {
    hit: (key, ...rest) => {
      keysSeen.push(key);
      return memory.hit(key, ...rest);
    },
  };
  let plain: Served;
  let proxied: Served;

  function appWithTrust(trustProxy: false | string[]): Application {
    const app = new Application(new FindMyWayRouter(), { development: false, trustProxy });
    app.pipe(
      rateLimit({
        name: trustProxy === false ? 'plain' : 'proxied',
        limit: 3,
        window: 60_000,
        store: recording,
      }),
    );
    app.pipeRoutingMiddleware();
    app.pipeDispatchMiddleware();
    app.get('/', (request) => new JsonResponse({ key: clientAddressKey(request) }));
    return app;
  }

  beforeAll(async () => {
    plain = await listen(appWithTrust(false));
    proxied = await listen(appWithTrust(['127.0.0.1/32']));
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });

  it('ignores a spoofed X-Forwarded-For when no proxy is trusted: one client, one allowance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await send(plain.origin, '/', {
        headers: { 'x-forwarded-for': `198.51.100.${i}`, forwarded: `for=198.51.100.${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(new Set(keysSeen.filter((key) => key.startsWith('plain:')))).toEqual(new Set(['plain:127.0.0.1']));
  });

  it('follows X-Forwarded-For from a trusted proxy, as the trustProxy option says', async () => {
    const first = await send(proxied.origin, '/', { headers: { 'x-forwarded-for': '2001:db8:5:6::7' } });
    expect(JSON.parse(first.body.toString())).toEqual({ key: '2001:db8:5:6::/64' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await send(proxied.origin, '/', { headers: { 'x-forwarded-for': `2001:db8:5:6::${i}` } })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect((await send(proxied.origin, '/', { headers: { 'x-forwarded-for': '203.0.113.50' } })).status).toBe(
      200,
    );
  });
});
