import { app } from '../tutorial/src/app';

Bun.serve({ port: Number(process.env.PORT ?? 8080), fetch: app.fetch });
