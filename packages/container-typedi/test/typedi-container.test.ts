import { describe, expect, it } from '@jest/globals';
import { ServiceNotFoundError } from '@framework/application';
import { Container as GlobalTypediContainer, ContainerInstance } from 'typedi';
import { createContainer, TypediContainer } from '../src/index';

describe('TypediContainer', () => {
  it('gives every container a fresh typedi instance: services are not shared', () => {
    const first = new TypediContainer().setService('id', 'first');
    const second = new TypediContainer();
    expect(second.has('id')).toBe(false);
    expect(first.instance).not.toBe(second.instance);
  });

  it("never falls back to typedi's global container", () => {
    GlobalTypediContainer.set('framework-test-global', 'global value');
    try {
      const container = new TypediContainer();
      expect(container.has('framework-test-global')).toBe(false);
      expect(() => container.get('framework-test-global')).toThrow(ServiceNotFoundError);
    } finally {
      GlobalTypediContainer.remove('framework-test-global');
    }
  });

  it('wraps an existing ContainerInstance and sees what was registered there with typedi', () => {
    const instance = new ContainerInstance('existing');
    instance.set('native', 'from typedi');
    const container = new TypediContainer(instance);
    expect(container.instance).toBe(instance);
    expect(container.get('native')).toBe('from typedi');
    container.setService('ours', 'from us');
    expect(instance.get('ours')).toBe('from us');
  });
});

describe('createContainer', () => {
  it('applies the config dependencies and registers the config as service "config"', () => {
    class Clock {}
    const config = {
      dependencies: {
        invokables: { clock: Clock },
        factories: { now: (c: { get(id: string): unknown }) => ({ clock: c.get('clock') }) },
        services: { answer: 42 },
        aliases: { time: 'clock' },
      },
    };
    const container = createContainer(config);
    expect(container).toBeInstanceOf(TypediContainer);
    expect(container.get('config')).toBe(config);
    expect(container.get('time')).toBe(container.get('clock'));
    expect(container.get('now')).toEqual({ clock: container.get('clock') });
    expect(container.get('answer')).toBe(42);
  });

  it('works without a config and can fill a given ContainerInstance', () => {
    expect(createContainer().get('config')).toEqual({});
    const instance = new ContainerInstance('given');
    createContainer({ debug: true }, instance);
    expect(instance.get('config')).toEqual({ debug: true });
  });
});
