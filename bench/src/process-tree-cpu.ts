import { readdirSync, readFileSync } from 'node:fs';

const USER_HZ = 100;

/** Parent pid and CPU time (user + system, microseconds) of one process, from /proc/PID/stat. */
function readStat(pid: number): { parent: number; cpuMicros: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return { parent: Number(fields[1]), cpuMicros: ((utime + stime) * 1e6) / USER_HZ };
  } catch {
    return undefined; // the process has just exited
  }
}

/** CPU time used so far by a process and all its descendants (a cluster primary and its workers). */
export function processTreeCpuMicros(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = readStat(pid);
    if (stat === undefined) continue;
    children.set(stat.parent, [...(children.get(stat.parent) ?? []), pid]);
  }
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    total += readStat(pid)?.cpuMicros ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}
