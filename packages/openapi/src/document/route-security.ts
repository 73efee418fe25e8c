import { Application } from '@framework/application';
import { securitySchemeOf, type SecurityScheme } from './security';

/** What the document reads of an application around a route: its mount path and what it piped. */
export interface PipingApplication {
  readonly mount: string;
  readonly application: { getPiped?(): readonly { readonly path: string; readonly middleware: unknown }[] };
}

/**
 * The security schemes a route requires: auth middleware in its own list, and auth middleware piped
 * (before dispatch) in any application around it, for every path or a prefix covering the route's.
 */
export function routeSecurity(
  path: string,
  middleware: readonly unknown[],
  around: readonly PipingApplication[],
): SecurityScheme[] {
  const piped = around.flatMap(({ mount, application }) =>
    pipedBefore(application, path.slice(mount.length) || '/'),
  );
  const found = [...piped, ...middleware].map(securitySchemeOf).filter((scheme) => scheme !== undefined);
  return found.filter((scheme, index) => found.findIndex((other) => other.name === scheme.name) === index);
}

function pipedBefore(application: PipingApplication['application'], path: string): unknown[] {
  const entries = application.getPiped?.() ?? [];
  const dispatch = entries.findIndex(({ middleware }) => middleware === Application.DISPATCH_MIDDLEWARE);
  return entries
    .slice(0, dispatch === -1 ? entries.length : dispatch)
    .filter((entry) => covers(entry.path, path))
    .flatMap((entry) => flatten(entry.middleware));
}

/** Whether middleware piped at `prefix` runs for `path` (segment boundary, as `pipe(path, …)` does). */
function covers(prefix: string, path: string): boolean {
  const trimmed = prefix.replace(/\/+$/, '');
  return trimmed === '' || path === trimmed || path.startsWith(`${trimmed}/`);
}

/** A middleware list flattened, nested lists included. */
export function flatten(middleware: unknown): unknown[] {
  return Array.isArray(middleware) ? middleware.flatMap(flatten) : [middleware];
}
