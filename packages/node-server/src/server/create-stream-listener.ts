import { constants, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import { type AnyResponse, type RequestHandler, ServerRequest } from '@framework/application';
import type { BodyErrorReporter } from '@framework/application/server-kit';
import { authorityMismatch } from '../http/authority-mismatch';
import { Http2StreamSource } from '../http/http2-stream-source';
import { type AnswerOutput, answerError, answerRequest } from './answer-flow';
import { type ListenerOptions, setUpListener } from './listener-setup';
import { writeHttp2Fallback, writeHttp2Response, writeHttp2Text } from './write-http2-stream';

/** A `stream` listener of a `node:http2` server (or session). */
export type StreamListener = (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => void;

const { HTTP_STATUS_CONTINUE, HTTP_STATUS_EXPECTATION_FAILED, HTTP_STATUS_METHOD_NOT_ALLOWED } = constants;

/**
 * A `stream` listener that answers HTTP/2 requests through `node:http2`'s core API (`respond()` on
 * the stream), without the compatibility API's request and response objects; otherwise as
 * `createListener`: the same `ServerRequest`, the same answers, every error contained. As the
 * compatibility API does, CONNECT gets 405, `Expect: 100-continue` a 100 before the request is
 * handled, and any other expectation 417. A `Host` header that disagrees with `:authority` is a 400.
 */
export function createStreamListener(handler: RequestHandler, options: ListenerOptions = {}): StreamListener {
  const { requestOptions, trust, fallback } = setUpListener(handler, options);
  // This is the hot path of HTTP/2: one source and one request per stream, no closure.
  return function streamListener(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): void {
    // A stream the client resets with an error code emits it: the stream closes, the server goes on.
    stream.on('error', ignoreStreamError);
    if (headers[':method'] === 'CONNECT') {
      answerBare(stream, HTTP_STATUS_METHOD_NOT_ALLOWED);
      return;
    }
    const expectation = headers.expect;
    if (expectation !== undefined) {
      if (expectation !== '100-continue') {
        answerBare(stream, HTTP_STATUS_EXPECTATION_FAILED);
        return;
      }
      stream.additionalHeaders({ ':status': HTTP_STATUS_CONTINUE });
    }
    const request = ServerRequest.fromSource(new Http2StreamSource(stream, headers, trust), requestOptions);
    const mismatch = authorityMismatch(headers);
    if (mismatch === undefined) answerRequest(HTTP2_OUTPUT, stream, handler, request, fallback, undefined);
    else answerError(HTTP2_OUTPUT, stream, mismatch, request, fallback);
  };
}

/** Answers through the stream itself. */
const HTTP2_OUTPUT: AnswerOutput<ServerHttp2Stream> = {
  begin(): void {
    // HTTP/2 has no Connection header: a session gets a GOAWAY at shutdown instead.
  },
  writeText: writeHttp2Text,
  write(stream: ServerHttp2Stream, response: AnyResponse, isHead: boolean, report: BodyErrorReporter): void {
    writeHttp2Response(stream, response, isHead, report);
  },
  writeFallback: writeHttp2Fallback,
};

function answerBare(stream: ServerHttp2Stream, status: number): void {
  stream.respond({ ':status': status }, { endStream: true });
}

export function ignoreStreamError(): void {
  // Reported to no one: the client ended the stream, and a failed answer is reported where it fails.
}
