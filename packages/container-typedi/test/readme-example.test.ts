import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { container, fromConfig } from './readme-example';

describe('the README example', () => {
  test('is test/readme-example.ts, importing the package by its name', () => {
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    const sample = readFileSync(join(__dirname, 'readme-example.ts'), 'utf8');
    expect(/```ts\n([\s\S]*?)```/.exec(readme)?.[1]).toBe(
      sample.replace("from '../src'", "from '@framework/container-typedi'"),
    );
  });

  test('answers as its comments say', () => {
    expect((container.get('greeter') as { greet(): string }).greet()).toBe('hello');
    expect(fromConfig.get('clock')).toBe(fromConfig.get('App\\Clock'));
    expect(fromConfig.get('answer')).toBe(42);
    expect(fromConfig.get<{ since: Date }>('uptime').since).toBeInstanceOf(Date);
    expect(fromConfig.get<{ dependencies: unknown }>('config').dependencies).toBeDefined();
  });
});
