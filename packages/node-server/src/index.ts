import { registerServer } from '@framework/application/server-kit';
import { run } from './run';

export { run } from './run';
export { runServer } from './server/run-server';
export type { RunOptions } from './server/run-options';
export type { NodeServer, RunResult, ServerFor } from './server/server-types';
export { createListener, type ListenerOptions, type NodeListener } from './server/create-listener';
export { MAX_UNREAD_BODY } from './server/connection-reuse';
export { writeNodeResponse } from './server/write-node-response';
export { fromNodeRequest } from './http/from-node-request';
export { NodeRequestSource } from './http/node-request-source';
export { readNodeBody } from './http/read-node-body';
export type { NodeRequest, NodeResponse } from './http/node-message';

// Importing this package makes it the server of `app.run()` (the package's one side effect).
registerServer(run);
