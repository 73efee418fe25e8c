import { describe, expect, it, jest } from '@jest/globals';
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

/**
 * Registers the jest tests every `ConfigurableContainer` must pass: `get`/`has`, `ServiceNotFoundError`,
 * factories called once with `(container, id)` and shared, `setService`, and the config `dependencies`
 * section applied through `configureContainer`.
 *
 * @example
 * // test/container.test.ts of an adapter package
 * import { describeContainerContract } from '@framework/application/testing';
 * import { MyContainer } from '../src/index';
 *
 * describeContainerContract({ name: 'MyContainer', createContainer: () => new MyContainer() });
 */
export function describeContainerContract(options: ContainerContractOptions): void {
  const { createContainer } = options;

  describe(`${options.name} satisfies the container contract`, () => {
    describe('get() and has()', () => {
      it('has() is false and get() throws a ServiceNotFoundError naming the id for an unknown id', () => {
        const container = createContainer();
        expect(container.has('missing')).toBe(false);
        expect(() => container.get('missing')).toThrow(ServiceNotFoundError);
        expect(() => container.get('missing')).toThrow(
          'Service "missing" is not registered in the container; register it with setService() or ' +
            'setFactory(), or in the "dependencies" section of the config.',
        );
        const error = catchError(() => container.get('missing'));
        expect(error).toMatchObject({ code: 'FRAMEWORK_ERR_CONTAINER_NOT_FOUND', serviceId: 'missing' });
      });

      it('does not answer for ids that only exist on Object.prototype', () => {
        const container = createContainer();
        for (const id of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
          expect(container.has(id)).toBe(false);
          expect(() => container.get(id)).toThrow(ServiceNotFoundError);
        }
      });
    });

    describe('service ids', () => {
      const invalidIds: ReadonlyArray<[string, unknown]> = [
        ['number NaN', Number.NaN],
        ['number 0', 0],
        ['symbol Symbol(mailer)', Symbol('mailer')],
        ['null', null],
        ['undefined', undefined],
        ['object', {}],
        ['boolean true', true],
      ];

      it.each(invalidIds)('refuses %s as an id in get(), setService() and setFactory()', (shown, id) => {
        const container = createContainer();
        const invalid = id as ServiceId;
        const message =
          `A service id must be a string or a class; got ${shown}. Name the service with a string such as ` +
          '"mailer", or use its class.';
        expect(() => container.setService(invalid, 'value')).toThrow(InvalidServiceIdError);
        expect(() => container.setService(invalid, 'value')).toThrow(message);
        expect(() => container.setFactory(invalid, () => 'value')).toThrow(message);
        expect(() => container.get(invalid)).toThrow(message);
        expect(catchError(() => container.get(invalid))).toMatchObject({
          code: 'FRAMEWORK_ERR_CONTAINER_INVALID_ID',
        });
      });

      it.each(invalidIds)('answers has() with false for %s', (_shown, id) => {
        expect(createContainer().has(id as ServiceId)).toBe(false);
      });

      it('accepts the empty string as an id', () => {
        const container = createContainer().setService('', 'empty');
        expect(container.has('')).toBe(true);
        expect(container.get('')).toBe('empty');
      });
    });

    describe('setService()', () => {
      it('returns the value itself and makes has() true; it returns the container', () => {
        const container = createContainer();
        const value = { a: 1 };
        expect(container.setService('value', value)).toBe(container);
        expect(container.has('value')).toBe(true);
        expect(container.get('value')).toBe(value);
      });

      it('accepts falsy values, undefined included', () => {
        const container = createContainer();
        container.setService('zero', 0).setService('empty', '').setService('nothing', undefined);
        expect(container.has('nothing')).toBe(true);
        expect(container.get('zero')).toBe(0);
        expect(container.get('empty')).toBe('');
        expect(container.get('nothing')).toBeUndefined();
      });

      it('replaces an earlier service or factory', () => {
        const container = createContainer();
        const factory = jest.fn(() => 'from factory');
        container.setFactory('id', factory).setService('id', 'from service');
        expect(container.get('id')).toBe('from service');
        expect(factory).not.toHaveBeenCalled();
        container.setService('id', 'second');
        expect(container.get('id')).toBe('second');
      });

      it('accepts a class as the id', () => {
        const container = createContainer();
        const mailer = new Mailer();
        container.setService(Mailer, mailer);
        expect(container.has(Mailer)).toBe(true);
        expect(container.get(Mailer)).toBe(mailer);
      });
    });

    describe('setFactory()', () => {
      it('does not call the factory when registering it nor in has(); it returns the container', () => {
        const container = createContainer();
        const factory = jest.fn(() => ({}));
        expect(container.setFactory('lazy', factory)).toBe(container);
        expect(container.has('lazy')).toBe(true);
        expect(factory).not.toHaveBeenCalled();
      });

      it('calls the factory once with (container, id) and shares the result', () => {
        const container = createContainer();
        const factory = jest.fn((_c: Container, _id: ServiceId) => ({ built: true }));
        container.setFactory('shared', factory);
        const first = container.get('shared');
        expect(first).toEqual({ built: true });
        expect(container.get('shared')).toBe(first);
        expect(factory).toHaveBeenCalledTimes(1);
        expect(factory.mock.calls[0]?.[0]).toBe(container);
        expect(factory.mock.calls[0]?.[1]).toBe('shared');
      });

      it('lets a factory fetch other services from the container it is given', () => {
        const container = createContainer();
        container
          .setService('config', { greeting: 'hello' })
          .setFactory('greeter', (c) => ({ greet: c.get<{ greeting: string }>('config').greeting }));
        expect(container.get('greeter')).toEqual({ greet: 'hello' });
      });

      it('shares a factory result that is falsy', () => {
        const container = createContainer();
        const factory = jest.fn(() => undefined);
        container.setFactory('nothing', factory);
        expect(container.get('nothing')).toBeUndefined();
        expect(container.get('nothing')).toBeUndefined();
        expect(factory).toHaveBeenCalledTimes(1);
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
        expect(container.get('widget')).toEqual({ widget: 'widget' });
        expect(container.get('widget')).toBe(container.get('widget'));
        expect(calls).toEqual([[container, 'widget']]);
      });

      it('accepts a factory object with create(container, id)', () => {
        const container = createContainer();
        const factory = { create: jest.fn((_c: Container, id: ServiceId) => `made ${String(id)}`) };
        container.setFactory('made', factory);
        expect(container.get('made')).toBe('made made');
        expect(factory.create.mock.calls[0]?.[0]).toBe(container);
      });

      it('accepts a class as the id', () => {
        const container = createContainer();
        container.setFactory(Mailer, () => new Mailer());
        expect(container.has(Mailer)).toBe(true);
        expect(container.get(Mailer)).toBeInstanceOf(Mailer);
        expect(container.get(Mailer)).toBe(container.get(Mailer));
      });

      it('throws an InvalidFactoryError naming the id for something that is not a factory', () => {
        const container = createContainer();
        class NotAFactory {}
        expect(() => container.setFactory('bad', 'nope' as never)).toThrow(InvalidFactoryError);
        expect(() => container.setFactory('bad', 'nope' as never)).toThrow(
          'The factory for service "bad" must be a function, a class with a create() method or an ' +
            'object with a create() method; got string.',
        );
        expect(() => container.setFactory('bad', NotAFactory as never)).toThrow(
          'The factory for service "bad" must be a function, a class with a create() method or an ' +
            'object with a create() method; got class NotAFactory without a create() method.',
        );
        expect(container.has('bad')).toBe(false);
      });

      it('lets the error of a failing factory propagate and calls the factory again next time', () => {
        const container = createContainer();
        let attempts = 0;
        container.setFactory('flaky', () => {
          attempts += 1;
          if (attempts === 1) throw new Error('not yet');
          return 'ready';
        });
        expect(() => container.get('flaky')).toThrow('not yet');
        expect(container.has('flaky')).toBe(true);
        expect(container.get('flaky')).toBe('ready');
        expect(container.get('flaky')).toBe('ready');
        expect(attempts).toBe(2);
      });

      it('replaces an earlier service', () => {
        const container = createContainer();
        container.setService('id', 'service').setFactory('id', () => 'factory');
        expect(container.get('id')).toBe('factory');
      });

      if (options.noCycleDetection !== true) {
        it('throws a CircularDependencyError when a factory needs its own service', () => {
          const container = createContainer();
          container.setFactory('a', (c) => c.get('b')).setFactory('b', (c) => c.get('a'));
          expect(() => container.get('a')).toThrow(CircularDependencyError);
          expect(() => container.get('a')).toThrow(
            'Circular dependency while creating service "a": a -> b -> a.',
          );
          container.setService('b', 'b is fine now');
          expect(container.get('a')).toBe('b is fine now');
        });
      }
    });

    describe('configureContainer() with the config "dependencies" section', () => {
      it('registers the config itself as service "config"', () => {
        const config = { debug: true };
        const container = configureContainer(createContainer(), config);
        expect(container.get('config')).toBe(config);
      });

      it('instantiates invokables with new on first use and shares them; has() creates nothing', () => {
        Mailer.instances = 0;
        const container = configureContainer(createContainer(), {
          dependencies: { invokables: { mailer: Mailer } },
        });
        expect(container.has('mailer')).toBe(true);
        expect(Mailer.instances).toBe(0);
        expect(container.get('mailer')).toBeInstanceOf(Mailer);
        expect(container.get('mailer')).toBe(container.get('mailer'));
        expect(Mailer.instances).toBe(1);
      });

      it('registers factories (functions and classes), called once with (container, id)', () => {
        const factory = jest.fn((_c: Container, id: ServiceId) => ({ id }));
        class ClassFactory {
          create(c: Container, id: ServiceId) {
            return { id, config: c.get('config') };
          }
        }
        const config = { dependencies: { factories: { fn: factory, cls: ClassFactory } } };
        const container = configureContainer(createContainer(), config);
        expect(container.has('fn')).toBe(true);
        expect(container.has('cls')).toBe(true);
        expect(factory).not.toHaveBeenCalled();
        expect(container.get('fn')).toEqual({ id: 'fn' });
        expect(container.get('fn')).toBe(container.get('fn'));
        expect(factory).toHaveBeenCalledTimes(1);
        expect(factory.mock.calls[0]?.[0]).toBe(container);
        expect(container.get('cls')).toEqual({ id: 'cls', config });
      });

      it('registers services as they are', () => {
        const value = { ready: true };
        const container = configureContainer(createContainer(), { dependencies: { services: { value } } });
        expect(container.has('value')).toBe(true);
        expect(container.get('value')).toBe(value);
      });

      it('resolves aliases, also chains of them, to the very same shared instance', () => {
        const container = configureContainer(createContainer(), {
          dependencies: {
            invokables: { 'App\\Mailer': Mailer },
            aliases: { mailer: 'App\\Mailer', 'mail-service': 'mailer' },
          },
        });
        expect(container.has('mailer')).toBe(true);
        expect(container.has('mail-service')).toBe(true);
        expect(container.get('mail-service')).toBe(container.get('App\\Mailer'));
        expect(container.get('mailer')).toBe(container.get('App\\Mailer'));
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
        for (const id of ['inv', 'fac', 'svc', 'ali', 'config']) expect(container.has(id)).toBe(true);
        for (const id of ['invokables', 'dependencies', 'Mailer', 'constructor']) {
          expect(container.has(id)).toBe(false);
        }
      });

      it('registers nothing when the section is invalid', () => {
        const container = createContainer();
        expect(() =>
          configureContainer(container, {
            dependencies: { services: { early: 1 }, factories: { Foo: 'not a factory' } },
          }),
        ).toThrow(
          'dependencies.factories.Foo must be a function, a class with a create() method or an object ' +
            'with a create() method; got string.',
        );
        expect(container.has('early')).toBe(false);
        expect(container.has('config')).toBe(false);
      });
    });
  });
}

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
