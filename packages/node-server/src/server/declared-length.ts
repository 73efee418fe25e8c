import { Transform } from 'node:stream';
import { ApplicationError } from '@framework/application';

/**
 * The declared `Content-Length` of a streamed answer, or undefined when it declares none (or one Node
 * would refuse anyway).
 */
export function declaredLength(value: string | string[] | number | null | undefined): number | undefined {
  if (value === undefined || value === null || Array.isArray(value)) return undefined;
  const length = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/**
 * Passes a streamed body through and fails it when it runs past, or ends short of, `declared` bytes
 * (a file that shrinks or grows while it is sent). The failure cuts the connection: on a keep-alive
 * HTTP/1.1 connection, the next answer would otherwise be read as the rest of this body.
 */
export function enforceLength(declared: number): Transform {
  let sent = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sent += chunk.length;
      callback(sent > declared ? lengthMismatch(declared, 'more than') : null, chunk);
    },
    flush(callback) {
      callback(sent < declared ? lengthMismatch(declared, `only ${sent} of`) : null);
    },
  });
}

function lengthMismatch(declared: number, sent: string): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_RESPONSE_LENGTH_MISMATCH',
    `The streamed answer sent ${sent} the ${declared} bytes its Content-Length declares; the connection ` +
      'was cut. Declare the length of what the stream really holds (a file may change while it is sent), ' +
      'or leave Content-Length out.',
  );
}

/** Whether `error` is the failure of `enforceLength`. */
export function isLengthMismatch(error: unknown): boolean {
  return error instanceof ApplicationError && error.code === 'FRAMEWORK_ERR_RESPONSE_LENGTH_MISMATCH';
}
