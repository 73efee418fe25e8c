import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import { closeServer, serve } from '../support/serve';
import { rawExchange } from '../support/raw-http';
import { ADAPTERS } from './adapters';
import { expectAnswer, expectStillServing } from './expect-answer';
import { createHostileApp, type HostileApp } from './hostile-app';
import { HOSTILE_CASES } from './hostile-cases';

describe.each(ADAPTERS)('hostile input over a socket, %s, production mode', (_name, createRouter) => {
  let hostile: HostileApp;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    hostile = createHostileApp(createRouter());
    ({ server, origin } = await serve(hostile.app));
  });

  afterAll(() => closeServer(server));

  test.each(HOSTILE_CASES.map((entry) => [entry.name, entry] as const))('%s', async (_title, entry) => {
    const reportedBefore = hostile.reported.length;
    const exchange = await rawExchange(origin, typeof entry.send === 'string' ? [entry.send] : entry.send, {
      endAfter: entry.serverCloses ? undefined : entry.answers.length,
      headAnswers: entry.headAnswers,
    });
    expect(exchange.answers.map((answer) => answer.statusLine)).toEqual(
      entry.answers.map((answer) => answer.statusLine),
    );
    entry.answers.forEach((expected, index) => expectAnswer(exchange.answers[index], expected));
    expect(exchange.rest).toBe('');
    expect(hostile.reported.length - reportedBefore).toBe(entry.reports ?? 0);
    entry.check?.(hostile);
    await expectStillServing(origin);
  });
});
