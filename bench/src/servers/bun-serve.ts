import { announcePort } from './announce';

/** The part of Bun's API the Bun servers use (the bench is type-checked without Bun's types). */
declare const Bun: {
  serve(options: {
    hostname: string;
    port: number;
    fetch: (request: Request, server: unknown) => Response | Promise<Response>;
  }): { port: number };
};

/** Serves `fetch` with Bun.serve on 127.0.0.1 and an ephemeral port, and announces it to the driver. */
export function bunServe(fetch: (request: Request, server: unknown) => Response | Promise<Response>): void {
  announcePort(Bun.serve({ hostname: '127.0.0.1', port: 0, fetch }).port);
}
