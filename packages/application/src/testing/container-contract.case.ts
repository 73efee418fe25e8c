import assert from 'node:assert/strict';
import { defineGroup, type ContractGroup } from '@framework/router-contract/testing';
import {
  CircularDependencyError,
  configureContainer,
  type ConfigurableContainer,
  type Container,
  InvalidFactoryError,
  InvalidServiceIdError,
  type ServiceId,
  ServiceNotFoundError,
} from '../container/index';

/** Options of `describeContainerContract`. */
export interface ContainerContractOptions {
  /** Shown in the test names, e.g. `'TypediContainer'`. */
  name: string;
  /** Returns a new, empty container; called once per test. */
  createContainer: () => ConfigurableContainer;
  /**
   * Set when the container cannot detect a factory that needs its own service; the suite then skips
   * the `CircularDependencyError` test. The contract requires detection, so say why in your README.
   */
  noCycleDetection?: boolean;
}

class Mailer {
  static instances = 0;
  constructor() {
    Mailer.instances += 1;
  }
}

/** A function that records the arguments of each call: the suite's stand-in for a mock. */
function recorded<A extends unknown[], R>(impl: (...args: A) => R): ((...args: A) => R) & { calls: A[] } {
  const calls: A[] = [];
  const record = (...args: A): R => {
    calls.push(args);
    return impl(...args);
  };
  return Object.assign(record, { calls });
}

/**
 * The cases every `ConfigurableContainer` must pass, as data (no test runner imported): `get`/`has`,
 * `ServiceNotFoundError`, factories called once with `(container, id)` and shared, `setService`, and
 * the config `dependencies` section applied through `configureContainer`. `describeContainerContract`
 * registers them with a runner.
 */
export function containerContractCases(options: ContainerContractOptions): readonly ContractGroup[] {
  const { createContainer } = options;

  return [
    defineGroup('get() and has()', (it) => {
      it('has() is false and get() throws a ServiceNotFoundError naming the id for an unknown id', () => {
        const container = createContainer();
        assert.equal(container.has('missing'), false);
        assert.throws(() => container.get('missing'), ServiceNotFoundError);
        assert.throws(() => container.get('missing'), {
          message:
            'Service "missing" is not registered in the container; register it with setService() or ' +
            'setFactory(), or in the "dependencies" section of the config.',
        });
        const error = catchError(() => container.get('missing'));
        assert.deepEqual(
          {
            code: (error as { code?: unknown }).code,
            serviceId: (error as { serviceId?: unknown }).serviceId,
          },
          { code: 'FRAMEWORK_ERR_CONTAINER_NOT_FOUND', serviceId: 'missing' },
        );
      });

      it('does not answer for ids that only exist on Object.prototype', () => {
        const container = createContainer();
        for (const id of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
          assert.equal(container.has(id), false);
          assert.throws(() => container.get(id), ServiceNotFoundError);
        }
      });
    }),

    defineGroup('service ids', (it) => {
      const invalidIds: ReadonlyArray<[string, unknown]> = [
        ['number NaN', Number.NaN],
        ['number 0', 0],
        ['symbol Symbol(mailer)', Symbol('mailer')],
        ['null', null],
        ['undefined', undefined],
        ['object', {}],
        ['boolean true', true],
      ];

      for (const [shown, id] of invalidIds) {
        it(`refuses ${shown} as an id in get(), setService() and setFactory()`, () => {
          const container = createContainer();
          const invalid = id as ServiceId;
          const message =
            `A service id must be a string or a class; got ${shown}. Name the service with a string such as ` +
            '"mailer", or use its class.';
          assert.throws(() => container.setService(invalid, 'value'), InvalidServiceIdError);
          assert.throws(() => container.setService(invalid, 'value'), { message });
          assert.throws(() => container.setFactory(invalid, () => 'value'), { message });
          assert.throws(() => container.get(invalid), { message });
          const error = catchError(() => container.get(invalid));
          assert.equal((error as { code?: unknown }).code, 'FRAMEWORK_ERR_CONTAINER_INVALID_ID');
        });

        it(`answers has() with false for ${shown}`, () => {
          assert.equal(createContainer().has(id as ServiceId), false);
        });
      }

      it('accepts the empty string as an id', () => {
        const container = createContainer().setService('', 'empty');
        assert.equal(container.has(''), true);
        assert.equal(container.get(''), 'empty');
      });
    }),

    defineGroup('setService()', (it) => {
      it('returns the value itself and makes has() true; it returns the container', () => {
        const container = createContainer();
        const value = { a: 1 };
        assert.equal(container.setService('value', value), container);
        assert.equal(container.has('value'), true);
        assert.equal(container.get('value'), value);
      });

      it('accepts falsy values, undefined included', () => {
        const container = createContainer();
        container.setService('zero', 0).setService('empty', '').setService('nothing', undefined);
        assert.equal(container.has('nothing'), true);
        assert.equal(container.get('zero'), 0);
        assert.equal(container.get('empty'), '');
        assert.equal(container.get('nothing'), undefined);
      });

      it('replaces an earlier service or factory', () => {
        const container = createContainer();
        const factory = recorded(() => 'from factory');
        container.setFactory('id', factory).setService('id', 'from service');
        assert.equal(container.get('id'), 'from service');
        assert.equal(factory.calls.length, 0);
        container.setService('id', 'second');
        assert.equal(container.get('id'), 'second');
      });

      it('accepts a class as the id', () => {
        const container = createContainer();
        const mailer = new Mailer();
        container.setService(Mailer, mailer);
        assert.equal(container.has(Mailer), true);
        assert.equal(container.get(Mailer), mailer);
      });
    }),

    defineGroup('setFactory()', (it) => {
      it('does not call the factory when registering it nor in has(); it returns the container', () => {
        const container = createContainer();
        const factory = recorded(() => ({}));
        assert.equal(container.setFactory('lazy', factory), container);
        assert.equal(container.has('lazy'), true);
        assert.equal(factory.calls.length, 0);
      });

      it('calls the factory once with (container, id) and shares the result', () => {
        const container = createContainer();
        const factory = recorded((_c: Container, _id: ServiceId) => ({ built: true }));
        container.setFactory('shared', factory);
        const first = container.get('shared');
        assert.deepEqual(first, { built: true });
        assert.equal(container.get('shared'), first);
        assert.equal(factory.calls.length, 1);
        assert.equal(factory.calls[0]?.[0], container);
        assert.equal(factory.calls[0]?.[1], 'shared');
      });

      it('lets a factory fetch other services from the container it is given', () => {
        const container = createContainer();
        container
          .setService('config', { greeting: 'hello' })
          .setFactory('greeter', (c) => ({ greet: c.get<{ greeting: string }>('config').greeting }));
        assert.deepEqual(container.get('greeter'), { greet: 'hello' });
      });

      it('shares a factory result that is falsy', () => {
        const container = createContainer();
        const factory = recorded(() => undefined);
        container.setFactory('nothing', factory);
        assert.equal(container.get('nothing'), undefined);
        assert.equal(container.get('nothing'), undefined);
        assert.equal(factory.calls.length, 1);
      });

      it('accepts a factory class: new, then create(container, id), once', () => {
        const container = createContainer();
        const calls: unknown[][] = [];
        class WidgetFactory {
          create(c: Container, id: ServiceId) {
            calls.push([c, id]);
            return { widget: id };
          }
        }
        container.setFactory('widget', WidgetFactory);
        assert.deepEqual(container.get('widget'), { widget: 'widget' });
        assert.equal(container.get('widget'), container.get('widget'));
        assert.deepEqual(calls, [[container, 'widget']]);
      });

      it('accepts a factory object with create(container, id)', () => {
        const container = createContainer();
        const factory = { create: recorded((_c: Container, id: ServiceId) => `made ${String(id)}`) };
        container.setFactory('made', factory);
        assert.equal(container.get('made'), 'made made');
        assert.equal(factory.create.calls[0]?.[0], container);
      });

      it('accepts a class as the id', () => {
        const container = createContainer();
        container.setFactory(Mailer, () => new Mailer());
        assert.equal(container.has(Mailer), true);
        assert.ok(container.get(Mailer) instanceof Mailer);
        assert.equal(container.get(Mailer), container.get(Mailer));
      });

      it('throws an InvalidFactoryError naming the id for something that is not a factory', () => {
        const container = createContainer();
        class NotAFactory {}
        assert.throws(() => container.setFactory('bad', 'nope' as never), InvalidFactoryError);
        assert.throws(() => container.setFactory('bad', 'nope' as never), {
          message:
            'The factory for service "bad" must be a function, a class with a create() method or an ' +
            'object with a create() method; got string.',
        });
        assert.throws(() => container.setFactory('bad', NotAFactory as never), {
          message:
            'The factory for service "bad" must be a function, a class with a create() method or an ' +
            'object with a create() method; got class NotAFactory without a create() method.',
        });
        assert.equal(container.has('bad'), false);
      });

      it('lets the error of a failing factory propagate and calls the factory again next time', () => {
        const container = createContainer();
        let attempts = 0;
        container.setFactory('flaky', () => {
          attempts += 1;
          if (attempts === 1) throw new Error('not yet');
          return 'ready';
        });
        assert.throws(() => container.get('flaky'), { message: 'not yet' });
        assert.equal(container.has('flaky'), true);
        assert.equal(container.get('flaky'), 'ready');
        assert.equal(container.get('flaky'), 'ready');
        assert.equal(attempts, 2);
      });

      it('replaces an earlier service', () => {
        const container = createContainer();
        container.setService('id', 'service').setFactory('id', () => 'factory');
        assert.equal(container.get('id'), 'factory');
      });

      if (options.noCycleDetection !== true) {
        it('throws a CircularDependencyError when a factory needs its own service', () => {
          const container = createContainer();
          container.setFactory('a', (c) => c.get('b')).setFactory('b', (c) => c.get('a'));
          assert.throws(() => container.get('a'), CircularDependencyError);
          assert.throws(() => container.get('a'), {
            message: 'Circular dependency while creating service "a": a -> b -> a.',
          });
          container.setService('b', 'b is fine now');
          assert.equal(container.get('a'), 'b is fine now');
        });
      }
    }),

    defineGroup('configureContainer() with the config "dependencies" section', (it) => {
      it('registers the config itself as service "config"', () => {
        const config = { debug: true };
        const container = configureContainer(createContainer(), config);
        assert.equal(container.get('config'), config);
      });

      it('instantiates invokables with new on first use and shares them; has() creates nothing', () => {
        Mailer.instances = 0;
        const container = configureContainer(createContainer(), {
          dependencies: { invokables: { mailer: Mailer } },
        });
        assert.equal(container.has('mailer'), true);
        assert.equal(Mailer.instances, 0);
        assert.ok(container.get('mailer') instanceof Mailer);
        assert.equal(container.get('mailer'), container.get('mailer'));
        assert.equal(Mailer.instances, 1);
      });

      it('registers factories (functions and classes), called once with (container, id)', () => {
        const factory = recorded((_c: Container, id: ServiceId) => ({ id }));
        class ClassFactory {
          create(c: Container, id: ServiceId) {
            return { id, config: c.get('config') };
          }
        }
        const config = { dependencies: { factories: { fn: factory, cls: ClassFactory } } };
        const container = configureContainer(createContainer(), config);
        assert.equal(container.has('fn'), true);
        assert.equal(container.has('cls'), true);
        assert.equal(factory.calls.length, 0);
        assert.deepEqual(container.get('fn'), { id: 'fn' });
        assert.equal(container.get('fn'), container.get('fn'));
        assert.equal(factory.calls.length, 1);
        assert.equal(factory.calls[0]?.[0], container);
        assert.deepEqual(container.get('cls'), { id: 'cls', config });
      });

      it('registers services as they are', () => {
        const value = { ready: true };
        const container = configureContainer(createContainer(), { dependencies: { services: { value } } });
        assert.equal(container.has('value'), true);
        assert.equal(container.get('value'), value);
      });

      it('resolves aliases, also chains of them, to the very same shared instance', () => {
        const container = configureContainer(createContainer(), {
          dependencies: {
            invokables: { 'App\\Mailer': Mailer },
            aliases: { mailer: 'App\\Mailer', 'mail-service': 'mailer' },
          },
        });
        assert.equal(container.has('mailer'), true);
        assert.equal(container.has('mail-service'), true);
        assert.equal(container.get('mail-service'), container.get('App\\Mailer'));
        assert.equal(container.get('mailer'), container.get('App\\Mailer'));
      });

      it('makes has() truthful for every registered id and nothing else', () => {
        const container = configureContainer(createContainer(), {
          dependencies: {
            invokables: { inv: Mailer },
            factories: { fac: () => 1 },
            services: { svc: 2 },
            aliases: { ali: 'svc' },
          },
        });
        for (const id of ['inv', 'fac', 'svc', 'ali', 'config']) assert.equal(container.has(id), true);
        for (const id of ['invokables', 'dependencies', 'Mailer', 'constructor']) {
          assert.equal(container.has(id), false);
        }
      });

      it('registers nothing when the section is invalid', () => {
        const container = createContainer();
        assert.throws(
          () =>
            configureContainer(container, {
              dependencies: { services: { early: 1 }, factories: { Foo: 'not a factory' } },
            }),
          {
            message:
              'dependencies.factories.Foo must be a function, a class with a create() method or an object ' +
              'with a create() method; got string.',
          },
        );
        assert.equal(container.has('early'), false);
        assert.equal(container.has('config'), false);
      });
    }),
  ];
}

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
