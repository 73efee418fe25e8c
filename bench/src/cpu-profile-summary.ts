import { readFileSync } from 'node:fs';

// Sums the self time of a --cpu-prof profile by owner, to tell how much of a server's busy time is
// its own code, node:http and the rest of Node's JavaScript, the write syscalls, and the engine:
// npx tsx bench/src/cpu-profile-summary.ts /tmp/profiles/CPU.*.cpuprofile

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const SYSCALLS = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String']);

function ownerOf({ functionName, url }: ProfileNode['callFrame']): string | undefined {
  if (functionName === '(idle)') return undefined;
  if (url === '' && SYSCALLS.has(functionName)) return 'socket writes (syscall, kernel)';
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (url === '') return 'engine and native code';
  if (url.startsWith('node:')) return "Node's JavaScript (node:http, streams, timers)";
  if (/\/packages\/[^/]+\/dist\//.test(url)) return '@framework';
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  return library ? `library: ${library[1]}` : 'other';
}

function summarize(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const owner = ownerOf(frames.get(id)!);
    if (owner === undefined) return;
    const micros = profile.timeDeltas[i] ?? 0;
    totals.set(owner, (totals.get(owner) ?? 0) + micros);
    busy += micros;
  });
  console.log(`${file}: ${(busy / 1e6).toFixed(2)} s busy`);
  for (const [owner, micros] of [...totals].sort((a, b) => b[1] - a[1])) {
    console.log(`${((100 * micros) / busy).toFixed(1).padStart(6)} %  ${owner}`);
  }
}

for (const file of process.argv.slice(2)) summarize(file);
