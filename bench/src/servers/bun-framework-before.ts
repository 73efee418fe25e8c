import type * as Application from '@framework/application';
import type * as RouterPtr from '@framework/router-ptr';
import { benchFetchApp } from './bun-framework-app';
import { bunServe } from './bun-serve';

// The same application from the build of another checkout (`BENCH_BEFORE`), to compare two builds in one run.
const before = process.env['BENCH_BEFORE'];
if (before === undefined) throw new Error('bun-framework-before needs BENCH_BEFORE=<a built checkout>');
void Promise.all([
  import(`${before}/packages/application/dist/index.mjs`) as Promise<typeof Application>,
  import(`${before}/packages/router-ptr/dist/index.mjs`) as Promise<typeof RouterPtr>,
]).then(([application, routerPtr]) => bunServe(benchFetchApp(application, routerPtr).fetch));
