import { AppFactory, getEnv, JsonResponse, TextResponse } from '@framework/application';
import { PathToRegexpRouter } from '@framework/router-ptr'; // imports no Node module

interface Env {
  readonly GREETING: string;
}

const app = AppFactory.create(undefined, new PathToRegexpRouter());
app.get('/', (request) => new TextResponse(getEnv<Env>(request).GREETING));
app.get('/hello/{name}', (request) => new JsonResponse({ hello: request.params.name }));

export default app; // workerd calls app.fetch(request, env, ctx)
