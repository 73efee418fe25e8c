import type { RestartLimits } from '../server/run-options';

const WINDOW = 60_000;
const FIRST_DELAY = 100;
const LONGEST_DELAY = 5_000;

/** How a worker's life went, as the primary saw it. */
export interface WorkerLife {
  /** When it started listening (ms since the epoch), or undefined if it never did. */
  readonly listeningSince: number | undefined;
  /** Whether it had received a request. */
  readonly served: boolean;
}

/**
 * When to replace a worker that died: after a delay that doubles with each restart of the last
 * minute (100 ms, 200 ms, ... up to 5 s). Only unstable restarts count toward the cap, pm2's rule:
 * a worker that never listened, or that died within `minUptime` of listening before any request.
 * A worker that a request killed does not count, or any client could stop the service.
 */
export class RestartPolicy {
  private readonly restarts: number[] = [];
  private readonly unstable: number[] = [];

  constructor(readonly limits: RestartLimits) {}

  isUnstable(life: WorkerLife, now: number): boolean {
    if (life.listeningSince === undefined) return true;
    return !life.served && now - life.listeningSince < this.limits.minUptime;
  }

  /** Milliseconds to wait before the restart, or undefined when the cap is reached. */
  next(now: number, unstable: boolean): number | undefined {
    forget(this.restarts, now);
    forget(this.unstable, now);
    if (unstable) {
      if (this.unstable.length >= this.limits.maxPerMinute) return undefined;
      this.unstable.push(now);
    }
    this.restarts.push(now);
    return Math.min(FIRST_DELAY * 2 ** (this.restarts.length - 1), LONGEST_DELAY);
  }

  /** Unstable restarts within the last minute. */
  get recentUnstable(): number {
    return this.unstable.length;
  }
}

function forget(times: number[], now: number): void {
  while (times.length > 0 && (times[0] as number) <= now - WINDOW) times.shift();
}
