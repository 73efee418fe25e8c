import { describe, expect, it } from '@jest/globals';
import {
  ApplicationError,
  type ApplicationErrorCode,
  ApplicationFactory,
  MIDDLEWARE_KIND,
  SimpleContainer,
} from '../../src';
import { answer, appFrom } from './support';

const { ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE } = ApplicationFactory;
const FORMS = 'a service name, a function, a class, an object with process() or handle(), or a list of these';
const ok = answer('ok');

function errorOf(config: unknown): ApplicationError {
  try {
    appFrom(config);
  } catch (error) {
    if (error instanceof ApplicationError) return error;
    throw error;
  }
  throw new Error('expected ApplicationFactory to throw');
}

/** Checks code and message; a wrapped error (message `undefined`) must quote its cause's message. */
function expectError(
  config: unknown,
  code: ApplicationErrorCode,
  message: string | undefined,
): ApplicationError {
  const error = errorOf(config);
  if (message !== undefined) expect(error.message).toBe(message);
  expect(error.code).toBe(code);
  return error;
}

const pipelineError = (pipeline: unknown, message?: string) =>
  expectError({ middleware_pipeline: pipeline }, 'FRAMEWORK_ERR_CONFIG_INVALID_PIPELINE', message);
const routeError = (routes: unknown, message?: string) =>
  expectError({ routes }, 'FRAMEWORK_ERR_CONFIG_INVALID_ROUTE', message);

describe('invalid config service', () => {
  it('rejects a config service that is not an object', () => {
    const container = new SimpleContainer().setService('config', ['debug']);
    expect(() => new ApplicationFactory().create(container)).toThrow(
      'The "config" service must be an object; got an array.',
    );
  });

  it('rejects a debug that is not a boolean', () => {
    expectError(
      { debug: 'yes' },
      'FRAMEWORK_ERR_CONFIG_INVALID_APPLICATION',
      'config.debug must be a boolean; got "yes".',
    );
  });
});

describe('invalid middleware_pipeline', () => {
  it('rejects a section that is neither a list nor an object', () => {
    pipelineError('auth', 'middleware_pipeline must be a list or an object of entries; got "auth".');
  });

  it('rejects an entry that is not an object nor a constant', () => {
    pipelineError(
      [{ middleware: ok }, 'auth'],
      'middleware_pipeline[1] must be an object with a "middleware" key, or ApplicationFactory.ROUTING_MIDDLEWARE ' +
        'or ApplicationFactory.DISPATCH_MIDDLEWARE; got "auth".',
    );
  });

  it('rejects an unknown key instead of ignoring it', () => {
    pipelineError(
      { auth: { middleware: ok, priorty: 2 } },
      'middleware_pipeline["auth"].priorty is not a supported key; use middleware, path, priority or error.',
    );
  });

  it('requires middleware', () => {
    pipelineError({ auth: { priority: 2 } }, 'middleware_pipeline["auth"].middleware is required.');
  });

  it.each([
    ['a number', 42, '42'],
    ['an empty service name', '', '""'],
    ['null', null, 'null'],
    ['a plain object', { run: ok }, 'an object'],
    ['a boolean', true, 'true'],
  ])('rejects %s as middleware', (_, middleware, got) => {
    pipelineError(
      { auth: { middleware } },
      `middleware_pipeline["auth"].middleware must be ${FORMS}; got ${got}.`,
    );
  });

  it('names the nested position of an invalid item', () => {
    pipelineError(
      [{ middleware: ok }, { middleware: [ok, [null]] }],
      `middleware_pipeline[1].middleware[1][0] must be ${FORMS}; got null.`,
    );
  });

  it('rejects an empty middleware list', () => {
    pipelineError([{ middleware: [] }], 'middleware_pipeline[0].middleware must not be an empty list.');
    pipelineError(
      [{ middleware: [ok, []] }],
      'middleware_pipeline[0].middleware[1] must not be an empty list.',
    );
  });

  it.each([
    ['"api"', 'api'],
    ['"/users/{id}"', '/users/{id}'],
    ['"/api?x=1"', '/api?x=1'],
    ['3', 3],
  ])('rejects the path %s', (got, path) => {
    pipelineError(
      { auth: { middleware: ok, path } },
      'middleware_pipeline["auth"].path must be a literal path prefix such as "/api" (starting with "/", without ' +
        `placeholders, "?" or "#"); got ${got}.`,
    );
  });

  it.each([
    ['"high"', 'high'],
    ['1.5', 1.5],
    ['"2"', '2'],
    ['null', null],
    ['Infinity', Infinity],
  ])('rejects the priority %s', (got, priority) => {
    pipelineError(
      { auth: { middleware: ok, priority } },
      `middleware_pipeline["auth"].priority must be an integer; got ${got}.`,
    );
  });

  it('rejects an error flag that is not a boolean', () => {
    pipelineError(
      { errors: { middleware: ok, error: 'yes' } },
      'middleware_pipeline["errors"].error must be a boolean; got "yes".',
    );
  });

  it('rejects the routing constants in an error: true entry, and accepts error: true and false', () => {
    pipelineError(
      { errors: { middleware: [ok, ROUTING_MIDDLEWARE], error: true, priority: -10 } },
      'middleware_pipeline["errors"].middleware[1] is ROUTING_MIDDLEWARE, but the entry has error: true; pipe ' +
        'the routing and dispatch constants in an entry without "error".',
    );
    expect(() => appFrom({ middleware_pipeline: [{ middleware: ok, error: true }] })).not.toThrow();
    expect(() => appFrom({ middleware_pipeline: [{ middleware: ok, error: false }] })).not.toThrow();
  });

  it('rejects dispatch ordered before routing', () => {
    pipelineError(
      [
        { middleware: ROUTING_MIDDLEWARE, priority: 1 },
        { middleware: DISPATCH_MIDDLEWARE, priority: 2 },
      ],
      'middleware_pipeline[1] pipes DISPATCH_MIDDLEWARE before any ROUTING_MIDDLEWARE once the pipeline is ' +
        'ordered by priority; give the routing entry a higher priority, or list ROUTING_MIDDLEWARE first in the ' +
        'same "middleware" list.',
    );
    pipelineError(
      { routing: { middleware: [DISPATCH_MIDDLEWARE, ROUTING_MIDDLEWARE] } },
      'middleware_pipeline["routing"] pipes DISPATCH_MIDDLEWARE before any ROUTING_MIDDLEWARE once the pipeline ' +
        'is ordered by priority; give the routing entry a higher priority, or list ROUTING_MIDDLEWARE first in ' +
        'the same "middleware" list.',
    );
  });

  it('names the entry when the application refuses its middleware', () => {
    const doublePass = { [MIDDLEWARE_KIND]: 'double-pass', callable: 'not a function' };
    const error = pipelineError([{ middleware: ok }, { middleware: doublePass }], undefined);
    const cause = error.cause as ApplicationError;
    expect(cause.code).toBe('FRAMEWORK_ERR_MIDDLEWARE_UNSUPPORTED_FORM');
    expect(error.message).toBe(`middleware_pipeline[1] cannot be piped: ${cause.message}`);
  });
});

describe('invalid routes', () => {
  it('rejects a section that is neither a list nor an object', () => {
    routeError(5, 'routes must be a list or an object of entries; got 5.');
  });

  it('rejects an entry that is not an object', () => {
    routeError(['/ping'], 'routes[0] must be an object with "path" and "middleware" keys; got "/ping".');
  });

  it('rejects an unknown key instead of ignoring it', () => {
    routeError(
      { ping: { path: '/ping', middleware: ok, methods: ['GET'] } },
      'routes["ping"].methods is not a supported key; use path, middleware, allowed_methods, name or options.',
    );
  });

  it('requires path and middleware', () => {
    routeError(
      [{ path: '/a', middleware: ok }, { path: '/b', middleware: ok }, { middleware: ok }],
      'routes[2].path is required.',
    );
    routeError([{ path: '/a' }], 'routes[0].middleware is required.');
  });

  it('rejects a path that does not start with "/"', () => {
    routeError(
      [{ path: 'ping', middleware: ok }],
      'routes[0].path must be a path starting with "/"; got "ping".',
    );
    routeError(
      [{ path: null, middleware: ok }],
      'routes[0].path must be a path starting with "/"; got null.',
    );
  });

  it('rejects invalid middleware', () => {
    routeError([{ path: '/a', middleware: 7 }], `routes[0].middleware must be ${FORMS}; got 7.`);
  });

  it('rejects allowed_methods that are not a list of names', () => {
    routeError(
      [{ path: '/a', middleware: ok, allowed_methods: 'GET' }],
      'routes[0].allowed_methods must be a list of HTTP method names; got "GET".',
    );
    routeError(
      [{ path: '/a', middleware: ok, allowed_methods: ['GET', 7] }],
      'routes[0].allowed_methods[1] must be an HTTP method name; got 7.',
    );
  });

  it('rejects an empty or non-string name', () => {
    routeError(
      [{ path: '/a', middleware: ok, name: '' }],
      'routes[0].name must be a non-empty string; got "".',
    );
    routeError(
      [{ path: '/a', middleware: ok, name: 3 }],
      'routes[0].name must be a non-empty string; got 3.',
    );
  });

  it('rejects options that are not an object', () => {
    routeError(
      [{ path: '/a', middleware: ok, options: ['tokens'] }],
      'routes[0].options must be an object; got an array.',
    );
  });

  it.each([
    ['an invalid method', { path: '/a', middleware: ok, allowed_methods: ['GE T'] }],
    [
      'a token for an unknown placeholder',
      { path: '/a', middleware: ok, options: { tokens: { id: '\\d+' } } },
    ],
    ['a malformed template', { path: '/a/{id', middleware: ok }],
  ])('names the entry when the router refuses %s', (_, route) => {
    const error = routeError([{ path: '/ok', middleware: ok }, route], undefined);
    expect(error.message).toBe(`routes[1] cannot be registered: ${(error.cause as Error).message}`);
  });

  it('names the entry of a duplicate route', () => {
    const error = routeError(
      [
        { path: '/a', middleware: ok, allowed_methods: ['GET'] },
        { path: '/a', middleware: ok, allowed_methods: ['GET', 'POST'] },
      ],
      undefined,
    );
    expect((error.cause as ApplicationError).code).toBe('FRAMEWORK_ERR_ROUTE_DUPLICATE');
    expect(error.message).toBe(`routes[1] cannot be registered: ${(error.cause as Error).message}`);
  });
});
