import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { pathToFileURL } from 'node:url';

const requireModule = createRequire(__filename);

/**
 * Whether `.ts` files can be loaded: a require hook is registered for them (tsx, ts-node, ...) or Node
 * strips types itself (`process.features.typescript`, Node 22.10+).
 */
export function hasTypeScriptLoader(): boolean {
  const features = process.features as { typescript?: unknown };
  return Boolean(features.typescript) || Object.hasOwn(requireModule.extensions ?? {}, '.ts');
}

/**
 * Loads a JavaScript or TypeScript module. `.mjs` is imported; everything else is required afresh
 * (the require cache entry is dropped first, so an edited file is read again), falling back to
 * `import()` for ES modules `require` cannot load (top-level await, older Node).
 */
export async function importConfigModule(file: string): Promise<unknown> {
  if (extname(file) === '.mjs') return import(pathToFileURL(file).href);
  try {
    const resolved = requireModule.resolve(file);
    delete requireModule.cache[resolved];
    return requireModule(resolved) as unknown;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_REQUIRE_ESM' || code === 'ERR_REQUIRE_ASYNC_MODULE') {
      return import(pathToFileURL(file).href);
    }
    throw error;
  }
}
