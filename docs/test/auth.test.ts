import { describe, expect, test } from '@jest/globals';
import { SignJWT } from 'jose';
import { createAuthApp } from '../samples/auth';

const env = {
  ALICE_PASSWORD: 'correct horse',
  BOB_PASSWORD: 'battery staple',
  ADMIN_TOKEN: 'new-admin-token',
  OLD_ADMIN_TOKEN: 'old-admin-token',
  JWT_SECRET: 'a shared secret of at least thirty-two bytes',
};
const app = createAuthApp(env);
const request = (path: string, init?: RequestInit) => app.request(path, init);
const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;

const token = (claims: Record<string, unknown>, audience = 'notes-api') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('https://auth.example.com/')
    .setAudience(audience)
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(env.JWT_SECRET));

describe('basicAuth', () => {
  test('no credentials answer 401 with the Basic challenge', async () => {
    const response = await request('/reports');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="Back office", charset="UTF-8"');
  });

  test('each configured user is let in and named to the handler', async () => {
    const alice = await request('/reports', { headers: { authorization: basic('alice', 'correct horse') } });
    expect(await alice.json()).toEqual({ hello: 'alice' });
    const bob = await request('/reports', { headers: { authorization: basic('bob', 'battery staple') } });
    expect(await bob.json()).toEqual({ hello: 'bob' });
  });

  test('a wrong password answers 401', async () => {
    const response = await request('/reports', {
      headers: { authorization: basic('alice', 'battery staple') },
    });
    expect(response.status).toBe(401);
  });
});

describe('bearerAuth on /admin', () => {
  test('both the new and the old token are accepted while rotating', async () => {
    for (const adminToken of [env.ADMIN_TOKEN, env.OLD_ADMIN_TOKEN]) {
      const response = await request('/admin/stats', { headers: { authorization: `Bearer ${adminToken}` } });
      expect(await response.json()).toEqual({ notes: 42 });
    }
  });

  test('a missing or wrong token answers 401 with the Bearer challenge', async () => {
    expect((await request('/admin/stats')).headers.get('www-authenticate')).toBe('Bearer realm="Restricted"');
    const wrong = await request('/admin/stats', { headers: { authorization: 'Bearer guess' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="Restricted", error="invalid_token"');
  });
});

describe('jwt', () => {
  test('a valid token reaches the handler with its payload', async () => {
    const authorization = `Bearer ${await token({ sub: 'u1', role: 'admin' })}`;
    expect(await (await request('/me', { headers: { authorization } })).json()).toEqual({
      sub: 'u1',
      role: 'admin',
    });
  });

  test('a token for another audience answers 401', async () => {
    const authorization = `Bearer ${await token({ sub: 'u1', role: 'user' }, 'another-api')}`;
    const response = await request('/me', { headers: { authorization } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
