import { parse as secureParse } from 'secure-json-parse';
import { ApplicationError } from '../errors/application-error';
import { nestsDeeperThan } from './json-depth';

/**
 * Parses a JSON body, rejecting prototype-poisoning keys; malformed input is a 400 error, arrays and
 * objects nested deeper than `maxDepth` a 413 error (checked before parsing).
 */
export function parseJsonBody(text: string, maxDepth: number): unknown {
  if (nestsDeeperThan(text, maxDepth)) throw tooDeep(maxDepth);
  try {
    return secureParse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    throw new ApplicationError(
      'FRAMEWORK_ERR_BODY_INVALID_JSON',
      `The request body is not valid JSON (${(error as Error).message}). Send a JSON document without ` +
        '"__proto__" or "constructor.prototype" keys.',
      { cause: error },
    );
  }
}

function tooDeep(maxDepth: number): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_BODY_TOO_DEEP',
    `The JSON body nests arrays and objects deeper than ${maxDepth} levels. Send a flatter document, or ` +
      'raise the cap with request.json({ maxDepth }).',
  );
}
