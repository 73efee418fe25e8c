import type { Application } from '@framework/application';

/** Sends `path` to the application in memory (no socket) and resolves with its answer. */
export function request(app: Application, path: string, init?: RequestInit): Promise<Response> {
  return app.fetch(new Request(new URL(path, 'http://localhost'), init));
}
