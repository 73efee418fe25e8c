import {
  type AnyResponse,
  HtmlResponse,
  JsonResponse,
  LightResponse,
  type MaybePromise,
  type RequestHandler,
  type ServerMiddleware,
  type ServerRequest,
} from '@framework/application';
import { invalidOption } from '../errors';
import {
  checkDocumentOptions,
  type DescribedApplication,
  openApiDocument,
  type OpenApiDocumentOptions,
} from '../document/open-api-document';
import type { OpenApiDocument } from '../document/open-api-types';
import { docsAsset } from './docs-assets';
import { docsPage } from './docs-page';

/** Options of `openApi()`: the document's, and where it and the docs page are served. */
export interface OpenApiMiddlewareOptions extends OpenApiDocumentOptions {
  /** The document's path (default `/openapi.json`); `false` serves neither it nor the docs page. */
  readonly path?: string | false;
  /** The docs page's path (default `/docs`), its files below it; `false` serves no page. */
  readonly docs?: string | false;
}

const KEYS = ['info', 'servers', 'path', 'docs'];

/**
 * Serves the application's OpenAPI document (built on the first request, from the routes registered
 * by then) and a Swagger UI docs page whose files come from this package, a fixed list of them. Other
 * requests, and methods other than GET and HEAD, go on down the pipe.
 */
export class OpenApiMiddleware implements ServerMiddleware {
  private readonly path: string | false;
  private readonly docs: string | false;
  private document: OpenApiDocument | { readonly failure: unknown } | undefined;

  constructor(
    private readonly app: DescribedApplication,
    private readonly options: OpenApiMiddlewareOptions,
  ) {
    for (const key of Object.keys(options ?? {})) {
      if (!KEYS.includes(key)) throw invalidOption('openApi()', key, `is unknown; use ${KEYS.join(', ')}.`);
    }
    this.path = pathOption('path', options.path, '/openapi.json');
    this.docs = pathOption('docs', options.docs, '/docs');
    if (this.path === false && options.docs !== undefined && options.docs !== false) {
      throw invalidOption('openApi()', 'docs', 'needs the document: path is false.');
    }
    if (this.path === false) this.docs = false;
    checkDocumentOptions({
      info: options.info,
      ...(options.servers === undefined ? {} : { servers: options.servers }),
    });
  }

  process(request: ServerRequest, handler: RequestHandler): MaybePromise<AnyResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return handler.handle(request);
    const path = request.path;
    if (path === this.path) return new JsonResponse(this.documentOnce());
    if (this.docs === false || this.path === false) return handler.handle(request);
    if (path === this.docs) {
      const base = request.basePath;
      return new HtmlResponse(docsPage(this.options.info.title, base + this.docs, base + this.path));
    }
    if (path.startsWith(`${this.docs}/`)) {
      const asset = docsAsset(path.slice(this.docs.length + 1));
      if (asset !== undefined) return this.serve(asset.type, asset.body);
    }
    return handler.handle(request);
  }

  /** The document, built on the first request; a build that failed fails every later request alike, unbuilt. */
  private documentOnce(): OpenApiDocument {
    this.document ??= this.build();
    if ('failure' in this.document) throw this.document.failure;
    return this.document;
  }

  private build(): OpenApiDocument | { readonly failure: unknown } {
    try {
      return openApiDocument(this.app, {
        info: this.options.info,
        ...(this.options.servers === undefined ? {} : { servers: this.options.servers }),
      });
    } catch (failure) {
      return { failure };
    }
  }

  private async serve(type: string, body: Promise<Uint8Array | string>): Promise<AnyResponse> {
    return new LightResponse(await body, {
      headers: { 'content-type': type, 'cache-control': 'public, max-age=3600' },
    });
  }
}

function pathOption(key: string, value: string | false | undefined, fallback: string): string | false {
  if (value === undefined) return fallback;
  if (value === false) return false;
  if (typeof value !== 'string' || !/^\/[^?#\s]*[^/?#\s]$/.test(value)) {
    throw invalidOption(
      'openApi()',
      key,
      'must be a path such as "/openapi.json" (starting with "/", not ending with one) or false.',
    );
  }
  return value;
}

/**
 * Serves the OpenAPI document of `app` at `/openapi.json` and a docs page at `/docs`; pass
 * `path: false` to serve neither (in production, say), or pipe it behind auth.
 *
 * @example
 * app.pipe(openApi(app, { info: { title: 'Notes', version: '1.0.0' } }));
 */
export function openApi(app: DescribedApplication, options: OpenApiMiddlewareOptions): OpenApiMiddleware {
  return new OpenApiMiddleware(app, options);
}
