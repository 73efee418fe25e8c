import { afterEach, beforeEach, expect } from '@jest/globals';

/** Fails each test of the calling file that leaves an unhandled rejection behind. */
export function failOnUnhandledRejections(): void {
  const seen: unknown[] = [];
  const record = (reason: unknown): void => {
    seen.push(reason);
  };
  beforeEach(() => {
    seen.length = 0;
    process.on('unhandledRejection', record);
  });
  afterEach(async () => {
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', record);
    expect(seen).toEqual([]);
  });
}
