import { app } from '../tutorial/src/app.ts';

Deno.serve({ port: Number(Deno.env.get('PORT') ?? 8080) }, app.fetch);
