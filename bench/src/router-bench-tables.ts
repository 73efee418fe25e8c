import { GITHUB_ROUTES, type GithubRoute } from './github-routes';

/** A route table and the lookups run against it. */
export interface BenchTable {
  readonly name: string;
  readonly routes: readonly GithubRoute[];
  readonly lookups: readonly Lookup[];
}

export interface Lookup {
  readonly kind: 'static' | '1 param' | '3 params' | 'missing';
  readonly method: string;
  readonly path: string;
}

const GITHUB_LOOKUPS: readonly Lookup[] = [
  { kind: 'static', method: 'GET', path: '/user/repos' },
  { kind: 'static', method: 'GET', path: '/rate_limit' },
  { kind: '1 param', method: 'GET', path: '/users/octocat' },
  { kind: '1 param', method: 'GET', path: '/gists/aa5a315d61ae9438b18d/star' },
  { kind: '3 params', method: 'GET', path: '/repos/octocat/hello-world/issues/1347' },
  {
    kind: '3 params',
    method: 'GET',
    path: '/repos/octocat/hello-world/git/blobs/7638417db6d59f3c431d3e1f261cc637155684cd',
  },
  { kind: 'missing', method: 'GET', path: '/repos/octocat/hello-world/nothing' },
  { kind: 'missing', method: 'GET', path: '/nothing/here' },
];

/** The 317-route GitHub REST API table. */
export const GITHUB_TABLE: BenchTable = {
  name: 'GitHub API (317)',
  routes: GITHUB_ROUTES,
  lookups: GITHUB_LOOKUPS,
};

/**
 * `count` routes over `count` resources, a third each static (`/res7/list`), one-param (`/res8/{id}`)
 * and three-param (`/res9/{a}/sub/{b}/{c}`); lookups hit resources spread over the whole table.
 */
export function generatedTable(count: number): BenchTable {
  const routes: GithubRoute[] = [];
  for (let i = 0; i < count; i++) routes.push({ method: 'GET', path: generatedPath(i) });
  const lookups: Lookup[] = [];
  for (const fraction of [0.1, 0.5, 0.9]) {
    const base = Math.floor(count * fraction);
    for (let i = base; i < base + 3; i++) lookups.push(generatedLookup(i % count));
    lookups.push({ kind: 'missing', method: 'GET', path: `/nope${base}/list` });
  }
  return { name: String(count), routes, lookups };
}

function generatedPath(i: number): string {
  if (i % 3 === 0) return `/res${i}/list`;
  if (i % 3 === 1) return `/res${i}/{id}`;
  return `/res${i}/{a}/sub/{b}/{c}`;
}

function generatedLookup(i: number): Lookup {
  if (i % 3 === 0) return { kind: 'static', method: 'GET', path: `/res${i}/list` };
  if (i % 3 === 1) return { kind: '1 param', method: 'GET', path: `/res${i}/42` };
  return { kind: '3 params', method: 'GET', path: `/res${i}/1/sub/2/3` };
}
