import { parse as secureParse } from 'secure-json-parse';
import { ApplicationError } from '../errors/application-error';

/** Parses a JSON body, rejecting prototype-poisoning keys; malformed input is a 400 error. */
export function parseJsonBody(text: string): unknown {
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
