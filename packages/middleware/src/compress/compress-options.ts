import { constants, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { invalidOption } from '../errors';
import { checkOptions } from '../shared/check-options';

/** The encodings `compress()` can produce. */
export type CompressionEncoding = 'br' | 'gzip';

/** Options of `compress()`. */
export interface CompressOptions {
  /** Bodies smaller than this many bytes are sent as they are (default 1024). */
  readonly threshold?: number;
  /** Encodings offered, preferred first (default `['br', 'gzip']`). */
  readonly encodings?: readonly CompressionEncoding[];
  /** Options of the gzip stream (default level 6). */
  readonly gzip?: ZlibOptions;
  /** Options of the brotli stream (default quality 4: the level that suits responses made per request). */
  readonly brotli?: BrotliOptions;
  /** Decides which content types are compressed (default: those mime-db marks compressible). */
  readonly filter?: (contentType: string) => boolean;
}

export interface CompressSettings {
  readonly threshold: number;
  readonly encodings: readonly CompressionEncoding[];
  readonly gzip: ZlibOptions;
  readonly brotli: BrotliOptions;
  readonly filter: ((contentType: string) => boolean) | undefined;
}

const BROTLI_DEFAULTS: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

const OPTIONS = ['threshold', 'encodings', 'gzip', 'brotli', 'filter'];

export function compressSettings(given?: CompressOptions): CompressSettings {
  const options = checkOptions('compress', given, OPTIONS) as CompressOptions;
  if (options.filter !== undefined && typeof options.filter !== 'function')
    throw invalidOption('compress', 'filter', 'must be a function (contentType) => boolean.');
  const threshold = options.threshold ?? 1024;
  if (!Number.isInteger(threshold) || threshold < 0) {
    throw invalidOption(
      'compress',
      'threshold',
      `must be a whole number of bytes, got ${String(threshold)}.`,
    );
  }
  const encodings = options.encodings ?? ['br', 'gzip'];
  if (!Array.isArray(encodings))
    throw invalidOption('compress', 'encodings', "must be a list of 'br' and/or 'gzip'.");
  for (const encoding of encodings) {
    if (encoding !== 'br' && encoding !== 'gzip') {
      throw invalidOption(
        'compress',
        'encodings',
        `holds ${JSON.stringify(encoding)}; use 'br' and/or 'gzip'.`,
      );
    }
  }
  return {
    threshold,
    encodings,
    gzip: options.gzip ?? {},
    brotli: {
      ...BROTLI_DEFAULTS,
      ...options.brotli,
      params: { ...BROTLI_DEFAULTS.params, ...options.brotli?.params },
    },
    filter: options.filter,
  };
}
