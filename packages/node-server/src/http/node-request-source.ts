import { RequestSource, type RequestHeaders } from '@framework/application';
import type { ProxyTrust } from '@framework/application/server-kit';
import type { NodeRequest, NodeResponse } from './node-message';
import { absoluteUrl } from './absolute-url';
import { readNodeBody } from './read-node-body';

/**
 * The `RequestSource` of a Node request (`node:http`, `node:https`, `node:http2`): the headers are
 * Node's own object, the body is read from the stream on first use, the peer is the socket's.
 */
export class NodeRequestSource extends RequestSource {
  readonly method: string;

  private controller: AbortController | undefined;

  constructor(
    private readonly req: NodeRequest,
    private readonly res: NodeResponse | undefined,
    trust: ProxyTrust | undefined,
  ) {
    super(req.url ?? '/', trust);
    this.method = req.method ?? 'GET';
  }

  signal(): AbortSignal {
    if (this.controller === undefined) {
      const controller = new AbortController();
      this.controller = controller;
      // Without the response, the closing connection is the only sign that the client left.
      const closing = this.res ?? this.req.socket;
      // writableEnded: Http2ServerResponse has no writableFinished; an answer ended in time counts as written.
      const left = (): boolean => (this.res === undefined ? true : !this.res.writableEnded);
      if (closing === null || closing.destroyed) {
        if (left()) controller.abort();
      } else {
        closing.once('close', () => {
          if (left()) controller.abort();
        });
      }
    }
    return this.controller.signal;
  }

  protected peerAddress(): string | undefined {
    return this.req.socket?.remoteAddress;
  }

  headers(): RequestHeaders {
    return this.req.headers;
  }

  url(): string {
    return absoluteUrl(
      this.req.url ?? '/',
      this.req.headers,
      this.req.socket as { encrypted?: boolean } | null,
    );
  }

  protected readRaw(limit: number): Promise<Uint8Array> {
    return readNodeBody(this.req, limit, this.res);
  }
}
