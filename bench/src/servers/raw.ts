import { createServer } from 'node:http';
import { announce } from './announce';

// A hand-written node:http server: the baseline every other server is compared with.
const server = createServer((req, res) => {
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
});
server.listen(0, '127.0.0.1', () => announce(server));
