import { createServer } from 'node:http2';
import { announce } from './announce';
import { answerRaw } from './raw-routes';

// The hand-written server on node:http2, cleartext (h2c): the HTTP/2 baseline.
const server = createServer(answerRaw);
server.listen(0, '127.0.0.1', () => announce(server));
