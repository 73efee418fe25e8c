/**
 * Holds event-stream writers between two events until `release()` (or until their client goes), and
 * counts the writers still running, so a test can see each one end.
 */
export function eventGate() {
  const waiting = new Set();
  let open = 0;
  return {
    get open() {
      return open;
    },
    async track(write) {
      open += 1;
      try {
        await write();
      } finally {
        open -= 1;
      }
    },
    next(signal) {
      return new Promise((resolve) => {
        const go = () => {
          waiting.delete(go);
          resolve();
        };
        waiting.add(go);
        signal.addEventListener('abort', go, { once: true });
      });
    },
    release() {
      const released = waiting.size;
      for (const go of [...waiting]) go();
      return released;
    },
  };
}
