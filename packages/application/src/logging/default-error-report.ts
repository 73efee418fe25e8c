import { describeThrown, readErrorField } from '../errors/read-error-field';
import type { ServerRequest } from '../http/server-request';
import { escapeControlCharacters } from './escape-control-characters';
import { escapedStackOf } from './escaped-stack';

/**
 * What the error handler writes to stderr for a 5xx when there is neither `onError` nor a logger:
 * `[framework] GET /path failed: Error: message`, then the stack frames. Everything that can hold
 * request input (method, path, the error's text) has its control characters escaped, so the report of
 * one request is never more lines than its stack and never drives the terminal.
 */
export function formatServerErrorReport(error: unknown, request: ServerRequest): string {
  const method = escapeControlCharacters(request.method);
  const path = escapeControlCharacters(request.originalPath);
  return `[framework] ${method} ${path} failed: ${describeError(error)}`;
}

export function reportServerErrorToConsole(error: unknown, request: ServerRequest): void {
  console.error(formatServerErrorReport(error, request));
}

function describeError(error: unknown): string {
  const stack = escapedStackOf(error);
  if (stack === undefined) {
    const text = typeof error === 'string' ? error : describeNonError(error);
    return escapeControlCharacters(text);
  }
  const code = readErrorField(error, 'code');
  const codeText = typeof code === 'string' ? ` [${code}]` : '';
  return `${stack.heading}${escapeControlCharacters(codeText)}${stack.frames}`;
}

/** A thrown value that is no error, in one line: JSON when it has a JSON form, else its description. */
function describeNonError(value: unknown): string {
  try {
    const json = JSON.stringify(value);
    if (typeof json === 'string') return json;
  } catch {
    // a cycle, a BigInt or a throwing getter: fall back to the description
  }
  return describeThrown(value);
}
