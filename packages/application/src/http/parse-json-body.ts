import { ApplicationError } from '../errors/application-error';
import { nestsDeeperThan } from './json-depth';

/** A key that could spell `__proto__` or `constructor`, written plainly or with `\u` escapes. */
const SUSPECT_KEY = /__proto__|constructor|\\u/;
const BYTE_ORDER_MARK = 0xfeff;

/**
 * Parses a JSON body, rejecting prototype-poisoning keys; malformed input is a 400 error, arrays and
 * objects nested deeper than `maxDepth` a 413 error (checked before parsing).
 */
export function parseJsonBody(text: string, maxDepth: number): unknown {
  if (nestsDeeperThan(text, maxDepth)) throw tooDeep(maxDepth);
  try {
    return parsePoisonFree(text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text);
  } catch (error) {
    throw new ApplicationError(
      'FRAMEWORK_ERR_BODY_INVALID_JSON',
      `The request body is not valid JSON (${(error as Error).message}).`,
      { cause: error },
    );
  }
}

/**
 * `JSON.parse`, then a `SyntaxError` when an object has an own `__proto__` key or a `constructor`
 * object with its own `prototype` key (what would poison a prototype once merged into another
 * object). The walk runs only when the text could spell such a key.
 */
function parsePoisonFree(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || !SUSPECT_KEY.test(text)) return value;
  const pending: object[] = [value];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (Object.hasOwn(node, '__proto__') || isPrototypeHolder(node)) {
      throw new SyntaxError('Object contains forbidden prototype property');
    }
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') pending.push(child);
    }
  }
  return value;
}

function isPrototypeHolder(node: object): boolean {
  if (!Object.hasOwn(node, 'constructor')) return false;
  const constructor: unknown = (node as { constructor: unknown }).constructor;
  return constructor !== null && typeof constructor === 'object' && Object.hasOwn(constructor, 'prototype');
}

function tooDeep(maxDepth: number): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_BODY_TOO_DEEP',
    `The JSON body nests deeper than ${maxDepth} levels. Send a flatter document, or raise request.json({ maxDepth }).`,
  );
}
