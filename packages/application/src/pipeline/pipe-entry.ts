import { isTrusted } from './ensure-response';
import type { ServerMiddleware } from './types';

/** One resolved pipe entry; `label` names it in errors. */
export interface PipeEntry {
  readonly middleware: ServerMiddleware;
  readonly label: string;
  readonly checked: boolean;
  /** Error middleware (see `ErrorLayer`): skipped until an error travels down the pipe to it. */
  readonly error: boolean;
}

export function pipeEntry(middleware: ServerMiddleware, label: string, error = false): PipeEntry {
  return { middleware, label, checked: !isTrusted(middleware), error };
}

/** The index of the last error middleware entry, or -1 (then the pipe runs plain `PipeStep`s). */
export function lastErrorIndex(entries: readonly PipeEntry[]): number {
  for (let index = entries.length - 1; index >= 0; index--) if (entries[index]?.error) return index;
  return -1;
}
