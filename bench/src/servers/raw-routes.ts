/** What the hand-written servers read of a request: `node:http`'s and `node:http2`'s compatibility API both fit. */
interface RawRequest {
  readonly url?: string;
}

/** What they write of an answer. */
interface RawResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
}

/** The three routes, matched by hand: the baseline every other server is compared with. */
export function answerRaw(req: RawRequest, res: RawResponse): void {
  const url = req.url ?? '/';
  if (url === '/') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Hello, world!');
  } else if (url === '/ping') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ack: Math.floor(Date.now() / 1000) }));
  } else if (url.startsWith('/post/') && url.indexOf('/', 6) === -1) {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`Post ${decodeURIComponent(url.slice(6))}`);
  } else {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not Found');
  }
}
