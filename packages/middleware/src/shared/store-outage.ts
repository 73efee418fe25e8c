import type { Logger } from '@framework/application';

/** What a store's outages are logged to: the `warn` and `error` methods of a pino-shaped logger. */
export type StoreLogger = Pick<Logger, 'warn' | 'error'>;

/** What a middleware does when its store fails or does not answer in time. */
export type StoreErrorMode = 'fail-open' | 'fail-closed';

/** The answer of a store call that failed, timed out or answered nonsense. */
export const STORE_UNAVAILABLE = Symbol('store unavailable');

/** Who watches a store: the middleware's name, the fields of its log lines, and what it counts. */
export interface StoreOutageContext {
  /** Starts each log line, e.g. `rateLimit`. */
  readonly middleware: string;
  /** Fields of every log line (`policy`, `mode`). */
  readonly fields: Readonly<Record<string, string>>;
  /** The field counting the calls an outage failed, e.g. `failedHits`. */
  readonly countField: string;
}

/**
 * Store calls bounded in time, with their outages logged once each: the first failure is logged as an
 * error, the failures after it are counted, and the first answer after them is logged as a warning
 * with the count. A call never waits on the store longer than `timeoutMs`.
 */
export class StoreOutage {
  private failures = 0;

  constructor(
    private readonly timeoutMs: number,
    private readonly logger: StoreLogger,
    private readonly context: StoreOutageContext,
  ) {}

  /** The answer of `call`, or `STORE_UNAVAILABLE` when it fails, is late, or `valid` refuses it. */
  async call<T>(
    call: () => Promise<T>,
    valid?: (answer: T) => boolean,
  ): Promise<T | typeof STORE_UNAVAILABLE> {
    let answer: T;
    try {
      answer = await this.bounded(call);
      if (valid !== undefined && !valid(answer))
        throw new TypeError('the store answered something unexpected');
    } catch (error) {
      if (this.failures++ === 0)
        this.logger.error(
          { ...this.context.fields, error: error instanceof Error ? error.message : String(error) },
          `${this.context.middleware}: the store failed; answering ${this.context.fields.mode ?? ''} until it answers again`,
        );
      return STORE_UNAVAILABLE;
    }
    if (this.failures > 0) {
      this.logger.warn(
        { ...this.context.fields, [this.context.countField]: this.failures },
        `${this.context.middleware}: the store answers again`,
      );
      this.failures = 0;
    }
    return answer;
  }

  private bounded<T>(call: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    // A store that throws instead of rejecting fails the same way.
    const answer = new Promise<T>((resolve) => resolve(call()));
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }
}
