// The members of Bun's and Deno's globals that the deployment samples call, so that the samples
// type-check under Node. On those runtimes their own types (bun-types, Deno's lib) take this place.
declare const Bun: {
  serve(options: {
    port?: number;
    hostname?: string;
    fetch: (request: Request, server: unknown) => Response | Promise<Response>;
  }): unknown;
};

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(
    options: { port?: number; hostname?: string },
    handler: (request: Request, info: unknown) => Response | Promise<Response>,
  ): unknown;
};
