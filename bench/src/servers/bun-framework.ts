import * as application from '@framework/application';
import * as routerPtr from '@framework/router-ptr';
import { benchFetchApp } from './bun-framework-app';
import { bunServe } from './bun-serve';

// The bench application on router-ptr, the router that runs on every fetch runtime, served by app.fetch.
bunServe(benchFetchApp(application, routerPtr).fetch);
