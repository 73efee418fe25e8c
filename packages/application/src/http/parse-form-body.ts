import { ApplicationError } from '../errors/application-error';
import { parseQuery } from './parse-query';

/** A form body: null prototype, a repeated field gives an array (like `request.query`). */
export type FormFields = Readonly<Record<string, string | string[]>>;

/** Default cap on the fields of a form body (`request.form({ maxFields })`). */
export const DEFAULT_MAX_FORM_FIELDS = 1000;

/** Parses an `application/x-www-form-urlencoded` body; more than `maxFields` fields is a 413 error. */
export function parseFormBody(text: string, maxFields: number): FormFields {
  let fields = text === '' ? 0 : 1;
  for (let index = text.indexOf('&'); index !== -1; index = text.indexOf('&', index + 1)) {
    if (++fields > maxFields) throw tooManyFields(maxFields);
  }
  // A null-prototype object, so field names such as __proto__ stay plain keys.
  return parseQuery(text, 0) as FormFields;
}

function tooManyFields(maxFields: number): ApplicationError {
  return new ApplicationError(
    'FRAMEWORK_ERR_BODY_TOO_MANY_FIELDS',
    `The form body has more than ${maxFields} fields. Send fewer, or raise the cap with ` +
      'request.form({ maxFields }).',
  );
}
