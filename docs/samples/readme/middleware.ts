import { Application, JsonResponse } from '@framework/application';
import { bearerAuth, cors, securityHeaders, validate } from '@framework/middleware';
import { FindMyWayRouter } from '@framework/router-fmw';
import { z } from 'zod';

export const app = new Application(new FindMyWayRouter());
app.pipe(securityHeaders()); // first: every answer gets the headers, 404s and errors too
app.pipe(cors({ origin: ['https://app.example.com'] })); // before routing: answers preflights
app.post('/notes', [
  bearerAuth({ token: process.env.API_TOKEN ?? 'a-development-token-of-some-length' }), // 401 otherwise
  validate({ body: z.object({ text: z.string().min(1) }) }), // 400 problem+json otherwise
  (request) => new JsonResponse({ text: request.valid.body.text }, 201),
]);
