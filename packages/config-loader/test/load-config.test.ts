import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, MAX_CONFIG_DEPTH } from '@framework/application';
import { clearConfigCache, loadConfig } from '../src';
import { removeTemporaryProjects, temporaryProject, writeFiles } from './temporary-project';

afterEach(removeTemporaryProjects);

const json = (value: unknown): string => JSON.stringify(value);

async function loadError(root: string, options?: Parameters<typeof loadConfig>[1]): Promise<ConfigError> {
  try {
    await loadConfig(root, options);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig: discovery and order', () => {
  it('merges global files, then local files, each group in file-name order', async () => {
    const root = temporaryProject({
      'config/autoload/local.json': json({ order: ['local'] }),
      'config/autoload/b.local.json': json({ order: ['b.local'] }),
      'config/autoload/z.global.json': json({ order: ['z.global'] }),
      'config/autoload/global.json': json({ order: ['global'] }),
      'config/autoload/a.global.json': json({ order: ['a.global'] }),
      'config/autoload/a.local.json': json({ order: ['a.local'] }),
    });
    expect(await loadConfig(root)).toEqual({
      order: ['a.global', 'global', 'z.global', 'a.local', 'b.local', 'local'],
    });
  });

  it('lets local values win over global ones', async () => {
    const root = temporaryProject({
      'config/autoload/app.global.json': json({ debug: false, db: { host: 'prod', port: 5432 } }),
      'config/autoload/app.local.json': json({ debug: true, db: { host: 'localhost' } }),
    });
    expect(await loadConfig(root)).toEqual({ debug: true, db: { host: 'localhost', port: 5432 } });
  });

  it('ignores files and folders that do not match the pattern', async () => {
    const root = temporaryProject({
      'config/autoload/global.json': json({ read: ['global'] }),
      'config/autoload/settings.json': json({ read: ['settings'] }),
      'config/autoload/global.yaml': 'read: [yaml]',
      'config/autoload/global.json.dist': json({ read: ['dist'] }),
      'config/autoload/globalx.json': json({ read: ['globalx'] }),
      'config/autoload/sub/app.global.json': json({ read: ['sub'] }),
      'config/app.global.json': json({ read: ['outside'] }),
    });
    expect(await loadConfig(root)).toEqual({ read: ['global'] });
  });

  it('returns an empty config when config/autoload does not exist', async () => {
    expect(await loadConfig(temporaryProject({}))).toEqual({});
  });

  it('reads another folder when autoloadPath says so', async () => {
    const root = temporaryProject({ 'settings/global.json': json({ from: 'settings' }) });
    expect(await loadConfig(root, { autoloadPath: 'settings' })).toEqual({ from: 'settings' });
  });

  it('merges middleware_pipeline entries with the same key across files, appending their middleware', async () => {
    const root = temporaryProject({
      'config/autoload/pipeline.global.json': json({
        middleware_pipeline: { always: { middleware: ['ErrorHandler'], priority: 10000 } },
      }),
      'config/autoload/pipeline.local.json': json({
        middleware_pipeline: {
          always: { middleware: ['Whoops'] },
          api: { path: '/api', middleware: ['Cors'] },
        },
      }),
    });
    expect(await loadConfig(root)).toEqual({
      middleware_pipeline: {
        always: { middleware: ['ErrorHandler', 'Whoops'], priority: 10000 },
        api: { path: '/api', middleware: ['Cors'] },
      },
    });
  });
});

describe('loadConfig: file formats', () => {
  it('loads .json, .js and .cjs files', async () => {
    const root = temporaryProject({
      'config/autoload/a.global.json': json({ formats: ['json'] }),
      'config/autoload/b.global.js': "module.exports = { formats: ['js'] };",
      'config/autoload/c.global.cjs': "module.exports = { formats: ['cjs'] };",
    });
    expect(await loadConfig(root)).toEqual({ formats: ['json', 'js', 'cjs'] });
  });

  it('takes the config from a "config" export, a default export, module.exports or a function', async () => {
    const root = temporaryProject({
      'config/autoload/a.global.js': "exports.config = { from: ['config export'] }; exports.other = 1;",
      'config/autoload/b.global.js':
        "exports.__esModule = true; exports.default = { from: ['default export'] };",
      'config/autoload/c.global.js': "module.exports = { from: ['module.exports'] };",
      'config/autoload/d.global.js': "module.exports = () => ({ from: ['function'] });",
      'config/autoload/e.global.js': "exports.default = async () => ({ from: ['async function'] });",
    });
    expect(await loadConfig(root)).toEqual({
      from: ['config export', 'default export', 'module.exports', 'function', 'async function'],
    });
  });

  it('drops __proto__ keys of JSON files: nothing is polluted', async () => {
    const root = temporaryProject({
      'config/autoload/global.json':
        '{"__proto__": {"polluted": "yes"}, "nested": {"__proto__": {"polluted": "yes"}, "ok": 1}, ' +
        '"constructor": {"prototype": {"polluted": "yes"}}}',
    });
    const config = await loadConfig(root);
    expect(config).toEqual({ nested: { ok: 1 } });
    expect(Object.keys(config)).toEqual(['nested']);
    expect(Object.getPrototypeOf(config)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect((config['nested'] as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('loadConfig: errors name the file', () => {
  it('a JSON file that does not parse', async () => {
    const root = temporaryProject({ 'config/autoload/broken.global.json': '{"debug": tru' });
    const error = await loadError(root);
    expect(error.code).toBe('FRAMEWORK_ERR_CONFIG_LOAD_FAILED');
    expect(error.message).toMatch(/^Cannot load config file "config\/autoload\/broken\.global\.json": /);
    expect(error.file).toBe(join(root, 'config/autoload/broken.global.json'));
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('a module that throws', async () => {
    const root = temporaryProject({
      'config/autoload/broken.local.js': "throw new Error('no database url');",
    });
    const error = await loadError(root);
    expect(error.message).toBe('Cannot load config file "config/autoload/broken.local.js": no database url');
    expect(error.code).toBe('FRAMEWORK_ERR_CONFIG_LOAD_FAILED');
  });

  it('a config function that rejects', async () => {
    const root = temporaryProject({
      'config/autoload/async.global.js': "module.exports = async () => { throw new Error('vault down'); };",
    });
    expect((await loadError(root)).message).toBe(
      'Cannot load config file "config/autoload/async.global.js": vault down',
    );
  });

  it.each([
    ['an array', '[1, 2]', 'array'],
    ['a string', '"debug"', 'string'],
    ['null', 'null', 'null'],
  ])('a JSON file holding %s', async (_what, content, got) => {
    const root = temporaryProject({ 'config/autoload/global.json': content });
    const error = await loadError(root);
    expect(error.code).toBe('FRAMEWORK_ERR_CONFIG_INVALID_EXPORT');
    expect(error.message).toBe(
      'Config file "config/autoload/global.json" must export a plain object (as "config", as the default ' +
        `export or as module.exports) or a function returning one; got ${got}.`,
    );
  });

  it('a module exporting a class instance', async () => {
    const root = temporaryProject({ 'config/autoload/global.js': 'module.exports = new Map();' });
    expect((await loadError(root)).message).toBe(
      'Config file "config/autoload/global.js" must export a plain object (as "config", as the default ' +
        'export or as module.exports) or a function returning one; got object.',
    );
  });
});

describe('loadConfig: cache', () => {
  const cacheFile = 'data/cache/config-cache.json';

  it('writes no cache unless config_cache_enabled is true', async () => {
    const root = temporaryProject({
      'config/autoload/global.json': json({ config_cache_enabled: false, a: 1 }),
    });
    expect(await loadConfig(root)).toEqual({ config_cache_enabled: false, a: 1 });
    expect(existsSync(join(root, cacheFile))).toBe(false);
  });

  it('writes the merged config when config_cache_enabled is true and reads it instead of the files next time', async () => {
    const root = temporaryProject({
      'config/autoload/global.json': json({ config_cache_enabled: true, list: ['global'] }),
      'config/autoload/local.json': json({ list: ['local'] }),
    });
    const first = await loadConfig(root);
    expect(first).toEqual({ config_cache_enabled: true, list: ['global', 'local'] });
    expect(JSON.parse(readFileSync(join(root, cacheFile), 'utf8'))).toEqual(first);

    writeFiles(root, { 'config/autoload/local.json': json({ list: ['changed'] }) });
    expect(await loadConfig(root)).toEqual(first);

    await clearConfigCache(root);
    expect(existsSync(join(root, cacheFile))).toBe(false);
    expect(await loadConfig(root)).toEqual({ config_cache_enabled: true, list: ['global', 'changed'] });
  });

  it('uses cachePath, and cachePath null turns the cache off entirely', async () => {
    const root = temporaryProject({ 'config/autoload/global.json': json({ config_cache_enabled: true }) });
    await loadConfig(root, { cachePath: 'var/config.json' });
    expect(existsSync(join(root, 'var/config.json'))).toBe(true);
    expect(existsSync(join(root, cacheFile))).toBe(false);

    writeFiles(root, { [cacheFile]: json({ stale: true }) });
    expect(await loadConfig(root, { cachePath: null })).toEqual({ config_cache_enabled: true });
    expect(await loadConfig(root)).toEqual({ stale: true });
  });

  it('names a cache file that is not a JSON object', async () => {
    const root = temporaryProject({ [cacheFile]: '{oops' });
    const error = await loadError(root);
    expect(error.code).toBe('FRAMEWORK_ERR_CONFIG_CACHE_READ_FAILED');
    expect(error.message).toMatch(
      /^Cannot read the config cache "data\/cache\/config-cache\.json": .+\. Delete the file to rebuild it\.$/,
    );
    writeFiles(root, { [cacheFile]: '[]' });
    expect((await loadError(root)).message).toBe(
      'Cannot read the config cache "data/cache/config-cache.json": got array. Delete the file to rebuild it.',
    );
  });

  it('refuses to cache values JSON cannot hold, naming the key', async () => {
    const root = temporaryProject({
      'config/autoload/global.js':
        'class Clock {}\nmodule.exports = { config_cache_enabled: true, dependencies: { invokables: { clock: Clock } } };',
    });
    const error = await loadError(root);
    expect(error.code).toBe('FRAMEWORK_ERR_CONFIG_NOT_CACHEABLE');
    expect(error.message).toBe(
      'Cannot cache the config: "dependencies.invokables.clock" is class Clock, and the cache holds JSON ' +
        'values only. Register it in code instead, or set config_cache_enabled to false.',
    );
    expect(existsSync(join(root, cacheFile))).toBe(false);
  });

  it('names non-finite numbers and holes in lists', async () => {
    const nan = temporaryProject({
      'config/autoload/global.js': 'module.exports = { config_cache_enabled: true, limits: { max: NaN } };',
    });
    expect((await loadError(nan)).message).toMatch(/^Cannot cache the config: "limits.max" is NaN, /);
    const hole = temporaryProject({
      'config/autoload/global.js': 'module.exports = { config_cache_enabled: true, list: [1, undefined] };',
    });
    expect((await loadError(hole)).message).toMatch(/^Cannot cache the config: "list\[1\]" is undefined, /);
  });
});

describe('loadConfig: limits', () => {
  it('names the file and the key path of a config nested 2000 levels deep', async () => {
    const root = temporaryProject({
      'config/autoload/a.global.json': `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
    });
    const error = await loadError(root, { cachePath: null });
    expect(error.code).toBe('FRAMEWORK_ERR_CONFIG_INVALID_VALUE');
    expect(error.file).toBe(join(root, 'config/autoload/a.global.json'));
    expect(error.message).toBe(
      `config/autoload/a.global.json: key "${Array.from({ length: MAX_CONFIG_DEPTH + 1 }, () => 'a').join('.')}" ` +
        `nests deeper than ${MAX_CONFIG_DEPTH} levels.`,
    );
  });

  it('appends lists of 150 000 items from two files', async () => {
    const items = json({ list: Array.from({ length: 150_000 }, (_, index) => index) });
    const root = temporaryProject({
      'config/autoload/a.global.json': items,
      'config/autoload/b.global.json': items,
    });
    const config = await loadConfig(root, { cachePath: null });
    expect(config['list']).toHaveLength(300_000);
  });
});
