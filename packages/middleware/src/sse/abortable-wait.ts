/** A wait that ends early; its timer and listener are gone as soon as it has ended. */
export interface AbortableWait {
  readonly ended: Promise<void>;
  /** Ends the wait now. */
  end(): void;
}

/**
 * Waits `ms`, or less when `signal` aborts or `end()` is called. `onTimeout` runs when the time is up,
 * before the wait ends.
 */
export function abortableWait(signal: AbortSignal, ms: number, onTimeout?: () => void): AbortableWait {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => {
    if (signal.aborted) {
      end = () => undefined;
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      onTimeout?.();
      end();
    }, ms);
    end = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', end);
      resolve();
    };
    signal.addEventListener('abort', end, { once: true });
  });
  return { ended, end };
}
