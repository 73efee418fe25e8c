import { statusOfCode } from './error-status';

/** One entry of the error catalogue: the HTTP status the error answers with, and what it means. */
export interface ErrorCodeInfo {
  readonly status: number;
  readonly description: string;
}

/** What each code of the catalogue means; its status is in `./error-status`. */
const DESCRIPTIONS = {
  FRAMEWORK_ERR_REQUEST_MALFORMED_URL:
    'The request path holds a malformed percent-escape, the request target is neither a path nor an http(s) URL, or (on Deno) the Host header is no host with an optional port, answered 400 before routing; or a fetch handler mounted with fromFetch() could take the path for another one (a dot segment, a backslash, or a percent-escape not in canonical form), answered 400 without calling it.',
  FRAMEWORK_ERR_REQUEST_ABORTED:
    'The request body ended early: the client closed the connection or its framing was malformed (Node already answered 400). Not reported to onError.',
  FRAMEWORK_ERR_REQUEST_TIMEOUT:
    'The timeout(ms) middleware answered because the rest of the pipeline had not answered within ms milliseconds.',
  FRAMEWORK_ERR_BODY_INVALID_JSON:
    'request.json() was called on a body that is not valid JSON (or carries __proto__/constructor keys).',
  FRAMEWORK_ERR_BODY_TOO_LARGE:
    'The request body is larger than the body limit (option `bodyLimit`, or BodyLimitMiddleware).',
  FRAMEWORK_ERR_BODY_UNSUPPORTED_MEDIA_TYPE:
    'request.json() was called on a body whose Content-Type is not application/json or application/*+json (or request.form() on one that is not application/x-www-form-urlencoded), or whose charset parameter names another charset than UTF-8.',
  FRAMEWORK_ERR_BODY_TOO_MANY_FIELDS:
    'request.form() was called on a form body with more fields than maxFields (default 1000).',
  FRAMEWORK_ERR_BODY_TOO_DEEP:
    'request.json() was called on a body whose arrays and objects nest deeper than maxDepth (default 64); refused before parsing.',
  FRAMEWORK_ERR_BODY_UNSUPPORTED_ENCODING:
    'A body reader was called on a request with a Content-Encoding other than identity (gzip, br, …): bodies are not decoded. The answer carries Accept-Encoding: identity.',
  FRAMEWORK_ERR_MIDDLEWARE_NO_RESPONSE:
    'A middleware or handler returned (or resolved to) something that is not a response.',
  FRAMEWORK_ERR_MIDDLEWARE_NEXT_CALLED_TWICE:
    'A middleware called handler.handle() more than once at the same pipe level.',
  FRAMEWORK_ERR_MIDDLEWARE_UNRESOLVABLE:
    'A middleware value is neither a function, a middleware/handler object, a service name, a class nor an array.',
  FRAMEWORK_ERR_MIDDLEWARE_SERVICE_NOT_FOUND:
    'A middleware given as a service name is not in the container when it is invoked (app.check() and run() find it before).',
  FRAMEWORK_ERR_MIDDLEWARE_NOT_INVOKABLE:
    'A lazily loaded middleware service resolved to a value that is not middleware.',
  FRAMEWORK_ERR_MIDDLEWARE_UNSUPPORTED_FORM:
    'doublePass()/errorMiddleware() (or a hand-made Variant A marker) was given something that is not a function.',
  FRAMEWORK_ERR_MIDDLEWARE_VARIANT_A_OFF:
    'Variant A middleware (doublePass(), errorMiddleware(), a function of 3 or 4 parameters, an object with processError()) was given to an application built for Variant B.',
  FRAMEWORK_ERR_RESPONSE_INVALID_LOCATION:
    'new RedirectResponse() was given a location holding a control character (CR, LF, …), which would corrupt or split the answer.',
  FRAMEWORK_ERR_RESPONSE_LENGTH_MISMATCH:
    'A streamed answer ended short of (or ran past) its declared Content-Length: the listener cut the connection, so no later answer lands inside the body.',
  FRAMEWORK_ERR_PIPE_INVALID_PATH:
    'pipe(path, middleware) was given a path that is not a literal path starting with "/", or one no request path can hold (whitespace, a control character, a malformed escape, a placeholder).',
  FRAMEWORK_ERR_FETCH_HANDLER_INVALID: 'fromFetch(handler) was given something that is not a function.',
  FRAMEWORK_ERR_PLATFORM_FACT_MISSING:
    'getEnv(request) or getExecutionContext(request) was called on a request whose runtime gave no env or execution context.',
  FRAMEWORK_ERR_ROUTE_DUPLICATE: 'A route repeats the path of an earlier route with overlapping methods.',
  FRAMEWORK_ERR_ROUTE_DUPLICATE_NAME: 'A route takes a name an earlier route already has.',
  FRAMEWORK_ERR_ROUTE_NOT_SERVED:
    'A route was dispatched whose last setOptions() call threw: the application does not serve it without the options it was given.',
  FRAMEWORK_ERR_APP_ROUTER_SHARED:
    'Two applications use one router instance (registering routes, or mounting one in the other). Give each its own router.',
  FRAMEWORK_ERR_APP_ROUTING_NOT_PIPED:
    'A finding of app.check() and run(): the application has routes but no routing middleware (an error), or routing without dispatch or dispatch piped before routing (warnings).',
  FRAMEWORK_ERR_APP_NO_ROUTER:
    'AppFactory.create() found no router: none was passed and the container has none.',
  FRAMEWORK_ERR_APP_INVALID_OPTION: 'An Application or run() option has the wrong type or range.',
  FRAMEWORK_ERR_APP_UNKNOWN_OPTION:
    'An options object (of new Application, AppFactory.create, setOptions on a route, check(), …) holds a key its receiver does not read; the message names the key and the likely one it misspells.',
  FRAMEWORK_ERR_APP_NO_SERVER:
    'app.run() found no server: @framework/node-server is neither imported nor installed. Install it, and in a bundled application import it (or call its run(app, options)).',
  FRAMEWORK_ERR_APP_WORKER_RESTARTS:
    'Cluster workers died more often than run({ maxRestartsPerMinute }) allows within a minute; the primary logs this code, stops every worker and exits 1.',
  FRAMEWORK_ERR_CONFIG_INVALID_APPLICATION:
    'ApplicationFactory found a `config` service that is not an object, or a `debug` that is not a boolean.',
  FRAMEWORK_ERR_CONFIG_INVALID_PIPELINE:
    'ApplicationFactory found an invalid `middleware_pipeline` entry; the message names the entry and the key.',
  FRAMEWORK_ERR_CONFIG_INVALID_ROUTE:
    'ApplicationFactory found an invalid `routes` entry; the message names the entry and the key.',
} as const;

/** A code of the application error catalogue. */
export type ApplicationErrorCode = keyof typeof DESCRIPTIONS;

/**
 * Every error `@framework/application` raises carries one of these stable codes. The package's
 * ERRORS.md documents each code (a test checks that), and messages say how to fix the problem.
 */
export const APPLICATION_ERROR_CODES: Readonly<Record<ApplicationErrorCode, ErrorCodeInfo>> =
  /* @__PURE__ */ catalogue(DESCRIPTIONS);

function catalogue(
  descriptions: Record<ApplicationErrorCode, string>,
): Record<ApplicationErrorCode, ErrorCodeInfo> {
  const entries = Object.entries(descriptions) as [ApplicationErrorCode, string][];
  return Object.fromEntries(
    entries.map(([code, description]) => [code, { status: statusOfCode(code), description }]),
  ) as Record<ApplicationErrorCode, ErrorCodeInfo>;
}
