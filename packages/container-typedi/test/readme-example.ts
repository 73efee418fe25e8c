import { createContainer, TypediContainer } from '../src';

class Clock {
  now() {
    return new Date();
  }
}

// In code:
export const container = new TypediContainer()
  .setService('config', { greeting: 'hello' })
  .setFactory('greeter', (c) => ({ greet: () => c.get<{ greeting: string }>('config').greeting }));
// (container.get('greeter') as { greet(): string }).greet() is 'hello'

// From a config (usually the result of `await loadConfig(projectRoot)`):
export const fromConfig = createContainer({
  dependencies: {
    invokables: { 'App\\Clock': Clock },
    factories: { uptime: (c) => ({ since: c.get<Clock>('App\\Clock').now() }) },
    services: { answer: 42 },
    aliases: { clock: 'App\\Clock' },
  },
});
// fromConfig.get('clock') is fromConfig.get('App\\Clock'); fromConfig.get('config') is the config itself
