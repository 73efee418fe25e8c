import { app } from '../tutorial/app.ts';

Deno.serve({ port: Number(Deno.env.get('PORT') ?? 8080) }, app.fetch);
