import { describe, expect, it } from '@jest/globals';
import { ConfigError, MAX_CONFIG_DEPTH, MAX_CONFIG_LIST_LENGTH, mergeConfig } from '../../src/config/index';

describe('mergeConfig', () => {
  it('merges keyed entries recursively and lets later scalars win', () => {
    expect(
      mergeConfig(
        { db: { host: 'localhost', port: 5432, options: { ssl: false } }, debug: false, name: 'app' },
        { db: { host: 'db.internal', options: { timeout: 5 } }, debug: true },
      ),
    ).toEqual({
      db: { host: 'db.internal', port: 5432, options: { ssl: false, timeout: 5 } },
      debug: true,
      name: 'app',
    });
  });

  it('appends list entries in argument order', () => {
    expect(mergeConfig({ routes: [1, 2] }, { routes: [3] }, { routes: [] }, { routes: [4] })).toEqual({
      routes: [1, 2, 3, 4],
    });
  });

  it('merges middleware_pipeline entries with the same key and appends their middleware lists (spec 2.4)', () => {
    const global = {
      middleware_pipeline: {
        always: { middleware: ['ErrorHandler', 'ServerUrl'], priority: 10000 },
        routing: { middleware: ['Routing', 'Dispatch'], priority: 1 },
      },
    };
    const local = {
      middleware_pipeline: {
        always: { middleware: ['Whoops'] },
        api: { path: '/api', middleware: ['Cors'] },
      },
    };
    expect(mergeConfig(global, local)).toEqual({
      middleware_pipeline: {
        always: { middleware: ['ErrorHandler', 'ServerUrl', 'Whoops'], priority: 10000 },
        routing: { middleware: ['Routing', 'Dispatch'], priority: 1 },
        api: { path: '/api', middleware: ['Cors'] },
      },
    });
  });

  it('lets the later value win when an object meets a list or a scalar', () => {
    expect(
      mergeConfig({ a: { x: 1 }, b: [1], c: 1, d: { x: 1 } }, { a: [2], b: { y: 2 }, c: { z: 3 }, d: null }),
    ).toEqual({ a: [2], b: { y: 2 }, c: { z: 3 }, d: null });
  });

  it('never merges __proto__, constructor or prototype keys and pollutes nothing', () => {
    const poisoned = JSON.parse(
      '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, ' +
        '"nested": {"__proto__": {"polluted": "yes"}, "prototype": 1, "kept": true}}',
    ) as Record<string, unknown>;
    const result = mergeConfig({ nested: { before: true } }, poisoned);
    expect(result).toEqual({ nested: { before: true, kept: true } });
    expect(Object.keys(result)).toEqual(['nested']);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(result['nested'])).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect((result as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('builds new plain objects and arrays: changing the result never changes an input', () => {
    const first = { list: [{ a: 1 }], map: { b: { c: 1 } } };
    const second = Object.assign(Object.create(null) as object, { map: { d: 2 } });
    const result = mergeConfig(first, second) as { list: Array<{ a: number }>; map: Record<string, unknown> };
    result.list[0]!.a = 99;
    result.list.push({ a: 2 });
    result.map['e'] = 3;
    expect(first).toEqual({ list: [{ a: 1 }], map: { b: { c: 1 } } });
    expect(result.list).not.toBe(first.list);
    expect(Object.getPrototypeOf(result.map)).toBe(Object.prototype);
  });

  it('keeps functions, classes and class instances as they are', () => {
    class Handler {}
    const instance = new Handler();
    const factory = () => 1;
    const result = mergeConfig({ deps: { factory, Handler, instance } });
    expect(result).toEqual({ deps: { factory, Handler, instance } });
    expect((result['deps'] as { instance: unknown }).instance).toBe(instance);
  });

  it('returns an empty object without arguments and skips null and undefined', () => {
    expect(mergeConfig()).toEqual({});
    expect(mergeConfig(null, { a: 1 }, undefined)).toEqual({ a: 1 });
  });

  it('rejects an argument that is not a plain object', () => {
    expect(() => mergeConfig({}, [1] as never)).toThrow(
      new ConfigError(
        'FRAMEWORK_ERR_CONFIG_INVALID_VALUE',
        'mergeConfig() argument 2 must be a plain object; got array.',
      ),
    );
    expect(() => mergeConfig('x' as never)).toThrow(
      'mergeConfig() argument 1 must be a plain object; got string.',
    );
  });

  it('rejects a config that refers to itself, naming the key', () => {
    const config: Record<string, unknown> = { a: { b: {} } };
    (config['a'] as { b: Record<string, unknown> }).b['c'] = config['a'];
    expect(() => mergeConfig(config)).toThrow(
      'mergeConfig() argument 1: key "a.b.c" refers to itself; a config must be a tree of plain objects and arrays.',
    );
    const list: unknown[] = [];
    list.push(list);
    expect(() => mergeConfig({ list: [1] }, { list })).toThrow(
      'mergeConfig() argument 2: key "list[1]" refers to itself; a config must be a tree of plain objects and arrays.',
    );
  });

  it('accepts the same object twice when it is not its own ancestor', () => {
    const shared = { x: 1 };
    expect(mergeConfig({ a: shared, b: shared, c: [shared, shared] })).toEqual({
      a: { x: 1 },
      b: { x: 1 },
      c: [{ x: 1 }, { x: 1 }],
    });
  });

  describe('limits', () => {
    /** `{ k: { k: ... { k: leaf } } }` with `levels` nested objects below the root. */
    function nested(levels: number, leaf: unknown = 1): Record<string, unknown> {
      let value: unknown = leaf;
      for (let level = 0; level < levels; level += 1) value = { k: value };
      return value as Record<string, unknown>;
    }

    it(`accepts ${MAX_CONFIG_DEPTH} levels of nesting`, () => {
      expect(mergeConfig(nested(MAX_CONFIG_DEPTH), nested(MAX_CONFIG_DEPTH, 2))).toEqual(
        nested(MAX_CONFIG_DEPTH, 2),
      );
    });

    it('rejects a config nested 2000 levels deep with a ConfigError naming the key path', () => {
      const keyPath = Array.from({ length: MAX_CONFIG_DEPTH + 1 }, () => 'k').join('.');
      const expected = new ConfigError(
        'FRAMEWORK_ERR_CONFIG_INVALID_VALUE',
        `mergeConfig() argument 2: key "${keyPath}" nests deeper than ${MAX_CONFIG_DEPTH} levels.`,
      );
      expect(() => mergeConfig({}, nested(2000))).toThrow(expected);
      expect(() => mergeConfig({ k: {} }, nested(2000))).toThrow(expected);
    });

    it('counts lists as levels of nesting', () => {
      let value: unknown = 1;
      for (let level = 0; level < 2000; level += 1) value = [value];
      expect(() => mergeConfig({ list: value })).toThrow(
        `mergeConfig() argument 1: key "list${'[0]'.repeat(MAX_CONFIG_DEPTH)}" nests deeper than ` +
          `${MAX_CONFIG_DEPTH} levels.`,
      );
    });

    it('appends lists of 150 000 items', () => {
      const first = Array.from({ length: 150_000 }, (_, index) => index);
      const second = Array.from({ length: 150_000 }, (_, index) => -index);
      const merged = mergeConfig({ list: first }, { list: second });
      expect(merged['list']).toHaveLength(300_000);
      expect((merged['list'] as number[])[150_001]).toBe(-1);
    });

    it(`rejects a merged list longer than ${MAX_CONFIG_LIST_LENGTH} items, naming the key`, () => {
      const half = new Array<number>(MAX_CONFIG_LIST_LENGTH / 2 + 1).fill(0);
      expect(() => mergeConfig({ a: { list: half } }, { a: { list: half } })).toThrow(
        new ConfigError(
          'FRAMEWORK_ERR_CONFIG_INVALID_VALUE',
          `mergeConfig() argument 2: key "a.list" holds a list of ${MAX_CONFIG_LIST_LENGTH + 2} items, ` +
            `more than ${MAX_CONFIG_LIST_LENGTH}.`,
        ),
      );
    });
  });
});
