import { describe, expect, it } from '@jest/globals';
import { configureContainer, InvalidContainerConfigError, SimpleContainer } from '../../src/container/index';

function configure(config: unknown): SimpleContainer {
  return configureContainer(new SimpleContainer(), config as object);
}

function errorOf(config: unknown): InvalidContainerConfigError {
  try {
    configure(config);
  } catch (error) {
    if (error instanceof InvalidContainerConfigError) return error;
    throw error;
  }
  throw new Error('expected an InvalidContainerConfigError');
}

describe('configureContainer', () => {
  it('accepts a config without a dependencies section and still registers "config"', () => {
    const container = configure({ routes: [] });
    expect(container.get('config')).toEqual({ routes: [] });
    expect(configureContainer(new SimpleContainer()).get('config')).toEqual({});
  });

  it('accepts empty and undefined sections', () => {
    const container = configure({ dependencies: { factories: {}, services: undefined } });
    expect(container.has('factories')).toBe(false);
  });

  it('lets services win over aliases, aliases over factories, factories over invokables', () => {
    class Thing {}
    const container = configure({
      dependencies: {
        invokables: { a: Thing, b: Thing, c: Thing },
        factories: { b: () => 'factory', c: () => 'factory', d: () => 'factory' },
        aliases: { c: 'd', e: 'd' },
        services: { d: 'service', e: 'service' },
      },
    });
    expect(container.get('a')).toBeInstanceOf(Thing);
    expect(container.get('b')).toBe('factory');
    expect(container.get('c')).toBe('service');
    expect(container.get('e')).toBe('service');
  });

  it('resolves an alias whose target is registered later, and names the target when it is missing', () => {
    const container = configure({
      dependencies: { aliases: { router: 'Framework\\Router\\RouterInterface' } },
    });
    expect(() => container.get('router')).toThrow(
      'Service "Framework\\Router\\RouterInterface" is not registered in the container; register it with ' +
        'setService() or setFactory(), or in the "dependencies" section of the config.',
    );
    container.setService('Framework\\Router\\RouterInterface', 'the router');
    expect(container.get('router')).toBe('the router');
  });

  it('uses own keys only: ids named like Object.prototype members are plain ids', () => {
    const services = Object.create(null) as Record<string, unknown>;
    services['__proto__'] = 'proto';
    services['constructor'] = 'ctor';
    const container = configure({ dependencies: { services } });
    expect(container.get('__proto__')).toBe('proto');
    expect(container.get('constructor')).toBe('ctor');
    expect(({} as Record<string, unknown>)['proto']).toBeUndefined();
    expect(container.has('toString')).toBe(false);
  });

  it.each([
    ['config', 'a string', 'config must be an object; got string.'],
    ['config', ['list'], 'config must be an object; got array.'],
    ['dependencies', { dependencies: 'x' }, 'dependencies must be an object; got string.'],
    ['dependencies', { dependencies: null }, 'dependencies must be an object; got null.'],
    [
      'dependencies.shared',
      { dependencies: { shared: {} } },
      'dependencies.shared is not supported; use invokables, factories, aliases, services.',
    ],
    [
      'dependencies.factories',
      { dependencies: { factories: [] } },
      'dependencies.factories must be an object; got array.',
    ],
    [
      'dependencies.invokables.Foo',
      { dependencies: { invokables: { Foo: 'Foo' } } },
      'dependencies.invokables.Foo must be a class; got string.',
    ],
    [
      'dependencies.invokables.Foo',
      { dependencies: { invokables: { Foo: () => ({}) } } },
      'dependencies.invokables.Foo must be a class; got function Foo.',
    ],
    [
      'dependencies.factories.Foo',
      { dependencies: { factories: { Foo: 42 } } },
      'dependencies.factories.Foo must be a function, a class with a create() method or an object with a ' +
        'create() method; got number.',
    ],
    [
      'dependencies.factories.Foo',
      { dependencies: { factories: { Foo: class Foo {} } } },
      'dependencies.factories.Foo must be a function, a class with a create() method or an object with a ' +
        'create() method; got class Foo.',
    ],
    [
      'dependencies.aliases.Foo',
      { dependencies: { aliases: { Foo: '' } } },
      'dependencies.aliases.Foo must be a service id (a non-empty string); got string.',
    ],
    [
      'dependencies.aliases.Foo',
      { dependencies: { aliases: { Foo: 1 } } },
      'dependencies.aliases.Foo must be a service id (a non-empty string); got number.',
    ],
    [
      'dependencies.aliases.a',
      { dependencies: { aliases: { a: 'b', b: 'c', c: 'a' } } },
      'dependencies.aliases.a forms a cycle: a -> b -> c -> a.',
    ],
    [
      'dependencies.aliases.self',
      { dependencies: { aliases: { self: 'self' } } },
      'dependencies.aliases.self forms a cycle: self -> self.',
    ],
  ])('rejects %s: %j', (key, config, message) => {
    const error = errorOf(config);
    expect(error.message).toBe(message);
    expect(error.key).toBe(key);
    expect(error.code).toBe('FRAMEWORK_ERR_CONTAINER_INVALID_CONFIG');
    expect(error.name).toBe('InvalidContainerConfigError');
  });
});
