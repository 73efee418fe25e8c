import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { RequestSource, type RequestHeaders } from '@framework/application';
import type { ProxyTrust } from '@framework/application/server-kit';
import { absoluteUrl } from './absolute-url';
import { readHttp2Body } from './read-http2-body';

/**
 * The `RequestSource` of an HTTP/2 stream on `node:http2`'s core API: the headers are those of the
 * stream's HEADERS frame (pseudo-headers included, as the compatibility API shows them), the body is
 * read from the stream on first use, the peer is the session's socket's.
 */
export class Http2StreamSource extends RequestSource {
  readonly method: string;

  private controller: AbortController | undefined;

  constructor(
    private readonly stream: ServerHttp2Stream,
    private readonly head: IncomingHttpHeaders,
    trust: ProxyTrust | undefined,
  ) {
    super(head[':path'] ?? '/', trust);
    this.method = head[':method'] ?? 'GET';
  }

  signal(): AbortSignal {
    if (this.controller === undefined) {
      const controller = new AbortController();
      this.controller = controller;
      const stream = this.stream;
      // Node marks a stream aborted when it closes before its answer was ended (a reset, a session
      // destroyed): an answer ended in time counts as written.
      if (stream.destroyed || stream.closed) {
        if (stream.aborted) controller.abort();
      } else {
        stream.once('close', () => {
          if (stream.aborted) controller.abort();
        });
      }
    }
    return this.controller.signal;
  }

  protected peerAddress(): string | undefined {
    return this.stream.session?.socket?.remoteAddress;
  }

  headers(): RequestHeaders {
    return this.head;
  }

  url(): string {
    return absoluteUrl(
      this.head[':path'] ?? '/',
      this.head,
      this.stream.session?.socket as { encrypted?: boolean },
    );
  }

  protected readRaw(limit: number): Promise<Uint8Array> {
    return readHttp2Body(this.stream, this.head, limit);
  }
}
