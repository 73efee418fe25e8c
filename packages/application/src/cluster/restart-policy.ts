const WINDOW = 60_000;
const FIRST_DELAY = 100;
const LONGEST_DELAY = 5_000;

/**
 * When to replace a worker that died: after a delay that doubles with each restart of the last
 * minute (100 ms, 200 ms, ... up to 5 s), and never more than `maxPerMinute` times a minute.
 */
export class RestartPolicy {
  private readonly restarts: number[] = [];

  constructor(readonly maxPerMinute: number) {}

  /** Milliseconds to wait before the restart, or undefined when the cap is reached. */
  next(now: number): number | undefined {
    while (this.restarts.length > 0 && (this.restarts[0] as number) <= now - WINDOW) this.restarts.shift();
    if (this.restarts.length >= this.maxPerMinute) return undefined;
    this.restarts.push(now);
    return Math.min(FIRST_DELAY * 2 ** (this.restarts.length - 1), LONGEST_DELAY);
  }

  /** Restarts within the last minute. */
  get recent(): number {
    return this.restarts.length;
  }
}
