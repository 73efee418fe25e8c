/** How long the server waits for the page's acknowledgement before it sends the next part anyway. */
export const ACK_TIMEOUT = 1_000;

/**
 * The server side of the page's acknowledgements: a stream registers the part it is about to send,
 * sends it, and waits until the page says it has it (or ACK_TIMEOUT passes, or the client goes).
 */
export class Acks {
  #received = new Set();
  #waiting = new Map();

  /** Resolves once part `n` of `stream` is acknowledged; call it before sending the part. */
  wait(stream, n, signal) {
    const key = `${stream}/${n}`;
    if (this.#received.has(key)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiting.delete(key);
        resolve();
      };
      const timer = setTimeout(done, ACK_TIMEOUT);
      this.#waiting.set(key, done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  acknowledge(stream, n) {
    const key = `${stream}/${n}`;
    this.#received.add(key);
    this.#waiting.get(key)?.();
  }
}
