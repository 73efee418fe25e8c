import { ApplicationError } from '../errors/application-error';

/**
 * The execution context a module worker receives as `fetch(request, env, ctx)`'s third argument
 * (workerd, Cloudflare Workers): `waitUntil` keeps the worker alive for work that outlives the answer.
 */
export interface ExecutionContext {
  /** Keeps the worker alive until `promise` settles, for work that outlives the answer. */
  waitUntil(promise: Promise<unknown>): void;
  /** On an uncaught error, lets the request through to the origin instead of answering with the error. */
  passThroughOnException?(): void;
}

/**
 * What the runtime that delivered a request knows beyond the request itself, read through
 * `request.platform`, `getEnv(request)` and `getExecutionContext(request)`. Each runtime fills in what
 * it has; the rest is `undefined`. A server package may hand over more (Node's own objects) in an
 * interface that extends this one.
 */
export interface Platform<Env = unknown> {
  /** A module worker's bindings (KV, D1, secrets, vars): `fetch(request, env, ctx)`'s second argument. */
  readonly env: Env | undefined;
  /** A module worker's execution context (`waitUntil`): `fetch(request, env, ctx)`'s third argument. */
  readonly executionContext: ExecutionContext | undefined;
  /** The connection's peer address as the runtime reports it (Bun, Deno, Node's socket). */
  readonly remoteAddress: string | undefined;
  /** The WHATWG `Request` the runtime delivered, when it delivered one (fetch runtimes). */
  readonly request: Request | undefined;
}

/** The platform of a request no runtime delivered (`ServerRequest.fromRequest` without one). */
export const NO_PLATFORM: Platform = /* @__PURE__ */ Object.freeze({
  env: undefined,
  executionContext: undefined,
  remoteAddress: undefined,
  request: undefined,
});

/** Facts given explicitly: `app.fetchWith(request, { env, executionContext, clientAddress })`. */
export interface PlatformFacts<Env = unknown> {
  readonly env?: Env;
  readonly executionContext?: ExecutionContext;
  /** The connection's peer address (what `request.clientAddress` starts from). */
  readonly clientAddress?: string;
}

/** What Bun passes as `fetch`'s second argument: its server. */
interface BunServer {
  requestIP(request: Request): { readonly address: string } | null;
}

/** What Deno passes as the handler's second argument: `Deno.ServeHandlerInfo`. */
interface DenoServeInfo {
  readonly remoteAddr: { readonly transport: string; readonly hostname?: string };
}

class FetchPlatform implements Platform {
  constructor(
    readonly request: Request,
    readonly env: unknown,
    readonly executionContext: ExecutionContext | undefined,
    readonly remoteAddress: string | undefined,
  ) {}
}

/** What `Deno.serve` delivered: its Request's URL is written from the raw `Host` (see `rawHostError`). */
class DenoPlatform extends FetchPlatform {
  constructor(request: Request, remoteAddress: string | undefined) {
    super(request, undefined, undefined, remoteAddress);
  }
}

/** Bun's peer address is asked for only when someone reads it. */
class BunPlatform implements Platform {
  readonly env = undefined;
  readonly executionContext = undefined;

  constructor(
    readonly request: Request,
    private readonly server: BunServer,
  ) {}

  get remoteAddress(): string | undefined {
    return this.server.requestIP(this.request)?.address ?? undefined;
  }
}

function isBunServer(value: object): value is BunServer {
  return typeof (value as Partial<BunServer>).requestIP === 'function';
}

function isDenoServeInfo(value: object): value is DenoServeInfo {
  const address = (value as { remoteAddr?: unknown }).remoteAddr;
  return (
    typeof address === 'object' &&
    address !== null &&
    typeof (address as { transport?: unknown }).transport === 'string'
  );
}

/**
 * The platform of `app.fetch(request, second, third)`, as each runtime calls it: workerd passes
 * `(request, env, ctx)`, Bun `(request, server)`, Deno `(request, info)`. With a third argument the
 * second is always `env`; without one, Bun's server (it has `requestIP()`) and Deno's info (it has
 * `remoteAddr.transport`) are recognised by shape, and anything else is `env`.
 */
export function platformOfFetch(request: Request, second: unknown, third: unknown): Platform {
  if (third === undefined && typeof second === 'object' && second !== null) {
    if (isBunServer(second)) return new BunPlatform(request, second);
    if (isDenoServeInfo(second)) return new DenoPlatform(request, second.remoteAddr.hostname);
  }
  return new FetchPlatform(request, second, third as ExecutionContext | undefined, undefined);
}

/** Whether Bun's own server delivered the request, and so writes the answer (`Bun.serve`). */
export function isServedByBun(platform: Platform): boolean {
  return platform instanceof BunPlatform;
}

/** Whether `Deno.serve` delivered the request (it passed its `info`), so its URL holds the raw `Host`. */
export function isServedByDeno(platform: Platform): boolean {
  return platform instanceof DenoPlatform;
}

/** The platform of `app.fetchWith(request, facts)`: exactly the facts given. */
export function platformOfFacts(request: Request, facts: PlatformFacts): Platform {
  return new FetchPlatform(request, facts.env, facts.executionContext, facts.clientAddress);
}

/**
 * The module worker's bindings the request arrived with, typed by the caller: on workerd,
 * `fetch(request, env, ctx)`'s `env`. Throws `FRAMEWORK_ERR_PLATFORM_FACT_MISSING` when the runtime gave
 * none (Node, Bun, Deno), so a missing binding is found where it is read; `request.platform.env` reads
 * it without throwing.
 *
 * @example
 * interface Env { readonly GREETING: string; readonly CACHE: KVNamespace }
 * app.get('/hello', (request) => new TextResponse(getEnv<Env>(request).GREETING));
 */
export function getEnv<Env = Record<string, unknown>>(request: { readonly platform: Platform }): Env {
  const env = request.platform.env;
  if (env === undefined) throw missingFact('env', 'getEnv(request)');
  return env as Env;
}

/**
 * The module worker's execution context the request arrived with (on workerd, `fetch`'s `ctx`):
 * `getExecutionContext(request).waitUntil(promise)` keeps the worker alive for work that outlives the
 * answer. Throws `FRAMEWORK_ERR_PLATFORM_FACT_MISSING` when the runtime gave none.
 */
export function getExecutionContext(request: { readonly platform: Platform }): ExecutionContext {
  const context = request.platform.executionContext;
  if (context === undefined) throw missingFact('execution context', 'getExecutionContext(request)');
  return context;
}

function missingFact(fact: string, call: string): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_PLATFORM_FACT_MISSING',
    `${call}: the runtime gave this request no ${fact}. A module worker (workerd) receives it as ` +
      'fetch(request, env, ctx); elsewhere pass it with app.fetchWith(request, { env, executionContext }), ' +
      'or read request.platform, whose facts are undefined when absent.',
  );
}
