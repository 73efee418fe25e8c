import { ClientError } from './errors';

const PLACEHOLDER = /\{([^{}]*)\}/g;
/** Values that, even encoded, would make the path mean another path. */
const PATH_CHANGING = new Set(['', '.', '..']);
/** A UTF-16 surrogate without its pair: `encodeURIComponent` throws on it. */
export const LONE_SURROGATE = /\p{Cs}/u;

/** One param's value as a path segment: percent-encoded, refused when it would change the path. */
function segmentOf(path: string, name: string, value: unknown): string {
  const valid = typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
  if (!valid) {
    throw new ClientError(
      'FRAMEWORK_ERR_CLIENT_INVALID_PARAM',
      `${path}: param "${name}" must be a string or a finite number, got ${value === null ? 'null' : typeof value}.`,
    );
  }
  const text = String(value);
  if (LONE_SURROGATE.test(text)) {
    throw new ClientError(
      'FRAMEWORK_ERR_CLIENT_INVALID_PARAM',
      `${path}: param "${name}" is not well-formed Unicode (a lone surrogate); it cannot be percent-encoded.`,
    );
  }
  if (PATH_CHANGING.has(text)) {
    throw new ClientError(
      'FRAMEWORK_ERR_CLIENT_INVALID_PARAM',
      `${path}: param "${name}" may not be ${JSON.stringify(text)}; it would change the path.`,
    );
  }
  return encodeURIComponent(text);
}

/**
 * The path `template` names with each `{name}` replaced by its param, percent-encoded so that a value
 * never adds a segment (`/`), a query (`?`) or a fragment (`#`). A missing or unknown param is refused.
 */
export function fillPath(template: string, params: Readonly<Record<string, unknown>> | undefined): string {
  const given = params ?? {};
  const used = new Set<string>();
  const path = template.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(given, name)) {
      throw new ClientError('FRAMEWORK_ERR_CLIENT_INVALID_PARAM', `${template}: param "${name}" is missing.`);
    }
    used.add(name);
    return segmentOf(template, name, given[name]);
  });
  const unknown = Object.keys(given).filter((name) => !used.has(name));
  if (unknown.length > 0) {
    throw new ClientError(
      'FRAMEWORK_ERR_CLIENT_INVALID_PARAM',
      `${template}: param "${unknown[0]}" is not in the path.`,
    );
  }
  return path;
}
