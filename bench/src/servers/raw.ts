import { createServer } from 'node:http';
import { announce } from './announce';
import { answerRaw } from './raw-routes';

// A hand-written node:http server: the baseline every other server is compared with.
const server = createServer(answerRaw);
server.listen(0, '127.0.0.1', () => announce(server));
