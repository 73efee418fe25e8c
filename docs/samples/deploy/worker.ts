import { Application, getEnv, JsonResponse, TextResponse } from '@framework/application';
import { PathToRegexpRouter } from '@framework/router-ptr'; // imports no Node module

interface Env {
  readonly GREETING: string;
}

// The lean constructor: no default container and no Variant A code in the bundle (AppFactory.create works too).
const app = new Application(new PathToRegexpRouter());
app.get('/', (request) => new TextResponse(getEnv<Env>(request).GREETING));
app.get('/hello/{name}', (request) => new JsonResponse({ hello: request.params.name }));

export default app; // workerd calls app.fetch(request, env, ctx)
