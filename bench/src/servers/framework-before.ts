import type * as ApplicationModule from '@framework/application';
import type * as NodeServerModule from '@framework/node-server';
import type * as RouterFmwModule from '@framework/router-fmw';
import { announce } from './announce';
import { createBenchApp } from './framework-app';

// The same application and server from the build of another checkout (`BENCH_BEFORE`), to compare two
// builds in one run. Its ES module files: loaded through import() as CommonJS, that build answered five
// times slower than the same build run as this checkout's server is, so those figures would mean nothing.
const before = process.env['BENCH_BEFORE'];
if (before === undefined) throw new Error('framework-before needs BENCH_BEFORE=<a built checkout>');
void Promise.all([
  import(`${before}/packages/application/dist/index.mjs`) as Promise<typeof ApplicationModule>,
  import(`${before}/packages/router-fmw/dist/index.mjs`) as Promise<typeof RouterFmwModule>,
  import(`${before}/packages/node-server/dist/index.mjs`) as Promise<typeof NodeServerModule>,
]).then(([application, routerFmw, nodeServer]) =>
  nodeServer.run(createBenchApp(application, routerFmw), { host: '127.0.0.1', port: 0 }).then(announce),
);
