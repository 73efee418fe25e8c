import { run } from '@framework/node-server';
import { pino } from 'pino';
import { createApp } from './app';

// JSON lines on stdout: the start, one per request, the shutdown. Read them with `| npx pino-pretty`.
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const app = createApp({ logger, development: process.env.NODE_ENV === 'development' });

// HOST and PORT (default 0.0.0.0:8080); WEB_CONCURRENCY worker processes, a number or `auto`.
const concurrency = process.env.WEB_CONCURRENCY;
run(app, { logger, workers: concurrency === 'auto' ? 'auto' : Number(concurrency || 1) }).catch(
  (error: unknown) => {
    logger.error(error);
    process.exit(1);
  },
);
