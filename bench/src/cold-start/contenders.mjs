// The hello apps the cold-start bench and the bundle-size check compare: ours with each router adapter,
// Hono and Fastify. Each one is plain ES module source, so the same text is bundled by esbuild and run
// by Node from a temporary file: `app` answers GET / with "Hello", `serve` starts it on 127.0.0.1 and
// an ephemeral port and prints `listening on <origin>`, and `imports` is the import the bench times.

const ours = (adapter, routerClass) => ({
  name: `@framework/application + ${adapter}`,
  imports: `import { Application, TextResponse } from '@framework/application';
import { ${routerClass} } from '${adapter}';`,
  app: `const app = new Application(new ${routerClass}());
app.get('/', () => new TextResponse('Hello'));`,
  exportApp: 'export default app;',
  serveImports: `import '@framework/node-server';`,
  serve: `const server = await app.run({ host: '127.0.0.1', port: 0 });
console.log(\`listening on http://127.0.0.1:\${server.address().port}\`);`,
});

export const CONTENDERS = [
  ours('@framework/router-ptr', 'PathToRegexpRouter'),
  ours('@framework/router-fmw', 'FindMyWayRouter'),
  ours('@framework/router-explicit-methods', 'ExplicitMethodsRouter'),
  {
    name: 'hono',
    imports: `import { Hono } from 'hono';`,
    app: `const app = new Hono();
app.get('/', (c) => c.text('Hello'));`,
    exportApp: 'export default app;',
    serveImports: `import { serve } from '@hono/node-server';`,
    serve: `const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
  console.log(\`listening on http://127.0.0.1:\${info.port}\`),
);`,
  },
  {
    name: 'fastify',
    imports: `import Fastify from 'fastify';`,
    app: `const app = Fastify({ logger: false });
app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('Hello'));`,
    exportApp: 'export default app;',
    serve: `await app.listen({ host: '127.0.0.1', port: 0 });
console.log(\`listening on http://127.0.0.1:\${app.server.address().port}\`);`,
  },
];

/** The hello app as a module whose default export is the app (what a worker bundle exports). */
export function helloAppModule(contender) {
  return `${contender.imports}\n\n${contender.app}\n\n${contender.exportApp}\n`;
}

/** The hello app as a script that serves it on Node. */
export function helloServerScript(contender) {
  return `${contender.imports}\n${contender.serveImports ?? ''}\n\n${contender.app}\n\n${contender.serve}\n`;
}
