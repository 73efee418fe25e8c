import { afterEach, expect, test } from '@jest/globals';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { type ClientHttp2Session, connect } from 'node:http2';
import { join } from 'node:path';

// The server runs in its own process, from the built packages, so that its memory is its own.
let child: ChildProcessWithoutNullStreams | undefined;
const sessions: ClientHttp2Session[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.destroy();
  child?.kill('SIGKILL');
  child = undefined;
});

interface Memory {
  readonly rss: number;
  readonly started: number;
  readonly cut: number;
}

async function startServer(writeTimeout: number): Promise<number> {
  child = spawn(process.execPath, [join(__dirname, 'fixtures', 'compressed-download-server.js')], {
    stdio: 'pipe',
    env: { ...process.env, WRITE_TIMEOUT: String(writeTimeout) },
  });
  child.stderr.pipe(process.stderr);
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const port = /^listening (\d+)/.exec(line.toString('utf8'))?.[1];
  if (port === undefined) throw new Error(`The server said ${line.toString('utf8')}`);
  return Number(port);
}

function session(port: number): ClientHttp2Session {
  const opened = connect(`http://127.0.0.1:${port}`);
  opened.on('error', () => undefined);
  sessions.push(opened);
  return opened;
}

async function memoryOf(port: number): Promise<Memory> {
  const stream = session(port).request({ ':path': '/memory' });
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (text += chunk));
  await once(stream, 'end');
  return JSON.parse(text) as Memory;
}

const MB = 1000 * 1000;
const READERS = 200;

// HTTP/2 streams, because flow control stalls each after 64 KiB. Over HTTP/1.1 the kernel's socket
// buffers (several MB each on Linux) take the answer first, and the write timeout starts once full.
test('finding 6: 200 streams that stop reading a gzip-compressed 20 MiB answer add under 150 MB to the server RSS and are cut by the write timeout', async () => {
  const port = await startServer(1_000);
  const idle = await memoryOf(port);
  for (let index = 0; index < READERS; index += 1) {
    // 100 streams a session: below the server's cap of 128 concurrent streams.
    const stream = (index % 100 === 0 ? session(port) : (sessions.at(-1) as ClientHttp2Session)).request({
      ':path': '/download',
      'accept-encoding': 'gzip',
    });
    stream.on('error', () => undefined);
    stream.pause(); // reads nothing: no WINDOW_UPDATE is sent for it
  }
  let memory = await memoryOf(port);
  let peak = memory.rss;
  // Bounded: a stream the write timeout failed to cut shows as a count short of READERS, not a hang.
  const deadline = Date.now() + 60_000;
  while (memory.cut < READERS && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    memory = await memoryOf(port);
    peak = Math.max(peak, memory.rss);
  }
  expect({ started: memory.started, cut: memory.cut }).toEqual({ started: READERS, cut: READERS });
  // Measured from the idle server: its own footprint differs between Node lines (about 68 MB on Node 20,
  // 80 MB on Node 24). Unbounded, each stream would hold its 15 MB of compressed answer.
  expect(peak - idle.rss).toBeLessThan(150 * MB);
}, 90_000);
