import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { START_SCRIPT } from './docs-page';

/** A file the docs page loads: its media type and where its bytes come from. */
interface DocsAsset {
  readonly type: string;
  /** A file of the pinned `swagger-ui-dist` package, or the text itself. */
  readonly source: { readonly file: string } | { readonly text: string };
}

/**
 * Every file the docs path serves, by name: a fixed list, so no request names a file of its own
 * choosing (a name not listed here is never looked up on disk).
 */
const ASSETS: ReadonlyMap<string, DocsAsset> = new Map([
  ['swagger-ui.css', { type: 'text/css; charset=utf-8', source: { file: 'swagger-ui-dist/swagger-ui.css' } }],
  [
    'swagger-ui-bundle.js',
    { type: 'text/javascript; charset=utf-8', source: { file: 'swagger-ui-dist/swagger-ui-bundle.js' } },
  ],
  ['start.js', { type: 'text/javascript; charset=utf-8', source: { text: START_SCRIPT } }],
]);

// createRequire, not the module's own `require`: the ES module build has none (`__filename` it maps).
const requireFromHere = createRequire(__filename);
const loaded = new Map<string, Promise<Uint8Array | string>>();

/** The docs asset called `name`, read once and kept; undefined for any name not on the list. */
export function docsAsset(
  name: string,
): { readonly type: string; readonly body: Promise<Uint8Array | string> } | undefined {
  const asset = ASSETS.get(name);
  if (asset === undefined) return undefined;
  let body = loaded.get(name);
  if (body === undefined) {
    const source = asset.source;
    body = 'text' in source ? Promise.resolve(source.text) : readFile(requireFromHere.resolve(source.file));
    body.catch(() => loaded.delete(name)); // a failed read is tried again next time
    loaded.set(name, body);
  }
  return { type: asset.type, body };
}
