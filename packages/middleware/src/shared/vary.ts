import varyHeader from 'vary';
import type { EditableHeaders } from './edit-headers';

/** Adds `field` to the response's `Vary` header once (`Vary: *` stays as it is). */
export function appendVary(headers: EditableHeaders, field: string): void {
  const current = headers.get('vary') ?? '';
  const next = varyHeader.append(current, field);
  if (next !== current) headers.set('vary', next);
}
